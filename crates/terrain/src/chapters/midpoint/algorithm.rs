//! Midpoint displacement, step by step as the first post teaches it.
//!
//! 1. [`init_corners`]: the four corners of the map get uniform(0, 1) heights.
//! 2. [`displace_edges`]: each edge midpoint of a square becomes the average of the two corners it
//!    sits between, jittered by up to `spread`.
//! 3. [`displace_center`]: the square's center becomes the average of those four new edge
//!    midpoints, jittered by up to `spread`.
//! 4. [`pass`]: steps 2 and 3 over every one of the 2^i x 2^i squares of pass `i`.
//! 5. [`iterate`]: one pass per level of detail, multiplying the spread by the reduction after each.
//!
//! [`generate`] runs them all and normalises the result to 0..1.

use crate::chapters::fine_levels::{self, LevelSweep, FUSED_RADIUS};
use crate::knobs::limits;
use crate::knobs::{self, params::ParamError};
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;
use crate::map::rows::Grid;
use rows::PassRows;

/// The knobs of midpoint displacement and what they do to the terrain. Diamond-Square and the
/// recursive rewrite take the same three (with their own defaults: [`crate::chapters::diamond_square::algorithm::DEFAULT`],
/// [`crate::chapters::midpoint_recursive::algorithm::DEFAULT`]).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MpdParams {
    /// Size: the map has 2^exponent + 1 points per side (5 gives 33 x 33).
    pub exponent: u32,
    /// How far the first pass may push points up or down: larger gives taller, rougher mountains.
    pub spread: f32,
    /// Factor applied to the spread after each pass: small values give smooth rolling hills,
    /// values near 1 keep fine detail as strong as the big shapes (spiky, noisy terrain).
    pub reduction: f32,
}

impl Default for MpdParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl MpdParams {
    /// The first post's defaults: exponent 5, spread 0.3, reduction 0.5.
    pub const DEFAULT: MpdParams = MpdParams {
        exponent: knobs::EXPONENT.whole_default() as u32,
        spread: knobs::SPREAD.number_default() as f32,
        reduction: knobs::REDUCTION.number_default() as f32,
    };

    /// Checks every field, naming the first bad one: exponent 1..=`max_exponent`, spread
    /// 0..=[`limits::MAX_SPREAD`], reduction 0..=[`limits::MAX_REDUCTION`].
    pub fn validate(&self, max_exponent: u32) -> Result<(), ParamError> {
        let exponent =
            knobs::EXPONENT.capped(u64::from(max_exponent.min(limits::CLI_MAX_EXPONENT)));
        exponent.check_whole(u64::from(self.exponent))?;
        knobs::SPREAD.check_number(f64::from(self.spread))?;
        knobs::REDUCTION.check_number(f64::from(self.reduction))
    }

    /// The spread used by each pass, first pass first: spread, spread x reduction, ...
    pub fn spreads(&self) -> impl Iterator<Item = f32> {
        let reduction = self.reduction;
        std::iter::successors(Some(self.spread), move |s| Some(s * reduction))
            .take(self.exponent as usize)
    }
}

/// One square of the map, given by the columns of its left and right corners and the rows of its
/// bottom and top corners. Its sides are an even number of cells long, so each has a midpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Square {
    /// Column of the two left corners.
    pub left: usize,
    /// Column of the two right corners.
    pub right: usize,
    /// Row of the two bottom corners (the smaller row index).
    pub bottom: usize,
    /// Row of the two top corners.
    pub top: usize,
}

impl Square {
    /// The square spanning the whole (square) map.
    pub fn whole(map: &Heightmap) -> Self {
        Self {
            left: 0,
            right: map.last(),
            bottom: 0,
            top: map.height() - 1,
        }
    }

    /// Column of the square's center and of its top and bottom edge midpoints.
    pub fn center_x(&self) -> usize {
        (self.left + self.right) / 2
    }

