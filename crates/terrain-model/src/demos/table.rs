//! The rows of the demo table, in page order; the few choices of their own are in `presets.rs`,
//! everything else comes from the core's `DEFAULT` constants.

use terrain::chapters::{
    DiamondSquare, Eroded, Faults, Fbm, Line, MidpointRecursive, Noise, OnBase, RainAtScale,
    Uplifted, Weathered,
};
use terrain::diamond_square::Stage as DsStage;
use terrain::faults::FaultParams;
use terrain::fbm::FbmParams;
use terrain::line::LineParams;
use terrain::midpoint::{MpdParams, Stage};
use terrain::random_noise::NoiseParams;
use terrain::{midpoint_recursive, Recipe};

use super::presets::*;
use super::{Demo, Look, Offered};
use crate::view_mode::ViewMode;
use terrain::chapters::faults::knobs as faults;
use terrain::chapters::fbm::knobs as fbm;

/// Every demo, in page order.
pub const DEMOS: &[Demo] = &[
    Demo {
        id: "hero",
        caption: "Land from random numbers: a Diamond-Square map, coloured by its height and \
                  steepness. Press Play to watch it built pass by pass, Refresh for another; \
                  the chapters below explain each step.",
        offered: Offered::SEED_ONLY,
        recipe: Recipe::DiamondSquare(DiamondSquare {
            params: HERO_TERRAIN,
            stage: DsStage::Full,
            wrap: false,
        }),
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: None,
    },
    Demo {
        id: "line-1d",
        caption: "A mountain skyline: each iteration puts a jittered midpoint between every two \
                  neighbours, and the jitter shrinks by 2^-roughness each time.",
        offered: Offered::Chapter,
        recipe: Recipe::Line(Line {
            params: LineParams::DEFAULT,
        }),
        look: Look::Profile,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "random",
        caption: "Random noise: every point gets its own random height, with no regard for its \
                  neighbours. Terrain needs more structure than this.",
        offered: Offered::SEED_ONLY,
        recipe: Recipe::Noise(Noise {
            params: NoiseParams::DEFAULT,
        }),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "mpd-corners",
        caption: "Step 1: only the four corners get random heights; every other point is still 0.",
        offered: Offered::SEED_ONLY,
        recipe: mpd(Stage::Corners, MpdParams::DEFAULT),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "mpd-edges",
        caption: "Step 2: the middle of each edge takes the average of the two corners beside it, \
                  nudged up or down by at most 0.1.",
        offered: Offered::SEED_ONLY,
        recipe: mpd(Stage::Edges, STEP_PARAMS),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "mpd-center",
        caption: "Step 3: the center takes the average of the four edge midpoints, again nudged \
                  by at most 0.1.",
        offered: Offered::SEED_ONLY,
        recipe: mpd(Stage::Center, STEP_PARAMS),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "mpd-iterate",
        caption: "Repeat on the four smaller squares, then their sixteen, halving the \
                  nudge each pass, until every point is set; then stretch heights to 0..1.",
        offered: Offered::SEED_ONLY,
        recipe: mpd(Stage::Full, MpdParams::DEFAULT),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "mpd-final",
        caption: "Your turn: a bigger exponent adds detail, a bigger starting spread makes taller \
                  mountains, and a reduction near 1 keeps the small bumps as strong as the big ones.",
        offered: Offered::Chapter,
        recipe: mpd(Stage::Full, MpdParams::DEFAULT),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "mpd-recursive",
        caption: "The same algorithm as recursion: each call fills its square's edges and center \
                  (skipping points a neighbour already set) and recurses into its four quarters. \
                  Step through it call by call. The second post keeps a little more detail: its \
                  reduction (in the field) is a bit larger than the first post's.",
        offered: Offered::Chapter,
        recipe: Recipe::MidpointRecursive(MidpointRecursive {
            params: midpoint_recursive::DEFAULT,
        }),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "ds-corners",
        caption: "Diamond-Square starts like midpoint displacement: four random corners.",
        offered: Offered::SEED_ONLY,
        recipe: ds(DsStage::Corners),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "ds-square",
        caption: "Square step: the center of the square becomes the average of its four corners, \
                  plus jitter.",
        offered: Offered::SEED_ONLY,
        recipe: ds(DsStage::Square),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "ds-diamond",
        caption: "Diamond step: each edge midpoint averages the points of the diamond around it. \
                  On the map's border only three of them exist, so it averages those three.",
        offered: Offered::SEED_ONLY,
        recipe: ds(DsStage::Diamond),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "ds-final",
        caption: "Squares then diamonds at half the radius, again and again, with the spread \
                  shrinking each round. No more creases along the big squares.",
        offered: Offered::Chapter,
        recipe: ds(DsStage::Full),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "creases",
        caption: "The same seed and settings through midpoint displacement (left) and \
                  Diamond-Square (right), in the Creases view: midpoint displacement's \
                  straight seams along the big squares stand out; Diamond-Square has none.",
        offered: Offered::Chapter,
        recipe: mpd(Stage::Full, CREASE_PARAMS),
        look: Look::Pair,
        view: ViewMode::CREASES,
        held: None,
    },
    Demo {
        id: "fault-lines",
        caption: "Hundreds of random straight cuts, each raising one side and lowering the other. \
                  The sum looks like eroded hills.",
        offered: Offered::These(&faults::LINE_FIELDS),
        recipe: Recipe::Faults(Faults {
            params: FaultParams::DEFAULT,
        }),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "fault-shapes",
        caption: "Cut with circles, rectangles and triangles too, and let Perlin noise fray each \
                  edge so no straight line gives the trick away.",
        offered: Offered::Chapter,
        recipe: Recipe::Faults(Faults {
            params: FAULT_SHAPES,
        }),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "noise-lattice",
        caption: "One octave of noise on a lattice: gradient noise (left) tilts a slope through \
                  each lattice point, value noise (right) gives each a height. Value noise's \
                  cells show as soft squares; gradient noise has none.",
        offered: Offered::These(&fbm::LATTICE_FIELDS),
        recipe: Recipe::Fbm(Fbm { params: ONE_OCTAVE }),
        look: Look::Pair,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "fbm",
        caption: "Step through the octaves: each adds noise on a finer lattice (lacunarity \
                  times the last) and less tall (gain times the last), until its detail is finer \
                  than the points shown.",
        offered: Offered::Chapter,
        recipe: Recipe::Fbm(Fbm {
            params: FbmParams::DEFAULT,
        }),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "fbm-shapes",
        caption: "Ridged octaves fold into sharp crests, billows into round hills; a power \
                  above 1 widens the valleys, and warping swirls the whole plane.",
        offered: Offered::These(&fbm::SHAPE_FIELDS),
        recipe: Recipe::Fbm(Fbm {
            params: FBM_SHAPES,
        }),
        look: Look::Terrain,
        view: ViewMode::TERRAIN,
        held: None,
    },
    Demo {
        id: "endless",
        caption: "A world without edges: drag the map view (or use the arrow keys) and the \
                  worker makes the land that comes into view. No seam shows, because there is \
                  none: every point's height depends on that point alone. Diamond-Square must \
                  make its whole square at once.",
        offered: Offered::These(&fbm::ENDLESS_FIELDS),
        recipe: Recipe::Fbm(Fbm { params: ENDLESS }),
        look: Look::Terrain,
        view: ViewMode::MAP,
        held: None,
    },
    Demo {
        id: "erosion",
        caption: "Rain on a Diamond-Square terrain: each droplet rolls downhill, picks up soil \
                  where it speeds up and drops it where it slows, filling pits. Step through the \
                  first droplets one at a time, then thousands; the Erosion view shows where \
                  ground was removed (orange) and laid down (blue).",
        offered: Offered::Chapter,
        recipe: Recipe::Eroded(OnBase {
            params: EROSION_TERRAIN,
            ..Eroded::DEFAULT
        }),
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: None,
    },
    Demo {
        id: "rain",
        caption: "Droplets in batches, summed in whole numbers: the same bytes on every core \
                  and on the GPU.",
        offered: Offered::Chapter,
        recipe: Recipe::RainAtScale(RainAtScale::DEFAULT),
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: None,
    },
    Demo {
        id: "thermal",
        caption: "Scree on a Diamond-Square terrain: soil slides wherever a slope is steeper \
                  than the talus angle, until it settles there.",
        offered: Offered::Chapter,
        recipe: Recipe::Weathered(Weathered::rounds_on(EROSION_TERRAIN, 256)),
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: None,
    },
    Demo {
        id: "uplift",
        caption: "Uplift and rivers: flat ground rises while rivers cut into it as fast as their \
                  drainage area and slope allow, until the two balance. Step through time.",
        offered: Offered::Chapter,
        recipe: Recipe::Uplifted(Uplifted::DEFAULT),
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: None,
    },
    Demo {
        id: "compose",
        caption: "Make your own: choose a base, then add steps; each runs on the map the one \
                  before it left, as the command under the canvas writes it.",
        offered: Offered::Chapter,
        recipe: Recipe::Composed(OPENING_CHAIN),
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: None,
    },
    Demo {
        id: "real-land",
        caption: "Real land: the Jacksboro fault, Tennessee, from a USGS elevation model (public \
                  domain; via matplotlib's sample data), 403 x 344 cells of about 74 m by 93 m, \
                  236 to 1076 m high, drawn in the cells' true proportions with heights 3 times \
                  steeper than the land. Set droplets above 0 to see erosion on real ground; \
                  until then the seed and Refresh change nothing.",
        offered: Offered::Chapter,
        recipe: HELD,
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: Some(REAL_LAND),
    },
    Demo {
        id: "your-map",
        caption: "Your map: choose a heightmap file or drop it here (any heightmap format the \
                  page and the terrain tool write; the picker's hint lists them). It is shown, \
                  measured, eroded and downloaded like the others, its heights stretched to the view's height. \
                  Until you bring one, it holds the real land above.",
        offered: Offered::Chapter,
        recipe: HELD,
        look: Look::Terrain,
        view: ViewMode::LAND,
        held: Some(YOUR_MAP),
    },
];
