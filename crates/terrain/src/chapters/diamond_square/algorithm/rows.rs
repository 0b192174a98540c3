//! One level of Diamond-Square as a sweep down the map's rows: what [`super::level`] and the
//! fine levels run.

use crate::chapters::fine_levels::LevelSweep;
use crate::map::rng::{self, PointRng};
use crate::map::rows::{Grid, Neighbours};

/// One level of [`level`], a step at a time (a row of squares with the diamonds beside it, then
/// the last row's diamonds), for [`fine_levels::sweep_together`].
#[derive(Debug, Clone, Copy)]
pub(super) struct LevelRows {
    radius: usize,
    spread: f32,
    points: PointRng,
    /// The next row of squares (an odd multiple of the radius); past the last row once the last
    /// row's diamonds are done.
    next: usize,
    last: usize,
}

impl LevelRows {
    /// The level of `radius` over `rows` rows.
    pub(super) fn new(rows: usize, radius: usize, spread: f32, points: PointRng) -> Self {
        Self {
            radius,
            spread,
            points,
            next: radius,
            last: rows - 1,
        }
    }
}

impl LevelSweep for LevelRows {
    fn restart(&self, rows: usize) -> Self {
        Self::new(rows, self.radius, self.spread, self.points)
    }

    fn next_needs(&self) -> Option<usize> {
        // A row of squares reads the rows a radius above and below it; the last row's diamonds
        // read the last row's corners.
        match self.next {
            y if y < self.last => Some(y + self.radius),
            y if y == self.last + self.radius => Some(self.last),
            _ => None,
        }
    }

    fn step(&mut self, grid: &mut Grid) {
        let (y, radius, spread, points) = (self.next, self.radius, self.spread, self.points);
        if y < self.last {
            square_row(grid, y, radius, spread, points);
            diamond_row(grid, y, radius, spread, points);
            diamond_row(grid, y - radius, radius, spread, points);
            self.next += 2 * radius;
        } else {
            diamond_row(grid, self.last, radius, spread, points);
            self.next = usize::MAX;
        }
    }

    fn complete(&self) -> usize {
        // After the squares of row y, rows up to y are done (row y + radius still waits for its
        // diamonds).
        if self.next == usize::MAX {
            self.last + 1
        } else {
            self.next - self.radius
        }
    }
}

/// The squares of row `y` (an odd multiple of `radius`): each center the average of its four
/// diagonal corners, jittered.
pub(super) fn square_row(grid: &mut Grid, y: usize, radius: usize, spread: f32, points: PointRng) {
    let mut index = grid.index(radius, y);
    let Neighbours { above, row, below } = grid.around(y, radius);
    let (above, below) = (above.unwrap_or_default(), below.unwrap_or_default());
    // Spans of `step` points starting just right of each left corner: a span holds its square's
    // center and right corner, and the left corner is the previous span's right one. Spans of
    // exactly `step` points let the compiler drop the bounds checks from the loop.
    let step = 2 * radius;
    let mut left = (above[0], below[0]);
    let spans = above[1..]
        .chunks_exact(step)
        .zip(below[1..].chunks_exact(step))
        .zip(row[1..].chunks_exact_mut(step));
    for ((above, below), row) in spans {
        let right = (above[step - 1], below[step - 1]);
        let average = (left.0 + left.1 + right.0 + right.1) / 4.0;
        row[radius - 1] = points.jitter_at(average, index, spread);
        rng::one_point_at_a_time();
        left = right;
        index += step;
    }
}

/// The diamonds of row `y` (a multiple of `radius`): each the average of the points `radius`
/// left, right, up and down that lie on the map, jittered. Rows at an even multiple of the radius
/// start at x = radius, the others at x = 0.
pub(super) fn diamond_row(grid: &mut Grid, y: usize, radius: usize, spread: f32, points: PointRng) {
    let side = grid.width();
    let shift = if (y / radius).is_multiple_of(2) {
        radius
    } else {
        0
    };
    let first = grid.index(0, y);
    let Neighbours { above, row, below } = grid.around(y, radius);
    // Border points (first and last row and column) have three neighbours on the map. The
    // closure takes its copies (`move`): one that borrowed `radius` would keep it in memory, and
    // the wasm build then reloaded it after every store of the inner loop below.
    let edge = move |row: &[f32], x: usize| {
        let mut sum = 0.0f32;
        let mut count = 0u32;
        let candidates = [
            x.checked_sub(radius).map(|l| row[l]),
            row.get(x + radius).copied(),
            above.map(|a| a[x]),
            below.map(|b| b[x]),
        ];
        for v in candidates.into_iter().flatten() {
            sum += v;
            count += 1;
        }
        sum / count as f32
    };
    match (above, below) {
        (Some(above), Some(below)) => {
            let step = 2 * radius;
            let mut x = shift;
            if x == 0 {
                row[0] = points.jitter_at(edge(row, 0), first, spread);
                x += step;
            }
            // Inner diamonds, in spans of `step` points as in `square_row`: a span holds a
            // diamond and its right point (a corner or square center of this row, which this loop
            // reads but never sets); the left point is the previous span's right one.
            let from = x - radius + 1;
            let mut left = row[x - radius];
            let spans = row[from..]
                .chunks_exact_mut(step)
                .zip(above[from..].chunks_exact(step))
                .zip(below[from..].chunks_exact(step));
            for ((line, above), below) in spans {
                let right = line[step - 1];
                let average = (left + right + above[radius - 1] + below[radius - 1]) / 4.0;
                line[radius - 1] = points.jitter_at(average, first + x, spread);
                left = right;
                x += step;
            }
            if x < side {
                row[x] = points.jitter_at(edge(row, x), first + x, spread);
            }
        }
        _ => {
            for x in (shift..side).step_by(2 * radius) {
                row[x] = points.jitter_at(edge(row, x), first + x, spread);
            }
        }
    }
}
