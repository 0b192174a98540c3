//! Erosion: a Diamond-Square terrain, then hydraulic erosion droplet by droplet with the same
//! seed (what `terrain ds --erode N` writes): a row of [`OnBase`] with the `erode` step. Its
//! two other chapters stand on the same step and its constants: `rain` (droplets in
//! batches, at scale) and `held` (a map read from a file, then rain on it).

pub mod algorithm;
pub(crate) mod held;
pub mod knobs;
pub(crate) mod rain;
pub mod row;
pub mod slots;
pub(crate) mod steps;

use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::eroded::algorithm::step::Erode;
use crate::chapters::eroded::algorithm::ErosionParams;
#[cfg(feature = "cli")]
use crate::chapters::midpoint::knobs::SUBDIVISION;
use crate::chapters::on_base::{OnBase, ShownStep};
use crate::chapters::settings::Slot;
#[cfg(feature = "erosion")]
use crate::knobs::params::ParamError;
use crate::knobs::Knob;
#[cfg(feature = "cli")]
use slots::CONSTANTS;

/// An eroded Diamond-Square terrain: the base, then the droplets and the erosion constants.
pub type Eroded = OnBase<Erode>;

#[cfg(feature = "cli")]
/// The subdivision's knobs, the droplets, then the erosion constants.
const KNOBS: [&Knob; 13] =
    crate::knobs::settings::joined(&[SUBDIVISION, &[&knobs::DROPLETS], CONSTANTS]);

impl Eroded {
    /// The default Diamond-Square terrain under the default rain.
    pub const DEFAULT: Eroded = OnBase {
        params: diamond_square::DEFAULT,
        step: Erode(ErosionParams::DEFAULT),
    };
}

impl ShownStep for Erode {
    #[cfg(feature = "cli")]
    const ABOUT: &'static str =
        "A Diamond-Square terrain eroded by droplets (what terrain ds --erode N writes)";

    #[cfg(feature = "cli")]
    const KNOBS: &'static [&'static Knob] = &KNOBS;

    /// The size and shape of the Diamond-Square map, then the rain's main constants.
    const FIELDS: &'static [&'static Knob] = &crate::knobs::settings::joined::<7>(&[
        &crate::chapters::midpoint::knobs::PAGE_SUBDIVISION,
        &knobs::ERODE_KNOBS,
    ]);

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        slots::erosion_slot(&mut self.0, knob)
    }

    fn runs_on_gpu(&self) -> bool {
        self.0.batch != 0
    }

    fn linked(&self) -> bool {
        crate::erosion::LINKED
    }

    #[cfg(feature = "erosion")]
    fn in_steps(
        on: &Eroded,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<crate::chapters::steps::InSteps, ParamError> {
        steps::batches::erosion_batches(&on.params, &on.step.0, seed, columns, rows)
    }
}
