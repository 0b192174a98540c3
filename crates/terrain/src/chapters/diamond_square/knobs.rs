//! Diamond-Square's own knob (tiling); its subdivision knobs are midpoint displacement's: the rows
//! its command's flags, the page's fields and the checks are made from.

use crate::knobs::{Knob, Values};

/// Tileable Diamond-Square.
pub const WRAP: Knob = Knob {
    name: "wrap",
    label: "Tileable",
    help: "Make the map tile: opposite edges match, so copies join without a seam",
    values: Values::Toggle { default: false },
};
