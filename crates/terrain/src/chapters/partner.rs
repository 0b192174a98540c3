//! A pair: the map a chapter sets beside its own, from the same setup, so the reader compares
//! two methods on one seed (midpoint displacement beside Diamond-Square, gradient noise beside
//! value noise). The chapter says what its partner is ([`super::Chapter::partner`]); the page
//! draws the two side by side, with the marks each carries.

use crate::chapters::diamond_square::{self, DiamondSquare};
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::Chapter;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// The map set beside a chapter's own (on its right), and what the pair marks.
#[derive(Debug, Clone, PartialEq)]
pub struct Partner {
    /// The partner's map, the same size as the chapter's own.
    pub map: Heightmap,
    /// One mark code per shown point ([`crate::steps::trail_mark`]) of the chapter's own map,
    /// then of the partner's, each row after row; empty for no marks.
    pub marks: [Vec<u8>; 2],
    /// Whether the pair compares creases: the page then measures both maps' crease scores and
    /// says them under the pair.
    pub creases: bool,
}

impl Partner {
    /// Diamond-Square's map of a subdivision chapter's size, spread and reduction: what the
    /// creases comparison sets beside midpoint displacement.
    pub fn diamond_square(params: MpdParams, seed: u64) -> Result<Partner, ParamError> {
        let map = DiamondSquare {
            params,
            stage: diamond_square::algorithm::Stage::Full,
            wrap: false,
        }
        .generate(seed)?;
        Ok(Partner {
            map,
            marks: [Vec::new(), Vec::new()],
            creases: true,
        })
    }
}
