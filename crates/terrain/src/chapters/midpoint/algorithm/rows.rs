//! One pass of midpoint displacement as a sweep down the map's rows: what [`super::pass_by_rows`]
//! and the fine levels run.

use crate::chapters::fine_levels::LevelSweep;
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;
use crate::map::rows::{Grid, Neighbours};

use super::{average2, average4};

/// One pass of [`pass_by_rows`], a step at a time (the first row's edge midpoints, then each row
/// of centers with the row of corners below it), for [`fine_levels::sweep_together`].
#[derive(Debug, Clone, Copy)]
pub(super) struct PassRows {
    radius: usize,
    spread: f32,
    points: PointRng,
    /// The next row of centers; 0 before the first row's edge midpoints.
    next: usize,
    /// Rows of the grid swept.
    rows: usize,
}

impl PassRows {
    pub(super) fn new(map: &Heightmap, iteration: u32, spread: f32, points: PointRng) -> Self {
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
