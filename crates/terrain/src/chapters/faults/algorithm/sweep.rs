//! Adding faults up. [`apply_per_cell`] is the definition (every cell asks which side it is on);
//! [`straight_cuts`] and [`sharp_shapes`] get the same numbers row by row with difference
//! arrays, touching one or two entries per row instead of every cell. A fuzzy fault adds, on top
//! of its sharp cut, a correction for each cell of its ragged band ([`ragged_bands`]), vectorised
//! along the row.
//!
//! Heights are kept as whole numbers of 2^-12 in `i32`: every fault's height is drawn at that
//! resolution, so sums are exact, do not depend on the order of adding, and the fast sweep gives
//! bit for bit the heights of the definition. 100 000 faults of height below 1 stay far inside
//! `i32`.

use std::ops::RangeInclusive;

use super::divider::Divider;
use super::ragged::Fuzz;
use crate::map::cores;
use crate::map::heightmap::Heightmap;

mod ragged_bands;
mod straight;

use crate::knobs::params::ParamError;
pub(crate) use ragged_bands::{ragged_bands, RaggedCut};
pub(crate) use straight::{straight_cuts, StraightCut};

/// Rows swept together, so their difference entries stay in the fastest cache while every cut
/// passes over them.
const ROWS_PER_BLOCK: usize = 32;

/// Bits of resolution of a fault's height: heights are whole numbers of 2^-`HEIGHT_BITS`.
pub const HEIGHT_BITS: u32 = 12;

/// A fault map being built: a level every cell shares, a difference array over rows whose entry
/// y adds to whole rows y and after, and per row a difference array whose entry x adds to cells
/// x and after.
#[derive(Debug, Clone)]
pub(crate) struct FaultSums {
    width: usize,
    height: usize,
    everywhere: i32,
    /// `height + 1` entries; the last is a sink for row ranges ending at the bottom edge.
    row_steps: Vec<i32>,
    /// `width + 1` entries per row; the last is a sink for runs ending at the right edge.
    steps: Vec<i32>,
    /// What fuzzy bands add cell by cell, row-major (empty until a fuzzy fault needs it).
    pointwise: Vec<i32>,
}

impl FaultSums {
    /// A flat `width` x `height` map (the size limits of [`Heightmap::new`] apply).
    pub(crate) fn new(width: usize, height: usize) -> Result<Self, ParamError> {
        Heightmap::cells(width, height)?;
        Ok(Self {
            width,
            height,
            everywhere: 0,
            row_steps: vec![0; height + 1],
            steps: vec![0; (width + 1) * height],
            pointwise: Vec::new(),
        })
    }

    /// Cells per row.
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// Rows.
    pub(crate) fn height(&self) -> usize {
        self.height
    }

    /// Adds `amount` to every cell of the map.
    pub(crate) fn add_everywhere(&mut self, amount: i32) {
        self.everywhere += amount;
    }

    /// Adds `amount` to every cell of rows `from..to`.
    pub(crate) fn add_to_rows(&mut self, from: usize, to: usize, amount: i32) {
        if from < to {
            self.row_steps[from] += amount;
            self.row_steps[to] -= amount;
        }
    }

    /// The level each row starts from: what every cell shares plus the row's whole-row sums.
    fn row_levels(&self) -> impl Iterator<Item = i32> + '_ {
        self.row_steps[..self.height]
            .iter()
            .scan(self.everywhere, |level, step| {
                *level += step;
                Some(*level)
            })
    }

    /// The cell-by-cell additions, row-major, made (all zero) on first use.
    fn pointwise(&mut self) -> &mut [i32] {
        if self.pointwise.is_empty() {
            self.pointwise = vec![0; self.width * self.height];
        }
        &mut self.pointwise
    }

    /// Every cell's level, row-major: the prefix sums of each row's differences, taken in place
    /// and closed up over the rows' sink entries, so no second map-sized buffer is made (its
    /// first touch of every page took longer than the faults themselves when there are few).
    pub(crate) fn into_levels(mut self) -> Vec<i32> {
        let (width, stride) = (self.width, self.width + 1);
        let starts: Vec<i32> = self.row_levels().collect();
        for (y, mut level) in starts.into_iter().enumerate() {
            let row = y * stride..y * stride + width;
            for step in &mut self.steps[row.clone()] {
                level += *step;
                *step = level;
            }
            // Drop the row's sink entry: row y moves back y places, never over a row to come.
            self.steps.copy_within(row, y * width);
        }
        self.steps.truncate(width * self.height);
        for (level, extra) in self.steps.iter_mut().zip(&self.pointwise) {
            *level += extra;
        }
        self.steps
    }

    /// The finished map, lowest level 0 and highest 1, made in the buffer of the levels.
    pub(crate) fn into_heightmap(self) -> Result<Heightmap, ParamError> {
        let (width, height) = (self.width, self.height);
        heightmap_from_levels(width, height, self.into_levels())
    }
}

/// A heightmap from whole-number levels (row-major, `width` per row), stretched so the lowest is
/// 0 and the highest 1 (all 0 when flat).
pub(crate) fn heightmap_from_levels(
    width: usize,
    height: usize,
    levels: Vec<i32>,
) -> Result<Heightmap, ParamError> {
    let lo = levels.iter().copied().fold(i32::MAX, i32::min);
    let hi = levels.iter().copied().fold(i32::MIN, i32::max);
    let mut map = stretch(width, height, levels, lo..=hi)?;
    let unit = 1.0 / (1u32 << HEIGHT_BITS) as f32;
    map.set_range_before_normalising(Some((lo as f32 * unit, hi as f32 * unit)));
    Ok(map)
}

