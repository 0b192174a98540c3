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
#[derive(Debug, Clone, PartialEq, Default)]
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
            step: schedule.as_ref().map_or(0, Schedule::count),
            schedule,
            playing: false,
        }
    }

    /// The schedule, if the terrain can be stepped through.
    pub fn schedule(&self) -> Option<&Schedule> {
        self.schedule.as_ref()
    }

    /// The step on screen.
    pub fn step(&self) -> u32 {
        self.step
    }

    /// The last step (the finished map).
    pub fn count(&self) -> u32 {
        self.schedule.as_ref().map_or(0, Schedule::count)
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
    /// last step, so the finished map is drawn exactly as without stepping, except where the
    /// last step's caption speaks of marks: weathering's cells still steeper than the talus).
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

    /// The example point of the current step and the points it averaged, as indices of shown
    /// points: the first of [`Stepper::examples`].
    pub fn example(&self, setup: &Setup, grid: &DisplayGrid, hover: Option<usize>) -> Option<Link> {
        self.examples(setup, grid, hover).into_iter().next()
    }

    /// Points the current step set, each with the points it averaged (as indices of shown
    /// points), best first: the point at `hover` if the step set it, then the step's points
    /// nearest the middle of all it set (the center of a recursive call's view; near the map's
    /// center for a pass over the whole map), at most [`CANDIDATES`]. Empty at the last step,
    /// for faults, or when the step's points are finer than the display shows.
    pub fn examples(&self, setup: &Setup, grid: &DisplayGrid, hover: Option<usize>) -> Vec<Link> {
        // A tile is shown 2 x 2: its points have no single place to ring.
        let Some(schedule) = self
            .schedule
            .as_ref()
            .filter(|_| !self.at_end() && self.step > 0 && setup.recipe.wrap() != Some(true))
        else {
            return Vec::new();
        };
        let (columns, rows) = positions(setup, grid);
        let at = |i: usize| (columns[i % columns.len()], rows[i / columns.len()]);
        let of_step = |i: usize| {
            let (x, y) = at(i);
            schedule.step_of(x, y) == Some(self.step)
        };
        let hovered = hover.filter(|&i| i < grid.heights.len() && of_step(i));
        let set: Vec<usize> = (0..grid.heights.len()).filter(|&i| of_step(i)).collect();
        let chosen = hovered.into_iter().chain(
            middlemost(&set, &at)
                .into_iter()
                .filter(|&i| Some(i) != hovered),
        );
        chosen
            .take(CANDIDATES)
            .map(|index| {
                let (x, y) = at(index);
                let around = schedule.neighbours(x, y).into_iter();
                let shown = around.filter_map(|p| shown_index(&columns, &rows, p));
                (index, shown.collect())
            })
            .collect()
    }

    /// What the current step draws over the picture in every view, so the eye finds it
    /// ([`Highlight`]): [`Stepper::examples`] as alternatives, or on a step demo every point
    /// its stage set with the points it averaged; and a recursive call's view.
    pub fn highlight(&self, setup: &Setup, grid: &DisplayGrid, hover: Option<usize>) -> Highlight {
        let (columns, rows) = positions(setup, grid);
        let (links, alternatives) = match (&self.schedule, setup.recipe.stage()) {
            (Some(_), _) => (self.examples(setup, grid, hover), true),
            (None, Some(stage)) => {
                let shown = |p| shown_index(&columns, &rows, p);
                let points = rows
                    .iter()
                    .flat_map(|&y| columns.iter().map(move |&x| (x, y)));
                let links = points
                    .enumerate()
                    .map(|(i, (x, y))| {
                        let around = stage.neighbours(x, y).into_iter().filter_map(shown);
                        (i, around.collect::<Vec<usize>>())
                    })
                    .filter(|(_, around)| !around.is_empty())
                    .collect();
                (links, false)
            }
            (None, None) => (Vec::new(), false),
        };
        let frame = self
            .schedule
            .as_ref()
            .filter(|_| !self.at_end())
            .and_then(|s| s.frame(self.step))
            .map(|ends| corners(&columns, &rows, ends))
            .unwrap_or_default();
        Highlight {
            links,
            alternatives,
            frame,
        }
    }
}

