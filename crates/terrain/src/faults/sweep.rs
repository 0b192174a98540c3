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

use std::ops::{Range, RangeInclusive};

use super::divider::{
    circle_distance, line_distance, rect_distance, triangle_distance, triangle_distance_near_edge,
    triangle_edge, BandSpan, Divider, LineBand, ALL_EDGES, BAND_MARGIN,
};
use super::ragged::{Fuzz, Ragged};
use crate::cores;
use crate::heightmap::Heightmap;
use crate::params::ParamError;

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

/// A fuzzy fault waiting for its ragged band to be corrected ([`ragged_bands`]).
#[derive(Debug, Clone)]
pub(crate) struct RaggedCut {
    divider: Divider,
    raise: i32,
    /// Where this fault samples the noise.
    offset: [usize; 2],
    /// The rows its band can reach.
    rows: Range<usize>,
    /// For a line that is not horizontal: its band's ends in row y are x = `start + y x step`
    /// and that plus `across` (a shortcut past [`Divider::band_spans`], the same cells).
    line_band: Option<LineBand>,
}

impl RaggedCut {
    /// The band of a fault of height `units` on a `width` x `height` map, or `None` when its
    /// edge is sharp.
    pub(crate) fn new(
        divider: &Divider,
        units: i32,
        fuzz: &Fuzz<'_>,
        width: usize,
        height: usize,
    ) -> Option<Self> {
        if fuzz.is_sharp() {
            return None;
        }
        Some(Self {
            divider: *divider,
            raise: 2 * units,
            offset: fuzz.offset,
            rows: divider.rows_within(fuzz.fuzziness() + BAND_MARGIN, width, height),
            line_band: LineBand::new(divider, fuzz.fuzziness() + BAND_MARGIN),
        })
    }
}

/// Rows per block of [`ragged_bands`]: the block's cell-by-cell sums stay in the first-level
/// cache while every band passes through it.
const BAND_ROWS: usize = 8;

/// What noise changes near fuzzy boundaries, on top of their sharp cuts: for every cell within
/// F of a boundary, +2 x units where noise raises a cell the sharp cut lowered, -2 x units the
/// other way. A band's cells come from [`Divider::band_spans`]; each is decided by the same rule
/// as [`Fuzz::raised`], so the sum equals the definition exactly. The map is visited a block of
/// rows at a time, every band in turn, so the sums and the noise rows stay in cache; the blocks
/// are shared among the cores ([`cores`]).
pub(crate) fn ragged_bands(sums: &mut FaultSums, noise: &Ragged, cuts: &[RaggedCut]) {
    if noise.is_sharp() || cuts.is_empty() {
        return;
    }
    let band = noise.fuzziness;
    let reach = band + BAND_MARGIN;
    let width = sums.width;
    let blank = || (<[BandSpan; 3]>::default(), Vec::new());
    let pointwise = sums.pointwise();
    cores::for_each_chunk(pointwise, BAND_ROWS * width, blank, |scratch, i, cells| {
        let (spans, scratch) = scratch;
        let block = i * BAND_ROWS..i * BAND_ROWS + cells.len() / width;
        for cut in cuts {
            let raise = cut.raise;
            for y in block.start.max(cut.rows.start)..block.end.min(cut.rows.end) {
                let count = match cut.line_band {
                    Some(line) => {
                        spans[0] = BandSpan {
                            cells: line.cells(y, width),
                            edges: ALL_EDGES,
                        };
                        1
                    }
                    None => cut.divider.band_spans(y as f32, reach, width, spans),
                };
                for BandSpan { cells: span, edges } in spans[..count].iter().cloned() {
                    // (Only a lone span grows: grown neighbours could overlap. The cells added
                    // are at least `reach` from every edge.)
                    let span = if count == 1 {
                        whole_vectors(span, width)
                    } else {
                        span
                    };
                    let thresholds = noise.thresholds(span.clone(), y, cut.offset, scratch);
                    let row = &mut cells[(y - block.start) * width..][..width];
                    let cells = &mut row[span.clone()];
                    let (first, row) = (span.start as i32, y as f32);
                    // One loop per kind of divider, so each is vectorised with its distance
                    // inlined.
                    macro_rules! correct {
                        ($distance:expr) => {
                            correct_band(cells, thresholds, band, raise, $distance, first)
                        };
                    }
                    match cut.divider {
                        Divider::Line { normal, offset } => {
                            correct!(|x| line_distance(normal, offset, x, row))
                        }
                        Divider::Circle { center, radius } => {
                            correct!(|x| circle_distance(center, radius, x, row))
                        }
                        Divider::Rect { center, half } => {
                            correct!(|x| rect_distance(center, half, x, row))
                        }
                        // Cells near one edge only (most of them) measure that edge alone.
                        Divider::Triangle { corners } => match edges {
                            0b001 | 0b010 | 0b100 => {
                                let edge = triangle_edge(corners, edges.trailing_zeros() as usize);
                                correct!(|x| triangle_distance_near_edge(corners, edge, x, row))
                            }
                            _ => correct!(|x| triangle_distance(corners, x, row)),
                        },
                    }
                }
            }
        }
    });
}

