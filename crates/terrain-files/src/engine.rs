//! The compose demo's file for a game engine: a zip of what `terrain ... --for ENGINE` writes
//! (the engine's file and its sidecar) and a short text saying how to import it and the command
//! line that makes the same file again.

use std::io::Write;

use serde_json::Value;
use terrain::engines::Engine;
use terrain::{export, Heightmap};
use terrain_model::demos::Demo;
use terrain_model::fields::Setup;

use crate::made_here;

/// How many metres the page's relief makes a map `side` points across, its points a metre apart:
/// the page stands the highest point 0.6 of the map's width above the lowest.
pub fn page_height_m(side: usize) -> f32 {
    0.6 * side.saturating_sub(1) as f32
}

/// A zip of what `terrain ... --for ENGINE --height-m H --out NAME.EXT` writes for `map`, which
/// `demo` made under `setup`: the map prepared for `engine` in its usual format and the sidecar
/// with its import settings, H the page's relief ([`page_height_m`]), byte for byte, stored;
/// and `NAME.txt` (`how_to`): the import settings in words and that command line.
pub fn engine_zip(
    engine: Engine,
    map: Heightmap,
    demo: &Demo,
    setup: &Setup,
) -> Result<Vec<u8>, String> {
    let refused = "a file for an engine is made only from a finished map made here from its \
                   settings, not from a map read from a file";
    let made = made_here(map, demo, setup, refused)?;
    let file = engine.prepare(&made.map)?;
    let format = engine.formats()[0];
    let name = setup.recipe.file_name(setup.seed, format.extension());
    let stem = name
        .strip_suffix(&format!(".{}", format.extension()))
        .unwrap_or(&name);
    let height_m = page_height_m(made.map.width());
    let size = (file.width(), file.height());
    let value = terrain::sidecar::sidecar(&made, Some(engine), size, format, Some(height_m));
    let line = setup
        .recipe
        .command_line(setup.seed, None)
        .map(|line| command_for(&line, engine, height_m, &name));
    let text = how_to(engine, &name, &value, line.as_deref());
    let bytes = export::to_bytes(&file, format).map_err(|e| e.to_string())?;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let stored = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    let sidecar = terrain::sidecar::text(&value);
    for (entry, data) in [
        (name.clone(), bytes),
        (format!("{stem}.json"), sidecar.into_bytes()),
        (format!("{stem}.txt"), text.into_bytes()),
    ] {
        zip.start_file(entry, stored).map_err(|e| e.to_string())?;
        zip.write_all(&data).map_err(|e| e.to_string())?;
    }
    Ok(zip.finish().map_err(|e| e.to_string())?.into_inner())
}

/// The page's command `line` (`terrain BASE ... --then STEP ...`) writing `name` for `engine`:
/// `--for ENGINE --height-m H --out NAME` go with the base, before the first `--then`, as the
/// command line takes them.
pub fn command_for(line: &str, engine: Engine, height_m: f32, name: &str) -> String {
    let flags = format!("--for {} --height-m {height_m} --out {name}", engine.name());
    match line.split_once(" --then ") {
        Some((base, steps)) => format!("{base} {flags} --then {steps}"),
        None => format!("{line} {flags}"),
    }
}

/// The zip's text: which file to bring into `engine` and how (the sidecar's `import` settings,
/// one a line), and the command `line` that writes the same file, where there is one.
pub fn how_to(engine: Engine, name: &str, sidecar: &Value, line: Option<&str>) -> String {
    let mut text = format!(
        "{name}: a heightmap for {}.\n\nImport settings",
        engine.name()
    );
    text.push_str(" (also in the .json beside it, under \"import\"):\n");
    if let Some(settings) = sidecar.get("import").and_then(Value::as_object) {
        for (key, value) in settings {
            let shown = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_string);
            text.push_str(&format!("  {}: {shown}\n", key.replace('_', " ")));
        }
    }
    if let Some(line) = line {
        text.push_str("\nThe same file, byte for byte, from the terrain command line:\n  ");
        text.push_str(line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engines_flags_go_with_the_base_before_the_first_step() {
        let chained = "terrain ds --exponent 7 --seed 5 --then thermal --iterations 50";
        assert_eq!(
            command_for(chained, Engine::Unity, 76.8, "a.r16"),
            "terrain ds --exponent 7 --seed 5 --for unity --height-m 76.8 --out a.r16 \
             --then thermal --iterations 50"
        );
        assert_eq!(
            command_for("terrain ds --seed 5", Engine::Godot, 38.4, "b.r16"),
            "terrain ds --seed 5 --for godot --height-m 38.4 --out b.r16"
        );
    }

    #[test]
    fn the_text_names_the_file_each_import_setting_and_the_line() {
        let sidecar = serde_json::json!({
            "import": { "menu": "Terrain > Import Raw", "byte_order": "Windows", "resolution": 129 }
        });
        let text = how_to(
            Engine::Unity,
            "m.r16",
            &sidecar,
            Some("terrain ds --out m.r16"),
        );
        assert!(text.starts_with("m.r16: a heightmap for unity."), "{text}");
        for line in [
            "  menu: Terrain > Import Raw\n",
            "  byte order: Windows\n",
            "  resolution: 129\n",
            "  terrain ds --out m.r16\n",
        ] {
            assert!(text.contains(line), "{line:?} in {text}");
        }
        assert!(!how_to(Engine::Unity, "m.r16", &sidecar, None).contains("command line"));
    }
}
