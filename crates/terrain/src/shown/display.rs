//! What the screen shows of a heightmap: the shown points ([`DisplayGrid`], every k-th point of
//! a large map), how a point looks while an algorithm is stepped through ([`Mark`]), the
//! elevation colours, the top-down map's pixels, and a tileable map shown 2 x 2.
//!
//! The 3-D surface built from a display grid is in [`crate::shown::mesh`]; export keeps full resolution.

use crate::map::heightmap::Heightmap;

/// Most points per side shown on screen: 257 x 257 = 66049 vertices, nothing for a GPU to orbit
/// (in software rendering a frame takes about 150 ms; 65 x 65 about 30 ms: BENCHMARKS.md).
/// 2^8 + 1 so square maps decimate onto exact grid points.
pub const DISPLAY_MAX_SIDE: usize = 257;

/// How a shown point looks while an algorithm is stepped through (see [`crate::chapters::steps`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// Set before the step shown: its final height, in the view's colours.
    Set,
    /// Not set yet: drawn at height 0 in [`UNSET_COLOR`] (the posts' convention).
    Unset,
    /// Set by the step shown: in [`HIGHLIGHT_COLOR`].
    Highlight,
    /// Left alone by the step shown because an earlier step had set it (a recursive call skipping
    /// a point its neighbouring view set): in [`SKIPPED_COLOR`].
    Skipped,
    /// On the outline of what the step worked in (a recursive call's view): in
    /// [`OUTLINE_COLOR`].
    Outline,
    /// Lower than before (erosion took material from it): in [`REMOVED_COLOR`].
    Removed,
    /// Higher than before (erosion laid material on it): in [`LAID_COLOR`].
    Laid,
    /// Under a lake: in [`LAKE_COLOR`].
    Lake,
    /// Under a river: in [`RIVER_COLOR`].
    River,
    /// Dry ground where water is drawn: its height on the land's part of the ramp only (sand to
    /// snow, [`land_color`]), so no low ground looks like water.
    Dry,
}

/// The deep blue of standing water.
pub const LAKE_COLOR: [u8; 4] = [20, 50, 140, 255];

/// The bright blue of a river.
pub const RIVER_COLOR: [u8; 4] = [20, 140, 240, 255];

/// Neutral grey of points not set yet.
pub const UNSET_COLOR: [u8; 4] = [150, 150, 150, 255];

/// The one strong colour of the points the shown step set: a magenta that appears nowhere in
/// the elevation ramp, and is the only colour in the greyscale map view.
pub const HIGHLIGHT_COLOR: [u8; 4] = [236, 0, 140, 255];

/// The colour of the points the shown step skipped: a cyan brighter than any water in the ramp.
pub const SKIPPED_COLOR: [u8; 4] = [0, 225, 255, 255];

/// The colour of the outline of what the shown step worked in: a yellow brighter than the sand.
pub const OUTLINE_COLOR: [u8; 4] = [255, 214, 0, 255];

/// The colour of ground erosion took material from: orange.
pub const REMOVED_COLOR: [u8; 4] = [255, 120, 0, 255];

/// The colour of ground erosion laid material on: a strong blue, brighter than any water.
pub const LAID_COLOR: [u8; 4] = [30, 90, 255, 255];

/// The colour of `mark`, for the marks drawn in a colour of their own; `None` for [`Mark::Set`]
/// (drawn in the view's own colours).
pub fn mark_color(mark: Mark) -> Option<[u8; 4]> {
    match mark {
        Mark::Set => None,
        Mark::Unset => Some(UNSET_COLOR),
        Mark::Highlight => Some(HIGHLIGHT_COLOR),
        Mark::Skipped => Some(SKIPPED_COLOR),
        Mark::Outline => Some(OUTLINE_COLOR),
        Mark::Removed => Some(REMOVED_COLOR),
        Mark::Laid => Some(LAID_COLOR),
        Mark::Lake => Some(LAKE_COLOR),
        Mark::River => Some(RIVER_COLOR),
        Mark::Dry => None,
    }
}

