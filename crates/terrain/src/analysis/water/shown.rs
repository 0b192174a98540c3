//! What the page's Water view draws of the shown points: the relief, lit from the north-west,
//! with lakes where water stands after filling and rivers where enough cells drain through,
//! each river as wide as its flow.

use super::routed::{Routed, Wet};
use super::Water;
use crate::map::heightmap::Heightmap;
use crate::shown::creases::relief_shading;
use crate::shown::display::{DisplayGrid, Mark};

/// The colour of a river at its widest (narrow ones are blended with the ground in the Water
/// view) and of a lake's deepest water (shallow water lets more ground through).
pub use crate::shown::display::{LAKE_COLOR, RIVER_COLOR};

/// The fewest shown cells that must drain through a cell for it to be a river: twice the square
/// root of the number shown, and at least 8 (514 of the 66 049 points of a 257 x 257 view).
pub fn river_threshold(cells: usize) -> u32 {
    ((cells as f64).sqrt() * 2.0).max(8.0) as u32
}

/// The radius in shown cells a river covers where `flow` cells drain through it: growing with
/// the logarithm of the flow, 0 at the threshold (one cell wide).
pub fn river_radius(flow: u32, threshold: u32) -> f32 {
    0.45 * (f64::from(flow) / f64::from(threshold)).log2().max(0.0) as f32
}

/// Lakes shallower than this share of the shown heights' range are not drawn (the filling's
/// epsilon slopes leave films far thinner).
pub const LAKE_LEAST: f32 = 0.002;

/// The Water view's layer ([`super::routing::water_layer`]) from the routing of `map`: the
/// shown `heights`, `columns` across (holes not a number), with the holes sunk, and their lowest
/// and highest ground `(lo, hi)`.
pub(super) fn layer_of(
    columns: usize,
    heights: &[f32],
    map: &Heightmap,
    water: &Water,
    (lo, hi): (f32, f32),
) -> Vec<Wet> {
    let (nx, nz) = (columns, heights.len() / columns.max(1));
    let range = (hi - lo).max(f32::MIN_POSITIVE);
    let depths = water.lake_depth(map);
    let deepest = depths
        .iter()
        .copied()
        .fold(0.0f32, f32::max)
        .max(LAKE_LEAST * range);
    let mut layer: Vec<Wet> = heights
        .iter()
        .zip(&depths)
        .map(|(&h, &d)| {
            if !h.is_finite() {
                Wet::Hole
            } else if d > LAKE_LEAST * range {
                Wet::Lake(d / deepest)
            } else {
                Wet::Dry
            }
        })
        .collect();
    // Rivers, smallest first so a larger one covers the smaller where they meet.
    let threshold = river_threshold(nx * nz);
    let most = water.most_flow().max(threshold + 1);
    let mut rivers: Vec<usize> = (0..nx * nz)
        .filter(|&i| water.accumulation[i] >= threshold && heights[i].is_finite())
        .collect();
    rivers.sort_by_key(|&i| (water.accumulation[i], i));
    let top = river_radius(most, threshold).max(f32::MIN_POSITIVE);
    for i in rivers {
        let radius = river_radius(water.accumulation[i], threshold);
        let strength = radius / top;
        let reach = radius.floor() as isize;
        let (x, z) = ((i % nx) as isize, (i / nx) as isize);
        for dz in -reach..=reach {
            for dx in -reach..=reach {
                let (px, pz) = (x + dx, z + dz);
                let inside = px >= 0 && pz >= 0 && (px as usize) < nx && (pz as usize) < nz;
                if !inside || ((dx * dx + dz * dz) as f32) > radius * radius {
                    continue;
                }
                let at = pz as usize * nx + px as usize;
                if !matches!(layer[at], Wet::Hole | Wet::Lake(_)) {
                    layer[at] = Wet::River(strength);
                }
            }
        }
    }
    layer
}

/// The Water on the land view (`water-3d`): the shown grid with every lake point raised to the
/// level its lake fills to (flat water), and one mark per point: [`Mark::Lake`],
/// [`Mark::River`] where the Water view draws a river, [`Mark::Dry`] on dry ground (its height
/// on the land's colours, so low ground does not look like water), [`Mark::Set`] on holes. All
/// dry where nothing is routed (yet).
pub fn water_3d(grid: &DisplayGrid, routed: Option<&Routed>) -> (DisplayGrid, Vec<Mark>) {
    let Some(routed) = routed else {
        let dry = |h: &f32| if h.is_finite() { Mark::Dry } else { Mark::Set };
        return (grid.clone(), grid.heights.iter().map(dry).collect());
    };
    let mut shown = grid.clone();
    let marks = routed
        .layer
        .iter()
        .enumerate()
        .map(|(i, wet)| match wet {
            Wet::Lake(_) => {
                shown.heights[i] = routed.water.filled.data()[i];
                Mark::Lake
            }
            Wet::River(_) => Mark::River,
            Wet::Dry => Mark::Dry,
            Wet::Hole => Mark::Set,
        })
        .collect();
    (shown, marks)
}

/// The grey of the relief where it is lit by `light` (0 to 1; not a number: a hole).
pub(super) fn relief_grey(light: f32) -> u8 {
    if light.is_finite() {
        (70.0 + 170.0 * light).round() as u8
    } else {
        140
    }
}

/// Mixes `a` into `b` by `t` (0: `a`, 1: `b`).
fn mix(a: [u8; 4], b: [u8; 4], t: f32) -> [u8; 4] {
    let t = t.clamp(0.0, 1.0);
    let c = |i: usize| (f32::from(a[i]) + (f32::from(b[i]) - f32::from(a[i])) * t).round() as u8;
    [c(0), c(1), c(2), 255]
}

/// The Water view's pixels: one RGBA pixel per shown point, row 0 (north) first: the relief lit
/// from the north-west in greys (heights stretched by `relief_scale`, as the creases view
/// does), lakes and rivers in blues over it, holes transparent; all dry without a routing.
pub fn water_pixels_routed(
    grid: &DisplayGrid,
    relief_scale: f32,
    routed: Option<&Routed>,
) -> Vec<u8> {
    let shade = relief_shading(grid, relief_scale);
    let dry = vec![Wet::Dry; grid.heights.len()];
    let layer = routed.map_or(&dry, |r| &r.layer);
    let mut pixels = Vec::with_capacity(layer.len() * 4);
    for (wet, light) in layer.iter().zip(shade) {
        let grey = relief_grey(light);
        let ground = [grey, grey, grey, 255];
        let pixel = match *wet {
            Wet::Hole => [0; 4],
            Wet::Dry => ground,
            Wet::Lake(depth) => mix(ground, LAKE_COLOR, 0.7 + 0.3 * depth),
            Wet::River(strength) => mix(ground, RIVER_COLOR, 0.85 + 0.15 * strength),
        };
        pixels.extend_from_slice(&pixel);
    }
    pixels
}

#[cfg(test)]
mod tests;
