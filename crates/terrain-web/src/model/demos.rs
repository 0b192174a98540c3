//! The demo table: one row per demo on the page. Adding a demo means adding a row here and a
//! `<section data-demo="ID">` to the page; the widget code is shared by every row.
//!
//! A row holds its algorithm's parameters as a core [`Recipe`], starting from the core's own
//! `DEFAULT` constants; only a demo's own choices (the step demos' small spread, the shape demo's
//! mix) are written here.

use terrain::diamond_square::{self, Stage as DsStage};
use terrain::display::{DisplayGrid, Mark, DISPLAY_MAX_SIDE, PROFILE_MAX_POINTS};
use terrain::faults::{FaultParams, ShapeSet};
use terrain::line::LineParams;
use terrain::mesh::{self, MeshData};
use terrain::midpoint::{MpdParams, Stage};
use terrain::random_noise::NoiseParams;
use terrain::{midpoint_recursive, Recipe};

use super::fields::{Field, Setup};

/// One demo: its ID on the page, what it shows, which fields it offers and what it generates.
#[derive(Debug, PartialEq)]
pub struct Demo {
    /// The `data-demo` ID of the section it mounts on (a DOM contract).
    pub id: &'static str,
    /// Short caption under the canvas, saying in plain words what this step does.
    pub caption: &'static str,
    /// The form fields offered, in display order.
    pub fields: &'static [Field],
    /// What the demo generates before any field changes it.
    pub recipe: Recipe,
    /// How the result is shown.
    pub look: Look,
}

/// How a demo's heightmap is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// A 3-D terrain seen from above a corner.
    Terrain,
    /// A one-row map shown as a side view (a silhouette you can orbit).
    Profile,
}

impl Demo {
    /// The demo's starting setup with `seed`.
    pub fn setup(&self, seed: u64) -> Setup {
        Setup {
            recipe: self.recipe,
            seed,
        }
    }
}

impl Look {
    /// Most columns and rows of a map shown this way.
    pub fn most_shown(self) -> (usize, usize) {
        match self {
            Look::Terrain => (DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE),
            Look::Profile => (PROFILE_MAX_POINTS, 1),
        }
    }

    /// The mesh that shows a display grid this way, coloured by `marks` (one per shown point;
    /// empty when nothing is marked), heights multiplied by `height_scale`.
    pub fn mesh(self, grid: &DisplayGrid, marks: &[Mark], height_scale: f32) -> MeshData {
        match self {
            Look::Terrain => mesh::grid_mesh_marked(grid, marks, height_scale),
            Look::Profile => mesh::profile_grid_mesh_marked(grid, marks, height_scale),
        }
    }
}

const SEED_ONLY: &[Field] = &[Field::Seed];
const MPD_FIELDS: &[Field] = &[
    Field::Exponent,
    Field::Spread,
    Field::Reduction,
    Field::Seed,
];
const DS_FIELDS: &[Field] = &[
    Field::Exponent,
    Field::Spread,
    Field::Reduction,
    Field::Wrap,
    Field::Seed,
];
const LINE_FIELDS: &[Field] = &[Field::LineIterations, Field::Roughness, Field::Seed];
const FAULT_LINE_FIELDS: &[Field] = &[Field::FaultIterations, Field::Seed];
const FAULT_SHAPE_FIELDS: &[Field] = &[
    Field::FaultIterations,
    Field::Shapes,
    Field::Fuzziness,
    Field::Seed,
];

/// The first post's single-square step demos use a small spread, so the averages show.
const STEP_PARAMS: MpdParams = MpdParams {
    spread: 0.1,
    ..MpdParams::DEFAULT
};

const fn mpd(stage: Stage, params: MpdParams) -> Recipe {
    Recipe::Midpoint { params, stage }
}

const fn ds(stage: DsStage) -> Recipe {
    Recipe::DiamondSquare {
        params: diamond_square::DEFAULT,
        stage,
        wrap: false,
    }
}

/// Every shape, 1500 faults and a 3-cell ragged band: enough mixing to hide the straight edges.
const FAULT_SHAPES: FaultParams = FaultParams {
    iterations: 1500,
    shapes: ShapeSet::ALL,
    fuzziness: 3.0,
    ..FaultParams::DEFAULT
};

