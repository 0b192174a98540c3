//! How a demo is drawn: the choices of its `<select name="view">`.

/// How a demo is drawn (`<select name="view">`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ViewMode {
    /// The lit 3-D terrain.
    #[default]
    Terrain,
    /// The same surface as lines.
    Wireframe,
    /// A top-down greyscale map, one block per shown point, north up.
    Map,
    /// A top-down shaded relief map, lit from a low sun, where creases show as straight edges
    /// (`terrain::creases::relief_shading`).
    Creases,
    /// Where water goes: a top-down shaded relief with the lakes left by filling its hollows and
    /// the rivers where enough cells drain through, each as wide as its flow
    /// (`terrain::water::shown`).
    Water,
    /// The lit 3-D terrain with its water on it: the lakes as flat water at the level they fill
    /// to, the rivers along the ground in blue (`terrain::water::shown::water_3d`).
    Water3d,
    /// Where steps change a base (droplets, weathering, a reader's chain): the top-down map with
    /// the ground they lowered in orange and raised in blue, by how much (a ramp scaled to the
    /// largest change, with a legend), against the base before any step.
    Erosion,
    /// How steep the ground is: the top-down map coloured by the slope angle as `--maps slope`
    /// measures it, pale where flat to dark where steep, with a legend in degrees
    /// (`terrain::derived::shown_slopes`).
    Slope,
}

/// What the page knows of a view, one row each ([`ViewMode::row`]): adding a view is a variant,
/// its row here, the demos that offer it (`Demo::offers`) and the file that draws it (the page's
/// `view/drawing/`).
#[derive(Debug, Clone, Copy)]
pub struct ViewRow {
    /// The option's value (`<select name="view">`).
    pub name: &'static str,
    /// The option's text.
    pub label: &'static str,
    /// What the canvas shows, the start of its text alternative.
    pub shows: &'static str,
    /// Whether it is a 3-D picture, turned with the camera (else it looks straight down).
    pub turns: bool,
    /// Whether it draws the lit terrain through WebGL.
    pub lit: bool,
}

/// The rows of [`ViewMode::ALL`], in its order.
const ROWS: [ViewRow; 8] = [
    ViewRow {
        name: "terrain",
        label: "Terrain",
        shows: "3-D terrain",
        turns: true,
        lit: true,
    },
    ViewRow {
        name: "wireframe",
        label: "Wireframe",
        shows: "3-D wireframe of the terrain",
        turns: true,
        lit: false,
    },
    ViewRow {
        name: "map",
        label: "Map (top-down)",
        shows: "Top-down map of the terrain, light is high",
        turns: false,
        lit: false,
    },
    ViewRow {
        name: "creases",
        label: "Creases (shaded relief)",
        shows: "Top-down shaded relief of the terrain",
        turns: false,
        lit: false,
    },
    ViewRow {
        name: "water",
        label: "Water (rivers and lakes)",
        shows: "Top-down shaded relief with its lakes and rivers in blue, wider where more water \
                flows",
        turns: false,
        lit: false,
    },
    ViewRow {
        name: "water-3d",
        label: "Water on the land (3-D)",
        shows: "3-D terrain with its lakes and rivers in blue",
        turns: true,
        lit: true,
    },
    ViewRow {
        name: "erosion",
        label: "Erosion (removed / laid)",
        shows: "Top-down map of what erosion and the other steps changed on the base: orange \
                lowered, blue raised, stronger where it changed more",
        turns: false,
        lit: false,
    },
    ViewRow {
        name: "slope",
        label: "Slope (degrees)",
        shows: "Top-down map of how steep the ground is: pale where flat, through orange to dark \
                red where steep, with a legend in degrees",
        turns: false,
        lit: false,
    },
];

impl ViewMode {
    /// Every mode, in the order the select lists them.
    pub const ALL: [ViewMode; 8] = [
        ViewMode::Terrain,
        ViewMode::Wireframe,
        ViewMode::Map,
        ViewMode::Creases,
        ViewMode::Water,
        ViewMode::Water3d,
        ViewMode::Erosion,
        ViewMode::Slope,
    ];

    /// Its row: name, label, what it shows, how it is seen.
    pub fn row(self) -> &'static ViewRow {
        &ROWS[self as usize]
    }

    /// The option's value.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// The option's text.
    pub fn label(self) -> &'static str {
        self.row().label
    }

    /// The canvas's text alternative (`aria-label`): what it shows in this view (the demo's
    /// `caption`, then the step's `step` caption when there is one), and how to move it.
    /// `pans` is whether the map can be dragged over the plane ([`crate::panning`]).
    pub fn alt_text(self, caption: &str, step: &str, pans: bool) -> String {
        let what = self.row().shows;
        let step = step.trim();
        let moves = match self.row().turns {
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
        self.row().lit
    }

    /// Whether it looks straight down on the map (every view but the 3-D ones): a map that pans
    /// is dragged in these.
    pub fn top_down(self) -> bool {
        !self.row().turns
    }

    /// The mode an option value names.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_view_has_its_own_row_and_name() {
        for (i, mode) in ViewMode::ALL.into_iter().enumerate() {
            assert_eq!(
                mode as usize, i,
                "ALL is in the enum's order, so a row is found by place"
            );
            assert_eq!(ViewMode::from_name(mode.name()), Some(mode));
            assert!(
                !mode.row().lit || mode.row().turns,
                "a lit view is a 3-D one"
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
        assert_eq!(ViewMode::from_name("map"), Some(ViewMode::Map));
        assert_eq!(ViewMode::from_name("3d"), None);
        assert_eq!(ViewMode::from_name("creases"), Some(ViewMode::Creases));
        assert_eq!(ViewMode::from_name("water"), Some(ViewMode::Water));
    }

    #[test]
    fn the_text_alternative_says_the_view_and_the_step() {
        let alt = ViewMode::Map.alt_text("Corners set.", "Pass 2 of 5.", false);
        assert!(alt.starts_with("Top-down map"), "{alt}");
        assert!(
            alt.contains("Corners set.") && alt.contains("Now: Pass 2 of 5."),
            "{alt}"
        );
        let alt = ViewMode::Terrain.alt_text("Corners set.", "  ", false);
        assert!(!alt.contains("Now:") && alt.contains("orbit"), "{alt}");
        let alt = ViewMode::Water.alt_text("An endless map.", "", true);
        assert!(alt.contains("Drag the map"), "{alt}");
        assert!(ViewMode::Water.top_down() && !ViewMode::Wireframe.top_down());
    }
}
