//! The stream-power model's knobs: the rows its flags, the page's fields and the checks are made
//! from. Heights and distances are in cells, time in the model's own units: only the ratios
//! matter (the steady state's slopes are U / K A^-m, reached after a time of about 1 / K).

use super::Uplift;
use crate::knobs::settings::Slot;
use crate::knobs::table::{number, whole};
use crate::knobs::{Knob, Values};

/// Time steps.
pub const STEPS: Knob = whole(
    "steps",
    "Time steps",
    "Time steps of uplift and erosion: more let the rivers cut back to the divides",
    [1, 10_000, 100],
);

/// A time step's length.
pub const DT: Knob = number(
    "dt",
    "Time step",
    "Length of a time step: longer ones reach the steady state in fewer steps (the scheme is \
     implicit, so any length is stable)",
    [0.001, 100_000.0, 10.0],
);

/// The rock uplift rate.
pub const UPLIFT: Knob = number(
    "uplift",
    "Uplift",
    "Rock uplift per unit of time (U): how fast the land rises against the rivers",
    [0.0, 1000.0, 1.0],
);

/// The erodibility.
pub const K: Knob = number(
    "k",
    "Erodibility",
    "Erodibility (K): how fast a river cuts for its drainage area and slope; the land stands \
     U / K tall for each cell a river is long",
    [0.0001, 1000.0, 1.0],
);

/// The drainage area's exponent.
pub const M: Knob = number(
    "m",
    "Area exponent",
    "Exponent of the drainage area (m, with n = 1): the rivers' concavity at the steady \
     state; real rivers give about 0.45",
    [0.1, 1.0, 0.45],
);

/// Hillslope diffusion.
pub const DIFFUSION: Knob = number(
    "diffusion",
    "Diffusion",
    "Hillslope diffusion per unit of time: rounds the ridges; 0 for none",
    [0.0, 10.0, 0.0],
);

/// The ways water is routed, by the names `--routing` takes.
pub const ROUTING_NAMES: [&str; 2] = ["d8", "mfd"];

/// How water is routed.
pub const ROUTING: Knob = Knob {
    name: "routing",
    label: "Routing",
    help: "How water runs downhill: d8 sends each cell's water to its steepest lower neighbour \
           (one-cell gullies along the eight directions); mfd spreads it over every lower \
           neighbour by slope^p, so hillslopes drain as sheets and channels form where water \
           gathers",
    values: Values::Choice {
        names: &ROUTING_NAMES,
        default: "d8",
    },
};

/// The flow exponent of `mfd` routing.
pub const FLOW_EXPONENT: Knob = number(
    "flow-exponent",
    "Flow exponent",
    "With mfd routing, how the water shares out by slope (p in slope^p): higher sends more of it \
     down the steepest way, towards d8",
    [0.1, 10.0, 1.1],
);

/// Deposition.
pub const DEPOSITION: Knob = number(
    "deposition",
    "Deposition",
    "Deposition (G, Yuan et al. 2019): the rivers lay down what they carry at G / A times the \
     flux, so valleys fill and channels stand (1 + G) times steeper; 0 for none",
    [0.0, 10.0, 0.0],
);

/// The step's fields on the page: all but the flow exponent, which stays at its default there.
pub const FIELDS: &[&Knob] = &[
    &STEPS,
    &DT,
    &UPLIFT,
    &K,
    &M,
    &DIFFUSION,
    &ROUTING,
    &DEPOSITION,
];

crate::knobs::settings::places! {
    /// Every knob of the model, in the order its command lists them.
    pub KNOBS,
    /// Where each of its settings lives in [`Uplift`].
    pub fn slot(p: &mut Uplift) {
        STEPS => Slot::Whole(&mut p.steps),
        DT => Slot::Number(&mut p.dt),
        UPLIFT => Slot::Number(&mut p.uplift),
        K => Slot::Number(&mut p.k),
        M => Slot::Number(&mut p.m),
        DIFFUSION => Slot::Number(&mut p.diffusion),
        ROUTING => Slot::Choice(&mut p.routing, &ROUTING_NAMES),
        FLOW_EXPONENT => Slot::Number(&mut p.flow_exponent),
        DEPOSITION => Slot::Number(&mut p.deposition),
    }
}

/// The uplift map's flag (`--uplift-map FILE`): a file, so not a knob the page's fields offer.
pub const UPLIFT_MAP: &str = "uplift-map";

/// The flag that makes the map the step starts from its uplift map (`--uplift-from-map`): a
/// ridge painted or generated before grows into a range.
pub const UPLIFT_FROM_MAP: &str = "uplift-from-map";
