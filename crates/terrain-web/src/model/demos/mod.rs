//! The demo table: one row per demo on the page. Adding a demo means adding a row here and a
//! `<section data-demo="ID">` to the page; the widget code is shared by every row.
//!
//! A row holds its algorithm's parameters as a core [`Recipe`], starting from the core's own
//! `DEFAULT` constants; only a demo's own choices (the step demos' small spread, the shape demo's
//! mix) are written here.

use terrain::display::{DisplayGrid, Mark, DISPLAY_MAX_SIDE, PROFILE_MAX_POINTS};
use terrain::mesh::{self, MeshData};
use terrain::steps::Schedule;
use terrain::Recipe;

use super::fields::{Field, Setup};
use super::view_mode::ViewMode;

mod table;

pub use table::DEMOS;

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
    /// Two terrains of one seed and one setup side by side: midpoint displacement on the left,
    /// Diamond-Square on the right, so their creases can be compared.
    Pair,
}

impl Demo {
    /// Whether the demo has a stepper: its algorithm has steps, and it shows one terrain.
    pub fn steps(&self) -> bool {
        self.look != Look::Pair && Schedule::of(&self.recipe).is_some()
    }

    /// Whether the demo offers its map as a file: a 2-D map shown alone.
    pub fn takes_home(&self) -> bool {
        self.look == Look::Terrain
    }

    /// Whether the demo shows the roughness panel: one map with a spread reduction, not eroded
    /// (the H the reduction aims at says nothing of what erosion made of the map).
    pub fn measures_roughness(&self) -> bool {
        self.look != Look::Pair
            && self.fields.contains(&Field::Reduction)
            && self.recipe.erosion().is_none()
    }

    /// The views the demo offers: for maps all but the Erosion view, which only erosion has;
    /// for a profile no shaded relief and no water.
    pub fn views(&self) -> &'static [ViewMode] {
        match self.look {
            Look::Profile => &ViewMode::ALL[..3],
            _ if self.recipe.erosion().is_some() => &ViewMode::ALL,
            Look::Terrain | Look::Pair => &ViewMode::ALL[..5],
        }
    }

    /// Whether the demo is a map (not a profile): it offers the Water view and flow downloads.
    pub fn is_map(&self) -> bool {
        self.look != Look::Profile
    }

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
            Look::Terrain | Look::Pair => (DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE),
            Look::Profile => (PROFILE_MAX_POINTS, 1),
        }
    }

    /// The mesh that shows a display grid this way, coloured by `marks` (one per shown point;
    /// empty when nothing is marked), heights multiplied by `height_scale`.
    pub fn mesh(self, grid: &DisplayGrid, marks: &[Mark], height_scale: f32) -> MeshData {
        match self {
            // A pair's gap is holes in its grid: no triangles there.
            Look::Terrain | Look::Pair => mesh::grid_mesh_marked(grid, marks, height_scale),
            Look::Profile => mesh::profile_grid_mesh_marked(grid, marks, height_scale),
        }
    }
}

/// The row with this `data-demo` ID.
pub fn find(id: &str) -> Option<&'static Demo> {
    DEMOS.iter().find(|demo| demo.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain::diamond_square;
    use terrain::line::LineParams;
    use terrain::midpoint::MpdParams;

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
            "creases",
            "erosion",
            "line-1d",
            "fault-lines",
            "fault-shapes",
        ];
        assert_eq!(ids, expected);
    }

    #[test]
    fn the_erosion_demo_steps_droplet_by_droplet_with_trails() {
        let row = find("erosion").expect("row");
        assert!(row.steps() && row.takes_home());
        assert!(
            !row.measures_roughness(),
            "the reduction's aim says nothing of eroded ground"
        );
        assert!(row.views().contains(&ViewMode::Erosion));
        let mut setup = row.setup(5);
        if let Some(e) = setup.recipe.erosion_mut() {
            e.droplets = 100;
        }
        let answer = row.answer(&setup).expect("valid");
        let n = answer.grid.heights.len();
        // Steps 0 ..= 12 (after 1 ... 8, 16, 32, 64, 100 droplets): every step but the last has
        // its heights.
        assert_eq!(answer.batches.len(), 12 * n);
        assert_eq!(answer.trails.len(), 8 * n, "the eight one-droplet steps");
        let before = display_grid_of(&setup);
        assert_eq!(
            &answer.batches[..n],
            before.as_slice(),
            "step 0: before any droplet"
        );
        // The finished map is the recipe's own: what `terrain ds --erode` writes.
        let map = setup.recipe.generate(5).expect("valid");
        assert_eq!(answer.grid, row.shown(&map));
        assert!(
            (1..=3).all(|c| answer.trails[..n].contains(&c)),
            "a path, removed, laid"
        );
    }

    /// The shown points of the Diamond-Square terrain under `setup`'s erosion.
    fn display_grid_of(setup: &Setup) -> Vec<f32> {
        let params = *setup.recipe.subdivision().expect("a terrain");
        let map = terrain::diamond_square::generate(&params, setup.seed).expect("valid");
        find("erosion").expect("row").shown(&map).heights
    }

    #[test]
    fn the_comparison_shows_both_maps_and_both_scores() {
        let row = find("creases").expect("row");
        assert!(!row.steps() && !row.takes_home() && !row.measures_roughness());
        assert!(row.views().contains(&ViewMode::Creases));
        let setup = row.setup(4);
        let answer = row.answer(&setup).expect("valid");
        let (columns, rows) = answer.grid.size();
        assert_eq!(rows, 129);
        let gap = columns - 2 * 129;
        assert!(gap >= 2, "{columns} columns");
        let row0 = &answer.grid.heights[..columns];
        assert!(row0[..129]
            .iter()
            .chain(&row0[129 + gap..])
            .all(|h| h.is_finite()));
        assert!(
            row0[129..129 + gap].iter().all(|h| h.is_nan()),
            "the gap is holes"
        );
        let [mpd, ds] = answer.creases.expect("both scores");
        assert!(mpd > ds + 0.3, "{mpd} {ds}");
        let params = *setup.recipe.subdivision().expect("params");
        let map = terrain::midpoint::generate(&params, 4).expect("valid");
        assert_eq!(
            &row0[..129],
            &map.data()[..129],
            "the left map is midpoint displacement's"
        );
        let other = terrain::diamond_square::generate(&params, 4).expect("valid");
        assert_eq!(
            &row0[129 + gap..],
            &other.data()[..129],
            "the right one Diamond-Square's"
        );
    }
}
