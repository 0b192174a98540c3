//! Diamond-Square, step by step as the third post teaches it.
//!
//! 1. [`init_corners`]: the four corners get uniform(0, 1) heights.
//! 2. [`square_step`]: for a radius r, the center of every 2r x 2r square becomes the average of
//!    its four corners, jittered by up to the spread ([`square`] does one).
//! 3. [`diamond_step`]: for the same radius, the center of every diamond (the points r away left,
//!    right, up and down) becomes the average of those of its four points that lie on the map
//!    (three at the map's edges), jittered ([`diamond`] does one). Rows r apart alternate between
//!    starting at x = r and at x = 0, so the diamonds interleave with the squares.
//! 4. [`generate`]: from radius = half the map down to 1, square step then diamond step, halving
//!    the radius and multiplying the spread by the reduction each level; then normalise. It runs
//!    each level's two steps in one sweep down the map ([`level`]), which gives the same values.
//!
//! Unlike midpoint displacement, every point but those on the map's border averages four
//! neighbours, which removes the straight creases along square edges.

use crate::chapters::fine_levels::{self, LevelSweep, FUSED_RADIUS};
use crate::chapters::midpoint::algorithm::{self as midpoint, MpdParams};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;
use crate::map::rows::Grid;
use rows::{diamond_row, square_row, LevelRows};

/// The third post's defaults, the same as the first post's: exponent 5, spread 0.3, reduction 0.5.
pub const DEFAULT: MpdParams = MpdParams::DEFAULT;

/// Sets the map's four corners to uniform(0, 1).
pub fn init_corners(map: &mut Heightmap, points: PointRng) {
    midpoint::init_corners(map, points);
}

/// One square: sets `(x, y)` to the average of the four points `radius` away diagonally, plus
/// jitter of up to `spread`.
pub fn square(
    map: &mut Heightmap,
    x: usize,
    y: usize,
    radius: usize,
    spread: f32,
    points: PointRng,
) {
    let average = (map.get(x - radius, y - radius)
        + map.get(x - radius, y + radius)
        + map.get(x + radius, y - radius)
        + map.get(x + radius, y + radius))
        / 4.0;
    let value = points.jitter_at(average, y * map.width() + x, spread);
    map.set(x, y, value);
}

/// One diamond: sets `(x, y)` to the average of those of the four points `radius` away left,
/// right, down and up that lie on the map, plus jitter of up to `spread`.
pub fn diamond(
    map: &mut Heightmap,
    x: usize,
    y: usize,
    radius: usize,
    spread: f32,
    points: PointRng,
) {
    let (x, y, r) = (x as isize, y as isize, radius as isize);
    let neighbours = [(x - r, y), (x + r, y), (x, y - r), (x, y + r)];
    let (sum, count) = neighbours
        .iter()
        .filter_map(|&(nx, ny)| map.get_checked(nx, ny))
        .fold((0.0f32, 0u32), |(sum, count), v| (sum + v, count + 1));
    let (x, y) = (x as usize, y as usize);
    let value = points.jitter_at(sum / count as f32, y * map.width() + x, spread);
    map.set(x, y, value);
}

/// The square step for `radius`: every square center, row by row. Same result as [`square`] at
/// every center, computed over whole rows.
pub fn square_step(map: &mut Heightmap, radius: usize, spread: f32, points: PointRng) {
    let mut grid = Grid::whole(map);
    for y in (radius..grid.height()).step_by(2 * radius) {
        square_row(&mut grid, y, radius, spread, points);
    }
}

/// The diamond step for `radius`: rows `radius` apart from the top edge; rows at an even multiple
/// of the radius start at x = radius, the others at x = 0. Same result as [`diamond`] at every
/// center, computed over whole rows.
pub fn diamond_step(map: &mut Heightmap, radius: usize, spread: f32, points: PointRng) {
    let mut grid = Grid::whole(map);
    for y in (0..grid.height()).step_by(radius) {
        diamond_row(&mut grid, y, radius, spread, points);
    }
}

/// One level of the algorithm, the square step and then the diamond step for `radius`, in a
/// single sweep down the map: the same values as [`square_step`] followed by [`diamond_step`].
///
/// A diamond reads only corner points of the level and square centers, never another diamond of
/// the same level, so each diamond row can be set as soon as the square rows beside it are: after
/// the squares of row y come the diamonds of row y and of row y - radius. The map is then read
/// and written once per level instead of twice, which matters on the last two levels, where
/// most points are set.
pub fn level(map: &mut Heightmap, radius: usize, spread: f32, points: PointRng) {
    let mut level = LevelRows::new(map.height(), radius, spread, points);
    let mut grid = Grid::whole(map);
    while level.next_needs().is_some() {
        level.step(&mut grid);
    }
}

