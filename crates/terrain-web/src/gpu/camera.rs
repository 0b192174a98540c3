//! Where each demo is seen from: its camera, the orbit control that moves it, and how tall the
//! terrain stands.

use three_d::{vec3, Camera, InnerSpace, OrbitControl, Vec3, Viewport};

use crate::model::demos::Look;
use crate::model::fields::Setup;
use terrain::display::DisplayGrid;

pub use crate::model::demos::HEIGHT_SCALE;

/// The point every camera orbits around: the middle of the terrain, a little above the ground.
const ORBIT_TARGET: Vec3 = Vec3::new(0.0, 0.15, 0.0);

/// The camera's vertical field of view, in degrees.
const FIELD_OF_VIEW: f32 = 40.0;

/// How much of the canvas a framed terrain spans at most: its width, and its height (the rest
/// a margin, so no corner is cut off).
const FILL: (f32, f32) = (0.8, 0.86);

/// Where a look's camera stands: terrains are seen from above one corner, profiles from the
/// front and a little to the side, a pair of terrains from above the middle of their long side,
/// so both stand side by side.
fn position(look: Look) -> Vec3 {
    match look {
        Look::Terrain => vec3(1.9, 1.5, 2.1),
        Look::Profile => vec3(0.5, 0.45, 2.3),
        Look::Pair => vec3(0.0, 1.7, 1.9),
    }
}

/// A camera for a `width` x `height` view, standing where `look` says.
pub fn new_camera(width: u32, height: u32, look: Look) -> Camera {
    Camera::new_perspective(
        Viewport::new_at_origo(width.max(1), height.max(1)),
        position(look),
        ORBIT_TARGET,
        vec3(0.0, 1.0, 0.0),
        three_d::degrees(FIELD_OF_VIEW),
        0.01,
        100.0,
    )
}

/// Points a terrain's camera (and the point its `control` orbits) so the terrain fills about
/// 80 % of the canvas's width with every point in view and the picture centred: seen from the
/// same direction as [`new_camera`]'s, nearer or further. `grid` is the terrain as shown, its
/// heights standing `scale` tall. Profiles and pairs keep their cameras.
pub fn frame(
    (camera, control): (&mut Camera, &mut OrbitControl),
    look: Look,
    grid: &DisplayGrid,
    scale: f32,
) {
    if look != Look::Terrain || grid.heights.is_empty() {
        return;
    }
    let away = (position(look) - ORBIT_TARGET).normalize();
    let forward = -away;
    let right = forward.cross(vec3(0.0, 1.0, 0.0)).normalize();
    let up = right.cross(forward);
    // Each point across, up and into the view, from the default target: a few thousand at
    // most, every point of the border (which makes the outline) and a sample inside.
    let (columns, rows) = grid.size();
    let stride = (columns * rows / 4096).max(1);
    let mut seen = Vec::new();
    for (i, height) in grid.heights.iter().enumerate() {
        let (column, row) = (i % columns, i / columns);
        let edge = column == 0 || row == 0 || column + 1 == columns || row + 1 == rows;
        if let (true, Some(x), Some(z)) = (
            edge || i % stride == 0,
            grid.xs.get(column),
            grid.zs.get(row),
        ) {
            let to = vec3(*x, height * scale, *z) - ORBIT_TARGET;
            seen.push([to.dot(right), to.dot(up), to.dot(forward)]);
        }
    }
    let viewport = camera.viewport();
    let aspect = viewport.width as f32 / viewport.height.max(1) as f32;
    let (shift, distance) = fitted(aspect, &seen);
    let target = ORBIT_TARGET + right * shift[0] + up * shift[1];
    camera.set_view(target + away * distance, target, vec3(0.0, 1.0, 0.0));
    control.target = target;
}

/// How far to move the target across and up the view, and the distance to stand from it, for
/// [`frame`]: `seen` (points across, up and into the view from the default target) on a canvas
/// `aspect` times as wide as tall. Each round moves the target by how far the points' picture
/// is off centre and the camera back or forth by how far the picture is from filling [`FILL`];
/// a few rounds settle it.
fn fitted(aspect: f32, seen: &[[f32; 3]]) -> ([f32; 2], f32) {
    let tan_v = (FIELD_OF_VIEW.to_radians() / 2.0).tan();
    let tan = [tan_v * aspect, tan_v];
    let (mut shift, mut distance) = ([0.0_f32; 2], 3.2_f32);
    for _ in 0..16 {
        let mut low = [f32::MAX; 2];
        let mut high = [f32::MIN; 2];
        let mut behind = false;
        for [across, up, into] in seen {
            let depth = into + distance;
            behind |= depth < 0.05;
            for (k, at) in [across, up].into_iter().enumerate() {
                let on_screen = (at - shift[k]) / (depth * tan[k]);
                low[k] = low[k].min(on_screen);
                high[k] = high[k].max(on_screen);
            }
        }
        if behind {
            distance *= 2.0;
            continue;
        }
        for k in 0..2 {
            shift[k] += (low[k] + high[k]) / 2.0 * distance * tan[k];
        }
        let grow = ((high[0] - low[0]) / (2.0 * FILL.0)).max((high[1] - low[1]) / (2.0 * FILL.1));
        distance = (distance * grow).clamp(1.0, 8.0);
    }
    (shift, distance)
}

/// The orbit control every demo uses: around the terrain's middle, from close up to far away.
/// The closest distance keeps the camera outside the terrain's bounding sphere (radius about
/// 0.8), so zooming all the way in never puts it inside a hill looking at nothing.
pub fn new_control() -> OrbitControl {
    OrbitControl::new(ORBIT_TARGET, 1.0, 8.0)
}

/// How tall a height of 1 stands: half as tall when a tile is shown 2 x 2, or two maps side by
/// side (`look`), in the same width, so their slopes look as they do alone.
pub fn height_scale(setup: &Setup, look: Look) -> f32 {
    if setup.recipe.wrap() == Some(true) || look == Look::Pair {
        HEIGHT_SCALE / 2.0
    } else {
        HEIGHT_SCALE
    }
}
