//! Thermal erosion's row in the step registry: its name, help and table of settings.

use super::{knobs, Thermal};
use crate::chain::row::{Settings, StepRow};
use crate::knobs::Knob;

/// `thermal`'s row.
#[derive(Debug)]
pub struct ThermalRow;

/// The row the registry lists.
pub static ROW: ThermalRow = ThermalRow;

impl ThermalRow {
    /// The step `settings` make.
    pub fn of(settings: &Settings) -> Thermal {
        Thermal {
            iterations: settings.whole(&knobs::ITERATIONS),
            talus: settings.number(&knobs::TALUS),
            rate: settings.number(&knobs::RATE),
        }
    }
}

impl StepRow for ThermalRow {
    fn name(&self) -> &'static str {
        "thermal"
    }

    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Thermal erosion: slopes steeper than the talus angle shed material to the cells below"
    }

    fn fields(&self) -> &'static [&'static Knob] {
        knobs::KNOBS
    }

    #[cfg(feature = "erosion")]
    fn step(
        &self,
        settings: &Settings,
        _given: &crate::chain::row::Given,
    ) -> crate::chain::row::Made {
        Ok(Box::new(ThermalRow::of(settings)))
    }
}
