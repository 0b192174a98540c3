//! The demo table: one row per demo on the page. Adding a demo means adding a row here and a
//! `<section data-demo="ID">` to the page; the widget code is shared by every row.
//!
//! A row holds its algorithm's parameters as a core [`Recipe`], starting from the core's own
//! `DEFAULT` constants; only a demo's own choices (the step demos' small spread, the shape demo's
//! mix) are written here.

use terrain::display::{DisplayGrid, Mark, DISPLAY_MAX_SIDE, PROFILE_MAX_POINTS};
use terrain::mesh::{self, MeshData};

use terrain::knobs::Knob;
use terrain::{Heightmap, Recipe};

use super::fields::{Field, Setup};
use super::view_mode::ViewMode;

mod presets;
mod table;

pub use presets::{JACKSBORO, REAL_LAND, YOUR_MAP};
pub use table::DEMOS;

/// How tall a height of 1.0 stands, relative to the terrain's width of 2.
pub const HEIGHT_SCALE: f32 = 0.6;

/// One demo: its ID on the page, what it shows, which fields it offers and what it generates.
#[derive(Debug, PartialEq)]
pub struct Demo {
    /// The `data-demo` ID of the section it mounts on (a DOM contract).
    pub id: &'static str,
    /// Short caption under the canvas, saying in plain words what this step does.
    pub caption: &'static str,
    /// The form fields offered before the seed ([`Demo::fields`]).
    pub offered: Offered,
    /// What the demo generates before any field changes it.
    pub recipe: Recipe,
    /// How the result is shown.
    pub look: Look,
    /// The view it opens in (the reader's choice replaces it): where what it shows is seen
    /// best, e.g. the comparison's seams in the Creases view, a map that pans from above.
    pub view: ViewMode,
    /// Where its map is read from, for a map that is read rather than generated (its recipe is
    /// then [`Recipe::Held`]); `None` for the generated ones.
    pub held: Option<Held>,
}

/// Which fields a demo offers before the seed, which every demo has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Offered {
    /// Its chapter's fieldset ([`Recipe::fields`]): the knobs of the whole algorithm.
    Chapter,
    /// A stage's few, named in its chapter's folder (the stage demos that show one step of an
    /// algorithm offer the seed alone).
    These(&'static [&'static Knob]),
}

impl Offered {
    /// The seed alone: a stage whose settings are the stage's own.
    pub const SEED_ONLY: Offered = Offered::These(&[]);
}

/// Where a read map comes from, and how tall it stands on screen.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Held {
    /// Real land: the file at `url` (beside the page), heights of `unit_m` metres per unit,
    /// columns `column_m` metres apart (east-west) and rows `row_m` (north-south), drawn
    /// `exaggeration` times steeper than the land.
    #[allow(missing_docs)]
    Land {
        url: &'static str,
        unit_m: f32,
        column_m: f32,
        row_m: f32,
        exaggeration: f32,
    },
    /// The reader's own file (chosen or dropped), holding the map at `first` (beside the page)
    /// until one is brought; heights stretched to the height generated maps stand.
    Brought {
        /// The file shown before the reader brings one.
        first: &'static str,
    },
}

