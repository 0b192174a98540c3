//! What `terrain` does with its arguments: checks them against the format and the engine before
//! anything is generated, generates the map, and writes it (or its tiles) with the sidecar.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use rand::TryRngCore;
use serde_json::{json, Value};
use terrain::engines::Engine;
use terrain::erosion::{self, ErosionParams};
use terrain::export::{self, Format};
use terrain::tiles::{self, Tiling};
use terrain::{Heightmap, Recipe};

use crate::args::{Cli, Command};
use crate::job::{Job, Source};
use crate::output::{write_atomically, write_text_atomically};

/// A fresh seed from the operating system's random source, for when none was given.
fn fresh_seed() -> Result<u64, String> {
    rand::rngs::OsRng
        .try_next_u64()
        .map_err(|e| format!("cannot pick a random seed: {e}"))
}

/// Refuses a file `engine` cannot import.
fn check_format(engine: Engine, format: Format) -> Result<(), String> {
    if engine.formats().contains(&format) {
        return Ok(());
    }
    let names: Vec<String> = engine
        .formats()
        .iter()
        .map(|f| format!(".{}", f.extension()))
        .collect();
    Err(format!(
        "{} imports {} files, not .{}",
        engine.name(),
        names.join(" or "),
        format.extension()
    ))
}

/// What made a map, for its sidecar: the algorithm (or the file read), its parameters, the
/// seed, the erosion it got, and the map before it was prepared.
struct Made<'a> {
    name: &'static str,
    parameters: Value,
    seed: u64,
    erosion: Option<ErosionParams>,
    map: &'a Heightmap,
}

/// `value` as JSON through text, so each f32 in it reads as typed (0.3), not widened to f64.
fn as_typed(value: &impl serde::Serialize) -> Value {
    serde_json::to_string(value)
        .and_then(|text| serde_json::from_str(&text))
        .unwrap_or_default()
}

/// The sidecar of a file (or tiles) of `width` x `height` points made for `engine`: what made it
/// and how to import it.
fn sidecar(
    made: &Made<'_>,
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

/// Reads the map `terrain erode` erodes; its extension gives the format.
fn read_map(path: &Path, width: Option<usize>) -> Result<Heightmap, String> {
    let format = Format::from_path(path).map_err(|e| e.to_string())?;
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    terrain::import::read(&bytes, format, width)
        .map_err(|e| format!("{}: {}", path.display(), e.message))
}

/// `path` with its file name replaced by `name`.
fn sibling(path: &Path, name: &str) -> PathBuf {
    path.with_file_name(name)
}

/// Writes `map`'s tiles beside `out` and returns their paths; on a failure removes the ones
/// written, so there are all the tiles or none.
fn write_tiles(
    out: &Path,
    map: &Heightmap,
    tiling: &Tiling,
    engine: Option<Engine>,
    format: Format,
) -> Result<Vec<(PathBuf, Value)>, String> {
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "terrain".into());
    let mut written: Vec<(PathBuf, Value)> = Vec::new();
    let step = tiling.side - 1;
    let result = (|| -> Result<(), String> {
        for tile in tiling.cut(map).map_err(|e| e.to_string())? {
            // Unity reads a file's first row as the terrain's z = 0 edge, so its rows and its
            // grid of tiles both run from the map's last row.
            let y = match engine {
                Some(Engine::Unity) => tiling.rows - 1 - tile.y,
                _ => tile.y,
            };
            let file = match engine {
                Some(engine) => engine.prepare(&tile.map)?,
                None => tile.map,
            };
            let name = tiles::tile_name(&stem, format.extension(), tile.x, y, engine);
            let path = sibling(out, &name);
            write_atomically(&path, &file, format)?;
            let entry = json!({
                "file": name,
                "x": tile.x,
                "y": y,
                "first_column": tile.x * step,
                "first_row": tile.y * step,
            });
            written.push((path, entry));
        }
        Ok(())
    })();
    match result {
        Ok(()) => Ok(written),
        Err(message) => {
            for (path, _) in &written {
                let _ = std::fs::remove_file(path);
            }
            Err(message)
        }
    }
}

