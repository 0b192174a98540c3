//! Terraces' knobs: the rows its flags, the page's fields and the checks are made from.

use crate::knobs::table::{number, whole};
use crate::knobs::Knob;

/// How many steps the map's range is cut into.
pub const LEVELS: Knob = whole(
    "levels",
    "Levels",
    "How many terraces the map's range is cut into, evenly spaced from its lowest point to its \
     highest: more make narrower steps",
    [2, 64, 8],
);

/// How flat the treads are.
pub const SHARPNESS: Knob = number(
    "sharpness",
    "Sharpness",
    "How flat the terraces are: 0 leaves the map as it was, 1 leaves only flat treads at the \
     level heights, between them the risers are smooth S-curves",
    [0.0, 1.0, 0.8],
);

/// Every knob of the step, in the order its command lists them.
pub const KNOBS: [&Knob; 2] = [&LEVELS, &SHARPNESS];
