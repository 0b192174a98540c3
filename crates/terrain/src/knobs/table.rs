//! The table of knobs: every setting the page and the command line offer, each once, with its
//! name, label, one sentence on what it does to the terrain, its range and its default.
//!
//! The algorithms' parameter types take their defaults from here and check themselves against
//! these ranges; the command line builds its flags and `--help` from the rows; the page builds
//! its fields, hints, share links and parsing from them. Adding a knob is one row here plus its
//! use in the algorithm.
//!
//! The subdivision rows give the first post's defaults; Diamond-Square and the recursive rewrite
//! keep their posts' own (see `diamond_square::DEFAULT` and `midpoint_recursive::DEFAULT`).

use super::knob::{Knob, Values};

pub(crate) const fn whole(
    name: &'static str,
    label: &'static str,
    help: &'static str,
    [min, max, default]: [u64; 3],
) -> Knob {
    Knob {
        name,
        label,
        help,
        values: Values::Whole { min, max, default },
    }
}

pub(crate) const fn number(
    name: &'static str,
    label: &'static str,
    help: &'static str,
    [min, max, default]: [f64; 3],
) -> Knob {
    Knob {
        name,
        label,
        help,
        values: Values::Number { min, max, default },
    }
}

// Every map.

/// The random seed. When none is given, the page and the command line draw one at random, so the
/// default is never used.
pub const SEED: Knob = whole(
    "seed",
    "Seed",
    "The same seed always makes the same terrain",
    [0, u64::MAX, 0],
);

/// Size of a square map (midpoint displacement, Diamond-Square, noise): 2^exponent + 1 points per
/// side. The command line goes to 14; the page to [`PAGE_EXPONENT`]'s 12.
pub const EXPONENT: Knob = whole(
    "exponent",
    "Exponent",
    "Map size: 2^n + 1 points per side; each step up quadruples the work",
    [1, 14, 5],
);

/// [`EXPONENT`] as the page offers it: up to 4097 x 4097.
pub const PAGE_EXPONENT: Knob = EXPONENT.capped(12);

/// [`EXPONENT`] as the page's "Rain at scale" offers it: up to 1025 x 1025, where a million
/// droplets still fall in seconds.
pub const RAIN_EXPONENT: Knob = EXPONENT.capped(10);

/// Width of a free-sized map (noise, faults) in points.
pub const WIDTH: Knob = whole(
    "width",
    "Width",
    "Width in points (up to 2^28 cells in all)",
    [1, 1 << 28, 129],
);

/// Height of a free-sized map in points.
pub const HEIGHT: Knob = whole(
    "height",
    "Height",
    "Height in points (up to 2^28 cells in all)",
    [1, 1 << 28, 129],
);

// Midpoint displacement, its recursive rewrite and Diamond-Square.

/// How far the first pass may push a point up or down.
pub const SPREAD: Knob = number(
    "spread",
    "Starting spread",
    "How far the first pass may push points up or down: larger gives taller, rougher mountains",
    [0.0, 100.0, 0.3],
);

/// The spread's factor after every pass.
pub const REDUCTION: Knob = number(
    "reduction",
    "Spread reduction",
    "The spread's factor after every pass: low is smooth, near 1 is rough",
    [0.0, 2.0, 0.5],
);

// 1-D midpoint displacement.

// Fault lines.

// Diamond-Square.

// Hydraulic erosion.

// The command line.

/// Metres between neighbouring points, for the derived maps' slopes.
pub const CELL_M: Knob = number(
    "cell-m",
    "Cell size in metres",
    "Metres between neighbouring points: with the relief, how steep the slopes of the normal and \
     slope maps are",
    [0.001, 100_000.0, 1.0],
);

/// The maps derived from the heights.
pub const MAPS: Knob = Knob {
    name: "maps",
    label: "Derived maps",
    help:
        "Maps derived from the heights, written beside the file as NAME_normal.png (tangent-space \
           normals), NAME_slope.png, NAME_flow.png, NAME_wetness.png, NAME_curvature.png, \
           NAME_wear.png and NAME_deposit.png (16-bit masks), NAME_splat0.png, NAME_splat1.png \
           and NAME_LAYER.png (the material layers' weights), NAME_albedo.png (their colours \
           mixed) and NAME_shadow.png (the shadows the land casts under the Land view's sun), \
           each described in NAME.json",
    values: Values::Names {
        names: &[
            "normal",
            "slope",
            "flow",
            "wetness",
            "curvature",
            "wear",
            "deposit",
            "splat",
            "albedo",
            "shadow",
        ],
        default: "normal",
    },
};

/// The relief in the engine: how many metres the map's lowest to highest point spans. When none is
/// given the sidecar states no vertical scale, and derived maps take the page's relief (0.6 of
/// the map's width), so the default is not used by the command line.
pub const HEIGHT_M: Knob = number(
    "height-m",
    "Relief in metres",
    "How many metres the map's lowest to highest point spans in the engine; the sidecar gives \
     the engine's vertical scale for it",
    [0.001, 100_000.0, 1000.0],
);

/// Threads the command line shares its rows among. When none is given it takes one per core, so
/// the default is never used.
pub const THREADS: Knob = whole(
    "threads",
    "Threads",
    "Threads that midpoint displacement, Diamond-Square, fBm and faults share their rows among; \
     the map is the same bit for bit whatever the number",
    [1, 1024, 1],
);

/// The rows no chapter or step lists among its knobs: the seed and the command line's own
/// flags. With every chapter's and step's knobs they are every knob a reader meets
/// ([`crate::chapters::Recipe::every_knob`]).
pub const BESIDE_CHAPTERS: [&Knob; 5] = [&SEED, &THREADS, &HEIGHT_M, &CELL_M, &MAPS];
