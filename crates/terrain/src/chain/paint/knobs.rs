//! A stroke's knobs: the rows the strokes file is checked against and the page's fields made from.

use crate::knobs::table::number;
use crate::knobs::{Knob, Values};

/// The brushes, by the names the strokes file and the page's choice give them.
pub const BRUSH_NAMES: [&str; 4] = ["raise", "lower", "smooth", "flatten"];

/// Which brush the page paints with.
pub const BRUSH: Knob = Knob {
    name: "brush",
    label: "Brush",
    help: "What a drag on the terrain does: raise, lower, smooth, or flatten to the height \
           where it began (Shift-drag, or a drag beside the terrain, turns it)",
    values: Values::Choice {
        names: &BRUSH_NAMES,
        default: "raise",
    },
};

/// A brush's radius in cells.
pub const RADIUS: Knob = number(
    "radius",
    "Radius",
    "Brush radius in cells: nothing farther than this from a stroke's points changes",
    [0.5, 256.0, 8.0],
);

/// A brush's strength.
pub const STRENGTH: Knob = number(
    "strength",
    "Strength",
    "How much one dab does at the brush's centre: raise and lower move the ground by this share \
     of the map's height range, smooth and flatten move it this share of the way",
    [0.0, 1.0, 0.1],
);

/// Points in one strokes file at most: a long drag on the page makes a few hundred.
pub const MOST_POINTS: usize = 1_000_000;
