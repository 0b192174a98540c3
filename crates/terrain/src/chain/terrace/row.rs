//! Terraces' row in the step registry: its name, help and table of settings.

use super::{knobs, Terrace};
use crate::chain::row::{Given, Settings, StepRow};
use crate::chain::Step;
use crate::knobs::params::ParamError;
use crate::knobs::Knob;

/// `terrace`'s row.
#[derive(Debug)]
pub struct TerraceRow;

/// The row the registry lists.
pub static ROW: TerraceRow = TerraceRow;

impl StepRow for TerraceRow {
    fn name(&self) -> &'static str {
        "terrace"
    }

    fn about(&self) -> &'static str {
        "Terraces: the heights cut into flat steps at evenly spaced levels, joined by smooth risers"
    }

    fn knobs(&self) -> &'static [&'static Knob] {
        &knobs::KNOBS
    }

    fn step(&self, settings: &Settings, _given: &Given) -> Result<Box<dyn Step>, ParamError> {
        Ok(Box::new(Terrace {
            levels: settings.whole(&knobs::LEVELS),
            sharpness: settings.number(&knobs::SHARPNESS),
        }))
    }
}
