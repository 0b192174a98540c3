//! Hydraulic erosion's row in the step registry: `--then erode` takes the droplets and every
//! constant, and `--batch [N]`; the page's Make your own offers the droplets and three of the
//! constants (the rest at their defaults).

use super::algorithm::ErosionParams;
use super::knobs::ERODE_KNOBS;
#[cfg(feature = "cli")]
use super::slots::CONSTANTS;
#[cfg(feature = "cli")]
use crate::chain::row::{Extra, ExtraKind};
use crate::chain::row::{Given, Settings, StepRow};
use crate::knobs::{Knob, Values};

/// `erode`'s row.
#[derive(Debug)]
pub struct ErodeRow;

/// The row the registry lists.
pub static ROW: ErodeRow = ErodeRow;

/// `--droplets` of `--then erode`: the command line's range (more in batches), erosion's
/// default.
const DROPLETS: Knob = Knob {
    values: Values::Whole {
        min: crate::chapters::eroded::knobs::CLI_DROPLETS.whole_min(),
        max: crate::chapters::eroded::knobs::CLI_DROPLETS.whole_max(),
        default: ErosionParams::DEFAULT.droplets as u64,
    },
    ..crate::chapters::eroded::knobs::CLI_DROPLETS
};

/// The droplets, then every constant, in the order the command lists them.
#[cfg(feature = "cli")]
const KNOBS: [&Knob; 10] = crate::knobs::settings::joined(&[&[&DROPLETS], CONSTANTS]);

/// `--batch [N]`: droplets in batches of N, summed in whole numbers.
#[cfg(feature = "cli")]
const EXTRAS: [Extra; 1] = [Extra {
    name: "batch",
    value_name: "N",
    help: "",
    kind: ExtraKind::Optional(&crate::chapters::eroded::knobs::BATCH),
    conflicts_with: None,
}];

impl ErodeRow {
    /// The constants `settings` and `given` set (those the settings lack at their defaults).
    pub fn of(settings: &Settings, given: &Given) -> ErosionParams {
        ErosionParams {
            droplets: settings.whole(&DROPLETS),
            lifetime: settings.whole(&crate::chapters::eroded::knobs::LIFETIME),
            inertia: settings.number(&crate::chapters::eroded::knobs::INERTIA),
            capacity: settings.number(&crate::chapters::eroded::knobs::CAPACITY),
            min_capacity: settings.number(&crate::chapters::eroded::knobs::MIN_CAPACITY),
            erosion: settings.number(&crate::chapters::eroded::knobs::EROSION),
            deposition: settings.number(&crate::chapters::eroded::knobs::DEPOSITION),
            evaporation: settings.number(&crate::chapters::eroded::knobs::EVAPORATION),
            gravity: settings.number(&crate::chapters::eroded::knobs::GRAVITY),
            radius: settings.whole(&crate::chapters::eroded::knobs::RADIUS),
            batch: given
                .optional(crate::chapters::eroded::knobs::BATCH.name)
                .unwrap_or(0),
        }
    }
}

impl StepRow for ErodeRow {
    fn name(&self) -> &'static str {
        "erode"
    }

    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Hydraulic erosion, droplet by droplet (or in batches with --batch)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        &KNOBS
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &ERODE_KNOBS
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
        use super::algorithm::step::Erode;
        Ok(Box::new(Erode(ErodeRow::of(settings, given))))
    }
}
