//! Engine presets: the file each game engine or 3-D tool imports without resampling, and the
//! import settings to use.
//!
//! - **Unity** (Terrain, "Import Raw"): headerless 16-bit little-endian raw (`.r16`), square,
//!   33, 65, ..., 4097 points per side; the file's first row is the terrain's z = 0 edge, so the
//!   rows are written bottom to top to come in the way the page shows them.
//! - **Unreal** (Landscape): 16-bit greyscale PNG or `.r16` at its recommended sizes 127, 253,
//!   505, 1009, 2017, 4033, 8129; a 2^n + 1 map is cropped (never resampled) to the size below
//!   it. 32768 is Z = 0; a Z scale of 100 spans -256 m to +256 m.
//! - **Godot** (Terrain3D, HTerrain): `.r16`, 65 to 4097 points per side, region size 2^n.
//! - **Blender** (Displace modifier): 16-bit PNG, any size; set the image to Non-Color.

use serde_json::{json, Value};

use crate::chain::moved::Moved;
use crate::files::export::Format;
use crate::files::formats;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// An engine to prepare a heightmap for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Unity's Terrain.
    Unity,
    /// Unreal Engine's Landscape.
    Unreal,
    /// Godot with Terrain3D or HTerrain.
    Godot,
    /// Blender's Displace modifier.
    Blender,
}

/// Unreal's recommended landscape sizes, smallest first.
pub(crate) const UNREAL_SIZES: [usize; 7] = [127, 253, 505, 1009, 2017, 4033, 8129];

impl Engine {
    /// Every engine, as `--for` lists them.
    pub const ALL: [Engine; 4] = [
        Engine::Unity,
        Engine::Unreal,
        Engine::Godot,
        Engine::Blender,
    ];