/// Every demo, in page order.
pub const DEMOS: &[Demo] = &[
    Demo {
        id: "random",
        caption: "Random noise: every point gets its own random height, with no regard for its \
                  neighbours. Terrain needs more structure than this.",
        fields: SEED_ONLY,
        recipe: Recipe::Noise {
            params: NoiseParams::DEFAULT,
        },
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-corners",
        caption: "Step 1: only the four corners get random heights; every other point is still 0.",
        fields: SEED_ONLY,
        recipe: mpd(Stage::Corners, MpdParams::DEFAULT),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-edges",
        caption: "Step 2: the middle of each edge takes the average of the two corners beside it, \
                  nudged up or down by at most 0.1.",
        fields: SEED_ONLY,
        recipe: mpd(Stage::Edges, STEP_PARAMS),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-center",
        caption: "Step 3: the center takes the average of the four edge midpoints, again nudged \
                  by at most 0.1.",
        fields: SEED_ONLY,
        recipe: mpd(Stage::Center, STEP_PARAMS),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-iterate",
        caption: "Step 4: repeat on the four smaller squares, then their sixteen, halving the \
                  nudge each pass, until every point is set; then stretch heights to 0..1.",
        fields: SEED_ONLY,
        recipe: mpd(Stage::Full, MpdParams::DEFAULT),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-final",
        caption: "Your turn: a bigger exponent adds detail, a bigger starting spread makes taller \
                  mountains, and a reduction near 1 keeps the small bumps as strong as the big ones.",
        fields: MPD_FIELDS,
        recipe: mpd(Stage::Full, MpdParams::DEFAULT),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-recursive",
        caption: "The same algorithm as recursion: each call fills its square's edges and center \
                  (skipping points a neighbour already set) and recurses into its four quarters. \
                  The second post keeps a little more detail: its reduction (in the field) is a \
                  bit larger than the first post's.",
        fields: MPD_FIELDS,
        recipe: Recipe::MidpointRecursive {
            params: midpoint_recursive::DEFAULT,
        },
        look: Look::Terrain,
    },
    Demo {
        id: "ds-corners",
        caption: "Diamond-Square starts like midpoint displacement: four random corners.",
        fields: SEED_ONLY,
        recipe: ds(DsStage::Corners),
        look: Look::Terrain,
    },
    Demo {
        id: "ds-square",
        caption: "Square step: the center of the square becomes the average of its four corners, \
                  plus jitter.",
        fields: SEED_ONLY,
        recipe: ds(DsStage::Square),
        look: Look::Terrain,
    },
    Demo {
        id: "ds-diamond",
        caption: "Diamond step: each edge midpoint averages the points of the diamond around it. \
                  On the map's border only three of them exist, so it averages those three.",
        fields: SEED_ONLY,
        recipe: ds(DsStage::Diamond),
        look: Look::Terrain,
    },
    Demo {
        id: "ds-final",
        caption: "Squares then diamonds at half the radius, again and again, with the spread \
                  shrinking each round. No more creases along the big squares.",
        fields: DS_FIELDS,
        recipe: ds(DsStage::Full),
        look: Look::Terrain,
    },
    Demo {
        id: "line-1d",
        caption: "A mountain skyline: each iteration puts a jittered midpoint between every two \
                  neighbours, and the jitter shrinks by 2^-roughness each time.",
        fields: LINE_FIELDS,
        recipe: Recipe::Line {
            params: LineParams::DEFAULT,
        },
        look: Look::Profile,
    },
    Demo {
        id: "fault-lines",
        caption: "Hundreds of random straight cuts, each raising one side and lowering the other. \
                  The sum looks like eroded hills.",
        fields: FAULT_LINE_FIELDS,
        recipe: Recipe::Faults {
            params: FaultParams::DEFAULT,
        },
        look: Look::Terrain,
    },
    Demo {
        id: "fault-shapes",
        caption: "Cut with circles, rectangles and triangles too, and let Perlin noise fray each \
                  edge so no straight line gives the trick away.",
        fields: FAULT_SHAPE_FIELDS,
        recipe: Recipe::Faults {
            params: FAULT_SHAPES,
        },
        look: Look::Terrain,
    },
];

