//! How a demo is drawn: the choices of its `<select name="view">`, one row a view. A row says
//! everything the page asks of a view (its name, label, what it shows, how it is seen, which
//! maps it can show, what else it does); the page's `view/drawing/` folder holds how each is
//! drawn, found by the row's name. Adding a view is its row here, in [`ViewMode::ALL`], and its
//! drawing file.

use std::fmt;

/// Which maps a view can show: a question each demo answers ([`Offered::on`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offered {
    /// Every demo's: a profile's too.
    Everywhere,
    /// A map's (not a 1-D profile's).
    Maps,
    /// A map made of a base and steps that change it: what they changed.
    Bases,
    /// A map made of steps the reader chains (Make your own): where each acts.
    Chains,
}

/// What the page knows of a view: one row each.
#[derive(Debug)]
pub struct ViewRow {
    /// The option's value (`<select name="view">`).
    pub name: &'static str,
    /// The option's text.
    pub label: &'static str,
    /// What the canvas shows, the start of its text alternative.
    pub shows: &'static str,
    /// Whether it is a 3-D picture, turned with the camera (else it looks straight down).
    pub turns: bool,
    /// Whether it draws the lit terrain through WebGL (taken off where the browser has none).
    pub lit: bool,
    /// Which maps it can show.
    pub offered: Offered,
    /// Whether it shows where water goes, and so asks the worker for the map's routing.
    pub routes: bool,
    /// Whether it floods the map's hollows step by step (the flood stepper, a picked point's
    /// water).
    pub floods: bool,
    /// Whether it shows each shown point as a block the pointer names (the step's example under
    /// the pointer, the brush's ring on the map's grid).
    pub points: bool,
    /// Whether a drag paints a map with a paint step in it.
    pub paints: bool,
    /// Whether the stepper's highlight is drawn over it (a 3-D picture of the bare surface).
    pub highlights: bool,
    /// Whether a sun the reader sets (`<input type="range" name="sun">`) lights it, casting
    /// shadows.
    pub sun: bool,
}

/// A row with every question answered "no", for the rows below to fill in.
const PLAIN: ViewRow = ViewRow {
    name: "",
    label: "",
    shows: "",
    turns: false,
    lit: false,
    offered: Offered::Everywhere,
    routes: false,
    floods: false,
    points: false,
    paints: false,
    highlights: false,
    sun: false,
};

/// The row of [`ViewMode::TERRAIN`].
static TERRAIN: ViewRow = ViewRow {
    name: "terrain",
    label: "Terrain",
    shows: "3-D terrain",
    turns: true,
    lit: true,
    paints: true,
    highlights: true,
    ..PLAIN
};

/// The row of [`ViewMode::LAND`].
static LAND: ViewRow = ViewRow {
    name: "land",
    label: "Land",
    shows: "3-D land coloured by what covers it (sand, grass, forest, bare rock, scree, snow, \
            riverbeds), with its lakes and rivers, lit by a sun whose shadows fall across it",
    turns: true,
    lit: true,
    offered: Offered::Maps,
    routes: true,
    sun: true,
    ..PLAIN
};

/// The row of [`ViewMode::WIREFRAME`].
static WIREFRAME: ViewRow = ViewRow {
    name: "wireframe",
    label: "Wireframe",
    shows: "3-D wireframe of the terrain",
    turns: true,
    highlights: true,
    ..PLAIN
};

/// The row of [`ViewMode::MAP`].
static MAP: ViewRow = ViewRow {
    name: "map",
    label: "Map (top-down)",
    shows: "Top-down map of the terrain, light is high",
    points: true,
    paints: true,
    ..PLAIN
};

/// The row of [`ViewMode::CREASES`].
static CREASES: ViewRow = ViewRow {
    name: "creases",
    label: "Creases (shaded relief)",
    shows: "Top-down shaded relief of the terrain",
    offered: Offered::Maps,
    ..PLAIN
};

/// The row of [`ViewMode::WATER`].
static WATER: ViewRow = ViewRow {
    name: "water",
    label: "Water (rivers and lakes)",
    shows: "Top-down shaded relief with its lakes and rivers in blue, wider where more water \
            flows",
    offered: Offered::Maps,
    routes: true,
    floods: true,
    ..PLAIN
};

