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

mod fbm;

pub use fbm::*;

/// The names of the fault shapes, in the order the page and the command line list them.
pub const SHAPE_NAMES: [&str; 4] = ["line", "circle", "rect", "triangle"];

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

// Fault lines.

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

// Diamond-Square.

/// Tileable Diamond-Square.
pub const WRAP: Knob = Knob {
    name: "wrap",
    label: "Tileable",
    help: "Make the map tile: opposite edges match, so copies join without a seam",
    values: Values::Toggle { default: false },
};

// Hydraulic erosion.

/// How many droplets fall.
pub const DROPLETS: Knob = whole(
    "droplets",
    "Droplets",
    "How many droplets fall, one after another: more carve deeper valleys",
    [1, 2_000_000, 30_000],
);

/// Droplets falling in batches ([`BATCH`]): [`DROPLETS`] with room for more, as batches run on
/// every core (the page's "Rain at scale", `--batch` on the command line).
pub const BATCHED_DROPLETS: Knob = whole(
    "droplets",
    "Droplets",
    "How many droplets fall: more carve deeper valleys",
    [1, 5_000_000, 300_000],
);

/// Droplets on a map read from a file (the page's real land and "Your map"): [`DROPLETS`], but
/// 0, the map as read, is allowed and the default.
pub const HELD_DROPLETS: Knob = whole(
    "droplets",
    "Droplets",
    "How many droplets fall on the map, one after another: 0 leaves it as read, more carve \
     deeper valleys",
    [0, 2_000_000, 0],
);

/// `--erode N` on the subdivision commands: [`DROPLETS`] after generating, or
/// [`BATCHED_DROPLETS`] with `--batch`.
pub const ERODE: Knob = BATCHED_DROPLETS.renamed(
    "erode",
    "Erode the map with this many droplets after generating it, as `terrain erode` would with \
     the same seed: up to 2000000 one after another, more in batches (--batch)",
);

/// `--droplets` on `terrain erode`: [`DROPLETS`] one after another, or [`BATCHED_DROPLETS`]
/// with `--batch`.
pub const CLI_DROPLETS: Knob = BATCHED_DROPLETS.renamed(
    "droplets",
    "How many droplets fall: more carve deeper valleys; up to 2000000 one after another, more \
     in batches (--batch)",
);

/// Most steps a droplet takes.
pub const LIFETIME: Knob = whole(
    "lifetime",
    "Lifetime",
    "Most steps a droplet takes: longer lives carry material further, into longer river beds",
    [1, 500, 30],
);

/// Share of its direction a droplet keeps.
pub const INERTIA: Knob = number(
    "inertia",
    "Inertia",
    "Share of its direction a droplet keeps each step: 0 cuts narrow gullies straight downhill, \
     near 1 smears the path",
    [0.0, 1.0, 0.05],
);

/// Sediment capacity factor.
pub const CAPACITY: Knob = number(
    "capacity",
    "Capacity",
    "How much a fast, full droplet on a steep slope can carry: higher erodes more",
    [0.0, 64.0, 4.0],
);

/// The least sediment capacity.
pub const MIN_CAPACITY: Knob = number(
    "min-capacity",
    "Least capacity",
    "The least a droplet can carry, whatever the slope: lets droplets on gentle ground still \
     carry (and so erode) a little",
    [0.0, 1.0, 0.01],
);

/// Share of the spare capacity eroded each step.
pub const EROSION: Knob = number(
    "erosion",
    "Erosion rate",
    "Share of its spare capacity a droplet digs each step: how fast droplets dig",
    [0.0, 1.0, 0.3],
);

/// Share of the excess sediment deposited each step.
pub const DEPOSITION: Knob = number(
    "deposition",
    "Deposition rate",
    "Share of its excess load an over-full droplet drops each step: how fast pits fill and fans \
     build",
    [0.0, 1.0, 0.3],
);

/// Share of its water a droplet loses each step.
pub const EVAPORATION: Knob = number(
    "evaporation",
    "Evaporation",
    "Share of its water a droplet loses each step: high makes short-lived droplets that erode \
     near where they fall",
    [0.0, 1.0, 0.01],
);

/// How strongly going downhill speeds a droplet up.
pub const GRAVITY: Knob = number(
    "gravity",
    "Gravity",
    "How strongly going downhill speeds a droplet up: faster droplets carry more",
    [0.0, 64.0, 4.0],
);

/// Droplets to a batch in the batched erosion (`--batch`): how many fall on the map as it was
/// when their batch began.
pub const BATCH: Knob = whole(
    "batch",
    "Batch",
    "Droplets that fall at once on the map as the batch found it: larger batches carve a little \
     less",
    [1, 2_000_000, 1024],
);

/// Radius of the erosion brush.
pub const RADIUS: Knob = whole(
    "radius",
    "Brush radius",
    "Radius of the erosion brush in cells: wider makes smoother, broader valleys",
    [1, 8, 3],
);

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
           normals), NAME_slope.png and NAME_flow.png (16-bit masks), each described in NAME.json",
    values: Values::Names {
        names: &["normal", "slope", "flow"],
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
pub const BESIDE_CHAPTERS: [&Knob; 7] = [
    &SEED,
    &ERODE,
    &CLI_DROPLETS,
    &THREADS,
    &HEIGHT_M,
    &CELL_M,
    &MAPS,
];
