//! Making the map a plan asks for: generated from its recipe (or taken as read), then eroded.

use serde_json::json;
use terrain::erosion::{self, ErosionParams};
use terrain::sidecar::Made;

use super::plan::Start;

/// Generates the map from `start` with `seed` (or takes the map read) and erodes it.
pub(crate) fn make(
    start: Start,
    seed: u64,
    erosion: Option<ErosionParams>,
) -> Result<Made, String> {
    let (path, mut map) = match start {
        Start::Generate(recipe) => {
            let map = recipe
                .generate_eroded(seed, erosion.as_ref())
                .map_err(|e| e.to_string())?;
            return Ok(Made::new(&recipe, seed, erosion, map));
        }
        Start::Read(path, map) => (path, map),
    };
    if let Some(params) = &erosion {
        erosion::erode(&mut map, params, seed).map_err(|e| e.to_string())?;
    }
    Ok(Made {
        name: "erode",
        parameters: json!({"in": path.display().to_string()}),
        seed,
        erosion,
        map,
    })
}
