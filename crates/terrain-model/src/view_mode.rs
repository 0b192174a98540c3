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
    /// For erosion: the top-down map with the ground erosion lowered in orange and raised in
    /// blue, by how much (a ramp scaled to the largest change, with a legend), against the
    /// terrain before any droplet.
    Erosion,
}

impl ViewMode {
    /// Every mode, in the order the select lists them.
    pub const ALL: [ViewMode; 7] = [
        ViewMode::Terrain,
        ViewMode::Wireframe,
        ViewMode::Map,
        ViewMode::Creases,
        ViewMode::Water,
        ViewMode::Water3d,
        ViewMode::Erosion,
    ];

    /// The option's value.
    pub fn name(self) -> &'static str {
        match self {
            ViewMode::Terrain => "terrain",
            ViewMode::Wireframe => "wireframe",
            ViewMode::Map => "map",
            ViewMode::Creases => "creases",
            ViewMode::Water => "water",
            ViewMode::Water3d => "water-3d",
            ViewMode::Erosion => "erosion",
        }
    }

    /// The option's text.
    pub fn label(self) -> &'static str {
        match self {
            ViewMode::Terrain => "Terrain",
            ViewMode::Wireframe => "Wireframe",
            ViewMode::Map => "Map (top-down)",
            ViewMode::Creases => "Creases (shaded relief)",
            ViewMode::Water => "Water (rivers and lakes)",
            ViewMode::Water3d => "Water on the land (3-D)",
            ViewMode::Erosion => "Erosion (removed / laid)",
        }
    }

    /// The canvas's text alternative (`aria-label`): what it shows in this view (the demo's
    /// `caption`, then the step's `step` caption when there is one), and how to move it.
    /// `pans` is whether the map can be dragged over the plane ([`crate::panning`]).
    pub fn alt_text(self, caption: &str, step: &str, pans: bool) -> String {
        let what = match self {
            ViewMode::Terrain => "3-D terrain",
            ViewMode::Water3d => "3-D terrain with its lakes and rivers in blue",
            ViewMode::Wireframe => "3-D wireframe of the terrain",
            ViewMode::Map => "Top-down map of the terrain, light is high",
            ViewMode::Creases => "Top-down shaded relief of the terrain",
            ViewMode::Water => {
                "Top-down shaded relief with its lakes and rivers in blue, wider where more water flows"
            }
            ViewMode::Erosion => {
                "Top-down map of what erosion changed: orange lowered, blue raised, stronger where it changed more"
            }
        };
        let step = step.trim();
        let moves = match self {
            ViewMode::Terrain | ViewMode::Wireframe | ViewMode::Water3d => {
                "Drag to orbit, scroll or pinch to zoom, or use the arrow and +/- keys."
            }
            _ if pans => "Drag the map, or use the arrow keys, to move over the plane.",
            _ => "Use the View choice for the 3-D terrain.",
        };
        if step.is_empty() {
            format!("{what}. {caption} {moves}")
        } else {
            format!("{what}. {caption} Now: {step} {moves}")
        }
    }

    /// Whether it draws the lit terrain through WebGL.
    pub fn lit(self) -> bool {
        matches!(self, ViewMode::Terrain | ViewMode::Water3d)
    }

    /// Whether it looks straight down on the map (every view but the 3-D ones): a map that pans
    /// is dragged in these.
    pub fn top_down(self) -> bool {
        !matches!(
            self,
            ViewMode::Terrain | ViewMode::Wireframe | ViewMode::Water3d
        )
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
