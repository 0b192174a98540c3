//! [`Schedule`]: a recipe that steps, as the page's stepper holds it. Every question goes to the
//! recipe's chapter's stepping ([`Steps`], in the chapter's folder).

use super::Recipe;
use crate::chapters::steps::{Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

/// How a recipe's points are set, step by step. Step 0 is the start (the corners, the two end
/// points, no fault yet); the last step, [`Schedule::count`], is the finished map. Made only by
/// [`Recipe::schedule`], for a recipe whose chapter steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule(Recipe);

impl Schedule {
    /// The schedule of `recipe`, if its chapter steps it.
    pub(super) fn of(recipe: &Recipe) -> Option<Self> {
        recipe.steps().map(|_| Schedule(recipe.clone()))
    }

    /// The chapter's stepping ([`Schedule::of`] makes a schedule only for a recipe that has
    /// one; a map that does not step would answer as finished at step 0).
    fn steps(&self) -> &dyn Steps {
        struct Still;
        impl Steps for Still {
            fn count(&self) -> u32 {
                0
            }
            fn points_set_at(&self, _: u32) -> u64 {
                0
            }
            fn caption(&self, _: u32) -> String {
                String::new()
            }
            fn staged(&self, _: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
                (shown.grid.clone(), Vec::new())
            }
        }
        self.0.steps().unwrap_or(&Still)
    }

    /// The number of the last step (the finished map): the exponent, the number of recursive
    /// calls, twice the exponent, the iterations, or the batches of faults or droplets.
    pub fn count(&self) -> u32 {
        self.steps().count()
    }

    /// The step at which point `(x, y)` gets its value; `None` for faults and erosion, whose
    /// points change at every step.
    pub fn step_of(&self, x: usize, y: usize) -> Option<u32> {
        self.steps().step_of(x, y)
    }

    /// The points whose values point `(x, y)` averaged when it was set (before its jitter): 2 for
    /// a midpoint-displacement edge midpoint or a point of the line, 4 for a square's center or an
    /// inner diamond, 3 for a diamond on the map's border; for the recursive rewrite the corners
    /// of the call's view (2 for an edge midpoint, all 4 for the center, which averages the four
    /// edge averages); none for the starting points, faults and erosion.
    pub fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        self.steps().neighbours(x, y)
    }

    /// The square step `step` works in, as its lowest and highest corners (the recursive
    /// rewrite's call's view); `None` where a step works over the whole map.
    pub fn frame(&self, step: u32) -> Option<[(usize, usize); 2]> {
        self.steps().frame(step)
    }

    /// How many points step `step` sets; for faults and erosion, how many faults or droplets its
    /// batch adds.
    pub fn points_set_at(&self, step: u32) -> u64 {
        self.steps().points_set_at(step)
    }

    /// For faults: the faults step `step` adds begin at `.0` and end before `.1` (0-based);
    /// `(0, 0)` for the other algorithms.
    pub fn faults_in(&self, step: u32) -> (u32, u32) {
        self.steps().added(step)[0]
    }

    /// For erosion: the droplets step `step` adds begin at `.0` and end before `.1` (0-based);
    /// `(0, 0)` for the other algorithms.
    pub fn droplets_in(&self, step: u32) -> (u32, u32) {
        self.steps().added(step)[1]
    }

    /// One line saying what step `step` did, with the numbers true to the algorithm, e.g.
    /// "Pass 3 of 5: 16 squares of side 8, spread 0.075".
    pub fn caption(&self, step: u32) -> String {
        let steps = self.steps();
        steps.caption(step.min(steps.count()))
    }

    /// What the map looks like at step `step`: the shown points to draw (points not set yet at
    /// 0; for faults and erosion, the heights after the step) and one mark per point (the points
    /// the step set, a fault step's cut outlines, a droplet's trail, a recursive call's view and
    /// skips). At the last step the finished map with no marks, drawn exactly as without
    /// stepping, unless the steps mark it too ([`Steps::marks_the_last`]).
    pub fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        let steps = self.steps();
        if step < self.count() || steps.marks_the_last() {
            steps.staged(step, shown)
        } else {
            (shown.grid.clone(), Vec::new())
        }
    }
}
