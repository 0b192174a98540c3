//! Diamond-Square, its square and diamond steps apart: step 2k - 1 is level k's square step (the
//! squares' centers), step 2k its diamond step (the edge midpoints).

use super::DiamondSquare;
use crate::chapters::midpoint::steps::spread_at;
use crate::chapters::steps::{grid_points, level_bits, pass_neighbours, Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

impl Steps for DiamondSquare {
    fn count(&self) -> u32 {
        2 * self.params.exponent
    }

    fn step_of(&self, x: usize, y: usize) -> Option<u32> {
        let n = self.params.exponent;
        let (bx, by) = (level_bits(x, n), level_bits(y, n));
        let level = n - bx.min(by);
        Some(match level {
            0 => 0,
            // Both coordinates odd multiples of the radius: a square's center.
            _ if bx == by => 2 * level - 1,
            _ => 2 * level,
        })
    }

    fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let n = self.params.exponent;
        pass_neighbours(x, y, (n, 1usize << n), |x_odd, y_odd| {
            if x_odd && y_odd {
                vec![(-1, -1), (1, -1), (-1, 1), (1, 1)]
            } else {
                vec![(-1, 0), (1, 0), (0, -1), (0, 1)]
            }
        })
    }

    fn points_set_at(&self, step: u32) -> u64 {
        if step == 0 {
            return 4;
        }
        let level = step.div_ceil(2);
        let centers = 1u64 << (2 * (level - 1));
        if step % 2 == 1 {
            centers
        } else {
            grid_points(level) - grid_points(level - 1) - centers
        }
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        if step == 0 {
            return format!("Start (step 0 of {last}): the four corners, each uniform(0, 1)");
        }
        let level = step.div_ceil(2);
        let radius = 1u64 << (self.params.exponent - level);
        let spread = spread_at(&self.params, level - 1);
        let points = self.points_set_at(step);
        if step % 2 == 1 {
            format!(
                "Step {step} of {last}, square step of level {level}: {points} square \
                 center{} {radius} from their 4 corners, spread {spread}",
                if points == 1 { "" } else { "s" }
            )
        } else {
            format!(
                "Step {step} of {last}, diamond step of level {level}: {points} diamond \
                 centers {radius} from their 4 neighbours (3 on the border), spread {spread}"
            )
        }
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        shown.by_step_of(step, &|x, y| self.step_of(x, y))
    }
}
