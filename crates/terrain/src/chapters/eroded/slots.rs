//! Where each erosion knob lives in [`ErosionParams`]: one table that gives both the knobs the
//! chapters list and the slot each is read into.

use super::algorithm::ErosionParams;
use super::knobs::*;
use crate::chapters::settings::{slot_among, Place, Slot};
use crate::knobs::Knob;

/// Where each erosion knob lives: the droplets under either name, the constants a reader may
/// set beside them, the batch.
const PLACES: &[Place<ErosionParams>] = &[
    Place {
        knob: &DROPLETS,
        slot: |p| Slot::Whole(&mut p.droplets),
    },
    Place {
        knob: &ERODE,
        slot: |p| Slot::Whole(&mut p.droplets),
    },
    Place {
        knob: &LIFETIME,
        slot: |p| Slot::Whole(&mut p.lifetime),
    },
    Place {
        knob: &INERTIA,
        slot: |p| Slot::Number(&mut p.inertia),
    },
    Place {
        knob: &CAPACITY,
        slot: |p| Slot::Number(&mut p.capacity),
    },
    Place {
        knob: &MIN_CAPACITY,
        slot: |p| Slot::Number(&mut p.min_capacity),
    },
    Place {
        knob: &EROSION,
        slot: |p| Slot::Number(&mut p.erosion),
    },
    Place {
        knob: &DEPOSITION,
        slot: |p| Slot::Number(&mut p.deposition),
    },
    Place {
        knob: &EVAPORATION,
        slot: |p| Slot::Number(&mut p.evaporation),
    },
    Place {
        knob: &GRAVITY,
        slot: |p| Slot::Number(&mut p.gravity),
    },
    Place {
        knob: &RADIUS,
        slot: |p| Slot::Whole(&mut p.radius),
    },
    Place {
        knob: &BATCH,
        slot: |p| Slot::Whole(&mut p.batch),
    },
];

/// The erosion constants a reader may set, beside the droplets.
#[cfg(feature = "cli")]
pub const CONSTANTS: [&Knob; 9] = crate::knobs::settings::knobs_of(PLACES.split_at(2).1);

/// Where an erosion knob lives; `None` for any other knob.
pub fn erosion_slot<'a>(params: &'a mut ErosionParams, knob: &Knob) -> Option<Slot<'a>> {
    slot_among(PLACES, params, knob)
}
