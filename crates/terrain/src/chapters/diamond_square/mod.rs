//! Diamond-Square, the third post: each level's square step sets the squares' centers, its
//! diamond step the edge midpoints from three or four neighbours. Whole maps can be made to tile.

pub mod algorithm;
pub mod knobs;
mod steps;

use crate::chapters::diamond_square::algorithm::{self as diamond_square, Stage};
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::midpoint::knobs::subdivision_slot;
use crate::chapters::settings::Slot;
use crate::chapters::steps::{PartialStage, Steps};
use crate::chapters::Chapter;
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;

/// Diamond-Square up to a stage.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DiamondSquare {
    /// Size, starting spread and reduction.
    pub params: MpdParams,
    /// How far to go; [`Stage::Full`] is the whole algorithm.
    pub stage: Stage,
    /// Tileable: the map wraps around, its last row and column repeat the first, and copies
    /// side by side join without a seam ([`diamond_square::generate_tileable`]; whole maps
    /// only).
    #[cfg_attr(feature = "serde", serde(default))]
    pub wrap: bool,
}

impl DiamondSquare {
    /// The whole of Diamond-Square with the third post's parameters, not tiling.
    pub const DEFAULT: DiamondSquare = DiamondSquare {
        params: diamond_square::DEFAULT,
        stage: Stage::Full,
        wrap: false,
    };

    /// The recipe of the whole of Diamond-Square with `params`, not tiling.
    pub const fn recipe(params: MpdParams) -> Recipe {
        Recipe::DiamondSquare(DiamondSquare {
            params,
            ..DiamondSquare::DEFAULT
        })
    }
}

/// The page's fields: the subdivision's, then whether the map tiles.
const PAGE_FIELDS: [&Knob; 4] = crate::knobs::settings::joined(&[
    &crate::chapters::midpoint::knobs::PAGE_SUBDIVISION,
    &[&knobs::WRAP],
]);

impl Chapter for DiamondSquare {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Diamond-Square (the third post)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        &[
            &crate::knobs::EXPONENT,
            &crate::knobs::SPREAD,
            &crate::knobs::REDUCTION,
            &knobs::WRAP,
        ]
    }

    fn fields(&self) -> &'static [&'static Knob] {
        &PAGE_FIELDS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        if knob.name == knobs::WRAP.name {
            // Only a whole map tiles.
            return (self.stage == Stage::Full).then_some(Slot::Toggle(&mut self.wrap));
        }
        subdivision_slot(&mut self.params, knob)
    }

    fn size(&self) -> (usize, usize) {
        limits::square(self.params.exponent)
    }

    fn size_tag(&self) -> String {
        format!("e{}", self.params.exponent)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        if self.wrap() == Some(true) {
            diamond_square::generate_tileable(&self.params, seed)
        } else {
            diamond_square::generate_stage(self.stage, &self.params, seed)
        }
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        (self.stage == Stage::Full).then_some(Recipe::DiamondSquare(*self))
    }

    fn steps(&self) -> Option<&dyn Steps> {
        (self.stage == Stage::Full).then_some(self as &dyn Steps)
    }

    fn stage(&self) -> Option<PartialStage> {
        // Corners, then the center (the square step), then the edge midpoints (the diamond step).
        let (set, newest, caption) = match self.stage {
            Stage::Corners => (
                1,
                1,
                "Highlighted: the 4 corners this step set; grey points are not set yet",
            ),
            Stage::Square => (
                3,
                3,
                "Highlighted: the center the square step set, from the 4 corners",
            ),
            Stage::Diamond => (
                4,
                2,
                "Highlighted: the 4 edge midpoints the diamond step set, each from 3 points \
                 (2 corners and the center)",
            ),
            Stage::Full => return None,
        };
        Some(PartialStage {
            exponent: self.params.exponent,
            set,
            newest,
            center_first: true,
            caption,
        })
    }

    crate::chapters::midpoint::subdivision_answers!();

    fn wrap(&self) -> Option<bool> {
        (self.stage == Stage::Full).then_some(self.wrap)
    }
}
