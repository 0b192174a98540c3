//! Making the map a plan asks for: generated from its recipe (or taken as read), then eroded.

use serde_json::{json, Value};
use terrain::erosion::{self, ErosionParams};
use terrain::Heightmap;

use super::plan::Start;

/// `value` as JSON through text, so each f32 in it reads as typed (0.3), not widened to f64.
pub(crate) fn as_typed(value: &impl serde::Serialize) -> Value {
    serde_json::to_string(value)
        .and_then(|text| serde_json::from_str(&text))
        .unwrap_or_default()
}

/// A map and what made it: the algorithm (or the file read), its parameters, the seed and the
/// erosion it got.
pub(crate) struct Made {
    /// The algorithm's name, or `erode` for a map read from a file.
    pub name: &'static str,
    /// The recipe's parameters, or the file read.
    pub parameters: Value,
    /// The seed it was made with.
    pub seed: u64,
    /// The erosion it got.
    pub erosion: Option<ErosionParams>,
    /// The map, before any engine prepares it.
    pub map: Heightmap,
}

/// Generates the map from `start` with `seed` (or takes the map read) and erodes it.
pub(crate) fn make(
    start: Start,
    seed: u64,
    erosion: Option<ErosionParams>,
) -> Result<Made, String> {
    let (name, parameters, mut map) = match start {
        Start::Generate(recipe) => (
            recipe.name(),
            as_typed(&recipe),
            recipe.generate(seed).map_err(|e| e.to_string())?,
        ),
        Start::Read(path, map) => ("erode", json!({"in": path.display().to_string()}), map),
    };
    if let Some(params) = &erosion {
        erosion::erode(&mut map, params, seed).map_err(|e| e.to_string())?;
    }
    Ok(Made {
        name,
        parameters,
        seed,
        erosion,
        map,
    })
}

impl Made {
    /// ", eroded by N droplets" for the summary line, or nothing.
    pub(crate) fn eroded(&self) -> String {
        self.erosion
            .map(|params| format!(", eroded by {} droplets", params.droplets))
            .unwrap_or_default()
    }
}
