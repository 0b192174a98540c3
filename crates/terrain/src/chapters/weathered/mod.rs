//! Weathering: a Diamond-Square terrain, then thermal erosion (`terrain::chain::thermal`): what
//! `terrain ds --then thermal` writes, a row of [`OnBase`] with the `thermal` step. Slopes
//! steeper than the talus shed material to the cells below until they settle at it; it steps
//! through the rounds 1, 2, 4 ... and marks the cells still steeper than the talus.

mod steps;

#[cfg(feature = "cli")]
use crate::chain::thermal;
use crate::chain::thermal::{self as thermal_step, Thermal};
use crate::chapters::diamond_square::algorithm as diamond_square;
#[cfg(feature = "cli")]
use crate::chapters::midpoint::knobs::SUBDIVISION;
use crate::chapters::on_base::{OnBase, ShownStep};
use crate::chapters::settings::Slot;
#[cfg(feature = "erosion")]
use crate::knobs::params::ParamError;
use crate::knobs::Knob;

/// A Diamond-Square terrain weathered by thermal erosion: the base, then the rounds, the talus
/// angle and the rate.
pub type Weathered = OnBase<Thermal>;

#[cfg(feature = "cli")]
/// The subdivision's knobs, then thermal erosion's.
const KNOBS: [&Knob; 6] = crate::knobs::settings::joined(&[SUBDIVISION, thermal::knobs::KNOBS]);

impl Weathered {
    /// The default Diamond-Square terrain, weathered by the default thermal erosion.
    pub const DEFAULT: Weathered = OnBase {
        params: diamond_square::DEFAULT,
        step: Thermal::DEFAULT,
    };

    /// `params`'s Diamond-Square terrain weathered by `iterations` rounds, the other settings
    /// at their defaults (a demo row's recipe, so the table names no step type).
    pub const fn rounds_on(
        params: crate::chapters::midpoint::algorithm::MpdParams,
        iterations: u32,
    ) -> Weathered {
        OnBase {
            params,
            step: Thermal {
                iterations,
                ..Thermal::DEFAULT
            },
        }
    }
}

impl ShownStep for Thermal {
    #[cfg(feature = "cli")]
    const ABOUT: &'static str =
        "A Diamond-Square terrain weathered by thermal erosion (terrain ds --then thermal)";

    #[cfg(feature = "cli")]
    const KNOBS: &'static [&'static Knob] = &KNOBS;

    /// The map's size, then thermal erosion's three.
    const FIELDS: &'static [&'static Knob] = &crate::knobs::settings::joined::<4>(&[
        &[&crate::knobs::PAGE_EXPONENT],
        thermal_step::knobs::KNOBS,
    ]);

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        thermal_step::knobs::slot(self, knob)
    }

    fn linked(&self) -> bool {
        crate::erosion::LINKED
    }

    #[cfg(feature = "erosion")]
    fn in_steps(
        on: &Weathered,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<crate::chapters::steps::InSteps, ParamError> {
        steps::rounds::in_rounds(on, seed, columns, rows)
    }
}

#[cfg(test)]
mod tests;
