//! The page's file encoders, in a wasm module of their own (the readers are `terrain-readers`).
//!
//! The PNG encoder (with its deflate and CRC tables) and the glTF writer are about a quarter of
//! the page's code, and a reader needs them only when pressing Download. So the page's module
//! generates the map and this module, fetched by the generator worker the first time a file is
//! asked for, writes it with the core's own writers: byte for byte what `terrain` writes.

mod engine;
mod splat;

use std::io::Write;

pub use engine::{engine_zip, page_height_m};
pub use splat::splat_zip;
use terrain::chain::moved::Moved;
use terrain::downloads::Download;
use terrain::export::Holds;
use terrain::formats::Facts;
use terrain::materials::Lines;
use terrain::sidecar::Made;
use terrain::water::{rivers, Water};
use terrain::Heightmap;
use terrain::{derived_png, export, realism, tiles};
use terrain_model::demos::Demo;
use terrain_model::fields::Setup;
use terrain_model::protocol::{Body, Reply};
use wasm_bindgen::prelude::*;

/// `map` written as `download` asks, exactly as the `terrain` command writes it: the map in a
/// format (`.png`, `.r32`, `.glb`, ...), a derived map (`normal.png`, `slope.png`, as `--maps`),
/// the flow (`flow.png`, `flow.r32`), tiles (a zip of what
/// `--tiles NxM` writes, [`tiles_zip`], which needs `asked`: the demo and its setup), or the
/// page's 'How real is it?' panel as JSON text (`realism::report`), or the rivers as GeoJSON
/// lines (`rivers::geojson`, as `terrain flow --rivers`), or the splat maps ([`splat_zip`],
/// with `moved`, what the chain's erosion moved); or a readable reason why not (a size the
/// format cannot hold, tiles that do not fit).
pub fn encode_file(
    download: Download,
    map: Heightmap,
    asked: Option<(&Demo, &Setup)>,
    moved: Option<&Moved>,
) -> Result<Vec<u8>, String> {
    let (width, height) = (map.width(), map.height());
    match download {
        Download::Realism => {
            // The layers as the demo's Land view draws them (a composed terrain sets its lines).
            let lines = asked.map_or(Lines::DEFAULT, |(_, setup)| setup.recipe.lines());
            let report = realism::report(&map, &lines).map_err(|e| e.message)?;
            Ok(report.to_string().into_bytes())
        }
        // Routed by the later chapters' module (`terrain-chapters`' routing.rs).
        Download::Water => Err("the points on screen are routed where the chapters are".into()),
        // Written by the later chapters' module, which holds them (`maker::painted`).
        Download::Strokes | Download::Mask => {
            Err("the strokes are written where they are read".into())
        }
        Download::Flow(format) => {
            // The flow written in its format: counts as floats, or a log scale in 16 bits.
            let water = Water::of(&map).map_err(|e| e.message)?;
            let flow = water.flow_map(format.holds == Holds::Floats);
            let format =
                export::map_format(format.extension, width, height).map_err(|e| e.to_string())?;
            export::to_bytes(&flow, format).map_err(|e| e.to_string())
        }
        Download::Rivers => {
            let water = Water::of(&map).map_err(|e| e.message)?;
            let min_flow = rivers::default_min_flow(width * height);
            Ok(rivers::geojson(&water, &map, min_flow).into_bytes())
        }
        Download::Derived(derived) => {
            derived_png::download_png(derived, &map).map_err(|e| e.message)
        }
        Download::Tiles { grid, format } => match asked {
            Some((demo, setup)) => tiles_zip(grid, format, map, demo, setup),
            None => Err("tiles need the demo that made the map".into()),
        },
        Download::Engine(engine) => match asked {
            Some(asked) => engine_zip(engine, map, moved, asked),
            None => Err("an engine's file needs the demo that made the map".into()),
        },
        Download::Splat => match asked {
            Some((demo, setup)) => splat_zip(map, moved, demo, setup),
            None => Err("the splat maps need the demo that made the map".into()),
        },
        Download::Map(format) => {
            let format =
                export::map_format(format.extension, width, height).map_err(|e| e.to_string())?;
            export::to_bytes(&map, format).map_err(|e| e.to_string())
        }
    }
}

