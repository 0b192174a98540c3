//! Thermal erosion's knobs: the rows its command's flags, the page's fields and the checks are
//! made from.

use super::Thermal;
use crate::knobs::settings::Slot;
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

crate::knobs::settings::places! {
    /// Every knob of the step, in the order its command lists them.
    pub KNOBS,
    /// Where each of its settings lives in [`Thermal`].
    pub fn slot(p: &mut Thermal) {
        ITERATIONS => Slot::Whole(&mut p.iterations),
        TALUS => Slot::Number(&mut p.talus),
        RATE => Slot::Number(&mut p.rate),
    }
}
