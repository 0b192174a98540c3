//! Weathering: a Diamond-Square terrain, then thermal erosion (`terrain::chain::thermal`): what
//! `terrain ds --then thermal` writes. Slopes steeper than the talus shed material to the cells
//! below until they settle at it; it steps through the rounds 1, 2, 4 ... and marks the cells
//! still steeper than the talus.

mod steps;

#[cfg(feature = "cli")]
use crate::chain::thermal;
use crate::chain::thermal::{self as thermal_step, Thermal};
use crate::chain::Step;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::midpoint::knobs::subdivision_slot;
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

/// A Diamond-Square terrain weathered by thermal erosion.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Weathered {
    /// The Diamond-Square terrain's size, starting spread and reduction.
    pub params: MpdParams,
    /// The rounds, the talus angle and the rate.
    pub thermal: Thermal,
}

#[cfg(feature = "cli")]
/// The subdivision's knobs, then thermal erosion's.
const KNOBS: [&Knob; 6] = [
    SUBDIVISION[0],
    SUBDIVISION[1],
    SUBDIVISION[2],
    thermal::knobs::KNOBS[0],
    thermal::knobs::KNOBS[1],
    thermal::knobs::KNOBS[2],
];

impl Weathered {
    /// The default Diamond-Square terrain, weathered by the default thermal erosion.
    pub const DEFAULT: Weathered = Weathered {
        params: diamond_square::DEFAULT,
        thermal: Thermal::DEFAULT,
    };
}

/// Where thermal erosion's knob `knob` is kept in `settings` (the chapter's and compose's
/// step's); `None` for any other knob.
pub fn thermal_slot<'a>(settings: &'a mut Thermal, knob: &Knob) -> Option<Slot<'a>> {
    let [iterations, talus, rate] = thermal_step::knobs::KNOBS;
    Some(match knob.name {
        name if name == iterations.name => Slot::Whole(&mut settings.iterations),
        name if name == talus.name => Slot::Number(&mut settings.talus),
        name if name == rate.name => Slot::Number(&mut settings.rate),
        _ => return None,
    })
}

impl Chapter for Weathered {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "A Diamond-Square terrain weathered by thermal erosion (terrain ds --then thermal)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        &KNOBS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        match subdivision_slot(&mut self.params, knob) {
            Some(slot) => Some(slot),
            None => thermal_slot(&mut self.thermal, knob),
        }
    }

    fn size(&self) -> (usize, usize) {
        limits::square(self.params.exponent)
    }

    fn size_tag(&self) -> String {
        format!("e{}", self.params.exponent)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        // Weathering is in the later chapters' module, with erosion: the worker's own module
        // leaves it out and hands the recipe on.
        if !crate::erosion::LINKED {
            return Err(crate::chapters::eroded::algorithm::not_linked());
        }
        self.thermal.validate()?;
        let mut map = diamond_square::generate(&self.params, seed)?;
        self.thermal.apply(&mut map, seed)?;
        Ok(map)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::diamond_square(self.params))
    }

    #[cfg(feature = "cli")]
    fn chain(&self) -> Vec<Box<dyn Step>> {
        vec![Box::new(self.thermal)]
    }

    fn on_a_base(&self) -> bool {
        true
    }

    fn linked(&self) -> bool {
        crate::erosion::LINKED
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
        Some(steps::rounds::in_rounds(self, seed, columns, rows))
    }

    fn subdivision(&self) -> Option<&MpdParams> {
        Some(&self.params)
    }
}

#[cfg(test)]
mod tests;