    /// Row of the square's center and of its left and right edge midpoints.
    pub fn center_y(&self) -> usize {
        (self.bottom + self.top) / 2
    }
}

fn average2(a: f32, b: f32) -> f32 {
    (a + b) / 2.0
}

fn average4(a: f32, b: f32, c: f32, d: f32) -> f32 {
    (a + b + c + d) / 4.0
}

/// Step 1: sets the four corners of the map to uniform(0, 1); nothing else changes.
pub fn init_corners(map: &mut Heightmap, points: PointRng) {
    let (last_x, last_y) = (map.width() - 1, map.height() - 1);
    for (x, y) in [(0, 0), (0, last_y), (last_x, 0), (last_x, last_y)] {
        map.set(x, y, points.uniform_at(y * map.width() + x));
    }
}

/// Sets `(x, y)` to `average` moved up or down by at most `spread`, by the point's own number.
fn set_jittered(
    map: &mut Heightmap,
    x: usize,
    y: usize,
    average: f32,
    spread: f32,
    points: PointRng,
) {
    let value = points.jitter_at(average, y * map.width() + x, spread);
    map.set(x, y, value);
}

/// Step 2: sets the four edge midpoints of `square`, each to the average of the two corners it
/// sits between, moved up or down by at most `spread`.
pub fn displace_edges(map: &mut Heightmap, square: Square, spread: f32, points: PointRng) {
    let Square {
        left,
        right,
        bottom,
        top,
    } = square;
    let (cx, cy) = (square.center_x(), square.center_y());
    let bottom_left = map.get(left, bottom);
    let bottom_right = map.get(right, bottom);
    let top_left = map.get(left, top);
    let top_right = map.get(right, top);
    set_jittered(
        map,
        cx,
        bottom,
        average2(bottom_left, bottom_right),
        spread,
        points,
    );
    set_jittered(map, cx, top, average2(top_left, top_right), spread, points);
    set_jittered(
        map,
        left,
        cy,
        average2(bottom_left, top_left),
        spread,
        points,
    );
    set_jittered(
        map,
        right,
        cy,
        average2(bottom_right, top_right),
        spread,
        points,
    );
}

/// Step 3: sets the center of `square` to the average of its four edge midpoints (as they stand
/// in the map), moved up or down by at most `spread`.
pub fn displace_center(map: &mut Heightmap, square: Square, spread: f32, points: PointRng) {
    let (cx, cy) = (square.center_x(), square.center_y());
    let average = average4(
        map.get(cx, square.bottom),
        map.get(cx, square.top),
        map.get(square.left, cy),
        map.get(square.right, cy),
    );
    set_jittered(map, cx, cy, average, spread, points);
}

/// Steps 2 and 3 on one square: its edge midpoints, then its center.
pub fn displace(map: &mut Heightmap, square: Square, spread: f32, points: PointRng) {
    displace_edges(map, square, spread, points);
    displace_center(map, square, spread, points);
}

/// Pass `iteration` (0 for the first), read straight from the post: cuts the map into
/// 2^iteration x 2^iteration squares and displaces each, row of squares by row of squares.
///
/// Neighbouring squares share an edge midpoint and both set it; since it is the average of the
/// same two corners plus the same point's number, both set the same value.
pub fn pass(map: &mut Heightmap, iteration: u32, spread: f32, points: PointRng) {
    let chunks = 1usize << iteration;
    let chunk_width = map.last() / chunks;
    for y_chunk in 0..chunks {
        for x_chunk in 0..chunks {
            let left = x_chunk * chunk_width;
            let bottom = y_chunk * chunk_width;
            let square = Square {
                left,
                right: left + chunk_width,
                bottom,
                top: bottom + chunk_width,
            };
            displace(map, square, spread, points);
        }
    }
}

