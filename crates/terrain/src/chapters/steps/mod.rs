//! Stepping through a map as the posts teach it: which points a step sets, which neighbours each
//! of them averaged, a caption saying what the step did, and what the page draws of it. This
//! module holds what every chapter's stepping shares ([`Steps`], the trait a chapter implements,
//! and its helpers); each chapter's own stepping is in its folder (`chapters/*/steps.rs`), and the
//! page reaches it through the recipe's `Schedule` (in `chapters/`), branching on no algorithm.
//!
//! In midpoint displacement, Diamond-Square and the 1-D line every point is set exactly once, and
//! *when* depends only on its coordinates: the coarser the grid it lies on, the earlier (the
//! helpers in `passes.rs`). The recursive rewrite steps one call at a time, in the order the
//! recursion makes them; a point is set by the first call whose view has it. So the finished map
//! plus [`Steps::step_of`] gives the map at every step (points set by then keep their final
//! height; the others are not set yet), with nothing regenerated. Fault maps and erosion change
//! everywhere with every fault or droplet; they step by batches whose counts double, and the
//! worker keeps each batch's shown heights (`batches.rs`). The step demos show one partial stage
//! of the first two posts (`stages.rs`).

mod batches;
mod passes;
mod stages;

use crate::shown::display::{DisplayGrid, Mark};

pub use batches::{
    batch_grid, batch_range, batch_staged, doubling_ends, fault_steps, nearest, shown_at,
    shown_heights, traced_marks, trail_mark, InSteps, MOST_OUTLINED, TRAIL_LAID, TRAIL_LINE,
    TRAIL_PATH, TRAIL_REMOVED,
};
pub use passes::{grid_points, level_bits, pass_mark, pass_neighbours, round3, squares};
pub use stages::PartialStage;

/// What the page holds of a map to draw any of its steps from.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    /// The finished map's shown points.
    pub grid: &'a DisplayGrid,
    /// The map column of each shown column.
    pub columns: &'a [usize],
    /// The map row of each shown row.
    pub rows: &'a [usize],
    /// For faults and erosion: the shown heights after each step but the last, one grid after
    /// another ([`InSteps::batches`]).
    pub batches: &'a [f32],
    /// For erosion: the trail codes of each one-droplet step, one grid after another
    /// ([`InSteps::trails`]).
    pub trails: &'a [u8],
}

impl Shown<'_> {
    /// The map coordinates of every shown point, row by row.
    pub fn points(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.rows
            .iter()
            .flat_map(|&y| self.columns.iter().map(move |&x| (x, y)))
    }

    /// The shown points at step `step` of a map whose points are each set once, at the step
    /// `step_of` says: points not set yet at height 0, one mark per point.
    pub fn by_step_of(
        &self,
        step: u32,
        step_of: &dyn Fn(usize, usize) -> Option<u32>,
    ) -> (DisplayGrid, Vec<Mark>) {
        let marks: Vec<Mark> = self
            .points()
            .map(|(x, y)| pass_mark(step_of(x, y), step))
            .collect();
        (crate::shown::display::staged(self.grid, &marks), marks)
    }
}

/// How a chapter's map steps: step 0 is the start (the corners, the two end points, no fault
/// yet); the last step, [`Steps::count`], is the finished map. A chapter that steps implements
/// it (its recipe type answers `Chapter::steps` with itself).
pub trait Steps {
    /// The number of the last step (the finished map).
    fn count(&self) -> u32;
    /// The step at which point `(x, y)` gets its value, where that is one step; `None` for maps
    /// whose points change at every step (faults, erosion).
    fn step_of(&self, _x: usize, _y: usize) -> Option<u32> {
        None
    }
    /// The points whose values point `(x, y)` averaged when it was set (before its jitter);
    /// none for the starting points, faults and erosion.
    fn neighbours(&self, _x: usize, _y: usize) -> Vec<(usize, usize)> {
        Vec::new()
    }
    /// How many points step `step` sets; for faults and erosion, how many faults or droplets
    /// its batch adds.
    fn points_set_at(&self, step: u32) -> u64;
    /// One line saying what step `step` did, with the numbers true to the algorithm.
    fn caption(&self, step: u32) -> String;
    /// The shown points at step `step` (before the last, or the last too where
    /// [`Steps::marks_the_last`]) and one mark per point.
    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>);
    /// Whether the last step is drawn with marks of its own (weathering's cells still steeper
    /// than the talus), rather than as the finished map alone.
    fn marks_the_last(&self) -> bool {
        false
    }
    /// The square step `step` works in, as its lowest and highest corners (the recursive
    /// rewrite's call's view), which the stepper outlines; `None` where a step works over the
    /// whole map.
    fn frame(&self, _step: u32) -> Option<[(usize, usize); 2]> {
        None
    }
    /// For faults (`.0`) and erosion (`.1`): the faults or droplets step `step` adds, from the
    /// first to before the second (0-based); `(0, 0)` otherwise.
    fn added(&self, _step: u32) -> [(u32, u32); 2] {
        [(0, 0); 2]
    }
}
