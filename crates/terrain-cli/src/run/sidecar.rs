//! The sidecar `NAME.json` written beside a map made for an engine or cut into tiles: what made
//! it (algorithm, parameters, seed, erosion, range before normalising) and how to import it.

use serde_json::{json, Value};
use terrain::engines::Engine;
use terrain::export::Format;
use terrain::tiles::Tiling;

use super::make::{as_typed, Made};

/// The sidecar of a file (or tiles) of `width` x `height` points made for `engine`: what made it
/// and how to import it.
pub(crate) fn sidecar(
    made: &Made,
    engine: Option<Engine>,
    (width, height): (usize, usize),
    format: Format,
    height_m: Option<f32>,
) -> Value {
    let (lo, hi) = made.map.range_before_normalising().unwrap_or((0.0, 0.0));
    let typed = terrain::params::typed_json;
    let mut value = json!({
        "algorithm": made.name,
        "seed": made.seed,
        "parameters": made.parameters,
        "erosion": made.erosion.as_ref().map(as_typed),
        "width": width,
        "height": height,
        "generated": [made.map.width(), made.map.height()],
        "min_before_normalising": typed(lo),
        "max_before_normalising": typed(hi),
        "format": format.extension(),
    });
    if let (Some(engine), Value::Object(fields)) = (engine, &mut value) {
        fields.insert("engine".into(), json!(engine.name()));
        fields.insert("height_m".into(), json!(height_m.map(typed)));
        fields.insert(
            "import".into(),
            engine.import_settings(width, height, made.map.width(), height_m),
        );
    }
    value
}

/// `sidecar` with the list of tiles written (`files`: one entry per tile, from `write_tiles`).
pub(crate) fn with_tiles(mut value: Value, tiling: &Tiling, files: Vec<Value>) -> Value {
    if let Value::Object(fields) = &mut value {
        let (width, height) = tiling.covers();
        fields.insert(
            "tiles".into(),
            json!({
                "columns": tiling.columns,
                "rows": tiling.rows,
                "side": tiling.side,
                "shared_edge": "neighbours share their edge row and column (one point)",
                "covers": [width, height],
                "files": files,
            }),
        );
    }
    value
}

/// The sidecar as the text of its file.
pub(crate) fn text(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}
