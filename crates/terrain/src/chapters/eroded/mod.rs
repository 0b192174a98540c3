//! Erosion: a Diamond-Square terrain, then hydraulic erosion droplet by droplet with the same
//! seed (what `terrain ds --erode N` writes).

pub mod algorithm;
pub mod knobs;
mod steps;

use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::eroded::algorithm::{self as erosion, ErosionParams};
use crate::chapters::midpoint::algorithm::MpdParams;
#[cfg(feature = "cli")]
use crate::chapters::midpoint::knobs::SUBDIVISION;
use crate::chapters::settings::Slot;
use crate::chapters::steps::Steps;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;
use knobs::eroded_slot;
#[cfg(feature = "cli")]
use knobs::EROSION;

/// An eroded Diamond-Square terrain.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Eroded {
    /// The Diamond-Square terrain's size, starting spread and reduction.
    pub params: MpdParams,
    /// The droplets and the erosion constants.
    pub erosion: ErosionParams,
}

#[cfg(feature = "cli")]
/// The subdivision's knobs, the droplets, then the erosion constants.
const KNOBS: [&Knob; 13] = [
    SUBDIVISION[0],
    SUBDIVISION[1],
    SUBDIVISION[2],
    &crate::knobs::DROPLETS,
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

impl Eroded {
    /// The default Diamond-Square terrain under the default rain.
    pub const DEFAULT: Eroded = Eroded {
        params: diamond_square::DEFAULT,
        erosion: ErosionParams::DEFAULT,
    };
}

impl Chapter for Eroded {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "A Diamond-Square terrain eroded by droplets (what terrain ds --erode N writes)"
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
        self.erosion.validate()?;
        let mut map = diamond_square::generate(&self.params, seed)?;
        erosion::erode(&mut map, &self.erosion, seed)?;
        Ok(map)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::diamond_square(self.params))
    }

    #[cfg(feature = "cli")]
    fn chain(&self) -> Vec<Box<dyn crate::chain::Step>> {
        vec![Box::new(algorithm::step::Erode(self.erosion))]
    }

    fn linked(&self) -> bool {
        erosion::LINKED
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    // Only where the generator is (the worker's own module hands these demos on).
    #[cfg(feature = "erosion")]
    fn in_steps(
        &self,
        _held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<crate::chapters::steps::InSteps, ParamError>> {
        Some(steps::batches::erosion_batches(
            &self.params,
            &self.erosion,
            seed,
            columns,
            rows,
        ))
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
