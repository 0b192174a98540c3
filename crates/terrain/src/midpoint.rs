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

use crate::fine_levels::{self, LevelSweep, FUSED_RADIUS};
use crate::heightmap::Heightmap;
use crate::limits;
use crate::params::{self, ParamError};
use crate::rng::PointRng;
use crate::rows::{Grid, Neighbours};

/// The knobs of midpoint displacement and what they do to the terrain. Diamond-Square and the
/// recursive rewrite take the same three (with their own defaults: [`crate::diamond_square::DEFAULT`],
/// [`crate::midpoint_recursive::DEFAULT`]).
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
        exponent: 5,
        spread: 0.3,
        reduction: 0.5,
    };

    /// Checks every field, naming the first bad one: exponent 1..=`max_exponent`, spread
    /// 0..=[`limits::MAX_SPREAD`], reduction 0..=[`limits::MAX_REDUCTION`].
    pub fn validate(&self, max_exponent: u32) -> Result<(), ParamError> {
        params::check_exponent(self.exponent, max_exponent.min(limits::CLI_MAX_EXPONENT))?;
        params::check_number("spread", f64::from(self.spread), 0.0, limits::MAX_SPREAD)?;
        params::check_number(
            "reduction",
            f64::from(self.reduction),
            0.0,
            limits::MAX_REDUCTION,
        )?;
        Ok(())
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

/// One pass of [`pass_by_rows`], a step at a time (the first row's edge midpoints, then each row
/// of centers with the row of corners below it), for [`fine_levels::sweep_together`].
#[derive(Debug, Clone, Copy)]
struct PassRows {
    radius: usize,
    spread: f32,
    points: PointRng,
    /// The next row of centers; 0 before the first row's edge midpoints.
    next: usize,
    /// Rows of the grid swept.
    rows: usize,
}

impl PassRows {
    fn new(map: &Heightmap, iteration: u32, spread: f32, points: PointRng) -> Self {
        Self {
            radius: (map.last() >> iteration) / 2,
            spread,
            points,
            next: 0,
            rows: map.height(),
        }
    }
}

impl LevelSweep for PassRows {
    fn restart(&self, rows: usize) -> Self {
        Self {
            next: 0,
            rows,
            ..*self
        }
    }

    fn next_needs(&self) -> Option<usize> {
        // A row of centers sets the corner row a radius below it and reads the one above.
        match self.next {
            0 => Some(0),
            y if y < self.rows => Some(y + self.radius),
            _ => None,
        }
    }

    fn step(&mut self, grid: &mut Grid) {
        let (y, radius, spread, points) = (self.next, self.radius, self.spread, self.points);
        if y == 0 {
            corner_row_midpoints(grid, 0, radius, spread, points);
            self.next = radius;
        } else {
            corner_row_midpoints(grid, y + radius, radius, spread, points);
            center_row(grid, y, radius, spread, points);
            self.next += 2 * radius;
        }
    }

    fn complete(&self) -> usize {
        // After the centers of row y, rows up to the corner row y + radius are done.
        if self.next == 0 {
            0
        } else {
            (self.next - self.radius + 1).min(self.rows)
        }
    }
}

/// The row of centers `y` (an odd multiple of `radius`): its left and right edge midpoints
/// (averages of the corners a radius above and below) and its centers (averages of the four
/// edge midpoints around them), jittered.
fn center_row(grid: &mut Grid, y: usize, radius: usize, spread: f32, points: PointRng) {
    let mut index = grid.index(0, y);
    let Neighbours { above, row, below } = grid.around(y, radius);
    let (above, below) = (above.unwrap_or_default(), below.unwrap_or_default());
    // Spans of `step` points starting just right of each left edge midpoint, as in
    // Diamond-Square's `square_row`: a span holds a center and the right edge midpoint, which is
    // set first since the center averages it; the left one is the previous span's right.
    let step = 2 * radius;
    let mut left = points.jitter_at(average2(above[0], below[0]), index, spread);
    row[0] = left;
    let spans = above[1..]
        .chunks_exact(step)
        .zip(below[1..].chunks_exact(step))
        .zip(row[1..].chunks_exact_mut(step));
    for ((above, below), row) in spans {
        let right = points.jitter_at(
            average2(above[step - 1], below[step - 1]),
            index + step,
            spread,
        );
        row[step - 1] = right;
        let average = average4(above[radius - 1], below[radius - 1], left, right);
        row[radius - 1] = points.jitter_at(average, index + radius, spread);
        left = right;
        index += step;
    }
}

/// The edge midpoints of row `y`, a row of square corners: each the average of the corners
/// `radius` to its left and right, jittered.
fn corner_row_midpoints(grid: &mut Grid, y: usize, radius: usize, spread: f32, points: PointRng) {
    let mut index = grid.index(radius, y);
    let row = grid.row_mut(y);
    let step = 2 * radius;
    let mut left = row[0];
    for span in row[1..].chunks_exact_mut(step) {
        let right = span[step - 1];
        span[radius - 1] = points.jitter_at(average2(left, right), index, spread);
        left = right;
        index += step;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn params(exponent: u32) -> MpdParams {
        MpdParams {
            exponent,
            ..MpdParams::default()
        }
    }

    #[test]
    fn corners_are_uniform_and_nothing_else_is_set() {
        for seed in 0..50 {
            let map = generate_stage(Stage::Corners, &params(3), seed).expect("valid");
            let last = map.last();
            for y in 0..=last {
                for x in 0..=last {
                    let v = map.get(x, y);
                    let corner = (x == 0 || x == last) && (y == 0 || y == last);
                    if corner {
                        assert!((0.0..1.0).contains(&v), "corner ({x},{y}) = {v}");
                    } else {
                        assert_eq!(v, 0.0, "({x},{y})");
                    }
                }
            }
        }
    }

    #[test]
    fn edge_midpoints_lie_within_spread_of_their_corners_average() {
        let spread = 0.1;
        let mut widest = 0.0f32;
        for seed in 0..200 {
            let p = MpdParams {
                spread,
                ..params(2)
            };
            let map = generate_stage(Stage::Edges, &p, seed).expect("valid");
            let (l, c) = (map.last(), map.last() / 2);
            let checks = [
                ((c, 0), (0, 0), (l, 0)),
                ((c, l), (0, l), (l, l)),
                ((0, c), (0, 0), (0, l)),
                ((l, c), (l, 0), (l, l)),
            ];
            for ((mx, my), (ax, ay), (bx, by)) in checks {
                let deviation = map.get(mx, my) - (map.get(ax, ay) + map.get(bx, by)) / 2.0;
                assert!(deviation.abs() <= spread + 1e-6, "seed {seed}: {deviation}");
                widest = widest.max(deviation.abs());
            }
            assert_eq!(map.get(c, c), 0.0, "the center waits for the next step");
        }
        assert!(
            widest > 0.09,
            "jitter should use the whole spread, widest {widest}"
        );
    }

    #[test]
    fn center_lies_within_spread_of_the_edge_midpoints_average() {
        let spread = 0.1;
        for seed in 0..200 {
            let p = MpdParams {
                spread,
                ..params(3)
            };
            let map = generate_stage(Stage::Center, &p, seed).expect("valid");
            let (l, c) = (map.last(), map.last() / 2);
            let average = (map.get(c, 0) + map.get(c, l) + map.get(0, c) + map.get(l, c)) / 4.0;
            assert!(
                (map.get(c, c) - average).abs() <= spread + 1e-6,
                "seed {seed}"
            );
            // Only the corners, four edge midpoints and the center are set.
            let set = map.data().iter().filter(|&&v| v != 0.0).count();
            assert!(set <= 9, "seed {seed}: {set} points set");
        }
    }

    #[test]
    fn a_pass_displaces_each_of_its_squares() {
        // Pass 1 on a 9x9 map touches exactly the edge midpoints and centers of the four 5x5 squares.
        let mut map = Heightmap::square(3);
        map.data_mut().fill(f32::NAN);
        for (x, y) in [
            (0, 0),
            (4, 0),
            (8, 0),
            (0, 4),
            (4, 4),
            (8, 4),
            (0, 8),
            (4, 8),
            (8, 8),
        ] {
            map.set(x, y, 0.5);
        }
        pass(&mut map, 1, 0.2, PointRng::new(9));
        for y in 0..9 {
            for x in 0..9 {
                let expected_set = x % 2 == 0 && y % 2 == 0;
                assert_eq!(!map.get(x, y).is_nan(), expected_set, "({x},{y})");
            }
        }
    }

    #[test]
    fn every_core_makes_the_same_map_as_one() {
        crate::testing::assert_same_on_every_pool(generate);
    }

    #[test]
    fn row_sweep_equals_the_square_by_square_reading() {
        crate::testing::assert_same_maps(generate, generate_square_by_square);
    }

    #[test]
    fn full_iteration_sets_every_point() {
        for exponent in 1..=6 {
            let mut map = Heightmap::square(exponent);
            map.data_mut().fill(f32::NAN);
            let rng = PointRng::new(u64::from(exponent));
            init_corners(&mut map, rng);
            iterate(&mut map, 0.3, 0.5, rng);
            assert!(
                map.data().iter().all(|v| v.is_finite()),
                "exponent {exponent}"
            );
        }
    }

    #[test]
    fn output_spans_exactly_zero_to_one() {
        for seed in 0..20 {
            let map = generate(&params(5), seed).expect("valid");
            assert_eq!(map.range(), Some((0.0, 1.0)), "seed {seed}");
        }
    }

    #[test]
    fn spread_is_multiplied_by_the_reduction_each_pass() {
        let p = MpdParams {
            exponent: 4,
            spread: 0.8,
            reduction: 0.5,
        };
        let spreads: Vec<f32> = p.spreads().collect();
        assert_eq!(spreads, vec![0.8, 0.4, 0.2, 0.1]);
    }

    #[test]
    fn second_pass_jitter_is_bounded_by_half_the_spread() {
        // On a 5x5 map the second pass sets the points with an odd coordinate. Edge midpoints are
        // averages of their two neighbours plus at most spread x reduction.
        let spread = 1.0;
        let mut widest = 0.0f32;
        for seed in 0..300 {
            let mut map = Heightmap::square(2);
            let rng = PointRng::new(seed);
            init_corners(&mut map, rng);
            iterate(&mut map, spread, 0.5, rng);
            for y in 0..5usize {
                for x in 0..5usize {
                    let expected = match (x % 2, y % 2) {
                        (1, 0) => (map.get(x - 1, y) + map.get(x + 1, y)) / 2.0,
                        (0, 1) => (map.get(x, y - 1) + map.get(x, y + 1)) / 2.0,
                        _ => continue,
                    };
                    let deviation = (map.get(x, y) - expected).abs();
                    assert!(
                        deviation <= 0.5 + 1e-5,
                        "seed {seed} ({x},{y}): {deviation}"
                    );
                    widest = widest.max(deviation);
                }
            }
        }
        assert!(
            widest > 0.45,
            "second pass should use its whole halved spread: {widest}"
        );
    }

    #[test]
    fn same_seed_same_terrain_other_seed_other_terrain() {
        let a = generate(&params(6), 11).expect("valid");
        assert_eq!(a, generate(&params(6), 11).expect("valid"));
        assert_ne!(a, generate(&params(6), 12).expect("valid"));
    }

    #[test]
    fn golden_checksums() {
        let got: Vec<u32> = [(1, 1), (5, 1), (5, 2), (8, 42)]
            .iter()
            .map(|&(exponent, seed)| generate(&params(exponent), seed).expect("valid").checksum())
            .collect();
        assert_eq!(got, GOLDEN);
    }

    const GOLDEN: [u32; 4] = [703652102, 1106115669, 2103200301, 2657437067];

    #[test]
    fn invalid_params_are_rejected_with_readable_errors() {
        let too_big = MpdParams {
            exponent: 15,
            ..MpdParams::default()
        };
        let err = generate(&too_big, 0).expect_err("exponent 15");
        assert_eq!(
            err.to_string(),
            "exponent must be a whole number from 1 to 14, got 15"
        );
        assert!(MpdParams {
            exponent: 0,
            ..MpdParams::default()
        }
        .validate(12)
        .is_err());
        assert!(MpdParams {
            exponent: 13,
            ..MpdParams::default()
        }
        .validate(12)
        .is_err());
        assert!(MpdParams {
            spread: f32::NAN,
            ..MpdParams::default()
        }
        .validate(12)
        .is_err());
        assert!(MpdParams {
            spread: -0.1,
            ..MpdParams::default()
        }
        .validate(12)
        .is_err());
        let err = MpdParams {
            reduction: f32::INFINITY,
            ..MpdParams::default()
        }
        .validate(12)
        .expect_err("infinite reduction");
        assert_eq!(err.field, "reduction");
    }

    #[test]
    fn zero_spread_is_a_smooth_blend_not_nan() {
        let p = MpdParams {
            spread: 0.0,
            ..params(4)
        };
        let map = generate(&p, 3).expect("valid");
        assert!(map.data().iter().all(|v| v.is_finite()));
    }
}
