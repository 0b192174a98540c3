//! Where a step acts: a mask on any step of a chain. A mask is a weight from 0 to 1 at every
//! cell, made of any of four parts that multiply: a heightmap file (its heights over their
//! range, stretched over the map as the uplift map is read), a band of the heights the step is
//! given (`--mask-height LO:HI`, 0 to 1 of its range), a band of its slopes (`--mask-slope
//! LO:HI`, in degrees as `--maps slope` measures them) and strokes painted by hand
//! (`--mask-strokes FILE.json`). A band's edge is soft over `--mask-soft F` of its scale;
//! `--mask-invert` turns the weight round.
//!
//! The step runs on the whole map as it would unmasked, then each cell is blended:
//! `out = before + m × (after − before)`. Where m is 0 the cell keeps the bytes the step was
//! given, where m is 1 the step's own bytes, exactly (both are taken as they are, not
//! recomputed). For erosion that means the droplets still run everywhere, reading the whole
//! map; only what they did is kept where the mask lets it, so a channel cut above the mask's
//! edge does not carry on below it.

pub mod fields;
mod flags;
mod painted;
#[cfg(test)]
mod tests;

#[cfg(feature = "erosion")]
pub use flags::step_of;
pub use flags::{EXTRAS, INVERT, MASK, MASK_HEIGHT, MASK_SLOPE, MASK_STROKES, SOFT};
pub use painted::{mask_file, mask_strokes, PaintedMask, MASK_BRUSHES};

use super::Step;
use crate::derived::{by_slope, Relief};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// A band of values a mask lets through, `low` to `high` inclusive, in the scale of what it
/// reads (0 to 1 of the range for heights, degrees for slopes).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    /// The lowest value fully let through.
    pub low: f32,
    /// The highest value fully let through.
    pub high: f32,
}

impl Band {
    /// The weight of `value` in this band with an edge `soft` wide on each side: 1 inside, 0
    /// farther than `soft` outside, a smooth step between (no stair at the band's edge).
    pub fn weight(self, value: f32, soft: f32) -> f32 {
        let outside = if value < self.low {
            self.low - value
        } else if value > self.high {
            value - self.high
        } else {
            return 1.0;
        };
        if soft <= 0.0 || outside >= soft {
            return 0.0;
        }
        let t = 1.0 - outside / soft;
        t * t * (3.0 - 2.0 * t)
    }
}

impl Band {
    /// The weight of a slope in this band of degrees, with an edge `soft` degrees wide, from
    /// its squared rise (`tan²` of its angle) alone where that tells it: well inside (1) or
    /// well outside (0); `None` near an edge, where the angle itself is weighed
    /// ([`Band::weight`]). The margin keeps every answer the angle's own.
    pub fn by_rise(self, soft: f32) -> impl Fn(f64) -> Option<f32> {
        const MARGIN: f64 = 1e-4;
        // tan² of an angle in degrees; past 90 degrees (or at it) no rise reaches it.
        let tan2 = |degrees: f64| match degrees < 90.0 {
            true => degrees.max(0.0).to_radians().tan().powi(2),
            false => f64::INFINITY,
        };
        let (low, high, soft) = (f64::from(self.low), f64::from(self.high), f64::from(soft));
        let inside = (tan2(low) * (1.0 + MARGIN), tan2(high) * (1.0 - MARGIN));
        let outside = match low - soft > 0.0 {
            true => tan2(low - soft) * (1.0 - MARGIN),
            false => -1.0,
        };
        let beyond = tan2(high + soft) * (1.0 + MARGIN);
        move |rise2| {
            if rise2 >= inside.0 && rise2 <= inside.1 {
                Some(1.0)
            } else if rise2 < outside || rise2 > beyond {
                Some(0.0)
            } else {
                None
            }
        }
    }
}

/// A mask file as the step reads it: its heights over their range, with its name and the
/// fingerprint of the map read (for the sidecar).
#[derive(Debug, Clone, PartialEq)]
pub struct MaskFile {
    /// The file's heights mapped onto 0 to 1 over their range (a flat file lets all through).
    pub weights: Heightmap,
    /// The file as the command line named it.
    pub file: String,
    /// [`Heightmap::checksum`] of the map as read.
    pub checksum: u32,
}

impl MaskFile {
    /// The mask of `map`, read from `file`.
    pub fn of(map: &Heightmap, file: &str) -> MaskFile {
        let mut weights = map.clone();
        match map.range() {
            Some((lo, hi)) if hi > lo => {
                let span = f64::from(hi) - f64::from(lo);
                for h in weights.data_mut() {
                    *h = ((f64::from(*h) - f64::from(lo)) / span) as f32;
                }
            }
            _ => weights.data_mut().fill(1.0),
        }
        MaskFile {
            weights,
            file: file.to_string(),
            checksum: map.checksum(),
        }
    }
}

