//! `paint`: strokes a reader draws, as a step. A stroke is a brush (raise, lower, smooth,
//! flatten), a radius, a strength and the points it was dragged through, in map cells (x right,
//! y down). Each point is one dab: every cell within the radius moves by the brush's rule,
//! weighted by a smooth falloff that is 1 at the point and 0 at the radius, so a stroke changes
//! nothing farther than its radius from its points. Strokes and points apply in order, one dab
//! after another on the map as the last left it, on one thread, so the bytes are the same on
//! any number of threads. The strokes come from a JSON file (`--then paint --strokes FILE`),
//! which [`Strokes::from_json`] reads or refuses in one line.

mod brushing;
pub mod knobs;
pub mod row;
mod strokes;
#[cfg(test)]
mod tests;
mod text;

pub use brushing::{Brushing, KNOBS};
pub use strokes::{Brush, Stroke, Strokes};
pub use text::{strokes_file, STROKE_SEPARATOR};

use super::Step;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// The `paint` step: strokes applied in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Paint {
    /// The strokes, in the order they were drawn.
    pub strokes: Strokes,
    /// The file they came from, as the command line named it (for the sidecar).
    pub file: String,
}

impl Step for Paint {
    fn name(&self) -> &'static str {
        "paint"
    }

    fn validate(&self) -> Result<(), ParamError> {
        self.strokes.validate(None)
    }

    fn apply(&self, map: &mut Heightmap, _seed: u64) -> Result<(), ParamError> {
        self.strokes.validate(Some((map.width(), map.height())))?;
        for stroke in &self.strokes.strokes {
            stroke.apply(map);
        }
        Ok(())
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![("strokes", self.file.clone())]
    }
}

/// The name the page downloads the strokes as and its command line reads them from.
pub const STROKES_FILE: &str = "strokes.json";

impl Stroke {
    /// Dabs this stroke onto `map`, point by point (the points already checked to lie on it).
    pub fn apply(&self, map: &mut Heightmap) {
        self.apply_within(map, None);
    }

    /// [`Stroke::apply`], each dab's heights held within `bounds` (low, high) when given, raise
    /// and lower moving by a share of the bounds rather than of the map's range: a painted
    /// mask stays 0 to 1 however often a place is painted over.
    pub fn apply_within(&self, map: &mut Heightmap, bounds: Option<(f64, f64)>) {
        let (w, h) = (map.width(), map.height());
        // Raise and lower move by a share of the map's range as the stroke starts (1 on a flat
        // map); flatten pulls towards the height under its first point.
        let span = map.range().map_or(1.0, |(lo, hi)| {
            if hi > lo {
                f64::from(hi) - f64::from(lo)
            } else {
                1.0
            }
        });
        let span = bounds.map_or(span, |(lo, hi)| hi - lo);
        let target = self.points.first().map_or(0.0, |&(x, y)| sample(map, x, y));
        let r = f64::from(self.radius);
        let s = f64::from(self.strength);
        for &(px, py) in &self.points {
            let (px, py) = (f64::from(px), f64::from(py));
            let x0 = (px - r).ceil().max(0.0) as usize;
            let x1 = ((px + r).floor() as usize).min(w - 1);
            let y0 = (py - r).ceil().max(0.0) as usize;
            let y1 = ((py + r).floor() as usize).min(h - 1);
            // Every cell's new height from the map as it stood before this dab (smoothing reads
            // its neighbours), written once all are worked out.
            let mut moved = Vec::with_capacity((x1 + 1 - x0) * (y1 + 1 - y0));
            for y in y0..=y1 {
                for x in x0..=x1 {
                    let (dx, dy) = (x as f64 - px, y as f64 - py);
                    let d2 = (dx * dx + dy * dy) / (r * r);
                    if d2 >= 1.0 {
                        continue;
                    }
                    let weight = (1.0 - d2) * (1.0 - d2);
                    let z = f64::from(map.data()[y * w + x]);
                    let to = match self.brush {
                        Brush::Raise => z + s * weight * span,
                        Brush::Lower => z - s * weight * span,
                        Brush::Flatten => z + s * weight * (target - z),
                        Brush::Smooth => z + s * weight * (mean_around(map, x, y) - z),
                    };
                    let to = bounds.map_or(to, |(lo, hi)| to.clamp(lo, hi));
                    moved.push((y * w + x, to as f32));
                }
            }
            let z = map.data_mut();
            for (i, to) in moved {
                z[i] = to;
            }
        }
    }
}

/// The height at (x, y) in cells, the nearest point's.
fn sample(map: &Heightmap, x: f32, y: f32) -> f64 {
    let (w, h) = (map.width(), map.height());
    let (x, y) = (
        (x.round() as usize).min(w - 1),
        (y.round() as usize).min(h - 1),
    );
    f64::from(map.data()[y * w + x])
}

/// The mean of the cell at (x, y) and its neighbours on `map` (3 x 3, fewer at an edge).
fn mean_around(map: &Heightmap, x: usize, y: usize) -> f64 {
    let (w, h, z) = (map.width(), map.height(), map.data());
    let (mut sum, mut n) = (0.0f64, 0u32);
    for yy in y.saturating_sub(1)..=(y + 1).min(h - 1) {
        for xx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
            sum += f64::from(z[yy * w + xx]);
            n += 1;
        }
    }
    sum / f64::from(n)
}
