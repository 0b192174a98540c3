//! The maps derived from the heights (`--maps`): written beside the file as `NAME_normal.png`,
//! `NAME_slope.png`, `NAME_flow.png`, `NAME_wetness.png` and `NAME_curvature.png` from the map
//! as the file holds it (cropped and in the row order of its engine), each described for the
//! sidecar (with the range its 16 bits span, where it has one of its own).

use std::path::PathBuf;

use serde_json::{json, Map, Value};
use terrain::chain::moved::Moved;
use terrain::derived::{Green, Relief};
use terrain::derived_png::Sources;
use terrain::engines::Engine;
use terrain::params::typed_json;
use terrain::Heightmap;

use super::plan::Target;
use crate::output::write_bytes_atomically;

/// Writes `target`'s derived maps of `file`; returns their paths and the sidecar's `maps` and
/// `relief` entries. On a failure removes the ones written and says why.
pub(crate) fn write_derived(
    target: &Target,
    file: &Heightmap,
    moved: Option<&Moved>,
) -> Result<(Vec<PathBuf>, Map<String, Value>), String> {
    let green = match target.engine {
        Some(Engine::Unreal) => Green::Down,
        _ => Green::Up,
    };
    let shown = Relief::as_shown(file);
    let relief = Relief {
        height_m: target.height_m.unwrap_or(shown.height_m * target.cell_m),
        cell_m: target.cell_m,
    };
    let stem = target
        .out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "terrain".into());
    let sources = Sources::new(file, relief, green, moved);
    let mut written = Vec::new();
    let mut maps = Map::new();
    for derived in &target.maps {
        let name = format!("{stem}_{}.png", derived.name());
        let path = target.out.with_file_name(&name);
        let result = sources
            .png(*derived)
            .map_err(|e| format!("{}: {}", path.display(), e.message))
            .and_then(|(bytes, range)| write_bytes_atomically(&path, &bytes).map(|()| range));
        let range = match result {
            Ok(range) => range,
            Err(message) => {
                for path in &written {
                    let _ = std::fs::remove_file(path);
                }
                return Err(message);
            }
        };
        let mut entry = json!({"file": name, "value": derived.described(green)});
        if let Some((lo, hi)) = range {
            entry["range"] = json!([lo, hi]);
        }
        maps.insert(derived.name().into(), entry);
        written.push(path);
    }
    let mut entries = Map::new();
    entries.insert("maps".into(), Value::Object(maps));
    entries.insert(
        "relief".into(),
        json!({
            "height_m": typed_json(relief.height_m),
            "cell_m": typed_json(relief.cell_m),
            "note": "the normal map's strength and the slope mask's angles come from these",
        }),
    );
    Ok((written, entries))
}
