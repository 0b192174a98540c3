//! Midpoint displacement written recursively, as the second post does it: one call per square,
//! depth first.

pub mod algorithm;
mod steps;

use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::midpoint::knobs::subdivision_slot;
#[cfg(feature = "cli")]
use crate::chapters::midpoint::knobs::SUBDIVISION;
use crate::chapters::midpoint_recursive::algorithm as midpoint_recursive;
use crate::chapters::settings::Slot;
use crate::chapters::steps::Steps;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;

/// The recursive rewrite of midpoint displacement.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MidpointRecursive {
    /// Size, starting spread and reduction.
    pub params: MpdParams,
}

impl MidpointRecursive {
    /// The recursive rewrite with the second post's parameters.
    pub const DEFAULT: MidpointRecursive = MidpointRecursive {
        params: midpoint_recursive::DEFAULT,
    };
}

impl Chapter for MidpointRecursive {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Midpoint displacement written recursively (the second post)"
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
        midpoint_recursive::generate(&self.params, seed)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(Recipe::MidpointRecursive(*self))
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    crate::chapters::midpoint::subdivision_answers!();
}
