//! Noise, octave by octave (fBm): the chapter after Diamond-Square. Gradient noise summed over
//! octaves, each finer and fainter than the last, on a plane without edges.

pub mod algorithm;
pub mod knobs;
mod pair;
mod steps;

use crate::analysis::variogram::Aim;
use crate::chapters::fbm::algorithm::{self as fbm, FbmParams};
use crate::chapters::partner::Partner;
use crate::chapters::settings::{OwnSetting, Slot};
use crate::chapters::steps::{InSteps, Steps};
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
#[cfg(feature = "cli")]
use crate::knobs::params::ReadDecimal;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

/// fBm over a window of the endless plane.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fbm {
    /// The window, the octaves and their shape.
    pub params: FbmParams,
}

impl Fbm {
    /// 257 x 257 at the plane's origin, eight plain octaves.
    pub const DEFAULT: Fbm = Fbm {
        params: FbmParams::DEFAULT,
    };
}

/// The octave shape knob's setting, one shape by name (`ridged`).
impl OwnSetting for fbm::OctaveShape {
    fn shown(&self) -> String {
        self.name().to_string()
    }

    fn read(&mut self, knob: &Knob, text: &str) -> Result<(), crate::knobs::params::ParamError> {
        *self = fbm::OctaveShape::parse(knob, text)?;
        Ok(())
    }
}

crate::knobs::settings::places! {
    /// Its knobs, in the order they are listed.
    KNOBS,
    /// Where each of its settings lives.
    fn slot_of(c: &mut Fbm) {
        #[cfg(feature = "cli")]
        crate::knobs::EXPONENT => Slot::Square(&mut c.params.width, &mut c.params.height),
        crate::knobs::WIDTH => Slot::Side(&mut c.params.width),
        crate::knobs::HEIGHT => Slot::Side(&mut c.params.height),
        knobs::ORIGIN_X => Slot::Side(&mut c.params.x),
        knobs::ORIGIN_Y => Slot::Side(&mut c.params.y),
        knobs::OCTAVES => Slot::Whole(&mut c.params.octaves),
        knobs::FREQUENCY => Slot::Number(&mut c.params.frequency),
        knobs::LACUNARITY => Slot::Number(&mut c.params.lacunarity),
        knobs::GAIN => Slot::Number(&mut c.params.gain),
        knobs::SHAPE => Slot::Own(&mut c.params.shape),
        crate::chain::redistribute::POWER => Slot::Number(&mut c.params.power),
        knobs::WARP => Slot::Number(&mut c.params.warp),
    }
}

impl Chapter for Fbm {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Noise octave by octave (fBm): gradient noise summed over octaves, each finer and \
         fainter, on an endless plane whose maps join where they meet"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        KNOBS
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &knobs::OCTAVE_FIELDS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        slot_of(self, knob)
    }

    #[cfg(feature = "cli")]
    /// The size as an exponent, or as a width and a height, each defaulting to the other.
    fn apply_all(
        &mut self,
        given: &[(&'static Knob, &str)],
        read: ReadDecimal,
    ) -> Result<(), ParamError> {
        crate::chapters::chapter::read_free_size(self, given, read)
    }

    fn size(&self) -> (usize, usize) {
        (self.params.width, self.params.height)
    }

    fn size_tag(&self) -> String {
        let p = &self.params;
        match (p.x, p.y) {
            (0, 0) => format!("{}x{}", p.width, p.height),
            (x, y) => format!("{}x{}-at-{x}-{y}", p.width, p.height),
        }
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        fbm::generate(&self.params, seed)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::Fbm(*self))
    }

    fn linked(&self) -> bool {
        fbm::LINKED
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    /// Value noise on the same lattice, the lattice drawn on both.
    fn partner(
        &self,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<Partner, ParamError>> {
        Some(pair::value_beside(&self.params, seed, columns, rows))
    }

    fn pair_caption(&self) -> Option<String> {
        Some(pair::caption(&self.params))
    }

    fn roughness_aim(&self) -> Option<Aim> {
        // Octaves each `lacunarity` times finer and `gain` times as tall: H = -log(gain) /
        // log(lacunarity), -log2 gain at lacunarity 2.
        let (gain, lacunarity) = (self.params.gain, self.params.lacunarity);
        Some(Aim {
            hurst: -gain.ln() / lacunarity.ln(),
            knob: &knobs::GAIN,
            by: format!("gain g = {gain} at lacunarity L = {lacunarity}"),
            rule: "H = -log g / log L, -log2 g when L = 2",
        })
    }

    fn in_steps(
        &self,
        _held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<InSteps, ParamError>> {
        Some(steps::octave_batches(&self.params, seed, columns, rows))
    }
}
