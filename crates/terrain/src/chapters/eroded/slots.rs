//! Where each erosion knob lives in [`ErosionParams`]: one table that gives both the knobs the
//! chapters list and the slot each is read into.

use super::algorithm::ErosionParams;
use super::knobs::*;
use crate::chapters::settings::Slot;

crate::knobs::settings::places! {
    /// Every erosion knob: the droplets under either name, the constants, the batch.
    pub EROSION_KNOBS,
    /// Where each erosion knob lives: the droplets under either name, the constants a reader may
    /// set beside them, the batch.
    pub fn erosion_slot(p: &mut ErosionParams) {
        DROPLETS => Slot::Whole(&mut p.droplets),
        ERODE => Slot::Whole(&mut p.droplets),
        LIFETIME => Slot::Whole(&mut p.lifetime),
        INERTIA => Slot::Number(&mut p.inertia),
        CAPACITY => Slot::Number(&mut p.capacity),
        MIN_CAPACITY => Slot::Number(&mut p.min_capacity),
        EROSION => Slot::Number(&mut p.erosion),
        DEPOSITION => Slot::Number(&mut p.deposition),
        EVAPORATION => Slot::Number(&mut p.evaporation),
        GRAVITY => Slot::Number(&mut p.gravity),
        RADIUS => Slot::Whole(&mut p.radius),
        BATCH => Slot::Whole(&mut p.batch),
    }
}

/// The erosion constants a reader may set, beside the droplets.
#[cfg(feature = "cli")]
pub const CONSTANTS: &[&crate::knobs::Knob] = EROSION_KNOBS.split_at(2).1.split_at(9).0;