    /// The name `--for` takes.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Unity => "unity",
            Engine::Unreal => "unreal",
            Engine::Godot => "godot",
            Engine::Blender => "blender",
        }
    }

    /// The extension of the engine's usual format (the first of [`Engine::formats`]): named
    /// apart so the page can list an engine's download without linking the format's writer.
    pub fn extension(self) -> &'static str {
        match self {
            Engine::Unity | Engine::Godot => "r16",
            Engine::Unreal | Engine::Blender => "png",
        }
    }

    /// The formats the engine imports, the first being its usual one.
    pub fn formats(self) -> &'static [Format] {
        match self {
            Engine::Unity | Engine::Godot => &[formats::R16],
            Engine::Unreal => &[formats::PNG, formats::R16],
            Engine::Blender => &[formats::PNG],
        }
    }

    /// The side of the file the engine gets from a `width` x `height` map, or why it cannot
    /// take the map (naming the engine's limit).
    pub fn side_for(self, width: usize, height: usize) -> Result<usize, String> {
        let square = width == height;
        let power = width >= 2 && (width - 1).is_power_of_two();
        match self {
            Engine::Unity if square && power && (33..=4097).contains(&width) => Ok(width),
            Engine::Unity => Err(format!(
                "unity imports square maps of 33, 65, ... 4097 points per side (exponent 5 to 12), \
                 not {width} x {height}"
            )),
            Engine::Godot if square && power && (65..=4097).contains(&width) => Ok(width),
            Engine::Godot => Err(format!(
                "godot imports square maps of 65, 129, ... 4097 points per side (exponent 6 to 12), \
                 not {width} x {height}"
            )),
            Engine::Unreal => UNREAL_SIZES
                .iter()
                .copied()
                .filter(|&size| square && (size == width || (power && size < width && width - size <= 64)))
                .max()
                .ok_or_else(|| {
                    format!(
                        "unreal takes 127 to 8129 points per side (exponent 7 to 13, cropped to \
                         its sizes), not {width} x {height}"
                    )
                }),
            // A PNG of any size: the width is kept (and the height, by `prepare`).
            Engine::Blender => Ok(width),
        }
    }

    /// `map` as the engine wants it: cropped to its size (Unreal), rows bottom to top (Unity).
    pub fn prepare(self, map: &Heightmap) -> Result<Heightmap, String> {
        let side = self.side_for(map.width(), map.height())?;
        let (width, height) = if self == Engine::Blender {
            (map.width(), map.height())
        } else {
            (side, side)
        };
        let mut rows: Vec<&[f32]> = map.data().chunks_exact(map.width()).take(height).collect();
        if self == Engine::Unity {
            rows.reverse();
        }
        let data = rows.iter().flat_map(|row| &row[..width]).copied().collect();
        Heightmap::from_data(width, height, data).map_err(|e: ParamError| e.message)
    }

    /// What the chain's erosion `moved` on `map`'s cells, cropped and in the row order
    /// [`Engine::prepare`] gives `map`, so the splat's sand and scree sit where the file's
    /// cells are.
    pub fn prepare_moved(self, map: &Heightmap, moved: &Moved) -> Result<Moved, String> {
        let each = |values: &[f32]| -> Result<Vec<f32>, String> {
            let whole = Heightmap::from_data(map.width(), map.height(), values.to_vec())
                .map_err(|e: ParamError| e.message)?;
            Ok(self.prepare(&whole)?.data().to_vec())
        };
        Ok(Moved {
            wear: each(&moved.wear)?,
            deposit: each(&moved.deposit)?,
        })
    }

    /// How the engine takes the materials (`--maps splat,albedo` beside its file): which
    /// steps a menu does and where a script or a hand is needed.
    pub fn layers_import(self) -> &'static str {
        match self {
            Engine::Unreal => {
                "Landscape mode > Manage > Import: after the heightmap, add one layer per \
                 NAME_LAYER.png (sand, grass, forest, rock, scree, snow, riverbed; Layer Info \
                 Weight-Blended) and import that file as its weightmap; the albedo can be the \
                 landscape material's base colour, sampled over the landscape's UVs."
            }
            Engine::Unity => {
                "Terrain Layers: add seven, in the splat's channel order (NAME_splat0.png: sand, \
                 grass, forest, rock in R, G, B, A; NAME_splat1.png: scree, snow, riverbed). No \
                 menu imports an alphamap: a short editor script reads the two PNGs and calls \
                 TerrainData.SetAlphamaps (rows from the bottom, as the heightmap's), or paint \
                 them by hand with the PNGs as a guide."
            }
            Engine::Godot => {
                "Godot has no terrain node of its own: a terrain plugin (Terrain3D, HTerrain) \
                 imports the heightmap and takes the splat maps as its control or splat textures; \
                 without one, the albedo is a StandardMaterial3D's albedo texture on the mesh \
                 made from the heightmap."
            }
            Engine::Blender => {
                "On the displaced plane's material: an Image Texture of NAME_albedo.png into the \
                 Base Color (UV mapped); the layer PNGs mix one texture each in the shader (Mix \
                 nodes by hand: no importer does it)."
            }
        }
    }

    /// The import settings for a `width` x `height` file cut from a map of `original` points per
    /// side, as the sidecar's `import` object; with `height_m` (how many metres the map's lowest
    /// to highest point should span in the engine), the vertical scale in the engine's own
    /// terms as well.
    pub fn import_settings(
        self,
        (width, height, original): (usize, usize, usize),
        height_m: Option<f32>,
        cell_m: f32,
    ) -> Value {
        let mut settings = self.base_settings(width, height, original);
        if let (Engine::Unity, Value::Object(fields)) = (self, &mut settings) {
            // Unity's Import Raw asks for the terrain's size in metres: the points' span.
            let span =
                |points: usize| worked_out(points.saturating_sub(1) as f64 * f64::from(cell_m));
            fields.insert("terrain_width_m".into(), span(width));
            fields.insert("terrain_length_m".into(), span(height));
        }
        if let (Some(metres), Value::Object(fields)) = (height_m, &mut settings) {
            for (name, value) in self.vertical_scale(metres) {
                fields.insert(name.to_string(), value);
            }
        }
        settings
    }

    /// The vertical scale that makes the file's 0..1 span `metres`, in the engine's terms:
    /// Unreal's Z scale (a Z scale of 100 spans 512 m, so metres x 100 / 512) and the range it
    /// gives around Z = 0; Unity's terrain height; Godot's height range; Blender's Displace
    /// strength (with midlevel 0, one Blender unit being a metre).
    fn vertical_scale(self, metres: f32) -> Vec<(&'static str, Value)> {
        let typed = crate::knobs::params::typed_json;
        match self {
            Engine::Unreal => vec![
                ("z_scale", worked_out(f64::from(metres) * 100.0 / 512.0)),
                (
                    "z_range_m",
                    json!([
                        worked_out(-f64::from(metres) / 2.0),
                        worked_out(f64::from(metres) / 2.0)
                    ]),
                ),
            ],
            Engine::Unity => vec![("terrain_height_m", typed(metres))],
            Engine::Godot => vec![("height_range_m", json!([0, typed(metres)]))],
            Engine::Blender => vec![("strength", typed(metres)), ("midlevel", json!(0))],
        }
    }

    /// The import settings that do not depend on a height in metres.
    fn base_settings(self, width: usize, height: usize, original: usize) -> Value {
        match self {
            Engine::Unity => json!({
                "menu": "Terrain > Terrain Settings > Import Raw",
                "depth": "Bit 16",
                "resolution": width,
                "byte_order": "Windows (little-endian)",
                "flip_vertically": false,
                "rows": "written bottom to top: the file's first row is the terrain's z = 0 edge"
            }),
            Engine::Unreal => json!({
                "menu": "Landscape mode > Manage > Import from file",
                "size": width,
                "cropped_from": original,
                "z_scale": 100,
                "z_range_m": [-256, 256],
                "zero": "32768 is Z = 0"
            }),
            Engine::Godot => json!({
                "format": "r16 (16-bit raw, little-endian)",
                "size": width,
                "region_size": width - 1
            }),
            Engine::Blender => json!({
                "modifier": "Displace",
                "texture": "Image or Movie, this PNG",
                "color_space": "Non-Color",
                "size": [width, height]
            }),
        }
    }
}