/// A zip of the files `terrain ... --tiles NxM` writes for `map`, which `demo` made under
/// `setup`, cut in `grid` tiles of `format`: every tile and the sidecar (what made the map, as
/// the command says it), byte for byte, as stored entries.
pub fn tiles_zip(
    grid: (usize, usize),
    format: &Facts,
    map: Heightmap,
    demo: &Demo,
    setup: &Setup,
) -> Result<Vec<u8>, String> {
    let refused = "tiles are cut only from a finished map made here from its settings, not from \
                   one step of it or from a map read from a file: set Tiles to none to download \
                   the map whole";
    let made = made_here(map, demo, setup, refused)?;
    let tiling = tiles::fit((made.map.width(), made.map.height()), grid, None)?;
    let format = export::map_format(format.extension, tiling.side, tiling.side)
        .map_err(|e| e.to_string())?;
    let file_name = setup.recipe.file_name(setup.seed, format.extension());
    let stem = file_name
        .strip_suffix(&format!(".{}", format.extension()))
        .unwrap_or(&file_name);
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    for (name, bytes) in terrain::sidecar::tiled(&made, &tiling, format, stem)? {
        zip.start_file(name, stored).map_err(|e| e.to_string())?;
        zip.write_all(&bytes).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// What made `map` (which `demo` made under `setup`), as the command line's sidecar records it;
/// `refused` when no command makes it (one step of a map, a map read from a file).
pub(crate) fn made_here(
    map: Heightmap,
    demo: &Demo,
    setup: &Setup,
    refused: &str,
) -> Result<Made, String> {
    let command = setup.recipe.command().filter(|_| demo.takes_home());
    let recipe = command.ok_or(refused)?;
    let mut made = Made::new(&recipe, setup.seed, map);
    made.steps = setup
        .recipe
        .chain()
        .iter()
        .map(|step| terrain::chain::record(step.as_ref()))
        .collect();
    Ok(made)
}

/// [`encode_file`] for JavaScript: called by the generator worker (`worker.js`) with the map
/// reply the page's module made (`terrain_model::protocol::Reply`), so both modules read
/// it the same way; tiles ([`tiles_zip`]) also use the demo and setup the reply carries. The
/// bytes come back as a `Uint8Array`, a failure as a thrown string.
#[wasm_bindgen]
pub fn encode(reply: JsValue) -> Result<Vec<u8>, String> {
    let body = Reply::from_js(&reply).map(|r| r.body);
    match body {
        Some(Body::Map {
            download,
            map,
            asked,
            moved,
        }) => {
            let asked = asked.as_deref().map(|r| (r.demo, &r.setup));
            encode_file(download, map, asked, moved.as_ref())
        }
        _ => Err("the worker sent no map to write".into()),
    }
}

/// The map in a file of a format whose reader is large (EXR, TIFF: [`terrain::formats::Spec::large`]),
/// which the readers' module (`terrain-readers`) hands here, read as `terrain` reads it
/// ([`terrain::import::read_brought`]): `[width, height, Float32Array]`, a failure as a thrown
/// string.
#[wasm_bindgen]
pub fn decode(name: &str, bytes: &[u8]) -> Result<js_sys::Array, String> {
    let map = terrain::import::read_brought(name, bytes).map_err(|e| e.message)?;
    Ok(terrain_model::protocol::map_read(&map))
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain::diamond_square;
    use terrain::formats;

    #[test]
    fn every_format_is_written_as_the_core_writes_it() {
        let map = diamond_square::generate(&diamond_square::DEFAULT, 7).expect("a map");
        for format in formats::ALL.iter().copied().filter(|f| f.facts().offered) {
            let mut expected = Vec::new();
            export::write(&map, format, &mut expected).expect("written");
            let got = encode_file(Download::Map(format.facts()), map.clone(), None, None)
                .expect("encoded");
            assert_eq!(got, expected, "{}", format.extension());
        }
    }

    #[test]
    fn a_tiles_zip_holds_the_tiles_and_sidecar_the_command_writes() {
        let demo = terrain_model::demos::find("ds-final").expect("a demo");
        let setup = demo.setup(5);
        let map = setup.recipe.generate(5).expect("a map");
        let png = formats::PNG.facts();
        let zip = tiles_zip((2, 2), png, map, demo, &setup).expect("zipped");
        let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).expect("a zip");
        let recipe = setup.recipe.command().expect("a command's map");
        let made = Made::new(&recipe, 5, recipe.generate(5).expect("made"));
        let tiling = tiles::fit((33, 33), (2, 2), None).expect("fits");
        let expected = terrain::sidecar::tiled(&made, &tiling, formats::PNG, "ds-e5-seed-5")
            .expect("the command's files");
        assert_eq!(archive.len(), 5, "four tiles and the sidecar");
        for (name, bytes) in expected {
            let mut entry = archive.by_name(&name).expect(&name);
            assert_eq!(entry.compression(), zip::CompressionMethod::Stored);
            let mut got = Vec::new();
            std::io::Read::read_to_end(&mut entry, &mut got).expect("read");
            assert_eq!(got, bytes, "{name}");
        }
        let step = terrain_model::demos::find("mpd-corners").expect("a step demo");
        let map = step.recipe.generate(1).expect("a map");
        assert!(tiles_zip((2, 2), png, map, step, &step.setup(1))
            .expect_err("a step")
            .contains("set Tiles to none"));
    }

    #[test]
    fn a_bad_request_is_refused_with_a_reason() {
        let map = Heightmap::from_data(3, 1, vec![0.5; 3]).expect("a map");
        let tiles = Download::parse("tiles-2x2.png").expect("tiles");
        assert!(encode_file(tiles, map, None, None)
            .expect_err("no demo")
            .contains("demo"));
        let wide = Heightmap::from_data(5000, 5000, vec![0.5; 25_000_000]).expect("a map");
        assert!(
            encode_file(Download::Map(formats::GLB.facts()), wide, None, None)
                .expect_err("a mesh too large")
                .contains("5000")
        );
    }
}
