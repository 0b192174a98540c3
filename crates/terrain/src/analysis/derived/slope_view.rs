//! The Slope view's picture of a grid of shown points: each point's angle as
//! [`super::slope_map`] measures it, coloured on a ramp, with the steepest and mean angles.

use super::{slope_shares, Points, Relief, Trig};
use crate::shown::display::DisplayGrid;

/// The Slope view of a grid of shown points: the angle at each, its colour, and the steepest
/// and the mean angle for the legend.
#[derive(Debug, Clone, PartialEq)]
pub struct SlopeView {
    /// The slope angle in degrees at each shown point, row by row.
    pub degrees: Vec<f32>,
    /// One RGBA pixel per point, its angle's [`slope_color`].
    pub pixels: Vec<u8>,
    /// The steepest angle, in degrees.
    pub steepest: f32,
    /// The mean angle, in degrees.
    pub mean: f32,
}

/// The Slope view of `grid`: the angle at each shown point as [`super::slope_map`] measures it on a
/// map of those points in the page's relief ([`Relief::as_shown`]: what `--maps slope` writes
/// without `--height-m`), with `trig` (the page passes the browser's). On a map shown whole
/// (257 x 257 and smaller) these are `--maps slope`'s angles exactly; on a larger one, the
/// angles between the shown points. Empty for a grid of no points.
pub fn slope_view(grid: &DisplayGrid, trig: Trig) -> SlopeView {
    let (width, height) = grid.size();
    let points = Points {
        width,
        height,
        heights: &grid.heights,
    };
    let whole = width * height == grid.heights.len() && width * height > 0;
    let degrees: Vec<f32> = match whole {
        true => slope_shares(points, Relief::shown_at(width, height), trig),
        false => Vec::new(),
    };
    let degrees: Vec<f32> = degrees.into_iter().map(|share| share * 90.0).collect();
    let pixels = degrees.iter().flat_map(|&d| slope_color(d)).collect();
    let steepest = degrees.iter().copied().fold(0.0, f32::max);
    let sum: f64 = degrees.iter().map(|&d| f64::from(d)).sum();
    let mean = (sum / degrees.len().max(1) as f64) as f32;
    SlopeView {
        degrees,
        pixels,
        steepest,
        mean,
    }
}

/// The slope ramp's colours every 15 degrees from flat to vertical: pale where the ground is
/// flat, through yellow and orange to deep red at 45 degrees and near black at 90.
pub const SLOPE_RAMP: [[u8; 3]; 7] = [
    [244, 244, 226],
    [248, 200, 100],
    [225, 110, 50],
    [150, 30, 40],
    [95, 18, 36],
    [62, 12, 32],
    [40, 10, 30],
];

/// The colour of a slope of `degrees` on [`SLOPE_RAMP`], between its stops linearly.
pub fn slope_color(degrees: f32) -> [u8; 4] {
    let at = if degrees.is_finite() {
        degrees.clamp(0.0, 90.0) / 15.0
    } else {
        0.0
    };
    let below = (at as usize).min(SLOPE_RAMP.len() - 2);
    let t = at - below as f32;
    let (lo, hi) = (SLOPE_RAMP[below], SLOPE_RAMP[below + 1]);
    let mix = |i: usize| (f32::from(lo[i]) + (f32::from(hi[i]) - f32::from(lo[i])) * t) as u8;
    [mix(0), mix(1), mix(2), 255]
}
