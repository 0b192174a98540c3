//! Sharp straight faults: where each crosses a row, one or two difference-array entries per row.

use std::ops::Range;

use super::{first_where, FaultSums, ROWS_PER_BLOCK};
use crate::chapters::faults::algorithm::divider::Divider;
use crate::map::cores;

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
