//! Terraces' row in the step registry: its name, help and table of settings.

use super::knobs;
use crate::chain::row::StepRow;
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

    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Terraces: the heights cut into flat steps at evenly spaced levels, joined by smooth risers"
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &knobs::KNOBS
    }

    #[cfg(feature = "erosion")]
    fn step(
        &self,
        settings: &crate::chain::row::Settings,
        _given: &crate::chain::row::Given,
    ) -> crate::chain::row::Made {
        Ok(Box::new(super::Terrace {
            levels: settings.whole(&knobs::LEVELS),
            sharpness: settings.number(&knobs::SHARPNESS),
        }))
    }
}
