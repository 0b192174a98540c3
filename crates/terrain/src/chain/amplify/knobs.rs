//! Amplify's knobs: the rows its flags, the page's fields and the checks are made from.

use crate::knobs::table::number;
use crate::knobs::{Knob, Values};

/// The factors the map's spacing may be divided by, as `--factor` names them.
pub const FACTOR_NAMES: [&str; 3] = ["2", "4", "8"];

/// How many times finer the map becomes.
pub const FACTOR: Knob = Knob {
    name: "factor",
    label: "Factor",
    help: "How many times finer the map becomes: each side of n points becomes (n − 1) × factor \
           + 1, so 257 by 8 is 2049; the steps after it run at the new size",
    values: Values::Choice {
        names: &FACTOR_NAMES,
        default: "4",
    },
};

/// How much detail is added between the map's points.
pub const DETAIL: Knob = number(
    "detail",
    "Detail",
    "How rough the new points between the map's own are, as a share of the local relief (how far \
     the heights around each point spread): 0 leaves the smooth curve through them, 1 adds bumps \
     as tall as that relief",
    [0.0, 1.0, 0.3],
);

/// Every knob of the step, in the order its command lists them.
pub const KNOBS: [&Knob; 2] = [&FACTOR, &DETAIL];
