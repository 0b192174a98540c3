//! What the ground is made of: a small table of layers (sand, grass, forest, rock, scree, snow,
//! riverbed), each a row with its colour and the rule that weighs it from where a cell lies
//! (height, slope, wetness, curvature, what the chain's erosion laid down, lakes and rivers).
//! A game paints its terrain layers with these weights (`--maps splat`) and the page colours its
//! land with their mix (`--maps albedo`).
//!
//! Each rule gives a cover from 0 to 1 that blends softly across its edge (a smoothstep, never a
//! stair at a contour). The layers are laid like paint, top first ([`ORDER`]): a layer takes its
//! cover of what the layers above it left, and grass, at the bottom, takes the rest, so the
//! weights sum to 1 at every cell; as bytes they sum to exactly 255 ([`splat`]: largest
//! remainder).

pub mod knobs;
pub mod light;
pub mod rules;
pub mod splat;

pub use rules::Ground;

use crate::analysis::derived::landform;
use crate::analysis::derived::{slope_map, Relief};
use crate::analysis::water::{rivers, Water};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// One layer: its name (the file `NAME_LAYER.png` and the engine's layer), its colour and its
/// rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layer {
    /// The name, as files and engines call it.
    pub name: &'static str,
    /// Its colour, sRGB 0 to 255 (unlit: what the albedo mixes).
    pub color: [u8; 3],
    /// The rule, in words, for the sidecar.
    pub rule: &'static str,
}

/// The layers in their splat order: channels R, G, B, A of `splat0` then of `splat1`.
pub const LAYERS: [Layer; 7] = [
    Layer {
        name: "sand",
        color: [196, 178, 132],
        rule: "below the sand level (shores), and where the chain's erosion laid material down \
               on ground gentler than 12 to 20 degrees",
    },
    Layer {
        name: "grass",
        color: [104, 138, 60],
        rule: "whatever the layers above leave",
    },
    Layer {
        name: "forest",
        color: [48, 82, 42],
        rule: "below the tree line, gentler than 28 to 38 degrees, on the wetter ground (the \
               wetness index between its 40th and 70th percentile on the map and above)",
    },
    Layer {
        name: "rock",
        color: [122, 116, 110],
        rule: "steeper than the rock slope: none 10 degrees below it, all from 5 degrees above",
    },
    Layer {
        name: "scree",
        color: [156, 146, 130],
        rule: "in hollows just under the rock slope (10 to 20 degrees below it, concave), and \
               where the chain's erosion laid material down on ground steeper than 12 to 20 \
               degrees",
    },
    Layer {
        name: "snow",
        color: [240, 242, 246],
        rule: "above the snow line (a soft edge 0.03 of the range either side), not steeper \
               than the rock slope to 10 degrees above it",
    },
    Layer {
        name: "riverbed",
        color: [90, 96, 84],
        rule: "under lakes, and where at least the rivers' threshold of cells drains through \
               (from a quarter of it, softly; the threshold as terrain flow --rivers takes it by \
               default)",
    },
];

/// The layers from the top down, as indices into [`LAYERS`]: each takes its cover of what the
/// ones above it left; the last (grass) takes the rest.
pub const ORDER: [usize; 7] = [6, 5, 3, 4, 0, 2, 1];

/// Where the rules draw their lines, each a knob ([`knobs`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Lines {
    /// The height (0 to 1 of the map's range) above which snow lies.
    pub snow_line: f32,
    /// The height (0 to 1 of the range) above which no forest grows.
    pub tree_line: f32,
    /// The height (0 to 1 of the range) below which the shore is sand.
    pub sand_level: f32,
    /// The slope in degrees from which the ground is bare rock.
    pub rock_slope: f32,
}

impl Lines {
    /// Each knob at its default.
    pub const DEFAULT: Lines = Lines {
        snow_line: knobs::SNOW_LINE.number_default() as f32,
        tree_line: knobs::TREE_LINE.number_default() as f32,
        sand_level: knobs::SAND_LEVEL.number_default() as f32,
        rock_slope: knobs::ROCK_SLOPE.number_default() as f32,
    };
}

