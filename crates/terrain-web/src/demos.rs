//! The demo table: one row per demo on the page. Adding a demo means adding a row here and a
//! `<section data-demo="ID">` to the page; the widget code is shared by every row.

use terrain::diamond_square;
use terrain::faults::{FaultParams, ShapeKind};
use terrain::mesh::{self, DisplayGrid, MeshData, DISPLAY_MAX_SIDE, PROFILE_MAX_POINTS};
use terrain::midpoint::{self, Stage};
use terrain::{limits, line, midpoint_recursive, random_noise, Heightmap, ParamError};

use crate::fields::{Field, Settings};

/// One demo: its ID on the page, what it shows, which fields it offers and how it generates.
#[derive(Debug)]
pub struct Demo {
    /// The `data-demo` ID of the section it mounts on (a DOM contract).
    pub id: &'static str,
    /// Short caption under the canvas, saying in plain words what this step does.
    pub caption: &'static str,
    /// The form fields offered, in display order.
    pub fields: &'static [Field],
    /// Settings used where no field overrides them.
    pub defaults: Settings,
    /// Makes the terrain for validated settings.
    pub generate: fn(&Settings) -> Result<Heightmap, ParamError>,
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
    /// Generates the full terrain for `settings` and keeps the points shown on screen: the
    /// work done off the page's main thread, whose result is small enough to hand back.
    pub fn display_grid(&self, settings: &Settings) -> Result<DisplayGrid, ParamError> {
        let map = (self.generate)(settings)?;
        Ok(match self.look {
            Look::Terrain => mesh::display_grid(&map, DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE),
            Look::Profile => mesh::display_grid(&map, PROFILE_MAX_POINTS, 1),
        })
    }
}

