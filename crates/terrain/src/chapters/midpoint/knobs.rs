//! The subdivision's knobs (size, spread, reduction), which midpoint displacement, its recursive
//! rewrite, Diamond-Square and the chapters built on Diamond-Square share, and where each lives
//! in [`MpdParams`].

use super::algorithm::MpdParams;
use crate::chapters::settings::Slot;

crate::knobs::settings::places! {
    /// The subdivision's knobs, in the order they are listed.
    pub SUBDIVISION,
    /// Where a subdivision knob lives; `None` for any other knob.
    pub fn subdivision_slot(p: &mut MpdParams) {
        crate::knobs::EXPONENT => Slot::Whole(&mut p.exponent),
        crate::knobs::SPREAD => Slot::Number(&mut p.spread),
        crate::knobs::REDUCTION => Slot::Number(&mut p.reduction),
    }
}

/// The subdivision's fields on the page: [`SUBDIVISION`] with the size the page allows.
pub const PAGE_SUBDIVISION: [&crate::knobs::Knob; 3] = [
    &crate::knobs::PAGE_EXPONENT,
    &crate::knobs::SPREAD,
    &crate::knobs::REDUCTION,
];
