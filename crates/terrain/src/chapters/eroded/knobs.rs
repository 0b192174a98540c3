//! Hydraulic erosion's knobs: the constants a reader may set beside the droplets, and where each
//! lives in [`ErosionParams`].

use super::algorithm::ErosionParams;
use crate::chapters::settings::{slot_among, Place, Slot};
use crate::knobs::{self, Knob};

/// Where each erosion knob lives: the droplets under either name, the constants a reader may
/// set beside them, the batch.
const PLACES: &[Place<ErosionParams>] = &[
    Place {
        knob: &knobs::DROPLETS,
        slot: |p| Slot::Whole(&mut p.droplets),
    },
    Place {
        knob: &knobs::ERODE,
        slot: |p| Slot::Whole(&mut p.droplets),
    },
    Place {
        knob: &knobs::LIFETIME,
        slot: |p| Slot::Whole(&mut p.lifetime),
    },
    Place {
        knob: &knobs::INERTIA,
        slot: |p| Slot::Number(&mut p.inertia),
    },
    Place {
        knob: &knobs::CAPACITY,
        slot: |p| Slot::Number(&mut p.capacity),
    },
    Place {
        knob: &knobs::MIN_CAPACITY,
        slot: |p| Slot::Number(&mut p.min_capacity),
    },
    Place {
        knob: &knobs::EROSION,
        slot: |p| Slot::Number(&mut p.erosion),
    },
    Place {
        knob: &knobs::DEPOSITION,
        slot: |p| Slot::Number(&mut p.deposition),
    },
    Place {
        knob: &knobs::EVAPORATION,
        slot: |p| Slot::Number(&mut p.evaporation),
    },
    Place {
        knob: &knobs::GRAVITY,
        slot: |p| Slot::Number(&mut p.gravity),
    },
    Place {
        knob: &knobs::RADIUS,
        slot: |p| Slot::Whole(&mut p.radius),
    },
    Place {
        knob: &knobs::BATCH,
        slot: |p| Slot::Whole(&mut p.batch),
    },
];

/// The erosion constants a reader may set, beside the droplets.
#[cfg(feature = "cli")]
pub const EROSION: [&Knob; 9] = crate::knobs::settings::knobs_of(PLACES.split_at(2).1);

/// Where an erosion knob lives; `None` for any other knob.
pub fn erosion_slot<'a>(params: &'a mut ErosionParams, knob: &Knob) -> Option<Slot<'a>> {
    slot_among(PLACES, params, knob)
}

/// The erosion fields the page's Make your own offers for an `erode` step (the rest stay at
/// their defaults).
pub const ERODE_KNOBS: [&Knob; 4] = [
    &knobs::DROPLETS,
    &knobs::INERTIA,
    &knobs::EROSION,
    &knobs::DEPOSITION,
];
