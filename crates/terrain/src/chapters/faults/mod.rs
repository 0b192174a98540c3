//! Fault lines and shapes, the fifth source: random dividers raise one side and lower the other,
//! fault after fault.

pub mod algorithm;
pub mod knobs;
mod steps;

use crate::chapters::faults::algorithm::{self as faults, FaultParams};
use crate::chapters::settings::{OwnSetting, Slot};
use crate::chapters::steps::Steps;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

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

/// The fault shapes knob's setting, a set of shapes by name (`lines,circles`).
impl OwnSetting for faults::ShapeSet {
    fn shown(&self) -> String {
        self.to_string()
    }

    fn read(&mut self, _knob: &Knob, text: &str) -> Result<(), ParamError> {
        *self = faults::parse_shapes(text)?;
        Ok(())
    }
}

crate::knobs::settings::places! {
    /// Its knobs, in the order they are listed.
    KNOBS,
    /// Where each of its settings lives.
    fn slot_of(c: &mut Faults) {
        crate::knobs::WIDTH => Slot::Side(&mut c.params.width),
        crate::knobs::HEIGHT => Slot::Side(&mut c.params.height),
        knobs::FAULT_ITERATIONS => Slot::Whole(&mut c.params.iterations),
        knobs::SHAPES => Slot::Own(&mut c.params.shapes),
        knobs::FUZZINESS => Slot::Number(&mut c.params.fuzziness),
    }
}

impl Chapter for Faults {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Fault lines: random dividers raise one side and lower the other (the fifth source)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        KNOBS
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &knobs::SHAPE_FIELDS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        slot_of(self, knob)
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

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::Faults(*self))
    }

    fn linked(&self) -> bool {
        faults::LINKED
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    // Only where the generator is (the worker's own module hands these demos on).
    #[cfg(feature = "faults")]
    fn in_steps(
        &self,
        _held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<crate::chapters::steps::InSteps, ParamError>> {
        Some(steps::batches::fault_batches(
            &self.params,
            seed,
            columns,
            rows,
        ))
    }
}
