//! The demo table's own choices: what a few rows pick for themselves (the step demos' small
//! spread, the shapes demo's mix, the comparison's size, compose's opening chain, where real
//! land's map is); everything else comes from the core's `DEFAULT` constants.

use super::Held;
use terrain::chain::redistribute;
use terrain::chain::row::{Setting, Settings};
use terrain::chapters::eroded;
use terrain::chapters::step_list::{Link, StepList};
use terrain::chapters::{self, Composed, DiamondSquare, Midpoint};
use terrain::diamond_square::{self, Stage as DsStage};
use terrain::faults::{FaultParams, ShapeSet};
use terrain::fbm::{FbmParams, OctaveShape};
use terrain::midpoint::{MpdParams, Stage};
use terrain::Recipe;

/// A map read from a file, as read until droplets are asked for.
pub(super) const HELD: Recipe = Recipe::Held(chapters::Held::DEFAULT);

/// The USGS DEM of the Jacksboro fault, Tennessee (`www/real-land/`): whole metres in a 16-bit
/// PNG, cells of 3 arc-seconds: 92.6 m north-south, and 74.4 m east-west at 36.6° N (92.6 m times
/// the cosine of the latitude).
pub const JACKSBORO: &str = "real-land/jacksboro.png";

/// How the real land is read and drawn: [`JACKSBORO`] in whole metres, its cells 74.4 m east-west
/// and 92.6 m north-south, drawn three times steeper than the land (the `real-land` demo, and
/// a composed terrain on that base).
pub const REAL_LAND: Held = Held::Land {
    url: JACKSBORO,
    unit_m: 65535.0,
    column_m: 74.4,
    row_m: 92.6,
    exaggeration: 3.0,
};

/// How a reader's own map is read and drawn: the file they bring, the real land until then,
/// heights stretched to the height generated maps stand (the `your-map` demo, and a composed
/// terrain on that base).
pub const YOUR_MAP: Held = Held::Brought { first: JACKSBORO };

/// One octave with its lattice points 64 cells apart: four cells of it across the map, each
/// big enough to see its gradients and value noise's squares.
pub(super) const ONE_OCTAVE: FbmParams = FbmParams {
    octaves: 1,
    frequency: 4.0,
    ..FbmParams::DEFAULT
};

/// The endless map starts a million cells from the plane's corner, so it can be dragged a
/// long way in every direction.
pub(super) const ENDLESS: FbmParams = FbmParams {
    x: 1_000_000,
    y: 1_000_000,
    ..FbmParams::DEFAULT
};

/// Ridged octaves, the heights squared: the shapes demo's start, far from the plain map above.
pub(super) const FBM_SHAPES: FbmParams = FbmParams {
    shape: OctaveShape::Ridged,
    power: 2.0,
    ..FbmParams::DEFAULT
};

/// The erosion demo's terrain: Diamond-Square at exponent 8 (257 x 257), big enough for
/// valleys, small enough that the default 30 000 droplets answer a refresh at once.
pub(super) const EROSION_TERRAIN: MpdParams = MpdParams {
    exponent: 8,
    ..MpdParams::DEFAULT
};

/// The opening land (`hero`): 129 x 129, enough for valleys and lakes, small enough that its
/// first picture (the 3-D context, the mesh, the land's colours) keeps the page's load quick.
pub(super) const HERO_TERRAIN: MpdParams = MpdParams {
    exponent: 7,
    ..MpdParams::DEFAULT
};

/// The first post's single-square step demos use a small spread, so the averages show.
pub(super) const STEP_PARAMS: MpdParams = MpdParams {
    spread: 0.1,
    ..MpdParams::DEFAULT
};

pub(super) const fn mpd(stage: Stage, params: MpdParams) -> Recipe {
    Recipe::Midpoint(Midpoint { params, stage })
}

pub(super) const fn ds(stage: DsStage) -> Recipe {
    Recipe::DiamondSquare(DiamondSquare {
        params: diamond_square::DEFAULT,
        stage,
        wrap: false,
    })
}

/// The comparison's map: exponent 7 (129 x 129), where every point is on screen and the creases
/// of the first passes are long, straight and many points apart.
pub(super) const CREASE_PARAMS: MpdParams = MpdParams {
    exponent: 7,
    ..MpdParams::DEFAULT
};

/// Every shape, 1500 faults and a 3-cell ragged band: enough mixing to hide the straight edges.
pub(super) const FAULT_SHAPES: FaultParams = FaultParams {
    iterations: 1500,
    shapes: ShapeSet::ALL,
    fuzziness: 3.0,
    ..FaultParams::DEFAULT
};

/// The chain "Make your own" opens on: Diamond-Square at 257 x 257, its heights raised to the
/// power 1.5, then 30 000 droplets: of the chains docs/realism.md measures, the nearest real land.
pub(super) const OPENING_CHAIN: Composed = Composed {
    steps: StepList::fixed([
        Some(Link::new(
            &redistribute::ROW,
            Settings::defaults(&redistribute::KNOBS)
                .with(&terrain::chain::redistribute::POWER, Setting::Number(1.5)),
        )),
        Some(Link::new(
            &eroded::row::ROW,
            Settings::defaults(&eroded::knobs::ERODE_KNOBS),
        )),
        None,
        None,
        None,
    ]),
    ..Composed::DEFAULT
};
