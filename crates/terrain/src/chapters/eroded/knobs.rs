//! Hydraulic erosion's knobs: the droplets, the constants a reader may set beside them, the
//! batch and the command line's own erosion flags (where each lives: `slots.rs`).

use crate::knobs::table::{number, whole};
use crate::knobs::Knob;

/// The erosion fields the page's Make your own offers for an `erode` step (the rest stay at
/// their defaults).
pub const ERODE_KNOBS: [&Knob; 4] = [&DROPLETS, &INERTIA, &EROSION, &DEPOSITION];

/// How many droplets fall.
pub const DROPLETS: Knob = whole(
    "droplets",
    "Droplets",
    "How many droplets fall, one after another: more carve deeper valleys",
    [1, 2_000_000, 30_000],
);

/// Droplets falling in batches ([`BATCH`]): [`DROPLETS`] with room for more, as batches run on
/// every core and on the GPU (`--batch` on the command line): up to 100 million, so a 2049 x
/// 2049 map can take the 10 to 20 droplets a cell that cut deep valleys (20 a cell is 84
/// million there).
pub const BATCHED_DROPLETS: Knob = whole(
    "droplets",
    "Droplets",
    "How many droplets fall: more carve deeper valleys",
    [1, 100_000_000, 300_000],
);

/// The page's "Rain at scale": [`BATCHED_DROPLETS`] up to 16 million, 15 a cell on its largest
/// map (1025 x 1025, [`crate::knobs::RAIN_EXPONENT`]). The GPU holds every droplet's start at
/// once, 8 bytes each, and 16 million of them (122 MiB) fit the 128 MiB storage buffer every
/// WebGPU device allows.
pub const RAIN_DROPLETS: Knob = BATCHED_DROPLETS.capped(16_000_000);

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
    "Most steps a droplet takes: longer lives carry material further, into longer river beds; \
     0 scales it with the map, 30 steps for every 256 cells of its longer side (30 at 257 x \
     257, 240 at 2049 x 2049), so a droplet crosses as much of the land at any size (droplets \
     in batches keep 30)",
    [0, 500, 0],
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

/// The command line's own erosion flags, which no chapter lists among its knobs: `--erode N` on
/// the subdivision commands and `terrain erode --droplets`.
#[cfg(feature = "cli")]
pub const ON_THE_COMMAND_LINE: [&Knob; 2] = [&ERODE, &CLI_DROPLETS];
