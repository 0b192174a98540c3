//! Midpoint displacement, one step per pass: pass k sets the edge midpoints and centers of the
//! 4^(k-1) squares of side 2^(n-k+1).

use super::algorithm::MpdParams;
use super::Midpoint;
use crate::chapters::steps::{
    grid_points, level_bits, pass_neighbours, round3, squares, Shown, Steps,
};
use crate::shown::display::{DisplayGrid, Mark};

/// The spread of pass `index` (0-based), rounded for reading.
pub(crate) fn spread_at(params: &MpdParams, index: u32) -> f32 {
    round3(params.spreads().nth(index as usize).unwrap_or(0.0))
}

impl Steps for Midpoint {
    fn count(&self) -> u32 {
        self.params.exponent
    }

    fn step_of(&self, x: usize, y: usize) -> Option<u32> {
        let n = self.params.exponent;
        Some(n - level_bits(x, n).min(level_bits(y, n)))
    }

    fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let n = self.params.exponent;
        pass_neighbours(x, y, (n, 1usize << n), |x_odd, y_odd| {
            match (x_odd, y_odd) {
                (true, true) => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
                (true, false) => vec![(-1, 0), (1, 0)],
                _ => vec![(0, -1), (0, 1)],
            }
        })
    }

    fn points_set_at(&self, step: u32) -> u64 {
        match step {
            0 => 4,
            _ => grid_points(step) - grid_points(step - 1),
        }
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        if step == 0 {
            return format!("Start (pass 0 of {last}): the four corners, each uniform(0, 1)");
        }
        let (count, side) = squares(step, self.params.exponent);
        let spread = spread_at(&self.params, step - 1);
        let plural = if count == 1 { "" } else { "s" };
        format!(
            "Pass {step} of {last}: {count} square{plural} of side {side}, spread {spread}: \
             {} new points",
            self.points_set_at(step)
        )
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        shown.by_step_of(step, &|x, y| self.step_of(x, y))
    }
}