/// Cells handled together by the band loop (four `f32` lanes of SSE2 or wasm `simd128`).
const LANES: usize = 4;

/// `span` grown to a whole number of [`LANES`] within `0..width` (when the row is long enough),
/// so the band loop runs on whole vectors with no cell-by-cell remainder. The cells added are
/// farther than the band and change nothing.
fn whole_vectors(span: Range<usize>, width: usize) -> Range<usize> {
    let short = (LANES - span.len() % LANES) % LANES;
    let end = (span.end + short).min(width);
    let start = span.start.saturating_sub(short - (end - span.end));
    start..end
}

/// Adds to `cells` (x from `first` on) what noise changes: in the band (distance below `band`
/// in magnitude) `raise` when the threshold raises a cell with a non-negative distance, `-raise`
/// when it lowers one with a negative distance. Branch-free, so it runs on whole vectors.
#[inline(always)]
fn correct_band(
    cells: &mut [i32],
    thresholds: &[f32],
    band: f32,
    raise: i32,
    distance: impl Fn(f32) -> f32,
    first: i32,
) {
    for ((cell, &threshold), x) in cells.iter_mut().zip(thresholds).zip(first..) {
        let distance = distance(x as f32);
        // All ones where each holds: noise raises it, the sharp cut raised it, it is in the band.
        let noise_raises = -i32::from(threshold > distance);
        let sharp_raises = -i32::from(distance < 0.0);
        let in_band = -i32::from(distance.abs() < band);
        *cell += ((raise & noise_raises) - (raise & sharp_raises)) & in_band;
    }
}

/// Row index of a real x estimate, clamped to `0..=width` (NaN gives 0).
fn index(x: f64, width: usize) -> usize {
    x.clamp(0.0, width as f64) as usize
}

/// A sharp straight fault, ready for the row sweep: where it crosses each row and which end of
/// the row it raises.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StraightCut {
    normal: [f32; 2],
    offset: f32,
    /// The line crosses row y at x = start + y * step.
    start: f64,
    step: f64,
    /// How far (in cells along a row) the crossing must be from a whole cell for the per-cell
    /// rule, computed in `f32`, to agree with the crossing without asking it: a bound on that
    /// rule's rounding error. Infinite for a horizontal line.
    margin: f64,
    /// Added to the raised side, on top of the `-units` every cell gets.
    raise: i32,
}

impl StraightCut {
    /// The cut for a line `normal . (x, y) = offset` of height `units` on a `width` x `height`
    /// map, or `None` for another divider.
    pub(crate) fn new(divider: &Divider, units: i32, width: usize, height: usize) -> Option<Self> {
        let Divider::Line { normal, offset } = *divider else {
            return None;
        };
        let [nx, ny] = normal.map(f64::from);
        // The rule is ((nx x) + (ny y)) - offset in f32: four roundings, each off by at most
        // 2^-24 of a value no larger than three times this reach, so at most 7 x 2^-24 x reach
        // in all; 16 x 2^-24 x reach leaves room to spare. Divided by |nx|, in cells.
        let reach = nx.abs() * width as f64 + ny.abs() * height as f64 + f64::from(offset).abs();
        let error = 16.0 * reach * f64::from(f32::EPSILON / 2.0);
        Some(Self {
            normal,
            offset,
            start: f64::from(offset) / nx,
            step: -ny / nx,
            margin: error / nx.abs(),
            raise: 2 * units,
        })
    }

    /// Along a row the distance grows with x when the normal points right: the raised cells are
    /// then a prefix of the row, otherwise a suffix.
    fn prefix(&self) -> bool {
        self.normal[0] >= 0.0
    }

    /// What the cut adds at the cell where its run changes (the first cell past the crossing):
    /// the end of a raised prefix lowers, the start of a raised suffix raises.
    fn change(&self) -> i32 {
        if self.prefix() {
            -self.raise
        } else {
            self.raise
        }
    }

    /// Splits the rows of a `width` x `height` map three ways: those where the crossing may fall
    /// on the row (returned first, swept one by one), those where it passes before the row's
    /// first cell (returned second: the change lands on cell 0, a whole-row update), and the
    /// rest, where it passes after the last cell and changes nothing. The sweep range is widened
    /// by a row each way, so rounding in finding it cannot misfile a row.
    fn rows(&self, width: usize, height: usize) -> (Range<usize>, Range<usize>) {
        let (before, after) = (-self.margin, (width - 1) as f64 + self.margin);
        let all = 0..height;
        if !(self.margin.is_finite() && self.step.is_finite() && self.start.is_finite()) {
            return (all, 0..0);
        }
        if self.step == 0.0 {
            return match self.start {
                x if x < before => (0..0, all),
                x if x > after => (0..0, 0..0),
                _ => (all, 0..0),
            };
        }
        let (at_before, at_after) = (
            (before - self.start) / self.step,
            (after - self.start) / self.step,
        );
        let (low, high) = if self.step > 0.0 {
            (at_before, at_after)
        } else {
            (at_after, at_before)
        };
        let row = |y: f64| y.clamp(0.0, height as f64) as usize;
        let sweep = row(low.floor() - 1.0)..row(high.ceil() + 2.0);
        let passes_before = if self.step > 0.0 {
            0..sweep.start
        } else {
            sweep.end..height
        };
        (sweep, passes_before)
    }
}

