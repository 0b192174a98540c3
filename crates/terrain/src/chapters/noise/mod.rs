//! Random noise, the first post's starting point: every point its own uniform height.

pub mod algorithm;

use crate::chapters::noise::algorithm::{self as random_noise, NoiseParams};
use crate::chapters::settings::Slot;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs;
use crate::knobs::params::ParamError;
#[cfg(feature = "cli")]
use crate::knobs::params::ReadDecimal;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

/// Random noise of a size.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Noise {
    /// The map's size.
    pub params: NoiseParams,
}

impl Noise {
    /// The first post's 33 x 33 points.
    pub const DEFAULT: Noise = Noise {
        params: NoiseParams::DEFAULT,
    };
}

crate::knobs::settings::places! {
    /// Its knobs, in the order they are listed.
    KNOBS,
    /// Where each of its settings lives.
    fn slot_of(c: &mut Noise) {
        #[cfg(feature = "cli")]
        knobs::EXPONENT => Slot::Square(&mut c.params.width, &mut c.params.height),
        knobs::WIDTH => Slot::Side(&mut c.params.width),
        knobs::HEIGHT => Slot::Side(&mut c.params.height),
    }
}

impl Chapter for Noise {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Random noise: every point its own uniform(0, 1) height; the size as an exponent, or a \
         width and height (each defaults to the other)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        KNOBS
    }

    /// The page sizes its noise itself: the seed is its one field.
    fn fields(&self) -> &'static [&'static Knob] {
        &[]
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
        format!("{}x{}", self.params.width, self.params.height)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        random_noise::generate(self.params.width, self.params.height, seed)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::Noise(*self))
    }
}