/// The same pass as [`pass`], row by row in one sweep down the map: each row holding square
/// corners gets its edge midpoints between corners just before the row of centers above it needs
/// them, and each row through square centers gets its left and right edge midpoints and its
/// centers. Every point is set once, and the map is read and written once.
pub fn pass_by_rows(map: &mut Heightmap, iteration: u32, spread: f32, points: PointRng) {
    let mut pass = PassRows::new(map, iteration, spread, points);
    let mut grid = Grid::whole(map);
    while pass.next_needs().is_some() {
        pass.step(&mut grid);
    }
}

/// Every pass, coarse to fine (row by row, [`pass_by_rows`]), with the spread multiplied by
/// `reduction` after each pass. Expects the corners already set (see [`init_corners`]); does not
/// normalise.
pub fn iterate(map: &mut Heightmap, spread: f32, reduction: f32, points: PointRng) {
    let mut fine = coarse_passes(map, spread, reduction, points);
    fine_levels::sweep_together(&mut Grid::whole(map), &mut fine, |_, _| {});
}

/// Runs the coarse passes of [`iterate`], which sweep the map one after another, and returns the
/// fine ones, which follow one another down it ([`fine_levels`]).
fn coarse_passes(
    map: &mut Heightmap,
    spread: f32,
    reduction: f32,
    points: PointRng,
) -> Vec<PassRows> {
    let passes = map.last().trailing_zeros();
    let mut spread = spread;
    let mut fine = Vec::new();
    for iteration in 0..passes {
        if (map.last() >> iteration) / 2 > FUSED_RADIUS {
            pass_by_rows(map, iteration, spread, points);
        } else {
            fine.push(PassRows::new(map, iteration, spread, points));
        }
        spread *= reduction;
    }
    fine
}

/// Validates `params` and returns the map with its corners set, and the point numbers for
/// `seed`: how midpoint displacement and Diamond-Square both begin.
pub(crate) fn start(params: &MpdParams, seed: u64) -> Result<(Heightmap, PointRng), ParamError> {
    params.validate(limits::CLI_MAX_EXPONENT)?;
    let mut map = Heightmap::square(params.exponent);
    let points = PointRng::new(seed);
    init_corners(&mut map, points);
    Ok((map, points))
}

/// How far along the algorithm to go: the first post shows each step on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Stage {
    /// Only the four corners are set; everything else stays 0.
    Corners,
    /// Corners, then the four edge midpoints of the whole map.
    Edges,
    /// Corners, edge midpoints, then the center of the whole map.
    Center,
    /// The full algorithm, normalised to 0..1.
    Full,
}

/// Runs midpoint displacement from `seed` up to `stage`. Partial stages are not normalised, so
/// they show the raw values the step produced; [`Stage::Full`] is the same as [`generate`].
pub fn generate_stage(
    stage: Stage,
    params: &MpdParams,
    seed: u64,
) -> Result<Heightmap, ParamError> {
    let (mut map, points) = start(params, seed)?;
    let whole = Square::whole(&map);
    match stage {
        Stage::Corners => {}
        Stage::Edges => displace_edges(&mut map, whole, params.spread, points),
        Stage::Center => displace(&mut map, whole, params.spread, points),
        Stage::Full => {
            let fine = coarse_passes(&mut map, params.spread, params.reduction, points);
            fine_levels::finish(&mut map, fine);
        }
    }
    Ok(map)
}

/// The whole algorithm from `seed`: corners, every pass, normalised to exactly 0..1.
pub fn generate(params: &MpdParams, seed: u64) -> Result<Heightmap, ParamError> {
    generate_stage(Stage::Full, params, seed)
}

/// The whole algorithm read straight from the post, square by square with [`pass`]: the reference
/// [`generate`] is tested against and the benchmarks' baseline.
pub fn generate_square_by_square(params: &MpdParams, seed: u64) -> Result<Heightmap, ParamError> {
    let (mut map, points) = start(params, seed)?;
    let mut spread = params.spread;
    for iteration in 0..params.exponent {
        pass(&mut map, iteration, spread, points);
        spread *= params.reduction;
    }
    map.normalize();
    Ok(map)
}

mod rows;
#[cfg(test)]
mod tests;