/// The row of [`ViewMode::WATER_3D`].
static WATER_3D: ViewRow = ViewRow {
    name: "water-3d",
    label: "Water on the land (3-D)",
    shows: "3-D terrain with its lakes and rivers in blue",
    turns: true,
    lit: true,
    offered: Offered::Maps,
    routes: true,
    ..PLAIN
};

/// The row of [`ViewMode::EROSION`].
static EROSION: ViewRow = ViewRow {
    name: "erosion",
    label: "Erosion (removed / laid)",
    shows: "Top-down map of what erosion and the other steps changed on the base: orange \
            lowered, blue raised, stronger where it changed more",
    offered: Offered::Bases,
    ..PLAIN
};

/// The row of [`ViewMode::SLOPE`].
static SLOPE: ViewRow = ViewRow {
    name: "slope",
    label: "Slope (degrees)",
    shows: "Top-down map of how steep the ground is: pale where flat, through orange to dark \
            red where steep, with a legend in degrees",
    ..PLAIN
};

/// The row of [`ViewMode::MASK`].
static MASK: ViewRow = ViewRow {
    name: "mask",
    label: "Mask (where a step acts)",
    shows: "Top-down map of where the step shown acts: white where its work is kept whole, \
            black where the map stays as it was given, grey between",
    offered: Offered::Chains,
    points: true,
    paints: true,
    ..PLAIN
};

/// How a demo is drawn (`<select name="view">`): one of the rows of [`ViewMode::ALL`].
#[derive(Clone, Copy)]
pub struct ViewMode(&'static ViewRow);

impl ViewMode {
    /// The lit 3-D terrain.
    pub const TERRAIN: ViewMode = ViewMode(&TERRAIN);

    /// The land as it would look: the lit 3-D terrain coloured by its materials
    /// (`terrain::materials`), its water on it, shadows cast by a sun the reader sets
    /// (`terrain::materials::light`).
    pub const LAND: ViewMode = ViewMode(&LAND);

    /// The same surface as lines.
    pub const WIREFRAME: ViewMode = ViewMode(&WIREFRAME);

    /// A top-down greyscale map, one block per shown point, north up.
    pub const MAP: ViewMode = ViewMode(&MAP);

    /// A top-down shaded relief map, lit from a low sun, where creases show as straight edges
    /// (`terrain::creases::relief_shading`).
    pub const CREASES: ViewMode = ViewMode(&CREASES);

    /// Where water goes: a top-down shaded relief with the lakes left by filling its hollows and
    /// the rivers where enough cells drain through, each as wide as its flow
    /// (`terrain::water::shown`).
    pub const WATER: ViewMode = ViewMode(&WATER);

    /// The lit 3-D terrain with its water on it: the lakes as flat water at the level they fill
    /// to, the rivers along the ground in blue (`terrain::water::shown::water_3d`).
    pub const WATER_3D: ViewMode = ViewMode(&WATER_3D);

    /// Where steps change a base (droplets, weathering, a reader's chain): the top-down map with
    /// the ground they lowered in orange and raised in blue, by how much (a ramp scaled to the
    /// largest change, with a legend), against the base before any step.
    pub const EROSION: ViewMode = ViewMode(&EROSION);

    /// How steep the ground is: the top-down map coloured by the slope angle as `--maps slope`
    /// measures it, pale where flat to dark where steep, with a legend in degrees
    /// (`terrain::derived::shown_slopes`).
    pub const SLOPE: ViewMode = ViewMode(&SLOPE);

    /// Where a step of a chain acts: its mask in grey, white where the step's work is kept
    /// whole, black where the map stays as it was given (the step the stepper shows; at step
    /// 0 the first). A drag paints a painted mask here too.
    pub const MASK: ViewMode = ViewMode(&MASK);

    /// Every view, in the order the select lists them.
    pub const ALL: [ViewMode; 10] = [
        ViewMode::TERRAIN,
        ViewMode::LAND,
        ViewMode::WIREFRAME,
        ViewMode::MAP,
        ViewMode::CREASES,
        ViewMode::WATER,
        ViewMode::WATER_3D,
        ViewMode::EROSION,
        ViewMode::SLOPE,
        ViewMode::MASK,
    ];

    /// Its row: name, label, what it shows, how it is seen, what it does.
    pub fn row(self) -> &'static ViewRow {
        self.0
    }

    /// The option's value.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The option's text.
    pub fn label(self) -> &'static str {
        self.0.label
    }

    /// The canvas's text alternative (`aria-label`): what it shows in this view (the demo's
    /// `caption`, then the step's `step` caption when there is one), and how to move it.
    /// `pans` is whether the map can be dragged over the plane ([`crate::panning`]).
    pub fn alt_text(self, caption: &str, step: &str, pans: bool) -> String {
        let what = self.0.shows;
        let step = step.trim();
        let moves = match self.0.turns {
            true => "Drag to orbit, scroll or pinch to zoom, or use the arrow and +/- keys.",
            false if pans => "Drag the map, or use the arrow keys, to move over the plane.",
            false => "Use the View choice for the 3-D terrain.",
        };
        if step.is_empty() {
            format!("{what}. {caption} {moves}")
        } else {
            format!("{what}. {caption} Now: {step} {moves}")
        }
    }

    /// Whether it draws the lit terrain through WebGL.
    pub fn lit(self) -> bool {
        self.0.lit
    }

    /// Whether it looks straight down on the map (every view but the 3-D ones): a map that pans
    /// is dragged in these.
    pub fn top_down(self) -> bool {
        !self.0.turns
    }

    /// The mode an option value names.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl Offered {
    /// Whether a demo that `is_map` (not a profile), whose recipe is `on_a_base` and whether
    /// it `chains` steps the reader chooses, can show it.
    pub fn on(self, is_map: bool, on_a_base: bool, chains: bool) -> bool {
        match self {
            Offered::Everywhere => true,
            Offered::Maps => is_map,
            Offered::Bases => is_map && on_a_base,
            Offered::Chains => is_map && chains,
        }
    }
}