/// The colour of a point of height `height` marked `mark` (`None`: not stepping).
pub(crate) fn marked_color(height: f32, mark: Option<&Mark>) -> [u8; 4] {
    match mark {
        Some(Mark::Dry) => land_color(height),
        _ => mark
            .and_then(|&m| mark_color(m))
            .unwrap_or_else(|| elevation_color(height)),
    }
}

/// Colour for a height on the land's part of the elevation ramp: 0 is sand, 1 snow.
pub fn land_color(height: f32) -> [u8; 4] {
    let sand = RAMP[2].0;
    let h = if height.is_finite() { height } else { 0.0 };
    elevation_color(sand + (1.0 - sand) * h.clamp(0.0, 1.0))
}

/// The most ground was lowered and the most it was raised between `before` and `now` (both 0
/// or more; 0 when nothing changed that way).
pub fn change_extremes(now: &[f32], before: &[f32]) -> (f32, f32) {
    now.iter()
        .zip(before)
        .map(|(&n, &b)| n - b)
        .filter(|d| d.is_finite())
        .fold((0.0f32, 0.0f32), |(lowered, raised), d| {
            (lowered.max(-d), raised.max(d))
        })
}

/// The largest change of height between `now` and `before`, either way (0 when none).
pub fn largest_change(now: &[f32], before: &[f32]) -> f32 {
    let (lowered, raised) = change_extremes(now, before);
    lowered.max(raised)
}

/// The colour of a change `d` on a diverging ramp scaled to `largest`: the map's grey for the
/// ground at height `height` where nothing changed, turning to [`REMOVED_COLOR`] as the ground
/// was lowered by up to `largest` and to [`LAID_COLOR`] as it was raised by up to `largest`.
pub fn change_color(height: f32, d: f32, largest: f32) -> [u8; 4] {
    let grey = 110.0 + 100.0 * height.clamp(0.0, 1.0);
    let t = if largest > 0.0 {
        (d / largest).clamp(-1.0, 1.0)
    } else {
        0.0
    };
    let to = if t < 0.0 { REMOVED_COLOR } else { LAID_COLOR };
    // In proportion: a cell half as changed is half as coloured.
    let k = t.abs();
    let c = |i: usize| (grey + (f32::from(to[i]) - grey) * k).round() as u8;
    [c(0), c(1), c(2), 255]
}

/// The Erosion view's pixels: one RGBA pixel per shown point of `now`, each the
/// [`change_color`] of its change since `before`, scaled to the [`largest_change`].
pub fn change_pixels(now: &DisplayGrid, before: &[f32]) -> Vec<u8> {
    let largest = largest_change(&now.heights, before);
    now.heights
        .iter()
        .zip(before.iter().chain(std::iter::repeat(&f32::NAN)))
        .flat_map(|(&h, &b)| {
            let d = if b.is_finite() { h - b } else { 0.0 };
            change_color(h, d, largest)
        })
        .collect()
}

/// The display grid as it stands at a step: heights of unset points are 0.
pub fn staged(grid: &DisplayGrid, marks: &[Mark]) -> DisplayGrid {
    let heights = grid
        .heights
        .iter()
        .zip(marks.iter().chain(std::iter::repeat(&Mark::Set)))
        .map(|(&h, mark)| if *mark == Mark::Unset { 0.0 } else { h })
        .collect();
    DisplayGrid {
        heights,
        ..grid.clone()
    }
}

