//! Stepping through a demo's algorithm, as plain data: which step is on screen, what the shown points look like at that step, and which point of the step is
//! the example whose averaged neighbours the map view draws. Nothing is regenerated: the
//! finished grid plus the core's [`Schedule`] (or, for faults and erosion, the batches the worker
//! sent) give every step; the core draws each step ([`terrain::Recipe::staged`]), so nothing here tells
//! the algorithms apart.

use terrain::display::{self, DisplayGrid, Mark};
use terrain::steps::{trail_mark, Shown};
use terrain::Schedule;

use super::answer::Answer;
use super::fields::Setup;

#[cfg(test)]
mod tests;

/// Most ticks play takes from the first step to the last (at the page's play interval, about a
/// minute).
pub const PLAY_TICKS: u32 = 90;

/// Where a demo's stepping stands.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Stepper {
    schedule: Option<Schedule>,
    step: u32,
    /// Whether play is moving it forward.
    pub playing: bool,
}

/// A change to the step asked for by a control.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepAction {
    /// One step back.
    Back,
    /// One step forward.
    Forward,
    /// To this step (the scrubber).
    To(u32),
}

impl Stepper {
    /// The stepping of a new terrain: at its last step (the finished map), not playing.
    pub fn for_setup(setup: &Setup) -> Self {
        let schedule = setup.recipe.schedule();
        Self {
            schedule,
            step: schedule.map_or(0, |s| s.count()),
            playing: false,
        }
    }

    /// The schedule, if the terrain can be stepped through.
    pub fn schedule(&self) -> Option<Schedule> {
        self.schedule
    }

    /// The step on screen.
    pub fn step(&self) -> u32 {
        self.step
    }

    /// The last step (the finished map).
    pub fn count(&self) -> u32 {
        self.schedule.map_or(0, |s| s.count())
    }

    /// Whether the finished map is on screen.
    pub fn at_end(&self) -> bool {
        self.step >= self.count()
    }

    /// Applies `action`, keeping the step a whole number within 0..=count; true when it moved.
    pub fn apply(&mut self, action: StepAction) -> bool {
        let target = match action {
            StepAction::Back => self.step.saturating_sub(1),
            StepAction::Forward => self.step + 1,
            StepAction::To(step) => step,
        }
        .min(self.count());
        let moved = target != self.step;
        self.step = target;
        moved
    }

    /// How far one tick of play moves: one step, or for hundreds of steps (a recursion's calls)
    /// as many as make play last at most [`PLAY_TICKS`] ticks.
    pub fn play_stride(&self) -> u32 {
        self.count().div_ceil(PLAY_TICKS).max(1)
    }

    /// One tick of play: [`Stepper::play_stride`] steps forward, stopping at the end. True when
    /// it moved.
    pub fn tick(&mut self) -> bool {
        let to = self.step.saturating_add(self.play_stride());
        let moved = self.playing && self.apply(StepAction::To(to));
        if self.at_end() {
            self.playing = false;
        }
        moved
    }

    /// Play pressed: pauses when playing; otherwise plays from here (from the start when at the
    /// end), or, with reduced motion, jumps to the end. True when the step moved.
    pub fn toggle_play(&mut self, reduced_motion: bool) -> bool {
        if self.playing {
            self.playing = false;
            return false;
        }
        if reduced_motion {
            let count = self.count();
            return self.apply(StepAction::To(count));
        }
        let restart = self.at_end();
        if restart {
            self.step = 0;
        }
        self.playing = self.count() > 0;
        restart
    }

    /// What the shown points look like at the current step: the grid to draw (unset points at
    /// 0; for faults and erosion, the heights after the step, from the answer's batches; a tile
    /// shown 2 x 2) and one mark per point (for faults, the outlines of the cuts the step added;
    /// for a one-droplet erosion step, its path and the ground it took and laid; empty at the
    /// last step, so the finished map is drawn exactly as without stepping).
    pub fn staged(&self, setup: &Setup, answer: &Answer) -> (DisplayGrid, Vec<Mark>) {
        let (staged, marks) = self.stage(setup, answer);
        if setup.recipe.wrap() == Some(true) {
            display::tiled_2x2(&staged, &marks)
        } else {
            (staged, marks)
        }
    }

    /// [`Stepper::staged`] before a tile is repeated: the core's picture of the step.
    fn stage(&self, setup: &Setup, answer: &Answer) -> (DisplayGrid, Vec<Mark>) {
        let grid = &answer.grid;
        if self.schedule.is_none() && setup.recipe.stage().is_none() {
            // Not stepped (a pair, or a map without steps): the finished map, with the marks
            // the worker drew on it (a pair's lattice), if any.
            let marks = match answer.trails.len() == grid.heights.len() {
                true => answer.trails.iter().map(|&c| trail_mark(c)).collect(),
                false => Vec::new(),
            };
            return (grid.clone(), marks);
        }
        let (columns, rows) = positions(setup, grid);
        let shown = Shown {
            grid,
            columns: &columns,
            rows: &rows,
            batches: &answer.batches,
            trails: &answer.trails,
        };
        setup.recipe.staged(self.step, &shown)
    }

    /// The map view's example point of the current step and the points it averaged, as indices
    /// of shown points: the point at `hover` if the step set it, else the step's first shown
    /// point. `None` at the last step, for faults, or when the step's points are finer than the
    /// display shows.
    pub fn example(
        &self,
        setup: &Setup,
        grid: &DisplayGrid,
        hover: Option<usize>,
    ) -> Option<(usize, Vec<usize>)> {
        // A tile is shown 2 x 2: its points have no single place to ring.
        let schedule = self
            .schedule
            .filter(|_| !self.at_end() && setup.recipe.wrap() != Some(true))?;
        let (columns, rows) = positions(setup, grid);
        let at = |i: usize| (columns[i % columns.len()], rows[i / columns.len()]);
        let of_step = |i: usize| {
            let (x, y) = at(i);
            schedule.step_of(x, y) == Some(self.step) && self.step > 0
        };
        let index = hover
            .filter(|&i| i < grid.heights.len() && of_step(i))
            .or_else(|| (0..grid.heights.len()).find(|&i| of_step(i)))?;
        let (x, y) = at(index);
        let shown = |(nx, ny): (usize, usize)| {
            let column = columns.iter().position(|&c| c == nx)?;
            let row = rows.iter().position(|&r| r == ny)?;
            Some(row * columns.len() + column)
        };
        let neighbours = schedule
            .neighbours(x, y)
            .into_iter()
            .filter_map(shown)
            .collect();
        Some((index, neighbours))
    }
}

/// The map columns and rows of the shown points of `grid`, made under `setup` (for a map whose
/// size its file decides, the shown points' own indices).
pub fn positions(setup: &Setup, grid: &DisplayGrid) -> (Vec<usize>, Vec<usize>) {
    let (nx, nz) = grid.size();
    match setup.recipe.size() {
        (0, 0) => ((0..nx).collect(), (0..nz).collect()),
        (width, height) => (
            display::display_positions(width, nx),
            display::display_positions(height, nz),
        ),
    }
}
