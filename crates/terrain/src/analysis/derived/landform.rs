//! Two maps of where a cell sits in the land, for painting it: how wet it lies (the topographic
//! wetness index) and whether it bulges or hollows (curvature). Each is written over a range the
//! sidecar states, 16-bit.
//!
//! - Wetness: the topographic wetness index of Beven and Kirkby (1979), `ln(a / tan β)`, with `a`
//!   the specific catchment area (the cells draining through the cell, itself included, as
//!   `terrain flow` routes them on the filled map, times the cell's width in metres) and `β` the
//!   slope angle as `--maps slope` measures it, floored at [`FLAT_DEGREES`] so flat ground (a
//!   lake, a plain) is very wet rather than infinitely so. Valley floors and hollows where much
//!   water gathers on gentle ground score high; ridges and steep faces low. Mapped from its
//!   lowest to its highest value on the map.
//! - Curvature: the negative Laplacian of the heights in metres, `-(∂²z/∂x² + ∂²z/∂y²)`, per
//!   metre: positive on convex ground (ridges, hilltops, where soil thins and snow blows off),
//!   negative on concave ground (hollows, valley floors, where material comes to rest). Mid-grey
//!   is 0; the scale is the 99th percentile of its size over the map (so one spike does not grey
//!   out the rest), mapped to the full range either side and clamped beyond.

use super::{slope_map, Relief};
use crate::analysis::water::Water;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// The slope under which ground counts as flat for the wetness index, in degrees.
pub const FLAT_DEGREES: f64 = 0.1;

/// A derived map whose values were mapped onto 0 to 1 from `lo` to `hi` (what 0 and 65535 mean
/// in its 16-bit file).
#[derive(Debug, Clone, PartialEq)]
pub struct Ranged {
    /// The map, 0 to 1.
    pub map: Heightmap,
    /// The value 0 stands for.
    pub lo: f64,
    /// The value 1 stands for.
    pub hi: f64,
}

/// `values` of a map of `like`'s size mapped from `lo..hi` onto 0..1 (all 0 where `hi` is not
/// above `lo`).
pub fn mapped(like: &Heightmap, values: &[f64], lo: f64, hi: f64) -> Result<Ranged, ParamError> {
    let span = hi - lo;
    let shares = values
        .iter()
        .map(|&v| match span > 0.0 {
            true => ((v - lo) / span).clamp(0.0, 1.0) as f32,
            false => 0.0,
        })
        .collect();
    let map = Heightmap::from_data(like.width(), like.height(), shares)?;
    Ok(Ranged { map, lo, hi })
}

/// The topographic wetness index `ln(a / tan β)` of every cell of `map` in `relief` (module
/// docs), its flow as `water` (the map's, [`Water::of`]) routes it, row by row.
pub fn wetness_index(
    map: &Heightmap,
    water: &Water,
    relief: Relief,
) -> Result<Vec<f64>, ParamError> {
    Ok(wetness_of(water, &slope_map(map, relief)?, relief))
}

/// [`wetness_index`] from the map's `slopes` (as [`slope_map`] gives them).
pub fn wetness_of(water: &Water, slopes: &Heightmap, relief: Relief) -> Vec<f64> {
    let floor = FLAT_DEGREES.to_radians().tan();
    let cell_m = f64::from(relief.cell_m);
    water
        .accumulation
        .iter()
        .zip(slopes.data())
        .map(|(&cells, &share)| {
            let beta = f64::from(share) * std::f64::consts::FRAC_PI_2;
            let area = f64::from(cells) * cell_m;
            (area / beta.tan().max(floor)).ln()
        })
        .collect()
}

/// The wetness map: [`wetness_index`] from its lowest to its highest value on `map`.
pub fn wetness_map(map: &Heightmap, water: &Water, relief: Relief) -> Result<Ranged, ParamError> {
    let index = wetness_index(map, water, relief)?;
    let lo = index.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = index.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    mapped(map, &index, lo, hi)
}

/// The curvature of every cell of `map` in `relief`, per metre (module docs): the five-point
/// Laplacian, a cell past the border standing for the border cell beside it (so the border's
/// curvature is along the border alone), negated, row by row.
pub fn curvature(map: &Heightmap, relief: Relief) -> Vec<f64> {
    let (w, h) = (map.width(), map.height());
    let z = map.data();
    let metres = f64::from(relief.height_m);
    let cell2 = f64::from(relief.cell_m) * f64::from(relief.cell_m);
    let at = |x: usize, y: usize| f64::from(z[y * w + x]) * metres;
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            let here = at(x, y);
            let left = at(x.saturating_sub(1), y);
            let right = at((x + 1).min(w - 1), y);
            let up = at(x, y.saturating_sub(1));
            let down = at(x, (y + 1).min(h - 1));
            -(left + right + up + down - 4.0 * here) / cell2
        })
        .collect()
}

/// The curvature map: [`curvature`] with 0 at mid-grey, [`curvature_scale`] at the ends; its
/// range `-scale..scale`.
pub fn curvature_map(map: &Heightmap, relief: Relief) -> Result<Ranged, ParamError> {
    let values = curvature(map, relief);
    let scale = curvature_scale(&values);
    mapped(map, &values, -scale, scale)
}

/// The size of curvature that counts as strong on a map of `values`: the 99th percentile of
/// their sizes (so one spike does not grey out the rest); their largest where that is 0, and 1
/// where every value is.
pub fn curvature_scale(values: &[f64]) -> f64 {
    let mut sizes: Vec<f64> = values.iter().map(|v| v.abs()).collect();
    if sizes.is_empty() {
        return 1.0;
    }
    let at = ((sizes.len() - 1) as f64 * 0.99).round() as usize;
    let (_, &mut scale, _) = sizes.select_nth_unstable_by(at, f64::total_cmp);
    if scale > 0.0 {
        return scale;
    }
    let largest = values.iter().map(|v| v.abs()).fold(0.0, f64::max);
    if largest > 0.0 {
        largest
    } else {
        1.0
    }
}
