//! The order in which each algorithm sets its points, step by step as the posts teach it: which
//! points a step sets, which neighbours each of them averaged, a caption saying what the step did,
//! and what the page draws of it.
//!
//! In midpoint displacement, Diamond-Square and the 1-D line every point is set exactly once, and
//! *when* depends only on its coordinates: the coarser the grid it lies on, the earlier
//! ([`passes`](self) in `passes.rs`). The recursive rewrite steps one call at a time, in the order
//! the recursion makes them ([`crate::algorithms::midpoint_recursive::nth_call`]); a point is set
//! by the first call whose view has it (`calls.rs`). So the finished map plus
//! [`Schedule::step_of`] gives the map at every step (points set by then keep their final height;
//! the others are not set yet), with nothing regenerated. Fault maps and erosion change
//! everywhere with every fault or droplet; they step by batches whose counts double, and the
//! worker keeps each batch's shown heights (`batches.rs`). The step demos show one partial stage
//! of the first two posts (`stages.rs`).
//!
//! Each chapter says which schedule its recipe steps by (`Recipe::schedule`, in `chapters/`); the
//! page asks only the recipe's `caption` and `staged`, [`Schedule::count`] (and, for the map
//! view's example point, [`Schedule::step_of`] and [`Schedule::neighbours`]); it branches on no
//! algorithm.

mod batches;
mod calls;
mod passes;
mod stages;
#[cfg(test)]
mod tests;

use crate::algorithms::erosion::ErosionParams;
use crate::algorithms::faults::FaultParams;
use crate::algorithms::line::LineParams;
use crate::algorithms::midpoint::MpdParams;
use crate::algorithms::midpoint_recursive::Call;
use crate::shown::display::{DisplayGrid, Mark};

pub use batches::{
    erosion_batches, erosion_ends, fault_batches, fault_steps, trail_mark, InSteps, MOST_OUTLINED,
    TRAIL_LAID, TRAIL_PATH, TRAIL_REMOVED,
};
pub use stages::PartialStage;

use batches::Batches;
use calls::Calls;
use passes::Passes;

/// How an algorithm's points are set, step by step. Step 0 is the start (the corners, the two end
/// points, no fault yet); the last step, [`Schedule::count`], is the finished map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Schedule {
    /// Midpoint displacement, one step per pass.
    Midpoint(MpdParams),
    /// The recursive rewrite, one step per call, depth first.
    Recursive(MpdParams),
    /// Diamond-Square: each level's square step, then its diamond step.
    DiamondSquare(MpdParams),
    /// The 1-D line, one step per iteration.
    Line(LineParams),
    /// Faults, by doubling counts ([`fault_steps`]).
    Faults(FaultParams),
    /// Erosion: the first droplets one at a time, then doubling counts ([`erosion_ends`]).
    Erosion(ErosionParams),
}

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
    /// The map's seed (a fault step's cuts are drawn again from it to outline them).
    pub seed: u64,
}

impl Shown<'_> {
    /// The map coordinates of every shown point, row by row.
    fn points(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.rows
            .iter()
            .flat_map(|&y| self.columns.iter().map(move |&x| (x, y)))
    }
}

/// What one kind of stepping answers; [`Schedule`] hands each question to its kind.
trait Steps {
    /// The number of the last step (the finished map).
    fn count(&self) -> u32;
    /// The step at which point `(x, y)` gets its value, where that is one step.
    fn step_of(&self, _x: usize, _y: usize) -> Option<u32> {
        None
    }
    /// The points whose values point `(x, y)` averaged when it was set.
    fn neighbours(&self, _x: usize, _y: usize) -> Vec<(usize, usize)> {
        Vec::new()
    }
    /// How many points (faults, droplets) step `step` sets (adds).
    fn points_set_at(&self, step: u32) -> u64;
    /// One line saying what step `step` did.
    fn caption(&self, step: u32) -> String;
    /// The shown points at step `step` (before the last) and one mark per point.
    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>);
    /// For the recursive rewrite: the call step `step` makes and which of its points it set.
    fn call_sets(&self, _step: u32) -> Option<(Call, [bool; 5])> {
        None
    }
    /// For faults (`.0`) and erosion (`.1`): the faults or droplets step `step` adds, from the
    /// first to before the second (0-based).
    fn added(&self, _step: u32) -> [(u32, u32); 2] {
        [(0, 0); 2]
    }
}