/// The top-down map of a grid: one RGBA pixel per shown point, row 0 (north) first, heights as
/// greys from black (0) to white (1); marked points in their colours ([`mark_color`]), the only
/// colours in it.
pub fn map_pixels(grid: &DisplayGrid, marks: &[Mark]) -> Vec<u8> {
    let mut pixels = Vec::with_capacity(grid.heights.len() * 4);
    for (i, &h) in grid.heights.iter().enumerate() {
        let grey = (h.clamp(0.0, 1.0) * 255.0).round() as u8;
        let pixel = match marks.get(i).and_then(|&m| mark_color(m)) {
            Some(colour) => colour,
            // A hole (see [`side_by_side`]): transparent.
            _ if !h.is_finite() => [0; 4],
            _ => [grey, grey, grey, 255],
        };
        pixels.extend_from_slice(&pixel);
    }
    pixels
}

/// Two grids of the same number of rows side by side, `left` then `right`, with `gap` columns of
/// holes between them (non-finite heights: no ground, drawn as nothing): how the comparison demo
/// shows two algorithms' maps of one seed in one view. Columns are evenly spaced across -1..1
/// and rows keep the pair's aspect. `None` when the row counts differ.
pub fn side_by_side(left: &DisplayGrid, right: &DisplayGrid, gap: usize) -> Option<DisplayGrid> {
    let ((na, nz), (nb, nz_b)) = (left.size(), right.size());
    if nz != nz_b {
        return None;
    }
    let columns = na + gap + nb;
    let span = (columns.max(2) - 1) as f32;
    let xs = (0..columns).map(|i| 2.0 * i as f32 / span - 1.0).collect();
    // Each map spans (na - 1) of the `span` column steps: its rows are scaled alike.
    let scale = (na.max(2) - 1) as f32 / span;
    let zs = left.zs.iter().map(|z| z * scale).collect();
    let mut heights = Vec::with_capacity(columns * nz);
    for row in 0..nz {
        heights.extend_from_slice(&left.heights[row * na..(row + 1) * na]);
        heights.extend(std::iter::repeat_n(f32::NAN, gap));
        heights.extend_from_slice(&right.heights[row * nb..(row + 1) * nb]);
    }
    Some(DisplayGrid { xs, zs, heights })
}

/// Four copies of a tileable grid (its last row and column repeat its first) side by side, 2 x 2,
/// with the shared edges once, spanning -1..1; every other point is kept where that would pass
/// [`DISPLAY_MAX_SIDE`]. `marks` (one per point, or empty) are tiled the same way.
pub fn tiled_2x2(grid: &DisplayGrid, marks: &[Mark]) -> (DisplayGrid, Vec<Mark>) {
    let (nx, nz) = grid.size();
    if nx < 2 || nz < 2 {
        return (grid.clone(), marks.to_vec());
    }
    let (tx, tz) = (2 * nx - 1, 2 * nz - 1);
    let step = if tx.max(tz) > DISPLAY_MAX_SIDE { 2 } else { 1 };
    let columns: Vec<usize> = (0..tx).step_by(step).collect();
    let rows: Vec<usize> = (0..tz).step_by(step).collect();
    let source = |i: usize, n: usize| if i < n { i } else { i - (n - 1) };
    let mut heights = Vec::with_capacity(columns.len() * rows.len());
    let mut tiled_marks = Vec::new();
    for &r in &rows {
        for &c in &columns {
            let at = source(r, nz) * nx + source(c, nx);
            heights.push(grid.heights[at]);
            if let Some(&mark) = marks.get(at) {
                tiled_marks.push(mark);
            }
        }
    }
    let world = |i: usize, len: usize| 2.0 * i as f32 / (len - 1) as f32 - 1.0;
    let tiled = DisplayGrid {
        xs: columns.iter().map(|&c| world(c, tx)).collect(),
        zs: rows.iter().map(|&r| world(r, tz)).collect(),
        heights,
    };
    (tiled, tiled_marks)
}

/// Evenly spread indices `0..len` picking `count` of them, always including the first and last:
/// which columns (or rows) of a map of `len` a display grid keeps. For len = 2^a + 1 and
/// count = 2^b + 1 every step is exactly 2^(a - b).
pub fn display_positions(len: usize, count: usize) -> Vec<usize> {
    if count >= len || len < 2 {
        return (0..len).collect();
    }
    (0..count).map(|i| i * (len - 1) / (count - 1)).collect()
}