impl Held {
    /// The file read when the demo first comes into view, relative to the page.
    pub fn first_url(self) -> &'static str {
        match self {
            Held::Land { url, .. } => url,
            Held::Brought { first } => first,
        }
    }

    /// How tall `map` stands, its heights spread over 0 to 1 (`span` is its highest less its
    /// lowest height): as a multiple of `height_scale`, the height a generated map's 1 stands
    /// on a terrain 2 wide. Real land stands at its true slope times its exaggeration; a brought
    /// map as tall as a generated one.
    pub fn relief(self, map: &Heightmap, span: f32, height_scale: f32) -> f32 {
        match self {
            Held::Land {
                unit_m,
                exaggeration,
                ..
            } => {
                // The longest side spans 2 on screen.
                let (across, down) = self.metres(map).unwrap_or((1.0, 1.0));
                span * unit_m * exaggeration * 2.0 / across.max(down) / height_scale
            }
            Held::Brought { .. } => 1.0,
        }
    }

    /// Metres between neighbouring columns (east-west) and rows (north-south); `None` for a
    /// brought map, whose file says nothing of its spacing (drawn square).
    pub fn spacing(self) -> Option<(f32, f32)> {
        match self {
            Held::Land {
                column_m, row_m, ..
            } => Some((column_m, row_m)),
            Held::Brought { .. } => None,
        }
    }

    /// How far `map` reaches east-west and north-south in metres, from its first point to its
    /// last ([`Held::spacing`] times the gaps between its points).
    pub fn metres(self, map: &Heightmap) -> Option<(f32, f32)> {
        let gaps = |points: usize| points.saturating_sub(1).max(1) as f32;
        let (column_m, row_m) = self.spacing()?;
        Some((gaps(map.width()) * column_m, gaps(map.height()) * row_m))
    }
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
    /// Whether the demo has a stepper: its algorithm has steps, and it shows one terrain that
    /// stays put (a map dragged over the endless plane is about where it is, not how its octaves
    /// add up: the demo above it steps through those).
    pub fn steps(&self) -> bool {
        self.look != Look::Pair && !self.pans() && self.recipe.schedule().is_some()
    }

    /// Whether its rain falls in batches (rain at scale): the same bytes on any engine, so the
    /// worker may run it on the GPU, and the section says which engine did (`data-engine`).
    pub fn rains(&self) -> bool {
        self.recipe.runs_on_gpu()
    }

    /// The form fields offered, in display order: the row's [`Offered`], then the seed.
    pub fn fields(&self) -> Vec<Field> {
        let own = match self.offered {
            Offered::Chapter => self.recipe.fields(),
            Offered::These(knobs) => knobs,
        };
        let mut fields = Vec::with_capacity(own.len() + 1);
        for &knob in own {
            fields.push(Field(knob));
        }
        fields.push(Field(&terrain::knobs::SEED));
        fields
    }

    /// Whether the demo offers its map as a file: a 2-D map shown alone.
    pub fn takes_home(&self) -> bool {
        self.look == Look::Terrain
    }

    /// Whether the demo shows the roughness panel: one map whose settings aim at a Hurst
    /// exponent, with the field that sets the aim (a spread reduction, a gain), not changed by
    /// steps after it (the H the settings aim at says nothing of what erosion made of the map).
    pub fn measures_roughness(&self) -> bool {
        let aimed = self.recipe.roughness_aim();
        self.look != Look::Pair
            && aimed.is_some_and(|aim| self.fields().iter().any(|f| f.knob() == aim.knob))
            && !self.recipe.on_a_base()
    }

    /// The views the demo offers, in the order the view choice lists them ([`Demo::offers`]).
    pub fn views(&self) -> impl Iterator<Item = ViewMode> + '_ {
        ViewMode::ALL.into_iter().filter(|&view| self.offers(view))
    }

    /// Whether the demo offers `view`: the question its row asks
    /// ([`crate::view_mode::Offered`]), answered by the demo (a map or a profile) and its
    /// recipe (a base its steps change).
    pub fn offers(&self, view: ViewMode) -> bool {
        view.row().offered.on(
            self.is_map(),
            self.recipe.on_a_base(),
            self.recipe.step_list().is_some(),
        )
    }

    /// Whether the map can be moved over the endless plane: the row offers the map's corner
    /// (`x` and `y`), which dragging a top-down view or the arrow keys then set
    /// ([`crate::panning`]).
    pub fn pans(&self) -> bool {
        [
            Field(&terrain::chapters::fbm::knobs::ORIGIN_X),
            Field(&terrain::chapters::fbm::knobs::ORIGIN_Y),
        ]
        .iter()
        .all(|f| self.fields().contains(f))
    }

    /// The view it opens in: the row's [`Demo::view`].
    pub fn first_view(&self) -> ViewMode {
        self.view
    }

    /// Whether its generated maps are drawn in a relief fitted to them
    /// (`terrain::derived::fit`): the demos that open on the Land view and the fault lines,
    /// whose maps can stand far steeper than land; the posts' own demos keep the posts' relief.
    pub fn fits_relief(&self) -> bool {
        self.held.is_none()
            && (self.view == ViewMode::LAND || matches!(self.recipe, Recipe::Faults(_)))
    }

    /// Whether the demo is a map (not a profile): it offers the Water view and flow downloads.
    pub fn is_map(&self) -> bool {
        self.look != Look::Profile
    }

    /// The demo's starting setup with `seed`.
    pub fn setup(&self, seed: u64) -> Setup {
        Setup {
            recipe: self.recipe.clone(),
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
mod tests;
