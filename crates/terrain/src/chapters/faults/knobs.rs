//! Fault lines' knobs (how many faults, their shapes and ragged bands): the rows its command's
//! flags, the page's fields and the checks are made from.

use crate::knobs::table::{number, whole};
use crate::knobs::{Knob, Values};

/// The names of the fault shapes, in the order the page and the command line list them.
pub const SHAPE_NAMES: [&str; 4] = ["line", "circle", "rect", "triangle"];

/// Number of faults.
pub const FAULT_ITERATIONS: Knob = whole(
    "iterations",
    "Iterations",
    "Number of faults: more gives finer detail",
    [1, 100_000, 500],
);

/// The dividers faults cut with.
pub const SHAPES: Knob = Knob {
    name: "shapes",
    label: "Shapes",
    help: "Which dividers cut the map: lines give ridges, circles hills and craters, rectangles \
           and triangles mesas",
    values: Values::Names {
        names: &SHAPE_NAMES,
        default: "line",
    },
};

/// Width of a fault's ragged band.
pub const FUZZINESS: Knob = number(
    "fuzziness",
    "Fuzziness",
    "Width in cells of the ragged, Perlin-noise band along each fault: 0 is sharp",
    [0.0, 64.0, 0.0],
);

/// The page's fields for faults of every shape ([`crate::chapters::Chapter::fields`]).
pub const SHAPE_FIELDS: [&Knob; 3] = [&FAULT_ITERATIONS, &SHAPES, &FUZZINESS];

/// The page's fields for the straight fault lines of the first demo: how many.
pub const LINE_FIELDS: [&Knob; 1] = [&FAULT_ITERATIONS];
