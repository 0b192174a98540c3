//! Midpoint displacement, the first post: a square's corners, then its edge midpoints and center
//! from their averages plus a shrinking random jitter, pass by pass.

pub mod algorithm;
pub mod knobs;
pub(crate) mod steps;

use crate::chapters::midpoint::algorithm::{self as midpoint, MpdParams, Stage};
use crate::chapters::midpoint::knobs::subdivision_slot;
#[cfg(feature = "cli")]
use crate::chapters::midpoint::knobs::SUBDIVISION;
use crate::chapters::settings::Slot;
use crate::chapters::steps::{PartialStage, Steps};
use crate::chapters::Chapter;
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;

/// What every chapter that subdivides a square answers from its `params` (midpoint
/// displacement, its recursive rewrite, Diamond-Square and the chapters on a Diamond-Square
/// base), inside its `impl Chapter`: Diamond-Square beside it in a pair look, and the Hurst
/// exponent its spread reduction aims at.
macro_rules! subdivision_answers {
    () => {
        fn partner(
            &self,
            seed: u64,
            _columns: &[usize],
            _rows: &[usize],
        ) -> Option<Result<crate::chapters::Partner, crate::knobs::params::ParamError>> {
            Some(crate::chapters::Partner::diamond_square(self.params, seed))
        }

        fn roughness_aim(&self) -> Option<crate::analysis::variogram::Aim> {
            Some(crate::analysis::variogram::Aim::of_reduction(
                self.params.reduction,
            ))
        }
    };
}
pub(crate) use subdivision_answers;

/// Midpoint displacement up to a stage (the first post's step demos stop early).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Midpoint {
    /// Size, starting spread and reduction.
    pub params: MpdParams,
    /// How far to go; [`Stage::Full`] is the whole algorithm.
    pub stage: Stage,
}

impl Midpoint {
    /// The whole of midpoint displacement with the first post's parameters.
    pub const DEFAULT: Midpoint = Midpoint {
        params: MpdParams::DEFAULT,
        stage: Stage::Full,
    };

    /// The recipe of the whole of midpoint displacement with `params`.
    pub const fn recipe(params: MpdParams) -> Recipe {
        Recipe::Midpoint(Midpoint {
            params,
            stage: Stage::Full,
        })
    }
}

impl Chapter for Midpoint {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Midpoint displacement (the first post): a square map of 2^N + 1 points per side"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        SUBDIVISION
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &crate::chapters::midpoint::knobs::PAGE_SUBDIVISION
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        subdivision_slot(&mut self.params, knob)
    }

    fn size(&self) -> (usize, usize) {
        limits::square(self.params.exponent)
    }

    fn size_tag(&self) -> String {
        format!("e{}", self.params.exponent)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        midpoint::generate_stage(self.stage, &self.params, seed)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        (self.stage == Stage::Full).then_some(Recipe::Midpoint(*self))
    }

    fn steps(&self) -> Option<&dyn Steps> {
        (self.stage == Stage::Full).then_some(self as &dyn Steps)
    }

    fn stage(&self) -> Option<PartialStage> {
        // Corners, then the edge midpoints, then the center.
        let (set, caption) = match self.stage {
            Stage::Corners => (
                1,
                "Highlighted: the 4 corners this step set; grey points are not set yet",
            ),
            Stage::Edges => (
                2,
                "Highlighted: the 4 edge midpoints this step set, each from 2 corners",
            ),
            Stage::Center => (
                3,
                "Highlighted: the center this step set, from the 4 edge midpoints",
            ),
            Stage::Full => return None,
        };
        Some(PartialStage {
            exponent: self.params.exponent,
            set,
            newest: set,
            center_first: false,
            caption,
        })
    }

    crate::chapters::midpoint::subdivision_answers!();
}
