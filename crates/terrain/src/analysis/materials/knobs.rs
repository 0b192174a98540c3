//! The materials' knobs: where the layers' rules draw their lines. They hold for the whole run
//! (on the command line before the first `--then` or after the last), as `--maps` does.

use crate::knobs::table::number;
use crate::knobs::Knob;

/// The snow line, a share of the map's range.
pub const SNOW_LINE: Knob = number(
    "snow-line",
    "Snow line",
    "Height (0 to 1 of the map's range) above which snow lies on ground that is not too steep: \
     lower covers more of the peaks",
    [0.0, 1.0, 0.78],
);

/// The tree line, a share of the map's range.
pub const TREE_LINE: Knob = number(
    "tree-line",
    "Tree line",
    "Height (0 to 1 of the map's range) above which no forest grows: higher lets the forest \
     climb further up the valleys",
    [0.0, 1.0, 0.6],
);

/// The sand level, a share of the map's range.
pub const SAND_LEVEL: Knob = number(
    "sand-level",
    "Sand level",
    "Height (0 to 1 of the map's range) below which the shore is sand: higher widens the \
     beaches of the lowest ground",
    [0.0, 1.0, 0.04],
);

/// The rock slope, in degrees.
pub const ROCK_SLOPE: Knob = number(
    "rock-slope",
    "Rock slope (°)",
    "Slope in degrees from which the ground is bare rock (the slope as --maps slope measures \
     it): lower bares more of the hillsides",
    [0.0, 90.0, 40.0],
);

/// Every material knob, in the order `--help` lists them.
pub const KNOBS: [&Knob; 4] = [&SNOW_LINE, &TREE_LINE, &SAND_LEVEL, &ROCK_SLOPE];
