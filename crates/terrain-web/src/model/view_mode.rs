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
    /// For erosion: the top-down map with the ground erosion lowered in orange and raised in
    /// blue, against the terrain before any droplet.
    Erosion,
}

impl ViewMode {
    /// Every mode, in the order the select lists them.
    pub const ALL: [ViewMode; 5] = [
        ViewMode::Terrain,
        ViewMode::Wireframe,
        ViewMode::Map,
        ViewMode::Creases,
        ViewMode::Erosion,
    ];

    /// The option's value.
    pub fn name(self) -> &'static str {
        match self {
            ViewMode::Terrain => "terrain",
            ViewMode::Wireframe => "wireframe",
            ViewMode::Map => "map",
            ViewMode::Creases => "creases",
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
            ViewMode::Erosion => "Erosion (removed / laid)",
        }
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
    }
}