/// The same view: the same row (each row is a `static`, so one address).
impl PartialEq for ViewMode {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for ViewMode {}

impl fmt::Debug for ViewMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name)
    }
}

/// The lit 3-D terrain, as a demo opens unless its row says otherwise.
impl Default for ViewMode {
    fn default() -> Self {
        ViewMode::TERRAIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_view_has_its_own_row_and_name() {
        for mode in ViewMode::ALL {
            assert_eq!(ViewMode::from_name(mode.name()), Some(mode));
            let row = mode.row();
            assert!(!row.lit || row.turns, "a lit view is a 3-D one");
            assert!(
                !row.floods || row.routes,
                "a view that floods routes the water"
            );
            assert!(
                !row.points || !row.turns,
                "a view of points looks straight down"
            );
        }
        let mut names: Vec<&str> = ViewMode::ALL.iter().map(|m| m.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(
            names.len(),
            ViewMode::ALL.len(),
            "no two views share a name"
        );
    }

    #[test]
    fn views_parse() {
        assert_eq!(ViewMode::from_name("map"), Some(ViewMode::MAP));
        assert_eq!(ViewMode::from_name("3d"), None);
        assert_eq!(ViewMode::from_name("creases"), Some(ViewMode::CREASES));
        assert_eq!(ViewMode::from_name("water"), Some(ViewMode::WATER));
    }

    #[test]
    fn the_text_alternative_says_the_view_and_the_step() {
        let alt = ViewMode::MAP.alt_text("Corners set.", "Pass 2 of 5.", false);
        assert!(alt.starts_with("Top-down map"), "{alt}");
        assert!(
            alt.contains("Corners set.") && alt.contains("Now: Pass 2 of 5."),
            "{alt}"
        );
        let alt = ViewMode::TERRAIN.alt_text("Corners set.", "  ", false);
        assert!(!alt.contains("Now:") && alt.contains("orbit"), "{alt}");
        let alt = ViewMode::WATER.alt_text("An endless map.", "", true);
        assert!(alt.contains("Drag the map"), "{alt}");
        assert!(ViewMode::WATER.top_down() && !ViewMode::WIREFRAME.top_down());
    }
}
