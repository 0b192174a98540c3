//! The subdivision's knobs (size, spread, reduction), which midpoint displacement, its recursive
//! rewrite, Diamond-Square and the chapters built on Diamond-Square share, and where each lives
//! in [`MpdParams`].

use super::algorithm::MpdParams;
use crate::chapters::settings::{slot_among, Place, Slot};
use crate::knobs::Knob;

/// The subdivision's settings, in the order they are listed.
const PLACES: &[Place<MpdParams>] = &[
    Place {
        knob: &crate::knobs::EXPONENT,
        slot: |p| Slot::Whole(&mut p.exponent),
    },
    Place {
        knob: &crate::knobs::SPREAD,
        slot: |p| Slot::Number(&mut p.spread),
    },
    Place {
        knob: &crate::knobs::REDUCTION,
        slot: |p| Slot::Number(&mut p.reduction),
    },
];

/// The subdivision's knobs, in the order they are listed.
#[cfg(feature = "cli")]
pub const SUBDIVISION: [&Knob; PLACES.len()] = crate::knobs::settings::knobs_of(PLACES);

/// Where a subdivision knob lives; `None` for any other knob.
pub fn subdivision_slot<'a>(params: &'a mut MpdParams, knob: &Knob) -> Option<Slot<'a>> {
    slot_among(PLACES, params, knob)
}
