//! Making the map a plan asks for: generated from its recipe (or taken as read), then eroded,
//! then through its steps.

use serde_json::json;
use terrain::chain::uplift::knobs as uplift_knobs;
use terrain::chain::{self, Step};
use terrain::erosion::{self, ErosionParams};
use terrain::sidecar::Made;
use terrain::Recipe;

use super::plan::Start;

/// Generates the map from `start` with `seed` (or takes the map read), erodes it, and runs
/// `steps` on it in order.
pub(crate) fn make(
    start: Start,
    seed: u64,
    erosion: Option<ErosionParams>,
    steps: &[Box<dyn Step>],
) -> Result<Made, String> {
    let mut made = match start {
        Start::Generate(recipe) => {
            let map = recipe
                .generate_eroded(seed, erosion.as_ref())
                .map_err(|e| e.to_string())?;
            Made::new(&recipe, seed, erosion, map)
        }
        Start::Grown(recipe, rates, path) => {
            let Recipe::Uplifted(chapter) = recipe else {
                return Err(format!("--{} is uplift's", uplift_knobs::UPLIFT_MAP));
            };
            let map = chapter
                .grow(seed, Some(&rates))
                .map_err(|e| e.to_string())?;
            let mut made = Made::new(&recipe, seed, None, map);
            if let Some(parameters) = made.parameters.as_object_mut() {
                parameters.insert(
                    uplift_knobs::UPLIFT_MAP.to_string(),
                    json!(path.display().to_string()),
                );
            }
            made
        }
        Start::Read(path, mut map) => {
            if let Some(params) = &erosion {
                erosion::erode(&mut map, params, seed).map_err(|e| e.to_string())?;
            }
            Made {
                name: if erosion.is_some() { "erode" } else { "read" },
                parameters: json!({"in": path.display().to_string()}),
                seed,
                erosion,
                steps: Vec::new(),
                map,
            }
        }
    };
    for step in steps {
        step.apply(&mut made.map, seed)
            .map_err(|e| format!("{}: {e}", step.name()))?;
        made.steps.push(chain::record(step.as_ref()));
    }
    Ok(made)
}
