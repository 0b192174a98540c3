//! Hydraulic erosion's knobs: the constants a reader may set beside the droplets, and where each
//! lives in [`ErosionParams`].

use super::algorithm::step::Erode;
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

/// The settings of an `erode` step the page offers (the other constants at their defaults):
/// kept apart from the whole [`ErosionParams`] so a composed recipe stays small.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Droplets {
    /// How many droplets fall ([`knobs::DROPLETS`]).
    pub droplets: u32,
    /// Share of its direction a droplet keeps each step ([`knobs::INERTIA`]).
    pub inertia: f32,
    /// Share of its spare capacity a droplet picks up ([`knobs::EROSION`]).
    pub erosion: f32,
    /// Share of its excess a droplet drops ([`knobs::DEPOSITION`]).
    pub deposition: f32,
}

impl Droplets {
    /// Erosion's defaults.
    pub const DEFAULT: Droplets = Droplets {
        droplets: ErosionParams::DEFAULT.droplets,
        inertia: ErosionParams::DEFAULT.inertia,
        erosion: ErosionParams::DEFAULT.erosion,
        deposition: ErosionParams::DEFAULT.deposition,
    };

    /// The whole constants: these settings, the rest at their defaults.
    pub fn params(&self) -> ErosionParams {
        ErosionParams {
            droplets: self.droplets,
            inertia: self.inertia,
            erosion: self.erosion,
            deposition: self.deposition,
            ..ErosionParams::DEFAULT
        }
    }
    /// The step these settings run.
    pub fn step(&self) -> Erode {
        Erode(self.params())
    }
}

/// Where an `erode` step's knob `knob` is kept in `droplets`; `None` for any other knob.
pub fn droplets_slot<'a>(droplets: &'a mut Droplets, knob: &Knob) -> Option<Slot<'a>> {
    Some(match knob.name {
        "droplets" => Slot::Whole(&mut droplets.droplets),
        "inertia" => Slot::Number(&mut droplets.inertia),
        "erosion" => Slot::Number(&mut droplets.erosion),
        "deposition" => Slot::Number(&mut droplets.deposition),
        _ => return None,
    })
}