/// Most example points a view chooses among ([`Stepper::examples`]).
pub const CANDIDATES: usize = 8;

/// A point a step set, with the points it averaged (indices of shown points).
pub type Link = (usize, Vec<usize>);

/// What a step draws over the picture, as indices of shown points: lines from the points it set
/// to the points each averaged (`links`), and the view a recursive call works in (`frame`, its
/// corners).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Highlight {
    /// Points with the points each averaged.
    pub links: Vec<Link>,
    /// Whether the links are alternatives, best first, of which a view draws one
    /// ([`Highlight::chosen`]); else all are drawn (a step demo's few points).
    pub alternatives: bool,
    /// The corners of a recursive call's view, in order around it (the last joins the first);
    /// empty for the other algorithms.
    pub frame: Vec<usize>,
}

impl Highlight {
    /// Whether there is nothing to draw (the finished map, a fault step).
    pub fn is_empty(&self) -> bool {
        self.links.is_empty() && self.frame.is_empty()
    }

    /// The links a view draws: all of them, or of alternatives the first (the best) that
    /// `score` rates at least `enough`, else the one it rates highest (the first of equals). A
    /// 3-D view rates how far apart its points land on screen, so no line runs along the line
    /// of sight and no ring hides another; the map view takes the first.
    pub fn chosen(&self, score: impl Fn(&Link) -> f64, enough: f64) -> &[Link] {
        if !self.alternatives {
            return &self.links;
        }
        let scores: Vec<f64> = self.links.iter().map(score).collect();
        let best =
            || (0..scores.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b]).then(b.cmp(&a)));
        let chosen = scores.iter().position(|&s| s >= enough).or_else(best);
        chosen.map_or(&[], |i| &self.links[i..=i])
    }
}

/// The [`CANDIDATES`] of `points` (shown indices) nearest their mean position, nearest first
/// (equals in their order), with `at` giving each one's map column and row.
fn middlemost(points: &[usize], at: &dyn Fn(usize) -> (usize, usize)) -> Vec<usize> {
    let n = points.len().max(1) as f64;
    let (sx, sy) = points
        .iter()
        .map(|&i| at(i))
        .fold((0.0, 0.0), |(sx, sy), (x, y)| {
            (sx + x as f64, sy + y as f64)
        });
    let (mx, my) = (sx / n, sy / n);
    // The nearest few kept in order as the points go by: a handful of comparisons each, and no
    // sorting code in the page's first load (a selection and a sort cost it 1.3 KB gzipped).
    let mut nearest: Vec<(f64, usize)> = Vec::with_capacity(CANDIDATES + 1);
    for &i in points {
        let (x, y) = at(i);
        let d = (x as f64 - mx).powi(2) + (y as f64 - my).powi(2);
        let place = nearest
            .iter()
            .take_while(|(e, j)| (*e, *j) <= (d, i))
            .count();
        if place < CANDIDATES {
            nearest.insert(place, (d, i));
            nearest.truncate(CANDIDATES);
        }
    }
    nearest.into_iter().map(|(_, i)| i).collect()
}

/// The shown index of map point `(x, y)`, if it is among the shown `columns` and `rows`.
fn shown_index(columns: &[usize], rows: &[usize], (x, y): (usize, usize)) -> Option<usize> {
    let column = columns.iter().position(|&c| c == x)?;
    let row = rows.iter().position(|&r| r == y)?;
    Some(row * columns.len() + column)
}

/// The four corners of the map rectangle from corner `from` to corner `to`, as shown points in
/// order around it: each taken at its nearest shown column and row, so a view finer than the
/// display still shows where it is.
fn corners(columns: &[usize], rows: &[usize], [from, to]: [(usize, usize); 2]) -> Vec<usize> {
    let nearest = |list: &[usize], v: usize| {
        (0..list.len())
            .min_by_key(|&i| list[i].abs_diff(v))
            .unwrap_or(0)
    };
    let (c0, c1) = (nearest(columns, from.0), nearest(columns, to.0));
    let (r0, r1) = (nearest(rows, from.1), nearest(rows, to.1));
    let index = |c: usize, r: usize| r * columns.len() + c;
    vec![index(c0, r0), index(c1, r0), index(c1, r1), index(c0, r1)]
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
