//! Fault lines and shapes, the fifth source: random dividers raise one side and lower the other,
//! fault after fault.

mod steps;

use crate::algorithms::erosion::ErosionParams;
use crate::algorithms::faults::{self, FaultParams};
use crate::chapters::{Chapter, Recipe};
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::{self, Knob};
use crate::map::heightmap::Heightmap;
use crate::shown::steps::{InSteps, Steps};

/// A fault map.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Faults {
    /// Size, fault count, shapes and fuzziness.
    pub params: FaultParams,
}

impl Faults {
    /// The fifth source's straight faults.
    pub const DEFAULT: Faults = Faults {
        params: FaultParams::DEFAULT,
    };
}

impl Chapter for Faults {
    fn about(&self) -> &'static str {
        "Fault lines: random dividers raise one side and lower the other (the fifth source)"
    }

    fn knobs(&self) -> &'static [&'static Knob] {
        &[
            &knobs::WIDTH,
            &knobs::HEIGHT,
            &knobs::FAULT_ITERATIONS,
            &knobs::SHAPES,
            &knobs::FUZZINESS,
        ]
    }

    fn show(&self, knob: &Knob) -> Option<String> {
        let p = &self.params;
        Some(match knob.name {
            "width" => p.width.to_string(),
            "height" => p.height.to_string(),
            "iterations" => p.iterations.to_string(),
            "shapes" => p.shapes.to_string(),
            "fuzziness" => p.fuzziness.to_string(),
            _ => return None,
        })
    }

    fn apply(
        &mut self,
        knob: &Knob,
        text: &str,
        read: ReadDecimal,
    ) -> Option<Result<(), ParamError>> {
        let p = &mut self.params;
        let side = || knob.parse_whole(text).map(|v| v as usize);
        Some(match knob.name {
            "width" => side().map(|v| p.width = v),
            "height" => side().map(|v| p.height = v),
            "iterations" => knob.parse_u32(text).map(|v| p.iterations = v),
            "shapes" => faults::parse_shapes(text).map(|v| p.shapes = v),
            "fuzziness" => knob.parse_f32_with(text, read).map(|v| p.fuzziness = v),
            _ => return None,
        })
    }

    fn size(&self) -> (usize, usize) {
        (self.params.width, self.params.height)
    }

    fn size_tag(&self) -> String {
        format!("{}x{}", self.params.width, self.params.height)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        faults::generate(&self.params, seed)
    }

    fn command(&self) -> Option<(Recipe, Option<ErosionParams>)> {
        Some((Recipe::Faults(*self), None))
    }

    fn linked(&self) -> bool {
        faults::LINKED
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    fn in_steps(
        &self,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<InSteps, ParamError>> {
        Some(steps::fault_batches(&self.params, seed, columns, rows))
    }
}
