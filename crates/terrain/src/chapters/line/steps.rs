//! The 1-D line, one step per iteration: iteration k sets the 2^(k-1) midpoints between the
//! points already set.

use super::Line;
use crate::chapters::steps::{level_bits, pass_neighbours, round3, Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

impl Steps for Line {
    fn count(&self) -> u32 {
        self.params.iterations
    }

    fn step_of(&self, x: usize, _y: usize) -> Option<u32> {
        let n = self.params.iterations;
        Some(n - level_bits(x, n))
    }

    fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        pass_neighbours(x, y, (self.params.iterations, 0), |_, _| {
            vec![(-1, 0), (1, 0)]
        })
    }

    fn points_set_at(&self, step: u32) -> u64 {
        match step {
            0 => 2,
            _ => 1u64 << (step - 1),
        }
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        if step == 0 {
            return format!("Start (iteration 0 of {last}): the two end points");
        }
        let shrink = self.params.roughness * (step - 1) as f32;
        format!(
            "Iteration {step} of {last}: {} new midpoint{} between neighbours, jitter shrunk by \
             2^-{}",
            self.points_set_at(step),
            if step == 1 { "" } else { "s" },
            round3(shrink)
        )
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        shown.by_step_of(step, &|x, y| self.step_of(x, y))
    }
}
