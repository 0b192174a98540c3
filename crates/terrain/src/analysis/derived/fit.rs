//! A relief that suits the map: some maps stand far steeper than land when drawn as tall as the
//! page draws every map (uplift's steady state is a bed of needles, fault lines a field of
//! cliffs), so the land demos and the fault lines are drawn lower, just enough that their
//! median slope is [`FITTED_SLOPE_DEG`]; a map gentler than that keeps its height.

use crate::map::heightmap::Heightmap;

/// The median slope a fitted map is drawn at, at most: 30 degrees, about a steep hillside's.
pub const FITTED_SLOPE_DEG: f32 = 30.0;

/// The tangent of [`FITTED_SLOPE_DEG`].
const FITTED_TAN: f32 = 0.577_350_26;

/// How many cells [`relief_fit`] samples, at most.
const SAMPLES: usize = 1 << 16;

/// The share (0 to 1] of its height to draw `map` at, when its range would stand `tall` times
/// its width: 1 where its median slope is at most [`FITTED_SLOPE_DEG`] already, less where it
/// is steeper, so that it is that. The slope of a cell is its steeper difference to its right and
/// lower neighbours; the median is taken over up to 65 536 cells spread evenly over the map. A
/// flat map, or one holding NaN (no range), keeps its height.
pub fn relief_fit(map: &Heightmap, tall: f32) -> f32 {
    let (width, height) = (map.width(), map.height());
    let data = map.data();
    let Some((low, high)) = map.range().filter(|(low, high)| high > low) else {
        return 1.0;
    };
    if width < 2 || height < 2 {
        return 1.0;
    }
    // Heights in cells: the range stands `tall` of the `width - 1` cells across.
    let scale = tall * (width - 1) as f32 / (high - low);
    let cells = (width - 1) * (height - 1);
    let stride = cells.div_ceil(SAMPLES).max(1);
    let mut slopes: Vec<f32> = (0..cells)
        .step_by(stride)
        .map(|k| {
            let (x, y) = (k % (width - 1), k / (width - 1));
            let here = data[y * width + x];
            let right = (data[y * width + x + 1] - here).abs();
            let down = (data[(y + 1) * width + x] - here).abs();
            right.max(down) * scale
        })
        .filter(|s| s.is_finite())
        .collect();
    if slopes.is_empty() {
        return 1.0;
    }
    let middle = slopes.len() / 2;
    let (_, median, _) = slopes.select_nth_unstable_by(middle, f32::total_cmp);
    match *median > FITTED_TAN {
        true => FITTED_TAN / *median,
        false => 1.0,
    }
}
