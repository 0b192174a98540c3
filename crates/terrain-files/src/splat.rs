//! The compose demo's materials download: a zip of what `terrain ... --out NAME.png --maps
//! splat,albedo` writes (the heights, the two splat maps, a weightmap a layer, the albedo and
//! the sidecar), byte for byte, the layers laid by the recipe's material lines; and those maps
//! for an engine's zip ([`materials`]).

use std::io::Write;

use serde_json::{Map, Value};
use terrain::chain::moved::Moved;
use terrain::derived::{Derived, Green, Relief};
use terrain::derived_png::Sources;
use terrain::{derived_sidecar, export, Heightmap};
use terrain_model::demos::Demo;
use terrain_model::fields::Setup;

use crate::made_here;

/// A file in a zip: its name and its bytes.
pub(crate) type Entry = (String, Vec<u8>);

/// The maps the zips hold beside the heights, in `--maps`' order.
pub const MAPS: [Derived; 2] = [Derived::Splat, Derived::Albedo];

/// A zip of what `terrain ... --out NAME.png --maps splat,albedo` writes for `map`, which `demo`
/// made under `setup` (with `moved`, what its chain's erosion steps moved: the sand and scree
/// where they laid material down), in the relief `--maps` takes without `--height-m` and
/// `--cell-m`, the layers laid by the setup's material lines (the command line's
/// `--snow-line` ... where they are not the defaults), stored.
pub fn splat_zip(
    map: Heightmap,
    moved: Option<&Moved>,
    demo: &Demo,
    setup: &Setup,
) -> Result<Vec<u8>, String> {
    let refused = "the splat maps are made only from a finished map made here from its \
                   settings, not from a map read from a file";
    let made = made_here(map, demo, setup, refused)?;
    let (width, height) = (made.map.width(), made.map.height());
    let format = export::map_format("png", width, height).map_err(|e| e.to_string())?;
    let name = setup.recipe.file_name(setup.seed, "png");
    let stem = name.strip_suffix(".png").unwrap_or(&name);
    let cell_m = terrain::knobs::CELL_M.number_default() as f32;
    let relief = Relief {
        height_m: Relief::as_shown(&made.map).height_m * cell_m,
        cell_m,
    };
    let (files, entries) = materials(&made.map, moved, (relief, Green::Up), setup, stem)?;
    let mut value = terrain::sidecar::sidecar(
        &made,
        None,
        (width, height),
        format,
        (None, terrain::knobs::CELL_M.number_default() as f32),
    );
    if let Value::Object(fields) = &mut value {
        fields.extend(entries);
    }
    let heights = export::to_bytes(&made.map, format).map_err(|e| e.to_string())?;
    let mut entries = vec![(name.clone(), heights)];
    entries.extend(files);
    entries.push((
        format!("{stem}.json"),
        terrain::sidecar::text(&value).into_bytes(),
    ));
    stored_zip(entries)
}

/// The materials of `file` (the map as its file holds it, with `moved` of its cells) as `--maps
/// splat,albedo` writes them beside `STEM.EXT` in `relief` with the normal map's green, the
/// layers laid by `setup`'s material lines: each file's name and bytes, and the sidecar's
/// entries for them.
pub(crate) fn materials(
    file: &Heightmap,
    moved: Option<&Moved>,
    (relief, green): (Relief, Green),
    setup: &Setup,
    stem: &str,
) -> Result<(Vec<Entry>, Map<String, Value>), String> {
    let lines = setup.recipe.lines();
    let sources = Sources::new(file, relief, green, moved).with_lines(lines);
    let mut derived = Vec::new();
    for map in MAPS {
        derived.push((map, sources.files(map).map_err(|e| e.message)?));
    }
    let names: Vec<(Derived, Vec<String>)> = derived
        .iter()
        .map(|(map, made)| {
            let names = made.iter().map(|f| format!("{stem}_{}.png", f.suffix));
            (*map, names.collect())
        })
        .collect();
    let how = (relief, green, &lines);
    let entries = derived_sidecar::entries(&derived, how, stem, Some(&names));
    let mut files = Vec::new();
    for ((_, made), (_, names)) in derived.into_iter().zip(&names) {
        files.extend(names.iter().cloned().zip(made.into_iter().map(|f| f.bytes)));
    }
    Ok((files, entries))
}

/// A zip of `entries` (each a name and its bytes), stored, dated as zip's epoch, so the same
/// files give the same bytes.
pub(crate) fn stored_zip(entries: Vec<Entry>) -> Result<Vec<u8>, String> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    for (entry, data) in entries {
        zip.start_file(entry, stored).map_err(|e| e.to_string())?;
        zip.write_all(&data).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}