/// Rows swept together, so their difference entries stay in the fastest cache while every cut
/// passes over them.
const ROWS_PER_BLOCK: usize = 32;

/// Sharp straight faults, row by row: one difference entry per fault per row. Faults are taken
/// for a block of rows at a time (exact integer sums make the order free), the blocks shared
/// among the cores ([`cores`]), and the exact per-cell rule settles the end of each row's raised
/// part.
pub(crate) fn straight_cuts(sums: &mut FaultSums, cuts: &[StraightCut]) {
    let (width, height, stride) = (sums.width, sums.height, sums.width + 1);
    let mut sweeps = Vec::with_capacity(cuts.len());
    for cut in cuts {
        sums.add_everywhere(-cut.raise / 2);
        if cut.prefix() {
            // Raise everything, then lower from the first cell that is not raised.
            sums.add_everywhere(cut.raise);
        }
        let (sweep, passes_before) = cut.rows(width, height);
        sums.add_to_rows(passes_before.start, passes_before.end, cut.change());
        sweeps.push(sweep);
    }
    // Conversions go through i32, which is one instruction each way where usize is several.
    let last = (width - 1) as i32 as f64;
    let blank = || ([0i32; ROWS_PER_BLOCK], [false; ROWS_PER_BLOCK]);
    let block_len = stride * ROWS_PER_BLOCK;
    cores::for_each_chunk(&mut sums.steps, block_len, blank, |scratch, block, rows| {
        let (first_after, sure) = scratch;
        let block_start = block * ROWS_PER_BLOCK;
        for (cut, sweep) in cuts.iter().zip(&sweeps) {
            let from = sweep.start.max(block_start) - block_start;
            let to = sweep
                .end
                .min(block_start + rows.len() / stride)
                .saturating_sub(block_start);
            if from >= to {
                continue;
            }
            let (before, after) = (-cut.margin, last + cut.margin);
            let (low, high) = (cut.margin, 1.0 - cut.margin);
            // Where each row's raised run starts or ends, for the block's rows at once (plain
            // arithmetic the compiler vectorises). Where the crossing is clearly off the row or
            // clearly between two cells the per-cell rule cannot disagree with it, and the run
            // changes at floor(crossing) + 1 (the clamp keeps -1 and width apart).
            let rows_here = first_after[from..to].iter_mut().zip(&mut sure[from..to]);
            for ((first_after, sure), y) in rows_here.zip(block_start + from..) {
                let crossing = cut.start + cut.step * f64::from(y as i32);
                let clamped = crossing.clamp(-1.0, width as f64);
                let below = (clamped + 1.0) as i32 - 1;
                let fraction = clamped - f64::from(below);
                *first_after = (below + 1).clamp(0, width as i32);
                *sure =
                    crossing < before || crossing > after || (fraction > low && fraction < high);
            }
            // Then one difference entry per row; the rare rows near a cell ask the rule.
            let change = cut.change();
            for r in from..to {
                let steps = &mut rows[r * stride..][..stride];
                if sure[r] {
                    steps[first_after[r] as usize] += change;
                } else {
                    settle_straight(cut, steps, (block_start + r) as i32, width);
                }
            }
        }
    });
}

/// One row of a straight cut whose crossing is too near a cell to trust: the guess from the
/// crossing, settled with the per-cell rule of `Divider::signed_distance` for a line.
#[cold]
#[inline(never)]
fn settle_straight(cut: &StraightCut, steps: &mut [i32], y: i32, width: usize) {
    let [nx, ny] = cut.normal;
    let y_term = ny * y as f32;
    let raised = |x: usize| nx * (x as i32) as f32 + y_term - cut.offset < 0.0;
    let crossing = (cut.start + cut.step * f64::from(y)).clamp(-1.0, width as f64);
    let below = crossing as i64;
    let guess = if cut.prefix() {
        below + i64::from(crossing > below as f64) // ceil
    } else {
        below + 1 // floor + 1 (for the crossing at -1, 0)
    };
    let guess = guess.clamp(0, width as i64) as usize;
    if cut.prefix() {
        // Raised cells come first: the run ends at the first cell not raised.
        let end = first_where(guess, width, |x| !raised(x));
        steps[end] -= cut.raise;
    } else {
        let begin = first_where(guess, width, raised);
        steps[begin] += cut.raise;
    }
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
