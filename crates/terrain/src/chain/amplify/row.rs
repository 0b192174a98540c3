//! Amplify's row in the step registry: its name, help and table of settings.

use super::knobs;
use crate::chain::row::StepRow;
use crate::knobs::Knob;

/// `amplify`'s row.
#[derive(Debug)]
pub struct AmplifyRow;

/// The row the registry lists.
pub static ROW: AmplifyRow = AmplifyRow;

impl StepRow for AmplifyRow {
    fn name(&self) -> &'static str {
        "amplify"
    }

    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Amplify: the map made 2, 4 or 8 times finer, the new points on a smooth curve through \
         the old ones with detail in proportion to the local relief, so the rivers of a coarse \
         map stay where they were"
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &knobs::KNOBS
    }

    fn masked(&self) -> bool {
        false
    }

    #[cfg(feature = "erosion")]
    fn step(
        &self,
        settings: &crate::chain::row::Settings,
        _given: &crate::chain::row::Given,
    ) -> crate::chain::row::Made {
        Ok(Box::new(super::Amplify {
            factor: settings.choice(&knobs::FACTOR),
            detail: settings.number(&knobs::DETAIL),
        }))
    }
}