/// A number worked out from typed ones, as a JSON number to 6 significant digits: Unreal's Z
/// scale for 153.6 m is 30, not the `30.000002` of working it out in `f32`.
fn worked_out(value: f64) -> Value {
    format!("{value:.5e}")
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
        .and_then(|v| serde_json::from_str(&v.to_string()).ok())
        .unwrap_or(Value::Null)
}

/// Parses an engine name (`--for`): unity, unreal, godot or blender.
pub fn parse_engine(text: &str) -> Result<Engine, ParamError> {
    Engine::ALL
        .into_iter()
        .find(|e| e.name().eq_ignore_ascii_case(text.trim()))
        .ok_or_else(|| {
            ParamError::new(
                "for",
                format!(
                    "for must be one of unity, unreal, godot, blender, got \"{}\"",
                    text.trim()
                ),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ramp(side: usize) -> Heightmap {
        let data = (0..side * side)
            .map(|i| (i / side) as f32 / (side - 1) as f32)
            .collect();
        Heightmap::from_data(side, side, data).expect("map")
    }

    #[test]
    fn each_engine_gets_a_size_it_takes_or_a_message_naming_its_limit() {
        assert_eq!(Engine::Unreal.side_for(1025, 1025), Ok(1009));
        assert_eq!(Engine::Unreal.side_for(2049, 2049), Ok(2017));
        assert_eq!(Engine::Unreal.side_for(4097, 4097), Ok(4033));
        assert_eq!(Engine::Unreal.side_for(129, 129), Ok(127));
        let small = Engine::Unreal.side_for(65, 65).expect_err("too small");
        assert_eq!(
            small,
            "unreal takes 127 to 8129 points per side (exponent 7 to 13, cropped to its sizes), not 65 x 65"
        );
        assert_eq!(Engine::Unity.side_for(513, 513), Ok(513));
        assert!(Engine::Unity
            .side_for(17, 17)
            .expect_err("small")
            .contains("exponent 5 to 12"));
        assert!(Engine::Unity.side_for(8193, 8193).is_err());
        assert!(Engine::Godot
            .side_for(33, 33)
            .expect_err("small")
            .starts_with("godot imports"));
        assert_eq!(Engine::Blender.side_for(640, 480), Ok(640));
        assert_eq!(parse_engine(" Unity "), Ok(Engine::Unity));
        assert!(parse_engine("cryengine")
            .expect_err("unknown")
            .message
            .contains("cryengine"));
    }

    #[test]
    fn each_engines_extension_is_its_usual_formats() {
        for engine in Engine::ALL {
            assert_eq!(engine.extension(), engine.formats()[0].extension());
        }
    }

    #[test]
    fn unreal_crops_and_unity_flips_the_rows() {
        let map = ramp(129);
        let unreal = Engine::Unreal.prepare(&map).expect("129 crops to 127");
        assert_eq!((unreal.width(), unreal.height()), (127, 127));
        assert_eq!(unreal.get(5, 7), map.get(5, 7), "cropped, not resampled");
        let unity = Engine::Unity.prepare(&map).expect("129 is a Unity size");
        assert_eq!(
            unity.get(3, 0),
            map.get(3, 128),
            "first row is the map's last"
        );
        let blender = Engine::Blender.prepare(&map).expect("any size");
        assert_eq!(blender, map);
        let settings = Engine::Unreal.import_settings((1009, 1009, 1025), None, 1.0);
        assert_eq!(settings["cropped_from"], 1025);
        assert_eq!(settings["z_scale"], 100);
        assert_eq!(
            Engine::Godot.import_settings((1025, 1025, 1025), None, 1.0)["region_size"],
            1024
        );
    }

    #[test]
    fn a_height_in_metres_becomes_each_engines_vertical_scale() {
        let unreal = Engine::Unreal.import_settings((1009, 1009, 1025), Some(1024.0), 1.0);
        assert_eq!(unreal["z_scale"], 200, "1024 m x 100 / 512");
        assert_eq!(unreal["z_range_m"], json!([-512, 512]));
        let unreal = Engine::Unreal.import_settings((1009, 1009, 1025), Some(300.0), 1.0);
        assert_eq!(
            unreal["z_scale"].to_string(),
            "58.5938",
            "6 significant digits"
        );
        let unreal = Engine::Unreal.import_settings((1009, 1009, 1025), Some(153.6), 1.0);
        assert_eq!(unreal["z_scale"].to_string(), "30", "not 30.000002");
        let unity = Engine::Unity.import_settings((513, 513, 513), Some(600.5), 30.0);
        assert_eq!(unity["terrain_height_m"].to_string(), "600.5");
        assert_eq!(
            (
                unity["terrain_width_m"].to_string(),
                unity["terrain_length_m"].to_string()
            ),
            ("15360".to_string(), "15360".to_string()),
            "512 gaps of 30 m"
        );
        let godot = Engine::Godot.import_settings((513, 513, 513), Some(0.3), 1.0);
        assert_eq!(godot["height_range_m"].to_string(), "[0,0.3]", "as typed");
        let blender = Engine::Blender.import_settings((64, 64, 64), Some(20.0), 1.0);
        assert_eq!(
            (blender["strength"].as_f64(), blender["midlevel"].as_f64()),
            (Some(20.0), Some(0.0))
        );
    }
}