/// The three kinds of stepping.
enum Kind {
    /// One step per pass, level half or iteration (`passes.rs`).
    Passes(Passes),
    /// One step per recursive call (`calls.rs`).
    Calls(Calls),
    /// One step per batch of faults or droplets (`batches.rs`).
    Batches(Batches),
}

impl Kind {
    fn steps(&self) -> &dyn Steps {
        match self {
            Kind::Passes(kind) => kind,
            Kind::Calls(kind) => kind,
            Kind::Batches(kind) => kind,
        }
    }
}

impl Schedule {
    /// The kind of stepping: the one place that tells the algorithms apart.
    fn kind(&self) -> Kind {
        match *self {
            Schedule::Midpoint(p) => Kind::Passes(Passes::Midpoint(p)),
            Schedule::DiamondSquare(p) => Kind::Passes(Passes::DiamondSquare(p)),
            Schedule::Line(p) => Kind::Passes(Passes::Line(p)),
            Schedule::Recursive(p) => Kind::Calls(Calls(p)),
            Schedule::Faults(p) => Kind::Batches(Batches::Faults(p)),
            Schedule::Erosion(p) => Kind::Batches(Batches::Droplets(p)),
        }
    }

    /// The number of the last step (the finished map): the exponent, the number of recursive
    /// calls, twice the exponent, the iterations, or the batches of faults or droplets.
    pub fn count(&self) -> u32 {
        self.kind().steps().count()
    }

    /// The step at which point `(x, y)` gets its value; `None` for faults and erosion, whose
    /// points change at every step.
    pub fn step_of(&self, x: usize, y: usize) -> Option<u32> {
        self.kind().steps().step_of(x, y)
    }

    /// The points whose values point `(x, y)` averaged when it was set (before its jitter): 2 for
    /// a midpoint-displacement edge midpoint or a point of the line, 4 for a square's center or an
    /// inner diamond, 3 for a diamond on the map's border; for the recursive rewrite the corners
    /// of the call's view (2 for an edge midpoint, all 4 for the center, which averages the four
    /// edge averages); none for the starting points, faults and erosion.
    pub fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        self.kind().steps().neighbours(x, y)
    }

    /// For the recursive rewrite: the call step `step` (1 to [`Schedule::count`]) makes; `None`
    /// at step 0 and for the other algorithms.
    pub fn call(&self, step: u32) -> Option<Call> {
        self.call_sets(step).map(|(call, _)| call)
    }

    /// For the recursive rewrite: which of step `step`'s call's [`Call::points`] it set (`true`)
    /// and which it skipped because an earlier call had set them; `None` where there is no call.
    pub fn call_sets(&self, step: u32) -> Option<(Call, [bool; 5])> {
        self.kind().steps().call_sets(step)
    }

    /// How many points step `step` sets; for faults and erosion, how many faults or droplets its
    /// batch adds.
    pub fn points_set_at(&self, step: u32) -> u64 {
        self.kind().steps().points_set_at(step)
    }

    /// For faults: the faults step `step` adds begin at `.0` and end before `.1` (0-based);
    /// `(0, 0)` for the other algorithms.
    pub fn faults_in(&self, step: u32) -> (u32, u32) {
        self.kind().steps().added(step)[0]
    }

    /// For erosion: the droplets step `step` adds begin at `.0` and end before `.1` (0-based);
    /// `(0, 0)` for the other algorithms.
    pub fn droplets_in(&self, step: u32) -> (u32, u32) {
        self.kind().steps().added(step)[1]
    }

    /// One line saying what step `step` did, with the numbers true to the algorithm, e.g.
    /// "Pass 3 of 5: 16 squares of side 8, spread 0.075".
    pub fn caption(&self, step: u32) -> String {
        let kind = self.kind();
        let steps = kind.steps();
        steps.caption(step.min(steps.count()))
    }

    /// What the map looks like at step `step`: the shown points to draw (points not set yet at
    /// 0; for faults and erosion, the heights after the step) and one mark per point (the points
    /// the step set, a fault step's cut outlines, a droplet's trail, a recursive call's view and
    /// skips). At the last step the finished map with no marks, drawn exactly as without
    /// stepping.
    pub fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        if step < self.count() {
            self.kind().steps().staged(step, shown)
        } else {
            (shown.grid.clone(), Vec::new())
        }
    }
}
