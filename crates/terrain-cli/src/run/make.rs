//! Making the map a plan asks for: generated from its recipe (or taken as read), then through
//! its steps (erosion among them).

use serde_json::json;
use terrain::chain::moved::Moved;
use terrain::chain::uplift::knobs as uplift_knobs;
use terrain::chain::{self, Step};
use terrain::sidecar::Made;
use terrain::Recipe;

use super::plan::Start;

/// Generates the map from `start` with `seed` (or takes the map read) and runs `steps` on it
/// in order; with `measured`, also what the steps that move material lowered and raised
/// (`--maps wear,deposit`).
pub(crate) fn make(
    start: Start,
    seed: u64,
    steps: &[Box<dyn Step>],
    measured: bool,
) -> Result<(Made, Option<Moved>), String> {
    let mut made = match start {
        Start::Generate(recipe) => {
            let map = recipe.generate(seed).map_err(|e| e.to_string())?;
            Made::new(&recipe, seed, map)
        }
        Start::Grown(recipe, rates, path) => {
            let Recipe::Uplifted(chapter) = recipe else {
                return Err(format!("--{} is uplift's", uplift_knobs::UPLIFT_MAP));
            };
            let map = chapter
                .grow(seed, Some(&rates))
                .map_err(|e| e.to_string())?;
            let mut made = Made::new(&recipe, seed, map);
            if let Some(parameters) = made.parameters.as_object_mut() {
                parameters.insert(
                    uplift_knobs::UPLIFT_MAP.to_string(),
                    json!(path.display().to_string()),
                );
            }
            made
        }
        Start::Read(path, map) => Made {
            name: "read",
            parameters: json!({"in": path.display().to_string()}),
            seed,
            steps: Vec::new(),
            map,
        },
    };
    let mut moved = measured.then(|| Moved::none(made.map.data().len()));
    for step in steps {
        Moved::apply(moved.as_mut(), step.as_ref(), &mut made.map, seed)
            .map_err(|e| format!("{}: {e}", step.name()))?;
        made.steps.push(chain::record(step.as_ref()));
    }
    Ok((made, moved))
}