/// Where a step acts: the parts of a mask, each optional; several multiply.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Mask {
    /// A heightmap file.
    pub file: Option<MaskFile>,
    /// The heights let through, 0 to 1 of the range of the map the step is given.
    pub height: Option<Band>,
    /// The slopes let through, in degrees.
    pub slope: Option<Band>,
    /// Strokes painted with the mask's brushes, and the file they came from.
    pub strokes: Option<PaintedMask>,
    /// How wide a band's soft edge is, as a share of its scale (the range; 90 degrees).
    pub soft: f32,
    /// Whether the weight is turned round (1 − m).
    pub invert: bool,
}

impl Mask {
    /// Whether it has anything to mask with (a mask of nothing lets the whole step through).
    pub fn is_some(&self) -> bool {
        self.file.is_some()
            || self.height.is_some()
            || self.slope.is_some()
            || self.strokes.is_some()
    }

    /// The weight at every cell of `map` (the map the step is given), row by row.
    pub fn weights(&self, map: &Heightmap) -> Result<Vec<f32>, ParamError> {
        let (w, h) = (map.width(), map.height());
        let mut m = match &self.file {
            Some(file) => file.weights.stretched(w, h),
            None => vec![1.0; w * h],
        };
        if let Some(band) = self.height {
            let (lo, span) = match map.range() {
                Some((lo, hi)) if hi > lo => (f64::from(lo), f64::from(hi) - f64::from(lo)),
                _ => (0.0, 0.0),
            };
            for (m, &z) in m.iter_mut().zip(map.data()) {
                let t = if span > 0.0 {
                    ((f64::from(z) - lo) / span) as f32
                } else {
                    0.0
                };
                *m *= band.weight(t, self.soft);
            }
        }
        if let Some(band) = self.slope {
            let soft = self.soft * 90.0;
            let known = band.by_rise(soft);
            let slopes = by_slope(map, Relief::as_shown(map), known, |d| band.weight(d, soft));
            for (m, w) in m.iter_mut().zip(slopes) {
                *m *= w;
            }
        }
        if let Some(strokes) = &self.strokes {
            let painted = strokes.on(w, h)?;
            for (m, &p) in m.iter_mut().zip(painted.data()) {
                *m *= p;
            }
        }
        if self.invert {
            for m in &mut m {
                *m = 1.0 - *m;
            }
        }
        Ok(m)
    }
}

/// A step that acts only where its mask lets it: the step run on the whole map, then each
/// cell blended between the map it was given and the step's own by the mask's weight.
#[derive(Debug)]
pub struct Masked {
    /// The step as it runs unmasked.
    pub step: Box<dyn Step>,
    /// Where it acts.
    pub mask: Mask,
}

impl Step for Masked {
    fn name(&self) -> &'static str {
        self.step.name()
    }

    fn validate(&self) -> Result<(), ParamError> {
        self.step.validate()
    }

    fn apply(&self, map: &mut Heightmap, seed: u64) -> Result<(), ParamError> {
        let weights = self.mask.weights(map)?;
        let before = map.clone();
        self.step.apply(map, seed)?;
        if (map.width(), map.height()) != (before.width(), before.height()) {
            return Err(ParamError::new(
                MASK,
                format!(
                    "a mask cannot be laid on {}: it changes the map's size",
                    self.name()
                ),
            ));
        }
        blend(before.data(), map.data_mut(), &weights);
        Ok(())
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        let mut settings = self.step.settings();
        settings.extend(self.mask.settings());
        settings
    }

    fn recorded(&self) -> Vec<(&'static str, String)> {
        let mut recorded = self.step.recorded();
        if let Some(file) = &self.mask.file {
            recorded.push(("mask-crc32", format!("{:08x}", file.checksum)));
        }
        recorded
    }

    fn moves_material(&self) -> bool {
        self.step.moves_material()
    }
}

/// Blends `after` (the step's heights) towards `before` (the map it was given) cell by cell:
/// `before + m × (after − before)`, with the cells at m = 0 and m = 1 taken whole.
pub fn blend(before: &[f32], after: &mut [f32], weights: &[f32]) {
    for ((a, &b), &m) in after.iter_mut().zip(before).zip(weights) {
        if m <= 0.0 {
            *a = b;
        } else if m < 1.0 {
            let (a64, b64) = (f64::from(*a), f64::from(b));
            *a = (b64 + f64::from(m) * (a64 - b64)) as f32;
        }
    }
}
