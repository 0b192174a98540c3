//! 1-D midpoint displacement, the fourth source: a profile one row tall, each iteration
//! halving the segments and jittering their midpoints less.

pub mod algorithm;
pub mod knobs;
mod steps;

use crate::chapters::line::algorithm::{self as line, LineParams};
use crate::chapters::settings::Slot;
use crate::chapters::steps::Steps;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;

/// A 1-D profile.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// Subdivisions and roughness.
    pub params: LineParams,
}

impl Line {
    /// The fourth source's profile.
    pub const DEFAULT: Line = Line {
        params: LineParams::DEFAULT,
    };
}

crate::knobs::settings::places! {
    /// Its knobs, in the order they are listed.
    KNOBS,
    /// Where each of its settings lives.
    fn slot_of(c: &mut Line) {
        knobs::LINE_ITERATIONS => Slot::Whole(&mut c.params.iterations),
        knobs::ROUGHNESS => Slot::Number(&mut c.params.roughness),
    }
}

impl Chapter for Line {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "1-D midpoint displacement (the fourth source): 2^N + 1 heights, one per line of a .txt/.csv"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        KNOBS
    }

    fn fields(&self) -> &'static [&'static Knob] {
        KNOBS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        slot_of(self, knob)
    }

    fn size(&self) -> (usize, usize) {
        (limits::side_for_exponent(self.params.iterations), 1)
    }

    fn size_tag(&self) -> String {
        format!("i{}", self.params.iterations)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        line::generate(&self.params, seed)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::Line(*self))
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }
}