/// The row with this `data-demo` ID.
pub fn find(id: &str) -> Option<&'static Demo> {
    DEMOS.iter().find(|demo| demo.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_every_row_generates_from_its_defaults() {
        for (i, demo) in DEMOS.iter().enumerate() {
            assert!(
                DEMOS[..i].iter().all(|other| other.id != demo.id),
                "duplicate {}",
                demo.id
            );
            let map = demo.recipe.generate(1).expect(demo.id);
            assert!(map.data().iter().all(|v| v.is_finite()), "{}", demo.id);
            assert!(
                demo.fields.contains(&Field::Seed),
                "{} offers a seed",
                demo.id
            );
            // Every field the row offers is a knob of its recipe: shown, then read back.
            let setup = demo.setup(5);
            let texts: Vec<(Field, String)> =
                demo.fields.iter().map(|&f| (f, f.show(&setup))).collect();
            let read = crate::model::fields::read_setup(
                demo.setup(0),
                texts.iter().map(|(f, t)| (*f, t.as_str())),
            );
            assert_eq!(read, Ok(setup), "{}", demo.id);
        }
    }

    #[test]
    fn display_grids_stay_within_the_vertex_budget_at_the_largest_sizes() {
        let ds = find("ds-final").expect("row");
        let big = Setup {
            recipe: Recipe::diamond_square(MpdParams {
                exponent: 11,
                ..diamond_square::DEFAULT
            }),
            seed: 0,
        };
        let grid = ds.display_grid(&big).expect("valid");
        assert_eq!(grid.size(), (DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE));
        let full = big.recipe.generate(big.seed).expect("valid");
        // Grid point (i, j) is map point (8i, 8j): 2048 / 256 = 8.
        assert_eq!(grid.heights[3 * DISPLAY_MAX_SIDE + 5], full.get(40, 24));

        let line = find("line-1d").expect("row");
        let long = Setup {
            recipe: Recipe::Line {
                params: LineParams {
                    iterations: 20,
                    ..LineParams::DEFAULT
                },
            },
            seed: 0,
        };
        let profile = line.display_grid(&long).expect("valid");
        assert_eq!(profile.size(), (PROFILE_MAX_POINTS, 1));
        let mesh = line.look.mesh(&profile, &[], 0.5);
        assert_eq!(mesh.positions.len(), 4 * PROFILE_MAX_POINTS);
    }

    #[test]
    fn fault_answers_carry_every_step_but_the_last_on_the_finished_scale() {
        let row = find("fault-lines").expect("row");
        let setup = row.setup(9);
        let answer = row.answer(&setup).expect("valid");
        assert_eq!(answer.grid, row.display_grid(&setup).expect("valid"));
        let n = answer.grid.heights.len();
        let steps = terrain::steps::Schedule::of(&setup.recipe)
            .expect("steps")
            .count();
        assert_eq!(steps, 10, "500 faults: 1, 2, 4 ... 256, then 500");
        assert_eq!(answer.batches.len(), steps as usize * n);
        let flat = &answer.batches[..n];
        assert!(flat.windows(2).all(|w| w[0] == w[1]), "step 0 is flat");
        // Step 1 is one sharp cut: two heights, one each side.
        let mut one: Vec<f32> = answer.batches[n..2 * n].to_vec();
        one.sort_by(f32::total_cmp);
        one.dedup();
        assert_eq!(one.len(), 2, "{one:?}");
        // Every step but the flat start spans 0..1 by its own lowest and highest point, as the
        // finished map does: the early cuts stand as tall as the last ones.
        for step in 1..steps as usize {
            let heights = &answer.batches[step * n..(step + 1) * n];
            let lo = heights.iter().copied().fold(f32::INFINITY, f32::min);
            let hi = heights.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            assert_eq!((lo, hi), (0.0, 1.0), "step {step}");
        }
        assert_ne!(
            &answer.batches[9 * n..],
            &answer.grid.heights[..],
            "not yet the finished map"
        );
        assert!(answer.variogram.slope > 0.5, "faults make smooth hills");
        let ds = find("ds-final")
            .expect("row")
            .answer(&find("ds-final").expect("row").setup(1));
        assert!(ds.expect("valid").batches.is_empty());
    }

    #[test]
    fn every_source_is_on_the_page_in_order() {
        let ids: Vec<&str> = DEMOS.iter().map(|d| d.id).collect();
        let expected = [
            "random",
            "mpd-corners",
            "mpd-edges",
            "mpd-center",
            "mpd-iterate",
            "mpd-final",
            "mpd-recursive",
            "ds-corners",
            "ds-square",
            "ds-diamond",
            "ds-final",
            "line-1d",
            "fault-lines",
            "fault-shapes",
        ];
        assert_eq!(ids, expected);
    }
}
