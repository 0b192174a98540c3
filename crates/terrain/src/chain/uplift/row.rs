//! The stream-power model's row in the step registry: its name, help, table of settings, and
//! the flags beside it (the uplift map, and rising where the map given stands high).

use super::knobs::{self, UPLIFT_FROM_MAP};
use super::Uplift;
#[cfg(feature = "cli")]
use crate::chain::row::{Extra, ExtraKind};
use crate::chain::row::{Settings, StepRow};
use crate::knobs::Knob;

/// `uplift`'s row.
#[derive(Debug)]
pub struct UpliftRow;

/// The row the registry lists.
pub static ROW: UpliftRow = UpliftRow;

/// The flags beside the table.
#[cfg(feature = "cli")]
const EXTRAS: [Extra; 2] = [
    Extra {
        name: knobs::UPLIFT_MAP,
        value_name: "FILE",
        help: "Where the land rises: any heightmap file, its heights mapped onto 0 to 1 scaling \
               the uplift cell by cell (stretched over the map); none for U everywhere",
        kind: ExtraKind::Map,
        conflicts_with: None,
    },
    Extra {
        name: UPLIFT_FROM_MAP,
        value_name: "",
        help: "Rise where the map this step starts from stands high: its heights mapped onto 0 \
               to 1 scale the uplift cell by cell (a painted ridge grows into a range)",
        kind: ExtraKind::Switch,
        conflicts_with: Some(knobs::UPLIFT_MAP),
    },
];

impl UpliftRow {
    /// The model `settings` make.
    pub fn of(settings: &Settings) -> Uplift {
        Uplift {
            steps: settings.whole(&knobs::STEPS),
            dt: settings.number(&knobs::DT),
            uplift: settings.number(&knobs::UPLIFT),
            k: settings.number(&knobs::K),
            m: settings.number(&knobs::M),
            diffusion: settings.number(&knobs::DIFFUSION),
            routing: settings.choice(&knobs::ROUTING),
            flow_exponent: settings.number(&knobs::FLOW_EXPONENT),
            deposition: settings.number(&knobs::DEPOSITION),
        }
    }
}

impl StepRow for UpliftRow {
    fn name(&self) -> &'static str {
        "uplift"
    }

    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Tectonic uplift against river incision (the stream-power law, solved implicitly)"
    }

    fn fields(&self) -> &'static [&'static Knob] {
        knobs::FIELDS
    }

    /// The page's fields, then how water is routed.
    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        knobs::KNOBS
    }

    #[cfg(feature = "cli")]
    fn extras(&self) -> &'static [Extra] {
        &EXTRAS
    }

    #[cfg(feature = "erosion")]
    fn step(
        &self,
        settings: &Settings,
        given: &crate::chain::row::Given,
    ) -> crate::chain::row::Made {
        use super::{UpliftMap, UpliftOver, UpliftWhereHigh};
        let model = UpliftRow::of(settings);
        Ok(match given.map(knobs::UPLIFT_MAP) {
            Some((map, file)) => Box::new(UpliftOver {
                model,
                rates: UpliftMap::of(map),
                file: file.to_string(),
            }),
            None if given.switch(UPLIFT_FROM_MAP) => Box::new(UpliftWhereHigh(model)),
            None => Box::new(model),
        })
    }

    fn after_drawn(&self) -> Option<&'static str> {
        Some(UPLIFT_FROM_MAP)
    }
}
