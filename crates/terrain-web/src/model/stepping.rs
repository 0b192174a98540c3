//! Stepping through a demo's algorithm, as plain data: which step is on screen, what the shown points look like at that step, and which point of the step is
//! the example whose averaged neighbours the map view draws. Nothing is regenerated: the
//! finished grid plus the core's [`Schedule`] (or, for faults, the batches the worker sent) give
//! every step.

use terrain::display::{self, DisplayGrid, Mark};
use terrain::faults::{self, Outline};
use terrain::steps::{self, Schedule};

use super::fields::Setup;

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
        let schedule = Schedule::of(&setup.recipe);
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

    /// One tick of play: a step forward, stopping at the end. True when it moved.
    pub fn tick(&mut self) -> bool {
        let moved = self.playing && self.apply(StepAction::Forward);
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
    /// 0; for faults, the heights after the step's faults, from `batches`; a tile shown 2 x 2)
    /// and one mark per point (for faults, the outlines of the cuts the step added; empty at the
    /// last step, so the finished map is drawn exactly as without stepping).
    pub fn staged(
        &self,
        setup: &Setup,
        grid: &DisplayGrid,
        batches: &[f32],
    ) -> (DisplayGrid, Vec<Mark>) {
        let (staged, marks) = self.stage(setup, grid, batches);
        if setup.recipe.wrap() == Some(true) {
            display::tiled_2x2(&staged, &marks)
        } else {
            (staged, marks)
        }
    }

    /// [`Stepper::staged`] before a tile is repeated.
    fn stage(
        &self,
        setup: &Setup,
        grid: &DisplayGrid,
        batches: &[f32],
    ) -> (DisplayGrid, Vec<Mark>) {
        let (columns, rows) = positions(setup, grid);
        let stage: Vec<Mark> = rows
            .iter()
            .flat_map(|&y| columns.iter().map(move |&x| (x, y)))
            .filter_map(|(x, y)| steps::stage_mark(&setup.recipe, x, y))
            .collect();
        if !stage.is_empty() {
            return (grid.clone(), stage);
        }
        let Some(schedule) = self.schedule.filter(|_| !self.at_end()) else {
            return (grid.clone(), Vec::new());
        };
        if let Schedule::Faults(params) = schedule {
            let n = grid.heights.len();
            let start = self.step as usize * n;
            let Some(heights) = batches.get(start..start + n) else {
                return (grid.clone(), Vec::new());
            };
            let staged = DisplayGrid {
                heights: heights.to_vec(),
                ..grid.clone()
            };
            let (from, to) = schedule.faults_in(self.step);
            let cuts = from..to.min(from + steps::MOST_OUTLINED);
            let outlines = faults::outlines(&params, setup.seed, cuts).unwrap_or_default();
            return (staged, outline_marks(&outlines, &columns, &rows));
        }
        let marks: Vec<Mark> = rows
            .iter()
            .flat_map(|&y| columns.iter().map(move |&x| (x, y)))
            .map(|(x, y)| match schedule.step_of(x, y) {
                Some(s) if s > self.step => Mark::Unset,
                Some(s) if s == self.step => Mark::Highlight,
                _ => Mark::Set,
            })
            .collect();
        (display::staged(grid, &marks), marks)
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

/// One mark per shown point (at map `columns` and `rows`): [`Mark::Highlight`] on the boundary
/// of any of `outlines`, within the band of a fuzzy fault or, for a sharp one, within half the
/// spacing of the shown points either side (so the line is one point wide); [`Mark::Set`]
/// elsewhere. Empty when there are no outlines.
fn outline_marks(outlines: &[Outline], columns: &[usize], rows: &[usize]) -> Vec<Mark> {
    if outlines.is_empty() {
        return Vec::new();
    }
    let spacing = |v: &[usize]| match v {
        [a, b, ..] => (b - a) as f32,
        _ => 1.0,
    };
    let half = 0.5 * spacing(columns).max(spacing(rows));
    rows.iter()
        .flat_map(|&y| columns.iter().map(move |&x| (x as f32, y as f32)))
        .map(|(x, y)| {
            let on = outlines
                .iter()
                .any(|o| o.distance(x, y).abs() <= o.band().max(half));
            if on {
                Mark::Highlight
            } else {
                Mark::Set
            }
        })
        .collect()
}

/// The map columns and rows of the shown points.
fn positions(setup: &Setup, grid: &DisplayGrid) -> (Vec<usize>, Vec<usize>) {
    let (width, height) = setup.recipe.size();
    let (nx, nz) = grid.size();
    (
        display::display_positions(width, nx),
        display::display_positions(height, nz),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain::midpoint::{MpdParams, Stage};
    use terrain::Recipe;

    fn setup(exponent: u32) -> Setup {
        Setup {
            recipe: Recipe::midpoint(MpdParams {
                exponent,
                ..MpdParams::DEFAULT
            }),
            seed: 4,
        }
    }

    fn grid(setup: &Setup) -> DisplayGrid {
        let map = setup.recipe.generate(setup.seed).expect("valid");
        display::display_grid(&map, display::DISPLAY_MAX_SIDE, display::DISPLAY_MAX_SIDE)
    }

    #[test]
    fn a_new_terrain_opens_at_the_end_and_steps_stay_in_range() {
        let s = setup(5);
        let mut stepper = Stepper::for_setup(&s);
        assert_eq!((stepper.step(), stepper.count()), (5, 5));
        assert!(!stepper.apply(StepAction::Forward), "already at the end");
        assert!(stepper.apply(StepAction::Back));
        assert!(stepper.apply(StepAction::To(99)));
        assert_eq!(stepper.step(), 5, "clamped");
        assert!(stepper.apply(StepAction::To(0)));
        assert!(!stepper.apply(StepAction::Back), "never below 0");
    }

    #[test]
    fn play_runs_to_the_end_and_stops_and_reduced_motion_jumps() {
        let s = setup(3);
        let mut stepper = Stepper::for_setup(&s);
        assert!(stepper.toggle_play(false), "at the end, play starts over");
        assert_eq!(stepper.step(), 0);
        let mut ticks = 0;
        while stepper.tick() {
            ticks += 1;
        }
        assert_eq!((ticks, stepper.step(), stepper.playing), (3, 3, false));
        stepper.apply(StepAction::To(1));
        assert!(
            stepper.toggle_play(true),
            "reduced motion: straight to the end"
        );
        assert_eq!((stepper.step(), stepper.playing), (3, false));
    }

    #[test]
    fn the_last_step_is_the_finished_map_with_nothing_marked() {
        let s = setup(5);
        let g = grid(&s);
        let stepper = Stepper::for_setup(&s);
        assert_eq!(stepper.staged(&s, &g, &[]), (g.clone(), Vec::new()));
    }

    #[test]
    fn step_zero_of_midpoint_displacement_raises_only_the_four_corners() {
        let s = setup(5);
        let g = grid(&s);
        let mut stepper = Stepper::for_setup(&s);
        stepper.apply(StepAction::To(0));
        let (staged, marks) = stepper.staged(&s, &g, &[]);
        let raised: Vec<usize> = (0..staged.heights.len())
            .filter(|&i| marks[i] != Mark::Unset)
            .collect();
        assert_eq!(raised, [0, 32, 33 * 32, 33 * 33 - 1]);
        assert!(raised.iter().all(|&i| marks[i] == Mark::Highlight));
        assert!(staged
            .heights
            .iter()
            .enumerate()
            .all(|(i, &h)| raised.contains(&i) || h == 0.0));
        stepper.apply(StepAction::To(2));
        let (_, marks) = stepper.staged(&s, &g, &[]);
        let count = |m: Mark| marks.iter().filter(|&&x| x == m).count();
        assert_eq!(count(Mark::Highlight), 25 - 9, "pass 2 of a 33 x 33 map");
        assert_eq!(count(Mark::Set), 9);
    }

    #[test]
    fn the_example_point_shows_the_neighbours_it_averaged() {
        let s = setup(2);
        let g = grid(&s);
        let mut stepper = Stepper::for_setup(&s);
        stepper.apply(StepAction::To(1));
        // Pass 1 of a 5 x 5 map: the first point it set is the top edge's midpoint (2, 0).
        assert_eq!(stepper.example(&s, &g, None), Some((2, vec![0, 4])));
        // Hovering the center: the four edge midpoints, 2 points away, that it averaged.
        assert_eq!(
            stepper.example(&s, &g, Some(12)),
            Some((12, vec![10, 14, 2, 22]))
        );
        // Hovering a corner (not set by this step) falls back to the first point.
        assert_eq!(stepper.example(&s, &g, Some(0)).map(|e| e.0), Some(2));
        stepper.apply(StepAction::To(2));
        assert_eq!(
            stepper.example(&s, &g, None),
            None,
            "the last step shows no example"
        );
    }

    #[test]
    fn a_tile_is_shown_two_by_two_at_every_step() {
        let mut s = Setup {
            recipe: Recipe::diamond_square(MpdParams::DEFAULT),
            seed: 3,
        };
        if let Some(wrap) = s.recipe.wrap_mut() {
            *wrap = true;
        }
        let g = grid(&s);
        let mut stepper = Stepper::for_setup(&s);
        let (tiled, marks) = stepper.staged(&s, &g, &[]);
        assert_eq!(tiled.size(), (65, 65));
        assert!(marks.is_empty());
        assert_eq!(tiled.heights[5], tiled.heights[5 + 32], "the copies repeat");
        stepper.apply(StepAction::To(3));
        let (_, marks) = stepper.staged(&s, &g, &[]);
        assert_eq!(marks.len(), 65 * 65);
        assert_eq!(stepper.example(&s, &g, None), None);
    }

    #[test]
    fn step_demos_mark_their_stage() {
        let s = Setup {
            recipe: Recipe::Midpoint {
                params: MpdParams::DEFAULT,
                stage: Stage::Center,
            },
            seed: 1,
        };
        let g = grid(&s);
        let stepper = Stepper::for_setup(&s);
        assert_eq!(stepper.count(), 0, "no stepper on a step demo");
        let (_, marks) = stepper.staged(&s, &g, &[]);
        assert_eq!(marks.iter().filter(|&&m| m == Mark::Highlight).count(), 1);
    }
}
