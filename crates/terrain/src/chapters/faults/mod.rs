//! Fault lines and shapes, the fifth source: random dividers raise one side and lower the other,
//! fault after fault.

pub mod algorithm;
pub mod knobs;
mod steps;

use crate::chapters::faults::algorithm::{self as faults, FaultParams};
use crate::chapters::settings::{slot_among, OwnSetting, Place, Slot};
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

/// Its settings, in the order they are listed, and where each lives.
const PLACES: &[Place<Faults>] = &[
    Place {
        knob: &crate::knobs::WIDTH,
        slot: |c| Slot::Side(&mut c.params.width),
    },
    Place {
        knob: &crate::knobs::HEIGHT,
        slot: |c| Slot::Side(&mut c.params.height),
    },
    Place {
        knob: &knobs::FAULT_ITERATIONS,
        slot: |c| Slot::Whole(&mut c.params.iterations),
    },
    Place {
        knob: &knobs::SHAPES,
        slot: |c| Slot::Own(&mut c.params.shapes),
    },
    Place {
        knob: &knobs::FUZZINESS,
        slot: |c| Slot::Number(&mut c.params.fuzziness),
    },
];

impl Chapter for Faults {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Fault lines: random dividers raise one side and lower the other (the fifth source)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        const KNOBS: [&Knob; PLACES.len()] = crate::knobs::settings::knobs_of(PLACES);
        &KNOBS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        slot_among(PLACES, self, knob)
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
