//! Priority-Flood at work, for the Water view's flood stepper: the flood starts with every border
//! point waiting in its queue and takes the lowest waiting point again and again, so it climbs
//! inward from the border; a point lower than the one it was reached from is raised to that
//! level, which is how a hollow becomes a lake the moment the flood spills into it. Step `s` of
//! [`FLOOD_STEPS`] shows the flood after it has taken `s / FLOOD_STEPS` of the points (in the
//! order [`super::routed::Routed::order`] recorded), the points waiting in magenta; the last step
//! is the finished Water view, with the flow.

use super::routed::Routed;
use super::routed::Wet;
use super::shown::{relief_grey, water_pixels_routed};
use crate::shown::creases::relief_shading;
use crate::shown::display::{DisplayGrid, HIGHLIGHT_COLOR, LAKE_COLOR};

/// The flood stepper's last step (the finished Water view): the flood is shown after each
/// sixteenth of the points.
pub const FLOOD_STEPS: u32 = 16;

/// The colour of ground the flood has taken and that drains off the map: a pale sand.
pub const TAKEN_COLOR: [u8; 4] = [236, 214, 160, 255];

/// How many points the flood has taken by step `step` of a map of `points` points.
pub fn taken_by(step: u32, points: usize) -> usize {
    let step = step.min(FLOOD_STEPS) as usize;
    points * step / FLOOD_STEPS as usize
}

/// What one point is at a step of the flood.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Flooded {
    /// Not reached yet.
    Dry,
    /// In the queue: a neighbour was taken (or it is on the border), it waits by its height.
    Waiting,
    /// Taken, its water drains off the map over ground.
    Taken,
    /// Taken and raised under a lake's surface.
    Lake,
    /// No ground.
    Hole,
}

/// Each shown point's state after `step` of the flood of `routed`, whose points stand `nx`
/// across: a point taken is under a lake if the finished view has a lake there.
#[inline(never)]
pub fn flooded(nx: usize, routed: &Routed, step: u32) -> Vec<Flooded> {
    let points = routed.order.len();
    let nz = points / nx.max(1);
    let taken = taken_by(step, points) as u32;
    let is_taken = |i: usize| routed.order[i] < taken;
    (0..nx * nz)
        .map(|i| {
            let (x, z) = (i % nx, i / nx);
            if routed.layer[i] == Wet::Hole {
                Flooded::Hole
            } else if is_taken(i) && matches!(routed.layer[i], Wet::Lake(_)) {
                Flooded::Lake
            } else if is_taken(i) {
                Flooded::Taken
            } else if x == 0 || z == 0 || x + 1 == nx || z + 1 == nz {
                Flooded::Waiting
            } else {
                let near =
                    (z - 1..=z + 1).flat_map(|zz| (x - 1..=x + 1).map(move |xx| zz * nx + xx));
                let mut near = near;
                if near.any(is_taken) {
                    Flooded::Waiting
                } else {
                    Flooded::Dry
                }
            }
        })
        .collect()
}

/// The Water view's pixels at `step` of the flood: as [`water_pixels_routed`] draws the finished
/// view at the last step; before it, the relief in greys (heights stretched by `relief_scale`)
/// with the ground the flood has taken in sand, the lakes it has filled in blue and the points
/// waiting in its queue in magenta.
pub fn flood_pixels(grid: &DisplayGrid, routed: &Routed, step: u32, relief_scale: f32) -> Vec<u8> {
    if step >= FLOOD_STEPS {
        return water_pixels_routed(grid, relief_scale, Some(routed));
    }
    let shade = relief_shading(grid, relief_scale);
    let states = flooded(grid.size().0, routed, step);
    let mut pixels = Vec::with_capacity(states.len() * 4);
    for (state, light) in states.iter().zip(shade) {
        let grey = relief_grey(light);
        let lit = |c: [u8; 4]| {
            let f = 0.55 + 0.45 * f32::from(grey) / 240.0;
            [0, 1, 2].map(|k| (f32::from(c[k]) * f).round().min(255.0) as u8)
        };
        let pixel = match state {
            Flooded::Hole => [0; 4],
            Flooded::Dry => [grey, grey, grey, 255],
            Flooded::Waiting => HIGHLIGHT_COLOR,
            Flooded::Taken => {
                let [r, g, b] = lit(TAKEN_COLOR);
                [r, g, b, 255]
            }
            Flooded::Lake => LAKE_COLOR,
        };
        pixels.extend_from_slice(&pixel);
    }
    pixels
}

/// One line saying what step `step` (before the last, which the Water view's own caption
/// describes) of the flood of `routed` shows. Made where the routing is ([`Routed::captions`]).
pub(super) fn flood_caption(nx: usize, routed: &Routed, step: u32) -> String {
    let states = flooded(nx, routed, step);
    let count = |s: Flooded| states.iter().filter(|&&x| x == s).count();
    let points = states.len() - count(Flooded::Hole);
    if step == 0 {
        format!(
            "Flood, step 0 of {FLOOD_STEPS}: the {} border points wait in the queue (magenta); \
             the flood always takes the lowest waiting point next, and water leaves the map \
             at the border.",
            count(Flooded::Waiting)
        )
    } else {
        format!(
            "Flood, step {step} of {FLOOD_STEPS}: {} of {points} points taken, lowest first, \
             climbing inward from the border (sand); {} of them lie under lakes (blue), raised \
             to where their hollow spills; {} wait in the queue (magenta).",
            count(Flooded::Taken) + count(Flooded::Lake),
            count(Flooded::Lake),
            count(Flooded::Waiting)
        )
    }
}

#[cfg(test)]
mod tests;
