//! 1-D midpoint displacement, the fourth source: a profile one row tall, each iteration
//! halving the segments and jittering their midpoints less.

mod steps;

use crate::algorithms::erosion::ErosionParams;
use crate::algorithms::line::{self, LineParams};
use crate::chapters::{Chapter, Recipe};
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::{self, limits, Knob};
use crate::map::heightmap::Heightmap;
use crate::shown::steps::Steps;

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

impl Chapter for Line {
    fn about(&self) -> &'static str {
        "1-D midpoint displacement (the fourth source): 2^N + 1 heights, one per line of a .txt/.csv"
    }

    fn knobs(&self) -> &'static [&'static Knob] {
        &[&knobs::LINE_ITERATIONS, &knobs::ROUGHNESS]
    }

    fn show(&self, knob: &Knob) -> Option<String> {
        Some(match knob.name {
            "iterations" => self.params.iterations.to_string(),
            "roughness" => self.params.roughness.to_string(),
            _ => return None,
        })
    }

    fn apply(
        &mut self,
        knob: &Knob,
        text: &str,
        read: ReadDecimal,
    ) -> Option<Result<(), ParamError>> {
        Some(match knob.name {
            "iterations" => knob.parse_u32(text).map(|v| self.params.iterations = v),
            "roughness" => knob
                .parse_f32_with(text, read)
                .map(|v| self.params.roughness = v),
            _ => return None,
        })
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

    fn command(&self) -> Option<(Recipe, Option<ErosionParams>)> {
        Some((Recipe::Line(*self), None))
    }

    fn profile(&self) -> bool {
        true
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }
}
