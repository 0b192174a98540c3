//! Rain at scale: a Diamond-Square terrain eroded by droplets in batches
//! ([`crate::erosion::batched`]), what `terrain ds --erode N --batch B` writes. The same droplets
//! as the erosion chapter, but a batch reads the map as it began and the batch's changes are
//! summed in whole numbers, so a run gives the same bytes on any number of threads or on a GPU.
//! It steps batch by batch (1, 2, 4 ... batches, then all).

#[cfg(feature = "erosion")]
mod job;
mod steps;

#[cfg(feature = "erosion")]
pub use job::Job;

use crate::chain::Step;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::eroded::algorithm::step::Erode;
use crate::chapters::eroded::algorithm::ErosionParams;
use crate::chapters::eroded::slots::erosion_slot;
#[cfg(feature = "cli")]
use crate::chapters::eroded::slots::CONSTANTS;
use crate::chapters::midpoint::algorithm::MpdParams;
#[cfg(feature = "cli")]
use crate::chapters::midpoint::knobs::SUBDIVISION;
use crate::chapters::on_base::{OnBase, ShownStep};
use crate::chapters::settings::Slot;
use crate::knobs::params::ParamError;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

/// A Diamond-Square terrain eroded in batches: the base, then the droplets, the batch size and
/// the erosion constants.
pub type RainAtScale = OnBase<Batches>;

/// The `erode` step with droplets in batches (`batch` at least 1): what `--erode N --batch B`
/// runs, on every core or, in the page's worker, on the GPU.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Batches(pub ErosionParams);

#[cfg(feature = "cli")]
/// The subdivision's knobs, the droplets and the batch, then the erosion constants.
const KNOBS: [&Knob; 14] = crate::knobs::settings::joined(&[
    SUBDIVISION,
    &[
        &crate::chapters::eroded::knobs::BATCHED_DROPLETS,
        &crate::chapters::eroded::knobs::BATCH,
    ],
    CONSTANTS,
]);

impl RainAtScale {
    /// A 513 x 513 Diamond-Square terrain under 300 000 droplets in batches of the default size.
    pub const DEFAULT: RainAtScale = OnBase {
        params: MpdParams {
            exponent: 9,
            ..diamond_square::DEFAULT
        },
        step: Batches(ErosionParams {
            droplets: crate::chapters::eroded::knobs::BATCHED_DROPLETS.whole_default() as u32,
            batch: crate::chapters::eroded::knobs::BATCH.whole_default() as u32,
            ..ErosionParams::DEFAULT
        }),
    };
}

/// The `erode` step's, but for the batch, which must be at least 1.
impl Step for Batches {
    fn moves_material(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        Erode(self.0).name()
    }

    fn validate(&self) -> Result<(), ParamError> {
        crate::chapters::eroded::knobs::BATCH.check_whole(u64::from(self.0.batch))?;
        self.0.validate()
    }

    fn apply(&self, map: &mut Heightmap, seed: u64) -> Result<(), ParamError> {
        self.validate()?;
        Erode(self.0).apply(map, seed)
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        Erode(self.0).settings()
    }
}

impl ShownStep for Batches {
    #[cfg(feature = "cli")]
    const ABOUT: &'static str =
        "A Diamond-Square terrain eroded by droplets in batches (terrain ds --erode N --batch B)";

    #[cfg(feature = "cli")]
    const KNOBS: &'static [&'static Knob] = &KNOBS;

    /// The map's size, the rain, the batch and the erosion's main constants.
    const FIELDS: &'static [&'static Knob] = &[
        &crate::knobs::RAIN_EXPONENT,
        &crate::chapters::eroded::knobs::RAIN_DROPLETS,
        &crate::chapters::eroded::knobs::BATCH,
        &crate::chapters::eroded::knobs::INERTIA,
        &crate::chapters::eroded::knobs::EROSION,
        &crate::chapters::eroded::knobs::DEPOSITION,
    ];

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        erosion_slot(&mut self.0, knob)
    }

    fn runs_on_gpu(&self) -> bool {
        self.0.batch != 0
    }

    fn linked(&self) -> bool {
        crate::erosion::LINKED
    }

    /// The job, run on this machine's cores.
    fn made(on: &RainAtScale, seed: u64) -> Result<Heightmap, ParamError> {
        #[cfg(feature = "erosion")]
        return Ok(on.job(seed)?.run(&[], &[])?.map);
        // Not in this build: the worker's own module hands rain on to the later chapters'.
        #[cfg(not(feature = "erosion"))]
        return {
            let _ = (on, seed);
            Err(crate::erosion::not_linked())
        };
    }

    #[cfg(feature = "erosion")]
    fn in_steps(
        on: &RainAtScale,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<crate::chapters::steps::InSteps, ParamError> {
        on.job(seed).and_then(|job| job.run(columns, rows))
    }
}

#[cfg(test)]
mod tests;
