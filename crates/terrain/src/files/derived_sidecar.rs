//! What a sidecar says of the derived maps written beside a map (`--maps`, and the page's splat
//! download): each map's meaning, range and files, the relief they were made in, and where the
//! splat or albedo is made the layers and the materials' lines. One writer, so the command line's
//! `NAME.json` and the page's zip say the same bytes.

use serde_json::{json, Map, Value};

use crate::analysis::derived::{Derived, Green, Relief};
use crate::analysis::materials::{Lines, LAYERS};
use crate::files::derived_png::DerivedFile;
use crate::knobs::params::typed_json;

/// The sidecar's entries for the maps `made` (each map and its files, in `--maps`' order), made
/// in `relief` with the normal map's `green` and the materials' `lines`: `maps` (each map's
/// meaning and range, and with `files` the names each was written as), `relief`, and where the
/// splat or albedo is made the `layers` (named after `stem`) and the `materials`' lines.
pub fn entries(
    made: &[(Derived, Vec<DerivedFile>)],
    (relief, green, lines): (Relief, Green, &Lines),
    stem: &str,
    files: Option<&[(Derived, Vec<String>)]>,
) -> Map<String, Value> {
    let mut maps = Map::new();
    for (derived, made) in made {
        let mut entry = json!({"value": derived.described(green)});
        let names = files.and_then(|f| f.iter().find(|(d, _)| d == derived));
        match names.map(|(_, names)| names.as_slice()) {
            Some([one]) => entry["file"] = json!(one),
            Some(many) => entry["files"] = json!(many),
            None => {}
        }
        if let Some((lo, hi)) = made.iter().find_map(|f| f.range) {
            entry["range"] = json!([lo, hi]);
        }
        maps.insert(derived.name().into(), entry);
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
    if made.iter().any(|(derived, _)| derived.paints()) {
        let splat = made.iter().any(|(derived, _)| *derived == Derived::Splat);
        entries.insert("layers".into(), layers(stem, splat, files.is_some()));
        entries.insert(
            "materials".into(),
            json!({
                "snow_line": typed_json(lines.snow_line),
                "tree_line": typed_json(lines.tree_line),
                "sand_level": typed_json(lines.sand_level),
                "rock_slope": typed_json(lines.rock_slope),
                "note": "snow and tree lines and the sand level are shares of the map's \
                         range; the rock slope is in degrees, as the slope map measures them",
            }),
        );
    }
    entries
}

/// The sidecar's `layers`: each layer's name, sRGB colour and rule, and where the `splat` is
/// written as one file (`whole`) its file and its splat map's channel (each tile's are named in
/// its entry; the channel is the same).
fn layers(stem: &str, splat: bool, whole: bool) -> Value {
    let rows = LAYERS.iter().enumerate().map(|(i, layer)| {
        let mut row = json!({"name": layer.name, "color": layer.color, "rule": layer.rule});
        if splat {
            if whole {
                row["file"] = json!(format!("{stem}_{}.png", layer.name));
                row["splat"] = json!(format!("{stem}_splat{}.png", i / 4));
            }
            row["channel"] = json!(["R", "G", "B", "A"][i % 4]);
        }
        row
    });
    Value::Array(rows.collect())
}
