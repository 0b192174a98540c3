//! The subdivision's knobs (size, spread, reduction), which midpoint displacement, its recursive
//! rewrite, Diamond-Square and the chapters built on Diamond-Square share, and where each lives
//! in [`MpdParams`].

use super::algorithm::MpdParams;
use crate::chapters::settings::Slot;
use crate::knobs::Knob;

/// The subdivision's knobs, in the order they are listed.
#[cfg(feature = "cli")]
pub const SUBDIVISION: [&Knob; 3] = [
    &crate::knobs::EXPONENT,
    &crate::knobs::SPREAD,
    &crate::knobs::REDUCTION,
];

/// Where a subdivision knob lives; `None` for any other knob.
pub fn subdivision_slot<'a>(params: &'a mut MpdParams, knob: &Knob) -> Option<Slot<'a>> {
    Some(match knob.name {
        "exponent" => Slot::Whole(&mut params.exponent),
        "spread" => Slot::Number(&mut params.spread),
        "reduction" => Slot::Number(&mut params.reduction),
        _ => return None,
    })
}
