//! The 1-D line's knobs (its subdivisions and roughness): the rows its command's flags, the page's
//! fields and the checks are made from.

use crate::knobs::table::{number, whole};
use crate::knobs::Knob;

/// Subdivisions of the 1-D line.
pub const LINE_ITERATIONS: Knob = whole(
    "iterations",
    "Iterations",
    "Subdivisions: 2^n + 1 heights",
    [1, 20, 8],
);

/// How fast the line's bumps shrink.
pub const ROUGHNESS: Knob = number(
    "roughness",
    "Roughness",
    "How fast the bumps shrink, by 2^-roughness per iteration: low is jagged, high is smooth",
    [0.0, 8.0, 1.0],
);