/// One diamond of a map that wraps around (a torus): sets `(x, y)` to the average of the four
/// points `radius` away left, right, down and up, those past an edge taken from the opposite
/// edge, plus jitter of up to `spread`. A point on the first row or column is copied to the
/// last, which repeats it.
pub fn diamond_wrapping(
    map: &mut Heightmap,
    x: usize,
    y: usize,
    radius: usize,
    spread: f32,
    points: PointRng,
) {
    let last = map.last();
    let (left, right) = ((x + last - radius) % last, (x + radius) % last);
    let (down, up) = ((y + last - radius) % last, (y + radius) % last);
    let average = (map.get(left, y) + map.get(right, y) + map.get(x, down) + map.get(x, up)) / 4.0;
    let value = points.jitter_at(average, y * map.width() + x, spread);
    map.set(x, y, value);
    if x == 0 {
        map.set(last, y, value);
    }
    if y == 0 {
        map.set(x, last, value);
    }
}

/// Diamond-Square made to tile: the map wraps around, so its last row and column repeat its
/// first and a copy placed beside it joins without a seam. All four corners share one height;
/// the square steps are as in [`generate`], the diamond steps use [`diamond_wrapping`]. Normalised
/// to 0..1.
pub fn generate_tileable(params: &MpdParams, seed: u64) -> Result<Heightmap, ParamError> {
    let (mut map, points) = midpoint::start(params, seed)?;
    let last = map.last();
    let corner = map.get(0, 0);
    for (x, y) in [(0, last), (last, 0), (last, last)] {
        map.set(x, y, corner);
    }
    // The last row and column are copies of the first: the diamonds stop short of them.
    levels_point_by_point(&mut map, params, points, last, diamond_wrapping);
    map.normalize();
    Ok(map)
}

/// A diamond step at one point (`map`, `x`, `y`, `radius`, `spread`, `points`).
type DiamondAt = fn(&mut Heightmap, usize, usize, usize, f32, PointRng);

/// Every level read straight from the post, one point at a time: the square steps with
/// [`square`], then the diamond steps with `diamond_at` on the points of columns and rows below
/// `end`.
fn levels_point_by_point(
    map: &mut Heightmap,
    params: &MpdParams,
    points: PointRng,
    end: usize,
    diamond_at: DiamondAt,
) {
    let mut radius = map.last() / 2;
    for spread in params.spreads() {
        for y in (radius..end).step_by(2 * radius) {
            for x in (radius..end).step_by(2 * radius) {
                square(map, x, y, radius, spread, points);
            }
        }
        for y in (0..end).step_by(radius) {
            let shift = if (y / radius).is_multiple_of(2) {
                radius
            } else {
                0
            };
            for x in (shift..end).step_by(2 * radius) {
                diamond_at(map, x, y, radius, spread, points);
            }
        }
        radius /= 2;
    }
}

/// How far along the algorithm to go: the third post shows each step on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Stage {
    /// Only the corners.
    Corners,
    /// Corners and the first square step (the map's center).
    Square,
    /// Corners, the first square step and the first diamond step (the edge midpoints).
    Diamond,
    /// The full algorithm, normalised to 0..1.
    Full,
}

/// Runs Diamond-Square from `seed` up to `stage`; partial stages are not normalised.
pub fn generate_stage(
    stage: Stage,
    params: &MpdParams,
    seed: u64,
) -> Result<Heightmap, ParamError> {
    let (mut map, points) = midpoint::start(params, seed)?;
    let first = map.last() / 2;
    match stage {
        Stage::Corners => {}
        Stage::Square => square_step(&mut map, first, params.spread, points),
        Stage::Diamond => {
            square_step(&mut map, first, params.spread, points);
            diamond_step(&mut map, first, params.spread, points);
        }
        Stage::Full => {
            // Coarse levels sweep the map one after another; the fine ones follow one another
            // down it (fine_levels), natively in a band of rows per core. The last level
            // (radius 1) sets the last points of every row; the range for normalising is
            // gathered row by row as it goes.
            let mut fine = Vec::new();
            let mut radius = first;
            for spread in params.spreads() {
                if radius > FUSED_RADIUS {
                    level(&mut map, radius, spread, points);
                } else {
                    fine.push(LevelRows::new(map.height(), radius, spread, points));
                }
                radius /= 2;
            }
            fine_levels::finish(&mut map, fine);
        }
    }
    Ok(map)
}

/// The whole algorithm from `seed`, normalised to exactly 0..1. Defaults as in the post:
/// exponent 5, spread 0.3, reduction 0.5 ([`DEFAULT`]).
pub fn generate(params: &MpdParams, seed: u64) -> Result<Heightmap, ParamError> {
    generate_stage(Stage::Full, params, seed)
}

/// The whole algorithm read straight from the post, one point at a time with [`square`] and
/// [`diamond`]: the reference [`generate`] is tested against and the benchmarks' baseline.
pub fn generate_point_by_point(params: &MpdParams, seed: u64) -> Result<Heightmap, ParamError> {
    let (mut map, points) = midpoint::start(params, seed)?;
    let side = map.width();
    levels_point_by_point(&mut map, params, points, side, diamond);
    map.normalize();
    Ok(map)
}

mod rows;
#[cfg(test)]
mod tests;
