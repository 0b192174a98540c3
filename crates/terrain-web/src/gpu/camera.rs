//! Where each demo is seen from: its camera, the orbit control that moves it, and how tall the
//! terrain stands.

use three_d::{vec3, Camera, OrbitControl, Vec3, Viewport};

use crate::model::demos::Look;
use crate::model::fields::Setup;

pub use crate::model::demos::HEIGHT_SCALE;

/// The point every camera orbits around: the middle of the terrain, a little above the ground.
const ORBIT_TARGET: Vec3 = Vec3::new(0.0, 0.15, 0.0);

/// A camera for a `width` x `height` view: terrains are seen from above one corner, profiles
/// from the front and a little to the side, a pair of terrains from above the middle of their
/// long side, so both stand side by side.
pub fn new_camera(width: u32, height: u32, look: Look) -> Camera {
    let position = match look {
        Look::Terrain => vec3(1.9, 1.5, 2.1),
        Look::Profile => vec3(0.5, 0.45, 2.3),
        Look::Pair => vec3(0.0, 1.7, 1.9),
    };
    Camera::new_perspective(
        Viewport::new_at_origo(width.max(1), height.max(1)),
        position,
        ORBIT_TARGET,
        vec3(0.0, 1.0, 0.0),
        three_d::degrees(40.0),
        0.01,
        100.0,
    )
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
