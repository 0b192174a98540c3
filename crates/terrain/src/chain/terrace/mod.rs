//! `terrace`: the heights cut into steps, as World Machine's and Gaea's terraces do. The map's
//! range is split into `levels` bands of equal height, so there are `levels + 1` level heights,
//! the map's lowest and highest among them. Within a band, a height a share `f` of the way up
//! becomes `(1 − s)·f + s·r(f)` of the way, where `s` is the sharpness and `r` the riser: flat
//! (0) over the first share `s` of the band, then rising along the smoothstep S-curve
//! `3x² − 2x³` over the rest. So at `s = 0` every height stays as it was (the bytes given are
//! returned), at `s = 1` every height is its band's floor, one of the level heights, and in
//! between each band is a tread that is nearly flat followed by a smooth riser to the next.
//! Cell by cell, one pass, the same bytes on any number of threads.

pub mod knobs;
pub mod row;
#[cfg(test)]
mod tests;

use super::Step;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// The terraces' settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Terrace {
    /// How many bands the map's range is cut into (2 to 64): `levels + 1` level heights.
    pub levels: u32,
    /// How flat the treads are (0 to 1): 0 leaves the map as it was, 1 leaves only the level
    /// heights.
    pub sharpness: f32,
}

impl Terrace {
    /// 8 levels, sharpness 0.8 (the knobs' defaults).
    pub const DEFAULT: Terrace = Terrace {
        levels: knobs::LEVELS.whole_default() as u32,
        sharpness: knobs::SHARPNESS.number_default() as f32,
    };

    /// Where a height a share `f` (0 to 1) of the way up its band ends up, as a share of the
    /// band: the blend of the height as it was and the riser.
    pub fn within_band(&self, f: f64) -> f64 {
        let s = f64::from(self.sharpness);
        let riser = if f <= s || s >= 1.0 {
            0.0
        } else {
            let x = (f - s) / (1.0 - s);
            x * x * (3.0 - 2.0 * x)
        };
        (1.0 - s) * f + s * riser
    }

    /// `height` on a map whose range is `lo` to `hi` (`hi > lo`), terraced.
    pub fn height(&self, height: f32, lo: f32, hi: f32) -> f32 {
        let levels = f64::from(self.levels);
        let (lo64, span) = (f64::from(lo), f64::from(hi) - f64::from(lo));
        let t = ((f64::from(height) - lo64) / span * levels).clamp(0.0, levels);
        // The highest point is a band of its own: the top level.
        let band = t.floor();
        let f = t - band;
        let up = band + self.within_band(f);
        // The lowest and highest level are the map's own heights, bit for bit.
        if up <= 0.0 {
            lo
        } else if up >= levels {
            hi
        } else {
            (lo64 + span * up / levels) as f32
        }
    }
}

impl Default for Terrace {
    fn default() -> Self {
        Terrace::DEFAULT
    }
}

impl Step for Terrace {
    fn name(&self) -> &'static str {
        "terrace"
    }

    fn validate(&self) -> Result<(), ParamError> {
        knobs::LEVELS.check_whole(u64::from(self.levels))?;
        knobs::SHARPNESS.check_number(f64::from(self.sharpness))
    }

    fn apply(&self, map: &mut Heightmap, _seed: u64) -> Result<(), ParamError> {
        self.validate()?;
        let Some((lo, hi)) = map.range() else {
            return Err(ParamError::new(
                "map",
                "the map holds a height that is not a number",
            ));
        };
        if hi <= lo || self.sharpness == 0.0 {
            return Ok(());
        }
        for h in map.data_mut() {
            *h = self.height(*h, lo, hi);
        }
        Ok(())
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![
            (knobs::LEVELS.name, self.levels.to_string()),
            (knobs::SHARPNESS.name, self.sharpness.to_string()),
        ]
    }
}