impl Look {
    /// The mesh that shows a display grid this way, heights multiplied by `height_scale`.
    pub fn mesh(self, grid: &DisplayGrid, height_scale: f32) -> MeshData {
        match self {
            Look::Terrain => mesh::grid_mesh(grid, height_scale),
            Look::Profile => mesh::profile_grid_mesh(grid, height_scale),
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

const LINE_FIELDS: &[Field] = &[Field::LineIterations, Field::Roughness, Field::Seed];
const FAULT_LINE_FIELDS: &[Field] = &[Field::FaultIterations, Field::Seed];
const FAULT_SHAPE_FIELDS: &[Field] = &[
    Field::FaultIterations,
    Field::Shapes,
    Field::Fuzziness,
    Field::Seed,
];

const RECURSIVE_DEFAULTS: Settings = Settings {
    reduction: 0.55,
    ..Settings::mpd_defaults()
};

const LINE_DEFAULTS: Settings = Settings {
    iterations: 8,
    roughness: 1.0,
    ..Settings::mpd_defaults()
};

const FAULT_DEFAULTS: Settings = Settings {
    iterations: 500,
    shapes: 1,
    fuzziness: 0.0,
    ..Settings::mpd_defaults()
};

/// Every shape, 1500 faults and a 3-cell ragged band: enough mixing to hide the straight edges.
const FAULT_SHAPE_DEFAULTS: Settings = Settings {
    iterations: 1500,
    shapes: (1 << ShapeKind::ALL.len()) - 1,
    fuzziness: 3.0,
    ..Settings::mpd_defaults()
};

fn ds_stage(stage: diamond_square::Stage, settings: &Settings) -> Result<Heightmap, ParamError> {
    diamond_square::generate_stage(stage, &settings.mpd(), settings.seed)
}

fn fault_map(settings: &Settings) -> Result<Heightmap, ParamError> {
    let params: FaultParams = settings.faults();
    terrain::faults::generate(&params, settings.seed)
}

/// The spread the first post uses for its single-square step demos.
const STEP_SPREAD: f32 = 0.1;

const STEP_DEFAULTS: Settings = Settings {
    spread: STEP_SPREAD,
    ..Settings::mpd_defaults()
};

fn mpd_stage(stage: Stage, settings: &Settings) -> Result<Heightmap, ParamError> {
    midpoint::generate_stage(stage, &settings.mpd(), settings.seed)
}

/// Every demo, in page order.
pub const DEMOS: &[Demo] = &[
    Demo {
        id: "random",
        caption: "Random noise: every point gets its own random height, with no regard for its \
                  neighbours. Terrain needs more structure than this.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| {
            let side = limits::side_for_exponent(s.exponent);
            random_noise::generate(side, side, s.seed)
        },
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-corners",
        caption: "Step 1: only the four corners get random heights; every other point is still 0.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| mpd_stage(Stage::Corners, s),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-edges",
        caption: "Step 2: the middle of each edge takes the average of the two corners beside it, \
                  nudged up or down by at most 0.1.",
        fields: SEED_ONLY,
        defaults: STEP_DEFAULTS,
        generate: |s| mpd_stage(Stage::Edges, s),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-center",
        caption: "Step 3: the center takes the average of the four edge midpoints, again nudged \
                  by at most 0.1.",
        fields: SEED_ONLY,
        defaults: STEP_DEFAULTS,
        generate: |s| mpd_stage(Stage::Center, s),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-iterate",
        caption: "Step 4: repeat on the four smaller squares, then their sixteen, halving the \
                  nudge each pass, until every point is set; then stretch heights to 0..1.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| mpd_stage(Stage::Full, s),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-final",
        caption: "Your turn: a bigger exponent adds detail, a bigger starting spread makes taller \
                  mountains, and a reduction near 1 keeps the small bumps as strong as the big ones.",
        fields: MPD_FIELDS,
        defaults: Settings::mpd_defaults(),
        generate: |s| mpd_stage(Stage::Full, s),
        look: Look::Terrain,
    },
    Demo {
        id: "mpd-recursive",
        caption: "The same algorithm as recursion: each call fills its square's edges and center \
                  (skipping points a neighbour already set) and recurses into its four quarters. \
                  The second post's reduction is 0.55.",
        fields: MPD_FIELDS,
        defaults: RECURSIVE_DEFAULTS,
        generate: |s| midpoint_recursive::generate(&s.mpd(), s.seed),
        look: Look::Terrain,
    },
    Demo {
        id: "ds-corners",
        caption: "Diamond-Square starts like midpoint displacement: four random corners.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| ds_stage(diamond_square::Stage::Corners, s),
        look: Look::Terrain,
    },
    Demo {
        id: "ds-square",
        caption: "Square step: the center of the square becomes the average of its four corners, \
                  plus jitter.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| ds_stage(diamond_square::Stage::Square, s),
        look: Look::Terrain,
    },
    Demo {
        id: "ds-diamond",
        caption: "Diamond step: each edge midpoint averages the points of the diamond around it. \
                  On the map's border only three of them exist, so it averages those three.",
        fields: SEED_ONLY,
        defaults: Settings::mpd_defaults(),
        generate: |s| ds_stage(diamond_square::Stage::Diamond, s),
        look: Look::Terrain,
    },
    Demo {
        id: "ds-final",
        caption: "Squares then diamonds at half the radius, again and again, with the spread \
                  shrinking each round. No more creases along the big squares.",
        fields: MPD_FIELDS,
        defaults: Settings::mpd_defaults(),
        generate: |s| ds_stage(diamond_square::Stage::Full, s),
        look: Look::Terrain,
    },
    Demo {
        id: "line-1d",
        caption: "A mountain skyline: each iteration puts a jittered midpoint between every two \
                  neighbours, and the jitter shrinks by 2^-roughness each time.",
        fields: LINE_FIELDS,
        defaults: LINE_DEFAULTS,
        generate: |s| line::generate(&s.line(), s.seed),
        look: Look::Profile,
    },
    Demo {
        id: "fault-lines",
        caption: "Hundreds of random straight cuts, each raising one side and lowering the other. \
                  The sum looks like eroded hills.",
        fields: FAULT_LINE_FIELDS,
        defaults: FAULT_DEFAULTS,
        generate: fault_map,
        look: Look::Terrain,
    },
    Demo {
        id: "fault-shapes",
        caption: "Cut with circles, rectangles and triangles too, and let Perlin noise fray each \
                  edge so no straight line gives the trick away.",
        fields: FAULT_SHAPE_FIELDS,
        defaults: FAULT_SHAPE_DEFAULTS,
        generate: fault_map,
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
            let map = (demo.generate)(&demo.defaults).expect(demo.id);
            assert!(map.data().iter().all(|v| v.is_finite()), "{}", demo.id);
            assert!(
                demo.fields.contains(&Field::Seed),
                "{} offers a seed",
                demo.id
            );
        }
    }

    #[test]
    fn display_grids_stay_within_the_vertex_budget_at_the_largest_sizes() {
        let ds = find("ds-final").expect("row");
        let big = Settings {
            exponent: 11,
            ..ds.defaults
        };
        let grid = ds.display_grid(&big).expect("valid");
        assert_eq!(grid.size(), (DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE));
        let full = (ds.generate)(&big).expect("valid");
        // Grid point (i, j) is map point (8i, 8j): 2048 / 256 = 8.
        assert_eq!(grid.heights[3 * DISPLAY_MAX_SIDE + 5], full.get(40, 24));

        let line = find("line-1d").expect("row");
        let long = Settings {
            iterations: 20,
            ..line.defaults
        };
        let profile = line.display_grid(&long).expect("valid");
        assert_eq!(profile.size(), (PROFILE_MAX_POINTS, 1));
        let mesh = line.look.mesh(&profile, 0.5);
        assert_eq!(mesh.positions.len(), 4 * PROFILE_MAX_POINTS);
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
