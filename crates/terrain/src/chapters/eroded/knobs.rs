//! Hydraulic erosion's knobs: the constants a reader may set beside the droplets, and where each
//! lives in [`ErosionParams`].

use super::algorithm::ErosionParams;
use crate::chapters::settings::Slot;
use crate::knobs::{self, Knob};

/// The erosion constants a reader may set, beside the droplets.
#[cfg(feature = "cli")]
pub const EROSION: [&Knob; 9] = [
    &knobs::LIFETIME,
    &knobs::INERTIA,
    &knobs::CAPACITY,
    &knobs::MIN_CAPACITY,
    &knobs::EROSION,
    &knobs::DEPOSITION,
    &knobs::EVAPORATION,
    &knobs::GRAVITY,
    &knobs::RADIUS,
];

/// Where an erosion knob lives (the droplets under either name, the batch); `None` for any
/// other knob.
pub fn erosion_slot<'a>(params: &'a mut ErosionParams, knob: &Knob) -> Option<Slot<'a>> {
    Some(match knob.name {
        "droplets" | "erode" => Slot::Whole(&mut params.droplets),
        "lifetime" => Slot::Whole(&mut params.lifetime),
        "radius" => Slot::Whole(&mut params.radius),
        "inertia" => Slot::Number(&mut params.inertia),
        "capacity" => Slot::Number(&mut params.capacity),
        "min-capacity" => Slot::Number(&mut params.min_capacity),
        "erosion" => Slot::Number(&mut params.erosion),
        "deposition" => Slot::Number(&mut params.deposition),
        "evaporation" => Slot::Number(&mut params.evaporation),
        "gravity" => Slot::Number(&mut params.gravity),
        "batch" => Slot::Whole(&mut params.batch),
        _ => return None,
    })
}

/// The erosion fields the page's Make your own offers for an `erode` step (the rest stay at
/// their defaults).
pub const ERODE_KNOBS: [&Knob; 4] = [
    &knobs::DROPLETS,
    &knobs::INERTIA,
    &knobs::EROSION,
    &knobs::DEPOSITION,
];
