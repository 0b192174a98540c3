//! What to generate: one algorithm with its parameters. A recipe and a seed fix a terrain, so a
//! recipe is what the page's demos hold, what travels to the page's generator worker, and what
//! the command line builds from its arguments.

use crate::algorithms::diamond_square;
use crate::algorithms::erosion::{self, ErosionParams};
use crate::algorithms::faults::{self, FaultParams};
use crate::algorithms::line::{self, LineParams};
use crate::algorithms::midpoint::{self, MpdParams};
use crate::algorithms::midpoint_recursive;
use crate::algorithms::random_noise::{self, NoiseParams};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// One algorithm and its parameters. With the `serde` feature it (de)serialises with the
/// algorithm's command-line name in an `algorithm` field, e.g.
/// `{"algorithm": "ds", "stage": "Full", "params": {"exponent": 9, ...}}`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(tag = "algorithm")
)]
pub enum Recipe {
    /// Random noise: every point its own uniform height.
    #[cfg_attr(feature = "serde", serde(rename = "noise"))]
    Noise {
        /// The map's size.
        params: NoiseParams,
    },
    /// Midpoint displacement, up to `stage` (the first post's step demos stop early).
    #[cfg_attr(feature = "serde", serde(rename = "mpd"))]
    Midpoint {
        /// Size, starting spread and reduction.
        params: MpdParams,
        /// How far to go; [`midpoint::Stage::Full`] is the whole algorithm.
        stage: midpoint::Stage,
    },
    /// Midpoint displacement written recursively, as the second post does it.
    #[cfg_attr(feature = "serde", serde(rename = "mpd-recursive"))]
    MidpointRecursive {
        /// Size, starting spread and reduction.
        params: MpdParams,
    },
    /// Diamond-Square, up to `stage`.
    #[cfg_attr(feature = "serde", serde(rename = "ds"))]
    DiamondSquare {
        /// Size, starting spread and reduction.
        params: MpdParams,
        /// How far to go; [`diamond_square::Stage::Full`] is the whole algorithm.
        stage: diamond_square::Stage,
        /// Tileable: the map wraps around, its last row and column repeat the first, and copies
        /// side by side join without a seam ([`diamond_square::generate_tileable`]; whole maps
        /// only).
        #[cfg_attr(feature = "serde", serde(default))]
        wrap: bool,
    },
    /// 1-D midpoint displacement: a profile one row tall.
    #[cfg_attr(feature = "serde", serde(rename = "line"))]
    Line {
        /// Subdivisions and roughness.
        params: LineParams,
    },
    /// Fault lines and shapes.
    #[cfg_attr(feature = "serde", serde(rename = "fault"))]
    Faults {
        /// Size, fault count, shapes and fuzziness.
        params: FaultParams,
    },
    /// A Diamond-Square terrain, then hydraulic erosion with the same seed (what `terrain ds
    /// --erode N` writes).
    #[cfg_attr(feature = "serde", serde(rename = "ds-eroded"))]
    Eroded {
        /// The Diamond-Square terrain's size, starting spread and reduction.
        params: MpdParams,
        /// The droplets and the erosion constants.
        erosion: ErosionParams,
    },
    /// A map read from a file (real land, or a reader's own), then eroded by `erosion`'s
    /// droplets, none when there are 0. Its size is the file's: it is made by
    /// [`Recipe::made_from`] with the map, not generated.
    #[cfg_attr(feature = "serde", serde(rename = "held"))]
    Held {
        /// The droplets (0: the map as read) and the erosion constants.
        erosion: ErosionParams,
    },
}

impl Recipe {
    /// The whole of midpoint displacement with `params`.
    pub const fn midpoint(params: MpdParams) -> Self {
        Recipe::Midpoint {
            params,
            stage: midpoint::Stage::Full,
        }
    }

    /// The whole of Diamond-Square with `params`.
    pub const fn diamond_square(params: MpdParams) -> Self {
        Recipe::DiamondSquare {
            params,
            stage: diamond_square::Stage::Full,
            wrap: false,
        }
    }

