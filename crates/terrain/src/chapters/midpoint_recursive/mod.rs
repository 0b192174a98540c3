//! Midpoint displacement written recursively, as the second post does it: one call per square,
//! depth first.

mod steps;

use crate::algorithms::erosion::ErosionParams;
use crate::algorithms::midpoint::MpdParams;
use crate::algorithms::midpoint_recursive;
use crate::chapters::settings::{self, SUBDIVISION};
use crate::chapters::{Chapter, Recipe};
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;
use crate::shown::steps::Steps;

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
    fn about(&self) -> &'static str {
        "Midpoint displacement written recursively (the second post)"
    }

    fn knobs(&self) -> &'static [&'static Knob] {
        &SUBDIVISION
    }

    fn show(&self, knob: &Knob) -> Option<String> {
        settings::show_subdivision(&self.params, knob)
    }

    fn apply(
        &mut self,
        knob: &Knob,
        text: &str,
        read: ReadDecimal,
    ) -> Option<Result<(), ParamError>> {
        settings::apply_subdivision(&mut self.params, knob, text, read)
    }

    fn size(&self) -> (usize, usize) {
        let side = limits::side_for_exponent(self.params.exponent);
        (side, side)
    }

    fn size_tag(&self) -> String {
        format!("e{}", self.params.exponent)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        midpoint_recursive::generate(&self.params, seed)
    }

    fn command(&self) -> Option<(Recipe, Option<ErosionParams>)> {
        Some((Recipe::MidpointRecursive(*self), None))
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    fn erodes(&self) -> bool {
        true
    }

    fn subdivision(&self) -> Option<&MpdParams> {
        Some(&self.params)
    }
}