impl Cli {
    /// Generates and writes the file or its tiles (and, for an engine or tiles, the sidecar
    /// `NAME.json`); returns a one-line summary for stdout or a one-line error.
    pub fn run(&self) -> Result<String, String> {
        let Some(Job {
            source,
            erosion,
            output,
            preset,
        }) = self.command.job()
        else {
            return match &self.command {
                Command::Flow(args) => crate::flow::run(args),
                _ => Err("nothing to do".into()),
            };
        };
        let engine = preset.and_then(|p| p.engine);
        let height_m = preset.and_then(|p| p.height_m);
        let tiled = preset.and_then(|p| p.tiles);
        let format = match &source {
            Source::Generate(Recipe::Line { .. }) => Format::from_path_1d(&output.out),
            _ => Format::from_path(&output.out),
        }
        .map_err(|e| e.to_string())?;
        if let Some(engine) = engine {
            check_format(engine, format)?;
        }
        if let Some(erosion) = &erosion {
            erosion.validate().map_err(|e| e.to_string())?;
        }
        // A map read from a file is read first: its size is known only then.
        let read = match &source {
            Source::File { path, width } => Some(read_map(path, *width)?),
            Source::Generate(_) => None,
        };
        let size = match (&source, &read) {
            (_, Some(map)) => (map.width(), map.height()),
            (Source::Generate(recipe), None) => recipe.size(),
            (Source::File { .. }, None) => (0, 0),
        };
        // Everything that can be refused is refused before anything is generated.
        let tiling = match tiled {
            Some(grid) => Some(tiles::fit(size, grid, engine)?),
            None => {
                if let Some(engine) = engine {
                    engine.side_for(size.0, size.1)?;
                }
                None
            }
        };
        let written_size = tiling.map_or(size, |t| (t.side, t.side));
        export::check_size(format, written_size.0, written_size.1).map_err(|e| e.to_string())?;
        let seed = match output.seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        let (name, parameters, mut map) = match (source, read) {
            (Source::Generate(recipe), _) => (
                recipe.name(),
                as_typed(&recipe),
                recipe.generate(seed).map_err(|e| e.to_string())?,
            ),
            (Source::File { path, .. }, Some(map)) => {
                ("erode", json!({"in": path.display().to_string()}), map)
            }
            (Source::File { .. }, None) => return Err("no map was read".into()),
        };
        let eroded = match &erosion {
            Some(params) => {
                erosion::erode(&mut map, params, seed).map_err(|e| e.to_string())?;
                format!(", eroded by {} droplets", params.droplets)
            }
            None => String::new(),
        };
        let made = Made {
            name,
            parameters,
            seed,
            erosion,
            map: &map,
        };
        let sidecar_path = output.out.with_extension("json");
        if let Some(tiling) = tiling {
            let written = write_tiles(&output.out, &map, &tiling, engine, format)?;
            let mut value = sidecar(&made, engine, written_size, format, height_m);
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
                        "files": written.iter().map(|(_, e)| e.clone()).collect::<Vec<_>>(),
                    }),
                );
            }
            let text = serde_json::to_string_pretty(&value).unwrap_or_default() + "\n";
            if let Err(message) = write_text_atomically(&sidecar_path, &text) {
                for (path, _) in &written {
                    let _ = std::fs::remove_file(path);
                }
                return Err(message);
            }
            return Ok(format!(
                "wrote {} tiles of {} x {} ({name}, seed {seed}{eroded}) and {}",
                written.len(),
                tiling.side,
                tiling.side,
                sidecar_path.display()
            ));
        }
        // Only an engine changes the map (cropping, row order); otherwise it is written as made,
        // without a copy (64 MiB at exponent 12).
        let file = match engine {
            Some(engine) => Cow::Owned(engine.prepare(&map)?),
            None => Cow::Borrowed(&map),
        };
        write_atomically(&output.out, &file, format)?;
        let mut written = output.out.display().to_string();
        if engine.is_some() {
            let value = sidecar(
                &made,
                engine,
                (file.width(), file.height()),
                format,
                height_m,
            );
            let text = serde_json::to_string_pretty(&value).unwrap_or_default() + "\n";
            if let Err(message) = write_text_atomically(&sidecar_path, &text) {
                // Both files or neither.
                let _ = std::fs::remove_file(&output.out);
                return Err(message);
            }
            written = format!("{written} and {}", sidecar_path.display());
        }
        Ok(format!(
            "wrote {written} ({} x {}, {name}, seed {seed}{eroded})",
            file.width(),
            file.height()
        ))
    }
}