impl Default for Lines {
    fn default() -> Self {
        Lines::DEFAULT
    }
}

/// Each layer's weight at each cell of `map` (in [`LAYERS`]' order, 7 a cell, row by row,
/// summing to 1), from the map in `relief`, its `water` and how far the chain's erosion raised
/// each cell (`deposit`, in the map's heights: `chain::moved::Moved::deposit`).
pub fn weights(
    map: &Heightmap,
    water: &Water,
    relief: Relief,
    deposit: Option<&[f32]>,
    lines: &Lines,
) -> Result<Vec<[f32; 7]>, ParamError> {
    let ground = Ground::read(map, water, relief, deposit)?;
    Ok((0..map.data().len())
        .map(|i| ground.weights(i, lines))
        .collect())
}

/// The splat of `map` ([`weights`] as bytes summing to 255 at every cell).
pub fn splat_of(
    map: &Heightmap,
    water: &Water,
    relief: Relief,
    deposit: Option<&[f32]>,
    lines: &Lines,
) -> Result<splat::Splat, ParamError> {
    let weights = weights(map, water, relief, deposit, lines)?;
    Ok(splat::Splat::of(map.width(), map.height(), &weights))
}

/// What the land view paints at each cell of `map`: its albedo (RGB, sRGB, [`splat_of`]'s
/// colours mixed) and the share of the sky it sees ([`light::sky`], 0.5 to 1 as 128 to 255),
/// with no deposit known (the page's shown points), its lines drawn where `lines` says.
pub fn land_colours(
    map: &Heightmap,
    water: &Water,
    relief: Relief,
    lines: &Lines,
) -> Result<Vec<[u8; 4]>, ParamError> {
    let albedo = splat_of(map, water, relief, None, lines)?.albedo();
    let scale = relief.height_m / relief.cell_m;
    let sky = light::sky(map.data(), map.width(), scale);
    Ok(albedo
        .chunks_exact(3)
        .zip(sky)
        .map(|(c, s)| [c[0], c[1], c[2], (s * 255.0).round() as u8])
        .collect())
}

impl Ground {
    /// What the rules read of every cell of `map`.
    fn read(
        map: &Heightmap,
        water: &Water,
        relief: Relief,
        deposit: Option<&[f32]>,
    ) -> Result<Ground, ParamError> {
        let (lo, hi) = map.range().unwrap_or((0.0, 0.0));
        let span = f64::from(hi) - f64::from(lo);
        let share = |h: f32| match span > 0.0 {
            true => ((f64::from(h) - f64::from(lo)) / span) as f32,
            false => 0.0,
        };
        let width = map.width();
        let slopes = slope_map(map, relief)?;
        let wetness: Vec<f32> = landform::wetness_of(water, &slopes, relief)
            .iter()
            .map(|&w| w as f32)
            .collect();
        let wetness = rules::spread(&wetness, width);
        let curvature = landform::curvature(map, relief);
        let scale = landform::curvature_scale(&curvature);
        let concave: Vec<f32> = curvature.iter().map(|&c| (-c / scale) as f32).collect();
        let lakes = water.lake_cells(map);
        let lake_cover: Vec<f32> = lakes.iter().map(|&l| f32::from(u8::from(l))).collect();
        let threshold = rivers::default_min_flow(map.data().len());
        Ok(Ground {
            height: map.data().iter().map(|&h| share(h)).collect(),
            slope: slope_map(map, relief)?
                .data()
                .iter()
                .map(|s| s * 90.0)
                .collect(),
            wet: rules::percentiles(&wetness, [0.4, 0.7]),
            wetness,
            concave: rules::spread(&concave, width),
            near_lake: rules::spread(&lake_cover, width),
            water: (0..lakes.len())
                .map(|i| rules::water_cover(lakes[i], water.accumulation[i], threshold))
                .collect(),
            laid: (0..lakes.len())
                .map(|i| match (deposit, span > 0.0) {
                    (Some(d), true) => (f64::from(d[i]) / span) as f32,
                    _ => 0.0,
                })
                .collect(),
        })
    }
}

#[cfg(test)]
mod tests;