/// Colour stops of the elevation ramp, low to high.
pub(crate) const RAMP: [(f32, [u8; 3]); 7] = [
    (0.00, [24, 62, 122]),   // deep water
    (0.28, [52, 118, 178]),  // shallow water
    (0.32, [214, 200, 148]), // sand
    (0.42, [92, 148, 64]),   // grass
    (0.62, [52, 102, 52]),   // forest
    (0.80, [122, 108, 96]),  // rock
    (0.95, [246, 246, 250]), // snow
];

/// Colour for a height: the ramp above, interpolated; heights outside 0..1 are clamped.
pub fn elevation_color(height: f32) -> [u8; 4] {
    let h = if height.is_finite() {
        height.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let upper = RAMP
        .iter()
        .position(|&(stop, _)| stop >= h)
        .unwrap_or(RAMP.len() - 1);
    if upper == 0 {
        let [r, g, b] = RAMP[0].1;
        return [r, g, b, 255];
    }
    let (lo_stop, lo) = RAMP[upper - 1];
    let (hi_stop, hi) = RAMP[upper];
    let t = ((h - lo_stop) / (hi_stop - lo_stop)).clamp(0.0, 1.0);
    let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
    [mix(lo[0], hi[0]), mix(lo[1], hi[1]), mix(lo[2], hi[2]), 255]
}

/// The points of a heightmap that are shown on screen: every k-th column and row of the map,
/// with the world position of each. It is all the display needs, small enough to hand from a
/// worker thread to the page, and the mesh is built from it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DisplayGrid {
    /// World x of each kept column: -1..1 along the map's longer side, keeping its aspect.
    pub xs: Vec<f32>,
    /// World z of each kept row, on the same scale as `xs`.
    pub zs: Vec<f32>,
    /// Height of each kept point, row after row (`xs.len()` per row); non-finite heights are 0.
    pub heights: Vec<f32>,
}

impl DisplayGrid {
    /// Number of columns and rows kept.
    pub fn size(&self) -> (usize, usize) {
        (self.xs.len(), self.zs.len())
    }

    /// Rebuilds a grid from its three parts (as sent between threads); `None` when the number
    /// of heights does not match the columns and rows.
    pub fn from_parts(xs: Vec<f32>, zs: Vec<f32>, heights: Vec<f32>) -> Option<Self> {
        (xs.len().checked_mul(zs.len()) == Some(heights.len())).then_some(Self { xs, zs, heights })
    }
}

/// Picks the shown points of `map`: at most `max_columns` columns and `max_rows` rows, evenly
/// spread and always including the map's edges (exact grid points for 2^n + 1 sides).
pub fn display_grid(map: &Heightmap, max_columns: usize, max_rows: usize) -> DisplayGrid {
    let columns = display_positions(map.width(), max_columns.max(2));
    let rows = display_positions(map.height(), max_rows.max(2));
    let span = (map.width().max(map.height()) - 1).max(1) as f32;
    let to_world = |i: usize, len: usize| (2.0 * i as f32 - (len - 1) as f32) / span;
    let mut heights = Vec::with_capacity(columns.len() * rows.len());
    for &row in &rows {
        let line = &map.data()[row * map.width()..(row + 1) * map.width()];
        heights.extend(columns.iter().map(|&c| match line[c] {
            h if h.is_finite() => h,
            _ => 0.0,
        }));
    }
    DisplayGrid {
        xs: columns.iter().map(|&c| to_world(c, map.width())).collect(),
        zs: rows.iter().map(|&r| to_world(r, map.height())).collect(),
        heights,
    }
}

/// Most points shown of a 1-D profile.
pub const PROFILE_MAX_POINTS: usize = 1025;

#[cfg(test)]
mod tests;