/// Stretches levels spanning `range` to 0..1 in place (the `f32` map reuses the buffer):
/// `(level - lowest) x scale` in `f64`, where the scale is 1 / (highest - lowest) rounded up
/// where needed so the highest level lands exactly on 1. Multiplying rather than dividing lets
/// every step run on whole vectors of cells.
fn stretch(
    width: usize,
    height: usize,
    levels: Vec<i32>,
    range: RangeInclusive<i32>,
) -> Result<Heightmap, ParamError> {
    let (lo, hi) = range.into_inner();
    let data: Vec<f32> = if hi > lo {
        let span = f64::from(hi) - f64::from(lo);
        let mut scale = 1.0 / span;
        if span * scale < 1.0 {
            scale = f64::from_bits(scale.to_bits() + 1);
        }
        // A comparison, not `f64::min`, which wasm would do in a library call.
        levels
            .into_iter()
            .map(|level| {
                let stretched = (f64::from(level) - f64::from(lo)) * scale;
                (if stretched > 1.0 { 1.0 } else { stretched }) as f32
            })
            .collect()
    } else {
        levels.into_iter().map(|_| 0.0).collect()
    };
    Heightmap::from_data(width, height, data)
}

/// The definition: adds `units` to every cell on the divider's raised side and subtracts it from
/// every other cell, asking each cell in turn. `levels` is row-major, `width` cells per row.
pub(crate) fn apply_per_cell(
    levels: &mut [i32],
    width: usize,
    divider: &Divider,
    units: i32,
    fuzz: &Fuzz<'_>,
) {
    for (i, level) in levels.iter_mut().enumerate() {
        let (x, y) = ((i % width) as f32, (i / width) as f32);
        let distance = divider.signed_distance(x, y);
        *level += if fuzz.raised(x, y, distance) {
            units
        } else {
            -units
        };
    }
}

/// Same result as [`apply_per_cell`] for circles, rectangles and triangles (any divider, but a
/// line is faster as a [`StraightCut`]), each `(divider, units)`, row by row.
///
/// Along a row, a circle's, rectangle's or triangle's inside is one run of cells, so each row
/// needs one or two difference entries. The run's ends are first estimated with real-number
/// geometry, then settled by asking the exact per-cell rule about the cells at the ends, so
/// rounding never makes the two disagree. A fuzzy edge is corrected afterwards in its ragged band
/// ([`ragged_bands`]). Like [`straight_cuts`], a block of rows at a time, every shape in turn,
/// the blocks shared among the cores.
pub(crate) fn sharp_shapes(sums: &mut FaultSums, shapes: &[(Divider, i32)]) {
    let (width, height, stride) = (sums.width, sums.height, sums.width + 1);
    let mut reaches = Vec::with_capacity(shapes.len());
    for (divider, units) in shapes {
        sums.add_everywhere(-units);
        reaches.push(divider.rows_within(0.0, width, height));
    }
    let block_len = stride * ROWS_PER_BLOCK;
    cores::for_each_chunk(
        &mut sums.steps,
        block_len,
        || (),
        |_, block, steps| {
            let first = block * ROWS_PER_BLOCK;
            let rows = first..first + steps.len() / stride;
            for ((divider, units), reach) in shapes.iter().zip(&reaches) {
                for y in rows.start.max(reach.start)..rows.end.min(reach.end) {
                    let (start, end) = row_run(divider, y, width);
                    if start < end {
                        let row = &mut steps[(y - first) * stride..][..stride];
                        row[start] += 2 * units;
                        row[end] -= 2 * units;
                    }
                }
            }
        },
    );
}

/// Row index of a real x estimate, clamped to `0..=width` (NaN gives 0).
fn index(x: f64, width: usize) -> usize {
    x.clamp(0.0, width as f64) as usize
}

/// The first x in `0..width` where `after` holds (`width` if none), given that `after` holds
/// from some x to the end of the row and `guess` is at or near it. Checks the guess with two
/// cells and only walks when it was off.
#[inline]
fn first_where(guess: usize, width: usize, after: impl Fn(usize) -> bool) -> usize {
    let starts_here = (guess == width || after(guess)) && (guess == 0 || !after(guess - 1));
    if starts_here {
        guess
    } else {
        walk_to_first(guess, width, &after)
    }
}

#[cold]
#[inline(never)]
fn walk_to_first(mut x: usize, width: usize, after: &dyn Fn(usize) -> bool) -> usize {
    while x > 0 && after(x - 1) {
        x -= 1;
    }
    while x < width && !after(x) {
        x += 1;
    }
    x
}

/// Any divider, sharp: the run `start..end` of raised cells of row `y`.
fn row_run(divider: &Divider, y: usize, width: usize) -> (usize, usize) {
    let row = y as f32;
    let (from, to) = divider.row_estimate(row);
    let (start, end) = (index(from.ceil(), width), index(to.floor() + 1.0, width));
    settle(start, end.max(start), width, |x| {
        divider.raises(x as f32, row)
    })
}

/// The exact run `start..end` of cells where `inside` holds, from an estimate within a cell or
/// so of it. `inside` must hold on one run of the row (or none).
fn settle(
    mut start: usize,
    mut end: usize,
    width: usize,
    inside: impl Fn(usize) -> bool,
) -> (usize, usize) {
    while start > 0 && inside(start - 1) {
        start -= 1;
    }
    while start < end && !inside(start) {
        start += 1;
    }
    if start == end {
        // Nothing inside the estimate: the run, if any, starts within a cell or two of it.
        match (end..(end + 2).min(width)).find(|&x| inside(x)) {
            Some(x) => (start, end) = (x, x + 1),
            None => return (start, start),
        }
    }
    while end < width && inside(end) {
        end += 1;
    }
    while end > start && !inside(end - 1) {
        end -= 1;
    }
    (start, end)
}
