//! fBm's knobs (the window, the octaves, their shape and warp): the rows its command's flags, the
//! page's fields and the checks are made from.

use crate::knobs::table::{number, whole};
use crate::knobs::{Knob, Values};

/// The names of the octave shapes, in the order the page and the command line list them.
pub const OCTAVE_SHAPES: [&str; 3] = ["plain", "ridged", "billow"];

/// How many octaves fBm sums.
pub const OCTAVES: Knob = whole(
    "octaves",
    "Octaves",
    "How many layers of noise are summed, each finer than the last: more adds smaller detail",
    [1, 12, 8],
);

/// The first octave's frequency.
pub const FREQUENCY: Knob = number(
    "frequency",
    "Frequency",
    "The first octave's cycles per 256 cells: larger gives smaller, more numerous hills",
    [0.25, 64.0, 2.0],
);

/// Each octave's frequency over the one before.
pub const LACUNARITY: Knob = number(
    "lacunarity",
    "Lacunarity",
    "How much finer each octave is than the one before: 2 doubles the frequency",
    [1.25, 4.0, 2.0],
);

/// Each octave's amplitude over the one before.
pub const GAIN: Knob = number(
    "gain",
    "Gain",
    "How tall each octave is beside the one before: low is smooth, near 1 is rough \
     (with lacunarity 2 it aims at the Hurst exponent -log2 gain)",
    [0.1, 0.95, 0.5],
);

/// What each octave's noise becomes before it is added.
pub const SHAPE: Knob = Knob {
    name: "shape",
    label: "Shape",
    help: "What each octave becomes: plain rolls, ridged folds into sharp crests, billow into \
           round hills with creased valleys",
    values: Values::Choice {
        names: &OCTAVE_SHAPES,
        default: "plain",
    },
};

/// Domain warping.
pub const WARP: Knob = number(
    "warp",
    "Warp",
    "How far the plane is pushed around by noise before it is read, in first-octave \
     wavelengths: 0 is none, 1 swirls",
    [0.0, 4.0, 0.0],
);

/// The map's left edge on the endless plane.
pub const ORIGIN_X: Knob = whole(
    "x",
    "X",
    "The map's left edge on the endless plane, in cells: maps made apart join where they meet",
    [0, 1 << 24, 0],
);

/// The map's top edge on the endless plane.
pub const ORIGIN_Y: Knob = whole(
    "y",
    "Y",
    "The map's top edge on the endless plane, in cells",
    [0, 1 << 24, 0],
);

/// The page's fields for the octave stepper ([`crate::chapters::Chapter::fields`]): what each
/// octave is.
pub const OCTAVE_FIELDS: [&Knob; 4] = [&OCTAVES, &FREQUENCY, &LACUNARITY, &GAIN];

/// The page's fields for the shapes demo: what the octaves become, and the heights after.
pub const SHAPE_FIELDS: [&Knob; 4] = [&SHAPE, &crate::chain::redistribute::POWER, &WARP, &OCTAVES];

/// The page's field for one octave alone: how far apart the lattice points are.
pub const LATTICE_FIELDS: [&Knob; 1] = [&FREQUENCY];

/// The page's fields for the endless map: where the view is on the plane, and the octaves.
pub const ENDLESS_FIELDS: [&Knob; 4] = [&ORIGIN_X, &ORIGIN_Y, &OCTAVES, &GAIN];
