//! The sidecar `NAME.json` written beside a map made for an engine or cut into tiles: what made
//! it (algorithm, parameters, seed, the steps after it, range before normalising) and how to
//! import it;
//! and a map's tiles as files with their sidecar, the same for the command line (which writes
//! them to disk) and the page (which zips them). With the `serde` feature only.

use serde_json::{json, Value};

use crate::chapters::Recipe;
use crate::files::engines::Engine;
use crate::files::export::{self, Format};
use crate::files::tiles::{self, Tiling};
use crate::map::heightmap::Heightmap;

/// `value` as JSON through text, so each f32 in it reads as typed (0.3), not widened to f64.
pub fn as_typed(value: &impl serde::Serialize) -> Value {
    serde_json::to_string(value)
        .and_then(|text| serde_json::from_str(&text))
        .unwrap_or_default()
}

/// A map and what made it: the algorithm (or the file read), its parameters, the seed and the
/// steps it went through (erosion among them).
#[derive(Debug)]
pub struct Made {
    /// The algorithm's name, or `read` for a map read from a file.
    pub name: &'static str,
    /// The recipe's parameters, or the file read.
    pub parameters: Value,
    /// The seed it was made with.
    pub seed: u64,
    /// The steps it went through after that, in order ([`crate::chain::record`] of each;
    /// `--erode N` is the step `erode`).
    pub steps: Vec<Value>,
    /// The map, before any engine prepares it.
    pub map: Heightmap,
}

impl Made {
    /// `recipe`'s `map`, made with `seed`, before any step.
    pub fn new(recipe: &Recipe, seed: u64, map: Heightmap) -> Self {
        Made {
            name: recipe.name(),
            parameters: as_typed(recipe),
            seed,
            steps: Vec::new(),
            map,
        }
    }

    /// ", then STEP, STEP" for the summary line (erosion with its droplets, "erode (N
    /// droplets)"; a masked step says so, "thermal (masked)"), or nothing.
    pub fn eroded(&self) -> String {
        let said: Vec<String> = self
            .steps
            .iter()
            .filter_map(|step| {
                let name = step.get("step").and_then(Value::as_str)?;
                let masked = step
                    .as_object()
                    .is_some_and(|fields| fields.keys().any(|key| key.starts_with("mask")));
                Some(match step.get("droplets").and_then(Value::as_u64) {
                    Some(droplets) if name == "erode" && masked => {
                        format!("erode ({droplets} droplets, masked)")
                    }
                    Some(droplets) if name == "erode" => format!("erode ({droplets} droplets)"),
                    _ if masked => format!("{name} (masked)"),
                    _ => name.to_string(),
                })
            })
            .collect();
        match said.is_empty() {
            true => String::new(),
            false => format!(", then {}", said.join(", ")),
        }
    }
}

/// The sidecar of a file (or tiles) of `width` x `height` points made for `engine`: what made it
/// and how to import it, its 0..1 spanning `height_m` metres and its points `cell_m` apart.
pub fn sidecar(
    made: &Made,
    engine: Option<Engine>,
    (width, height): (usize, usize),
    format: Format,
    (height_m, cell_m): (Option<f32>, f32),
) -> Value {
    let (lo, hi) = made.map.range_before_normalising().unwrap_or((0.0, 0.0));
    let typed = crate::knobs::params::typed_json;
    let mut value = json!({
        "algorithm": made.name,
        "seed": made.seed,
        "parameters": made.parameters,
        "width": width,
        "height": height,
        "generated": [made.map.width(), made.map.height()],
        "min_before_normalising": typed(lo),
        "max_before_normalising": typed(hi),
        "format": format.extension(),
    });
    if let (false, Value::Object(fields)) = (made.steps.is_empty(), &mut value) {
        fields.insert("steps".into(), Value::Array(made.steps.clone()));
    }
    if let (Some(engine), Value::Object(fields)) = (engine, &mut value) {
        fields.insert("engine".into(), json!(engine.name()));
        fields.insert("height_m".into(), json!(height_m.map(typed)));
        fields.insert(
            "import".into(),
            engine.import_settings((width, height, made.map.width()), height_m, cell_m),
        );
    }
    value
}

/// `sidecar` with the list of tiles written (`files`: one entry per tile, from [`tile_files`]).
pub fn with_tiles(mut value: Value, tiling: &Tiling, files: Vec<Value>) -> Value {
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
pub fn text(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// One tile as a file: its name, its map (prepared for the engine) and its sidecar entry.
#[derive(Debug)]
pub struct TileFile {
    /// `STEM_x_y.EXT` ([`tiles::tile_name`]).
    pub name: String,
    /// The tile's heights as written.
    pub map: Heightmap,
    /// Its entry in the sidecar's list of tiles.
    pub entry: Value,
}

/// `map` cut by `tiling` into files named after `stem`, each prepared for `engine`, in
/// `format`: what `--tiles` writes beside the sidecar.
pub fn tile_files(
    map: &Heightmap,
    tiling: &Tiling,
    engine: Option<Engine>,
    format: Format,
    stem: &str,
) -> Result<Vec<TileFile>, String> {
    let step = tiling.side - 1;
    let mut files = Vec::new();
    for tile in tiling.cut(map).map_err(|e| e.to_string())? {
        // Unity reads a file's first row as the terrain's z = 0 edge, so its rows and its grid
        // of tiles both run from the map's last row.
        let y = match engine {
            Some(Engine::Unity) => tiling.rows - 1 - tile.y,
            _ => tile.y,
        };
        let prepared = match engine {
            Some(engine) => engine.prepare(&tile.map)?,
            None => tile.map,
        };
        let name = tiles::tile_name(stem, format.extension(), tile.x, y, engine);
        let entry = json!({
            "file": name,
            "x": tile.x,
            "y": y,
            "first_column": tile.x * step,
            "first_row": tile.y * step,
        });
        files.push(TileFile {
            name,
            map: prepared,
            entry,
        });
    }
    Ok(files)
}

/// Every file `--tiles` writes for `made` cut by `tiling` (no engine), named after `stem`, in
/// `format`: the tiles' bytes, then the sidecar `STEM.json`; `(name, bytes)` each.
pub fn tiled(
    made: &Made,
    tiling: &Tiling,
    format: Format,
    stem: &str,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let tiles = tile_files(&made.map, tiling, None, format, stem)?;
    let mut files = Vec::with_capacity(tiles.len() + 1);
    let mut entries = Vec::with_capacity(tiles.len());
    for tile in tiles {
        let bytes = export::to_bytes(&tile.map, format).map_err(|e| e.to_string())?;
        files.push((tile.name, bytes));
        entries.push(tile.entry);
    }
    let value = sidecar(made, None, (tiling.side, tiling.side), format, (None, 1.0));
    let value = with_tiles(value, tiling, entries);
    files.push((format!("{stem}.json"), text(&value).into_bytes()));
    Ok(files)
}
