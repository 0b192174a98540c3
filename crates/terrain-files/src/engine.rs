//! A demo's file for a game engine (any map made here from its settings): a zip of what
//! `terrain ... --for ENGINE` writes (the engine's file, its materials and its sidecar) and a
//! short text saying how to import it and the command line that makes the same files again.

use serde_json::Value;
use terrain::chain::moved::Moved;
use terrain::derived::fit::relief_fit;
use terrain::derived::{Green, Relief};
use terrain::engines::Engine;
use terrain::knobs::Values;
use terrain::{export, Heightmap};
use terrain_model::demos::{Demo, HEIGHT_SCALE};
use terrain_model::fields::Setup;

use crate::made_here;
use crate::splat::{materials, stored_zip, MAPS};

/// How many metres tall the page draws a height of 1 of `map` (which `demo` made), its points a
/// metre apart, to a tenth of a metre: 0.3 of the map's longer side ([`HEIGHT_SCALE`] of a
/// width of 2), lower by the fit of a demo that draws its maps no steeper than land
/// ([`Demo::fits_relief`], `terrain::derived::fit`), so the engine's land stands as the page
/// showed it.
pub fn page_height_m(map: &Heightmap, demo: &Demo) -> f32 {
    let fit = match demo.fits_relief() {
        true => relief_fit(map, HEIGHT_SCALE / 2.0),
        false => 1.0,
    };
    let side = map.width().max(map.height()).saturating_sub(1) as f32;
    (HEIGHT_SCALE / 2.0 * side * fit * 10.0).round() / 10.0
}

/// A zip of what `terrain ... --for ENGINE --height-m H --maps splat,albedo --out NAME.EXT`
/// writes for `map`, which `demo` made under `setup` (with `moved`, what its chain's erosion
/// moved): the map prepared for `engine` in its usual format, its materials (the splat maps, a
/// weightmap a layer, the albedo, cropped and ordered as the file is) and the sidecar with its
/// import settings, H the page's relief ([`page_height_m`]), byte for byte, stored; and
/// `NAME.txt` (`how_to`): the import settings in words, how the engine takes the layers, and
/// that command line.
pub fn engine_zip(
    engine: Engine,
    map: Heightmap,
    moved: Option<&Moved>,
    (demo, setup): (&Demo, &Setup),
) -> Result<Vec<u8>, String> {
    let refused = "a file for an engine is made only from a finished map made here from its \
                   settings, not from a map read from a file";
    let made = made_here(map, demo, setup, refused)?;
    let file = engine.prepare(&made.map)?;
    let moved = match moved {
        Some(moved) => Some(engine.prepare_moved(&made.map, moved)?),
        None => None,
    };
    let format = engine.formats()[0];
    let name = setup.recipe.file_name(setup.seed, format.extension());
    let stem = name
        .strip_suffix(&format!(".{}", format.extension()))
        .unwrap_or(&name);
    let height_m = page_height_m(&made.map, demo);
    let size = (file.width(), file.height());
    let relief = Relief {
        height_m,
        cell_m: terrain::knobs::CELL_M.number_default() as f32,
    };
    let green = match engine {
        Engine::Unreal => Green::Down,
        _ => Green::Up,
    };
    let (maps, entries) = materials(&file, moved.as_ref(), (relief, green), setup, stem)?;
    let mut value = terrain::sidecar::sidecar(
        &made,
        Some(engine),
        size,
        format,
        (Some(height_m), relief.cell_m),
    );
    if let Value::Object(fields) = &mut value {
        fields.extend(entries);
    }
    let line = command_line(setup).map(|line| command_for(&line, engine, height_m, &name));
    let text = how_to(engine, &name, &value, line.as_deref());
    let bytes = export::to_bytes(&file, format).map_err(|e| e.to_string())?;
    let sidecar = terrain::sidecar::text(&value);
    let mut entries = vec![(name.clone(), bytes)];
    entries.extend(maps);
    entries.push((format!("{stem}.json"), sidecar.into_bytes()));
    entries.push((format!("{stem}.txt"), text.into_bytes()));
    stored_zip(entries)
}

/// The command line that makes `setup`'s map: the one the page shows under the canvas where
/// it shows one (a composed terrain), otherwise the base's command with every flag it reads
/// (its defaults too, so the line remakes the map whatever the defaults become), the seed, and
/// the chain after it; `None` for a map no command makes.
pub fn command_line(setup: &Setup) -> Option<String> {
    if let Some(line) = setup.recipe.command_line(setup.seed, None) {
        return Some(line);
    }
    let base = setup.recipe.command()?;
    let mut words = vec!["terrain".to_string(), base.name().to_string()];
    for knob in base.knobs() {
        let Some(value) = base.show(knob) else {
            continue;
        };
        // A toggle is a flag: named when on, left out when off.
        match knob.values {
            Values::Toggle { .. } if value != "true" => {}
            Values::Toggle { .. } => words.push(format!("--{}", knob.name)),
            _ => words.push(format!("--{} {value}", knob.name)),
        }
    }
    words.push(format!("--seed {}", setup.seed));
    words.extend(terrain::chain::command_words(&setup.recipe.chain()));
    Some(words.join(" "))
}

/// The page's command `line` (`terrain BASE ... --then STEP ...`) writing `name` for `engine`
/// and its materials: `--for ENGINE --height-m H --maps splat,albedo --out NAME` go with the
/// base, before the first `--then`, as the command line takes them.
pub fn command_for(line: &str, engine: Engine, height_m: f32, name: &str) -> String {
    let maps = MAPS.map(|m| m.name()).join(",");
    let flags = format!(
        "--for {} --height-m {height_m} --maps {maps} --out {name}",
        engine.name()
    );
    match line.split_once(" --then ") {
        Some((base, steps)) => format!("{base} {flags} --then {steps}"),
        None => format!("{line} {flags}"),
    }
}

/// The zip's text: which file to bring into `engine` and how (the sidecar's `import` settings,
/// one a line), how the engine takes the materials, and the command `line` that writes the same
/// files, where there is one.
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
    let stem = name.rsplit_once('.').map_or(name, |(stem, _)| stem);
    text.push_str(&format!(
        "\nIts materials ({stem}_splat0.png, {stem}_splat1.png, one {stem}_LAYER.png a layer, \
         {stem}_albedo.png; the layers in the .json under \"layers\"):\n  {}\n",
        engine.layers_import().replace("NAME", stem)
    ));
    if let Some(line) = line {
        text.push_str("\nThe same files, byte for byte, from the terrain command line:\n  ");
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
            "terrain ds --exponent 7 --seed 5 --for unity --height-m 76.8 --maps splat,albedo \
             --out a.r16 --then thermal --iterations 50"
        );
        assert_eq!(
            command_for("terrain ds --seed 5", Engine::Godot, 38.4, "b.r16"),
            "terrain ds --seed 5 --for godot --height-m 38.4 --maps splat,albedo --out b.r16"
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
        // How each engine takes the materials, named after the file, in plain lines.
        for engine in Engine::ALL {
            let text = how_to(engine, "m.png", &sidecar, None);
            assert!(text.contains("Its materials (m_splat0.png"), "{text}");
            assert!(!text.contains("NAME") && !text.contains("   "), "{text}");
        }
    }
}