    /// The algorithm's name on the command line (`noise`, `mpd`, `mpd-recursive`, `ds`,
    /// `fault`, `line`).
    pub fn name(&self) -> &'static str {
        match self {
            Recipe::Noise { .. } => "noise",
            Recipe::Midpoint { .. } => "mpd",
            Recipe::MidpointRecursive { .. } => "mpd-recursive",
            Recipe::DiamondSquare { .. } => "ds",
            Recipe::Line { .. } => "line",
            Recipe::Faults { .. } => "fault",
            Recipe::Eroded { .. } => "ds-eroded",
            Recipe::Held { .. } => "held",
        }
    }

    /// The map's width and height in points (before any check of the parameters); `(0, 0)` for
    /// a held map, whose file decides.
    pub fn size(&self) -> (usize, usize) {
        match self {
            Recipe::Noise { params } => (params.width, params.height),
            Recipe::Midpoint { params, .. }
            | Recipe::MidpointRecursive { params }
            | Recipe::DiamondSquare { params, .. }
            | Recipe::Eroded { params, .. } => {
                let side = crate::knobs::limits::side_for_exponent(params.exponent);
                (side, side)
            }
            Recipe::Line { params } => (
                crate::knobs::limits::side_for_exponent(params.iterations),
                1,
            ),
            Recipe::Faults { params } => (params.width, params.height),
            Recipe::Held { .. } => (0, 0),
        }
    }

    /// Generates the terrain for `seed`, after checking the parameters against the core's limits.
    pub fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        match *self {
            Recipe::Noise { params } => random_noise::generate(params.width, params.height, seed),
            Recipe::Midpoint { params, stage } => midpoint::generate_stage(stage, &params, seed),
            Recipe::MidpointRecursive { params } => midpoint_recursive::generate(&params, seed),
            Recipe::DiamondSquare {
                params,
                stage: diamond_square::Stage::Full,
                wrap: true,
            } => diamond_square::generate_tileable(&params, seed),
            Recipe::DiamondSquare { params, stage, .. } => {
                diamond_square::generate_stage(stage, &params, seed)
            }
            Recipe::Line { params } => line::generate(&params, seed),
            Recipe::Faults { params } => faults::generate(&params, seed),
            Recipe::Eroded { params, erosion } => {
                erosion.validate()?;
                let mut map = diamond_square::generate(&params, seed)?;
                erosion::erode(&mut map, &erosion, seed)?;
                Ok(map)
            }
            Recipe::Held { .. } => Err(ParamError::new(
                "map",
                "no map has been read yet: choose a heightmap file",
            )),
        }
    }

    /// The map for `seed`: a held map made from `held` (the map read from its file), any other
    /// recipe generated ([`Recipe::generate`]; `held` is not used).
    ///
    /// A held map is eroded with its heights spread over 0 to 1 (the range the erosion constants
    /// are tuned for, as generated maps have it), then put back on the file's scale, so a DEM
    /// in metres erodes as a generated map of the same shape would.
    pub fn made_from(&self, held: Option<&Heightmap>, seed: u64) -> Result<Heightmap, ParamError> {
        let (Recipe::Held { erosion }, Some(held)) = (self, held) else {
            return self.generate(seed);
        };
        let mut map = held.clone();
        if erosion.droplets == 0 {
            return Ok(map);
        }
        erosion.validate()?;
        let (low, high) = map.range().unwrap_or((0.0, 0.0));
        let relief = (high - low).max(f32::MIN_POSITIVE);
        map.data_mut()
            .iter_mut()
            .for_each(|h| *h = (*h - low) / relief);
        erosion::erode(&mut map, erosion, seed)?;
        map.data_mut()
            .iter_mut()
            .for_each(|h| *h = *h * relief + low);
        Ok(map)
    }

    /// Whether this build can make the map: false for fault lines without the `faults` feature,
    /// and for erosion (a read map with droplets included) without `erosion`. The page's first
    /// module asks, and hands what it cannot make to its later chapters' module.
    pub fn linked(&self) -> bool {
        match self {
            Recipe::Faults { .. } => faults::LINKED,
            Recipe::Eroded { .. } => erosion::LINKED,
            Recipe::Held { erosion } => erosion.droplets == 0 || erosion::LINKED,
            _ => true,
        }
    }

    /// The erosion's droplets and constants; `None` for the algorithms without erosion.
    pub fn erosion(&self) -> Option<&ErosionParams> {
        match self {
            Recipe::Eroded { erosion, .. } | Recipe::Held { erosion } => Some(erosion),
            _ => None,
        }
    }

    /// [`Recipe::erosion`], writable.
    pub fn erosion_mut(&mut self) -> Option<&mut ErosionParams> {
        match self {
            Recipe::Eroded { erosion, .. } | Recipe::Held { erosion } => Some(erosion),
            _ => None,
        }
    }

    /// The size, spread and reduction of the three subdivision algorithms; `None` for the others.
    pub fn subdivision(&self) -> Option<&MpdParams> {
        match self {
            Recipe::Midpoint { params, .. }
            | Recipe::MidpointRecursive { params }
            | Recipe::DiamondSquare { params, .. }
            | Recipe::Eroded { params, .. } => Some(params),
            _ => None,
        }
    }

    /// The 1-D line's parameters; `None` for the other algorithms.
    pub fn line(&self) -> Option<&LineParams> {
        match self {
            Recipe::Line { params } => Some(params),
            _ => None,
        }
    }

    /// The fault generator's parameters; `None` for the other algorithms.
    pub fn faults(&self) -> Option<&FaultParams> {
        match self {
            Recipe::Faults { params } => Some(params),
            _ => None,
        }
    }

    /// Whether the map is made to tile; `None` for algorithms that cannot ([`Recipe::DiamondSquare`]
    /// whole maps can).
    pub fn wrap(&self) -> Option<bool> {
        match self {
            Recipe::DiamondSquare {
                stage: diamond_square::Stage::Full,
                wrap,
                ..
            } => Some(*wrap),
            _ => None,
        }
    }

    /// [`Recipe::wrap`], writable.
    pub fn wrap_mut(&mut self) -> Option<&mut bool> {
        match self {
            Recipe::DiamondSquare {
                stage: diamond_square::Stage::Full,
                wrap,
                ..
            } => Some(wrap),
            _ => None,
        }
    }

    /// A file name for the map of this recipe and `seed` in a format with `extension`, e.g.
    /// `ds-e9-seed-123.png` (free-sized maps: `fault-129x129-seed-5.r16`; tiles end `-wrap`).
    pub fn file_name(&self, seed: u64, extension: &str) -> String {
        let size = match self.subdivision() {
            Some(p) => format!("e{}", p.exponent),
            None => {
                let (w, h) = self.size();
                match self {
                    Recipe::Line { params } => format!("i{}", params.iterations),
                    Recipe::Held { erosion } => format!("d{}", erosion.droplets),
                    _ => format!("{w}x{h}"),
                }
            }
        };
        let wrap = if self.wrap() == Some(true) {
            "-wrap"
        } else {
            ""
        };
        format!("{}-{size}-seed-{seed}{wrap}.{extension}", self.name())
    }

    /// [`Recipe::subdivision`], writable.
    pub fn subdivision_mut(&mut self) -> Option<&mut MpdParams> {
        match self {
            Recipe::Midpoint { params, .. }
            | Recipe::MidpointRecursive { params }
            | Recipe::DiamondSquare { params, .. }
            | Recipe::Eroded { params, .. } => Some(params),
            _ => None,
        }
    }

    /// [`Recipe::line`], writable.
    pub fn line_mut(&mut self) -> Option<&mut LineParams> {
        match self {
            Recipe::Line { params } => Some(params),
            _ => None,
        }
    }

    /// [`Recipe::faults`], writable.
    pub fn faults_mut(&mut self) -> Option<&mut FaultParams> {
        match self {
            Recipe::Faults { params } => Some(params),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
