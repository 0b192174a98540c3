//! Thermal erosion's knobs: the rows its command's flags, the page's fields and the checks are
//! made from.

use super::Thermal;
use crate::knobs::settings::{knobs_of, slot_among, Place, Slot};
use crate::knobs::table::{number, whole};
use crate::knobs::Knob;

/// The talus angle, in degrees.
pub const TALUS: Knob = number(
    "talus",
    "Talus angle (°)",
    "Slopes steeper than this shed soil until they settle at it: lower makes gentler hills",
    [1.0, 89.0, 35.0],
);

/// Rounds of sliding.
pub const ITERATIONS: Knob = whole(
    "iterations",
    "Iterations",
    "Rounds of sliding: more settle the slopes further",
    [1, 10_000, 50],
);

/// The share of the excess that slides each round.
pub const RATE: Knob = number(
    "rate",
    "Rate",
    "Share of a cell's excess over the talus that slides each round: higher settles faster",
    [0.01, 0.5, 0.5],
);

/// Where each of its settings lives in [`Thermal`], in the order its command lists them.
const PLACES: &[Place<Thermal>] = &[
    Place {
        knob: &ITERATIONS,
        slot: |p| Slot::Whole(&mut p.iterations),
    },
    Place {
        knob: &TALUS,
        slot: |p| Slot::Number(&mut p.talus),
    },
    Place {
        knob: &RATE,
        slot: |p| Slot::Number(&mut p.rate),
    },
];

/// Every knob of the step, in the order its command lists them.
pub const KNOBS: [&Knob; PLACES.len()] = knobs_of(PLACES);

/// Where `knob` lives in `settings`; `None` for a knob not the step's.
pub fn slot<'a>(settings: &'a mut Thermal, knob: &Knob) -> Option<Slot<'a>> {
    slot_among(PLACES, settings, knob)
}
