//! Writing a made map where its plan says: one file (prepared for an engine if asked, with its
//! sidecar), or its tiles and one sidecar listing them. All the files or none.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use serde_json::Value;
use terrain::engines::Engine;
use terrain::export::Format;
use terrain::tiles::Tiling;
use terrain::Heightmap;

use super::derived::{derive, stem, undone, write_derived, write_tile_maps};
use super::plan::Target;
use crate::output::{write_atomically, write_text_atomically};
use terrain::chain::moved::Moved;
use terrain::sidecar::{self, sidecar, Made};

/// Writes `made` to `target` (with `moved`, what its erosion steps did, where `--maps` asks for
/// wear or deposit); returns the one-line summary for stdout.
pub(crate) fn write(target: &Target, made: &Made, moved: Option<&Moved>) -> Result<String, String> {
    match &target.tiling {
        Some(tiling) => write_tiled(target, tiling, made, moved),
        None => write_one(target, made, moved),
    }
}

/// The sidecar's path: the output's with `.json`.
fn sidecar_path(target: &Target) -> PathBuf {
    target.out.with_extension("json")
}

/// The tiles, each tile's derived maps (crops of the maps of the whole map the tiles cover)
/// and their sidecar.
fn write_tiled(
    target: &Target,
    tiling: &Tiling,
    made: &Made,
    moved: Option<&Moved>,
) -> Result<String, String> {
    let Target {
        out,
        format,
        engine,
        height_m,
        written_size,
        ..
    } = target;
    let derivations = match target.maps.is_empty() {
        true => None,
        false => {
            let (covered, moved) = covered(&made.map, moved, tiling, *engine)?;
            Some(derive(target, &covered, moved.as_ref())?)
        }
    };
    let mut written = write_tiles(out, &made.map, tiling, *engine, *format)?;
    let mut files: Vec<PathBuf> = written.iter().map(|(path, _)| path.clone()).collect();
    if let Some(derivations) = &derivations {
        let step = tiling.side - 1;
        for (path, entry) in &mut written {
            let at = |key: &str| entry[key].as_u64().unwrap_or(0) as usize * step;
            let tile_stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let maps = write_tile_maps(
                target,
                derivations,
                &tile_stem,
                (at("x"), at("y")),
                tiling.side,
            )
            .map_err(|message| undone(&files, message))?;
            files.extend(maps.iter().map(|(p, _)| p.clone()));
            entry["maps"] = Value::from_iter(maps.into_iter().map(|(_, name)| name));
        }
    }
    let entries = written.iter().map(|(_, e)| e.clone()).collect();
    let mut value = sidecar(
        made,
        *engine,
        *written_size,
        *format,
        (*height_m, target.cell_m),
    );
    if let (Some(derivations), Value::Object(fields)) = (&derivations, &mut value) {
        fields.extend(derivations.entries(target, &stem(target), None));
    }
    let value = sidecar::with_tiles(value, tiling, entries);
    let path = sidecar_path(target);
    if let Err(message) = write_text_atomically(&path, &sidecar::text(&value)) {
        undone(&files, message.clone());
        return Err(message);
    }
    Ok(format!(
        "wrote {} tiles of {} x {} ({}, seed {}{}) and {}",
        written.len(),
        tiling.side,
        tiling.side,
        made.name,
        made.seed,
        made.eroded(),
        path.display()
    ))
}

/// One file, its derived maps, and its sidecar when it is made for an engine or has maps.
fn write_one(target: &Target, made: &Made, moved: Option<&Moved>) -> Result<String, String> {
    let map = &made.map;
    // Only an engine changes the map (cropping, row order); otherwise it is written as made,
    // without a copy (64 MiB at exponent 12).
    let file = match target.engine {
        Some(engine) => Cow::Owned(engine.prepare(map)?),
        None => Cow::Borrowed(map),
    };
    // What the erosion steps did, cropped and ordered as the file is.
    let moved = match (moved, target.engine) {
        (Some(moved), Some(engine)) => Some(Cow::Owned(engine.prepare_moved(map, moved)?)),
        (moved, _) => moved.map(Cow::Borrowed),
    };
    write_atomically(&target.out, &file, target.format)?;
    let mut written = target.out.display().to_string();
    let (maps, entries) = match write_derived(target, &file, moved.as_deref()) {
        Ok(derived) => derived,
        Err(message) => {
            let _ = std::fs::remove_file(&target.out);
            return Err(message);
        }
    };
    for path in &maps {
        written = format!("{written}, {}", path.display());
    }
    if target.engine.is_some() || !maps.is_empty() {
        let size = (file.width(), file.height());
        let mut value = sidecar(
            made,
            target.engine,
            size,
            target.format,
            (target.height_m, target.cell_m),
        );
        if let (false, Value::Object(fields)) = (maps.is_empty(), &mut value) {
            fields.extend(entries);
        }
        let path = sidecar_path(target);
        if let Err(message) = write_text_atomically(&path, &sidecar::text(&value)) {
            // All the files or none.
            for file in maps.iter().chain([&target.out]) {
                let _ = std::fs::remove_file(file);
            }
            return Err(message);
        }
        written = format!("{written} and {}", path.display());
    }
    Ok(format!(
        "wrote {written} ({} x {}, {}, seed {}{})",
        file.width(),
        file.height(),
        made.name,
        made.seed,
        made.eroded()
    ))
}

/// The part of `map` (and of `moved`) the tiles of `tiling` cover, in the row order `engine`
/// reads (Unity's from the last row), so that a tile's maps are the crop of these at the tile's
/// place in its file's grid.
fn covered(
    map: &Heightmap,
    moved: Option<&Moved>,
    tiling: &Tiling,
    engine: Option<Engine>,
) -> Result<(Heightmap, Option<Moved>), String> {
    let (width, height) = tiling.covers();
    let flip = engine == Some(Engine::Unity);
    let crop = |values: &[f32]| -> Vec<f32> {
        let rows = values.chunks_exact(map.width()).take(height);
        let rows: Vec<&[f32]> = match flip {
            true => rows.rev().collect(),
            false => rows.collect(),
        };
        rows.iter().flat_map(|row| &row[..width]).copied().collect()
    };
    let covered = Heightmap::from_data(width, height, crop(map.data())).map_err(|e| e.message)?;
    let moved = moved.map(|m| Moved {
        wear: crop(&m.wear),
        deposit: crop(&m.deposit),
    });
    Ok((covered, moved))
}

/// Writes `map`'s tiles beside `out` and returns their paths and sidecar entries; on a failure
/// removes the ones written, so there are all the tiles or none.
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
    let result = (|| -> Result<(), String> {
        for tile in sidecar::tile_files(map, tiling, engine, format, &stem)? {
            let path = out.with_file_name(&tile.name);
            write_atomically(&path, &tile.map, format)?;
            written.push((path, tile.entry));
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
