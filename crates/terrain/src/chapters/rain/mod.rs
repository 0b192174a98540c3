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

use crate::chapters::diamond_square::algorithm as diamond_square;
#[cfg(feature = "cli")]
use crate::chapters::eroded::algorithm::step::Erode;
use crate::chapters::eroded::algorithm::ErosionParams;
use crate::chapters::eroded::knobs::eroded_slot;
#[cfg(feature = "cli")]
use crate::chapters::eroded::knobs::EROSION;
use crate::chapters::midpoint::algorithm::MpdParams;
#[cfg(feature = "cli")]
use crate::chapters::midpoint::knobs::SUBDIVISION;
use crate::chapters::settings::Slot;
use crate::chapters::steps::Steps;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs;
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;

/// A Diamond-Square terrain eroded in batches.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RainAtScale {
    /// The Diamond-Square terrain's size, starting spread and reduction.
    pub params: MpdParams,
    /// The droplets, the batch size and the erosion constants (`batch` is never 0 here).
    pub erosion: ErosionParams,
}

#[cfg(feature = "cli")]
/// The subdivision's knobs, the droplets and the batch, then the erosion constants.
const KNOBS: [&Knob; 14] = [
    SUBDIVISION[0],
    SUBDIVISION[1],
    SUBDIVISION[2],
    &knobs::BATCHED_DROPLETS,
    &knobs::BATCH,
    EROSION[0],
    EROSION[1],
    EROSION[2],
    EROSION[3],
    EROSION[4],
    EROSION[5],
    EROSION[6],
    EROSION[7],
    EROSION[8],
];

impl RainAtScale {
    /// A 513 x 513 Diamond-Square terrain under 300 000 droplets in batches of the default size.
    pub const DEFAULT: RainAtScale = RainAtScale {
        params: MpdParams {
            exponent: 9,
            ..diamond_square::DEFAULT
        },
        erosion: ErosionParams {
            droplets: knobs::BATCHED_DROPLETS.whole_default() as u32,
            batch: knobs::BATCH.whole_default() as u32,
            ..ErosionParams::DEFAULT
        },
    };
}

impl Chapter for RainAtScale {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "A Diamond-Square terrain eroded by droplets in batches (terrain ds --erode N --batch B)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        &KNOBS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        eroded_slot(&mut self.params, &mut self.erosion, knob)
    }

    fn size(&self) -> (usize, usize) {
        limits::square(self.params.exponent)
    }

    fn size_tag(&self) -> String {
        format!("e{}", self.params.exponent)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        self.made(seed)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::diamond_square(self.params))
    }

    #[cfg(feature = "cli")]
    fn chain(&self) -> Vec<Box<dyn crate::chain::Step>> {
        vec![Box::new(Erode(self.erosion))]
    }

    fn linked(&self) -> bool {
        crate::erosion::LINKED
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    #[cfg(feature = "erosion")]
    fn in_steps(
        &self,
        _held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<crate::chapters::steps::InSteps, ParamError>> {
        Some(self.job(seed).and_then(|job| job.run(columns, rows)))
    }

    fn on_a_base(&self) -> bool {
        true
    }

    fn runs_on_gpu(&self) -> bool {
        self.erosion.batch != 0
    }

    fn subdivision(&self) -> Option<&MpdParams> {
        Some(&self.params)
    }
}

impl RainAtScale {
    /// The eroded map for `seed`: the job, run on this machine's cores.
    #[cfg(feature = "erosion")]
    fn made(&self, seed: u64) -> Result<Heightmap, ParamError> {
        Ok(self.job(seed)?.run(&[], &[])?.map)
    }

    /// Not in this build: the worker's own module hands rain on to the later chapters'.
    #[cfg(not(feature = "erosion"))]
    fn made(&self, _seed: u64) -> Result<Heightmap, ParamError> {
        Err(crate::erosion::not_linked())
    }

    /// The erosion's checks, and a batch of at least one droplet.
    #[cfg(feature = "erosion")]
    pub(crate) fn check(&self) -> Result<(), ParamError> {
        knobs::BATCH.check_whole(u64::from(self.erosion.batch))?;
        self.erosion.validate()
    }
}

#[cfg(test)]
mod tests;
