//! What the generator worker makes for a demo: the full terrain generated, the points shown on
//! screen kept, fault maps step by step (every step from one generation), and the variogram.

use terrain::creases::crease_score;
use terrain::diamond_square;
use terrain::display::{self, DisplayGrid, Mark};
use terrain::erosion::{self, ErosionParams};
use terrain::faults::{self, FaultParams};
use terrain::midpoint::MpdParams;
use terrain::steps::{self, Schedule};
use terrain::variogram::{self, Variogram};
use terrain::{Heightmap, ParamError, Recipe};

use super::demos::{Demo, Look};
use super::fields::Setup;

/// What the generator worker hands back for one request: small enough to send, everything the
/// page needs to show the terrain at every step.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The shown points of the finished map.
    pub grid: DisplayGrid,
    /// For faults: the shown heights at each step but the last (step 0 = no fault yet, then 1, 2,
    /// 4 ... faults), one grid after another, on the finished map's scale. Empty otherwise.
    pub batches: Vec<f32>,
    /// The finished map's variogram.
    pub variogram: Variogram,
    /// For the comparison of midpoint displacement and Diamond-Square: their crease scores, in
    /// that order (`terrain::creases`); `None` for every other demo.
    pub creases: Option<[f32; 2]>,
    /// For erosion: one mark code per shown point ([`trail_mark`]) for each step of one droplet,
    /// one grid after another: where the droplet rolled, took and laid material. Empty otherwise.
    pub trails: Vec<u8>,
}

/// The mark of a code in [`Answer::trails`]: 1 the droplet's path, 2 ground it took material
/// from, 3 ground it laid material on, anything else nothing.
pub fn trail_mark(code: u8) -> Mark {
    match code {
        1 => Mark::Highlight,
        2 => Mark::Removed,
        3 => Mark::Laid,
        _ => Mark::Set,
    }
}

/// The index among `positions` (rising) of the one nearest `v`.
fn nearest(positions: &[usize], v: f32) -> usize {
    let after = positions.partition_point(|&p| (p as f32) < v);
    match (after.checked_sub(1), positions.get(after)) {
        (Some(before), Some(&next)) if v - positions[before] as f32 <= next as f32 - v => before,
        (_, Some(_)) => after,
        (Some(before), None) => before,
        (None, None) => 0,
    }
}

/// Columns of holes between the two maps of a pair, per shown column of one map.
const PAIR_GAP: usize = 12;

impl Demo {
    /// The shown points of `map`.
    pub(crate) fn shown(&self, map: &Heightmap) -> DisplayGrid {
        let (columns, rows) = self.look.most_shown();
        display::display_grid(map, columns, rows)
    }

    /// Generates the full terrain for `setup` and keeps the points shown on screen.
    pub fn display_grid(&self, setup: &Setup) -> Result<DisplayGrid, ParamError> {
        Ok(self.answer(setup)?.grid)
    }

    /// The work done off the page's main thread: generates the full terrain for `setup` (faults
    /// step by step; for a pair, Diamond-Square's map of the same setup too, and both crease
    /// scores), keeps the points shown on screen and measures the variogram.
    pub fn answer(&self, setup: &Setup) -> Result<Answer, ParamError> {
        let mut trails = Vec::new();
        let (map, batches) = match setup.recipe {
            Recipe::Faults { params } => self.fault_batches(&params, setup.seed)?,
            Recipe::Eroded { params, erosion } => {
                self.erosion_steps(&params, &erosion, setup.seed, &mut trails)?
            }
            recipe => (recipe.generate(setup.seed)?, Vec::new()),
        };
        let (grid, creases) = match (self.look, setup.recipe.subdivision()) {
            (Look::Pair, Some(&params)) => {
                let ds = Recipe::DiamondSquare {
                    params,
                    stage: diamond_square::Stage::Full,
                    wrap: false,
                }
                .generate(setup.seed)?;
                let shown = self.shown(&map);
                let gap = (shown.size().0 / PAIR_GAP).max(2);
                let pair = display::side_by_side(&shown, &self.shown(&ds), gap);
                let scores = crease_score(&map).zip(crease_score(&ds));
                (pair.unwrap_or(shown), scores.map(|(a, b)| [a, b]))
            }
            _ => (self.shown(&map), None),
        };
        Ok(Answer {
            grid,
            batches,
            variogram: variogram::variogram(&map),
            creases,
            trails,
        })
    }

    /// The eroded map and, for every step but the last, its shown heights (step 0: the
    /// Diamond-Square terrain before any droplet), on the finished map's scale; the marks of
    /// each one-droplet step go to `trails`.
    fn erosion_steps(
        &self,
        params: &MpdParams,
        erosion: &ErosionParams,
        seed: u64,
        trails: &mut Vec<u8>,
    ) -> Result<(Heightmap, Vec<f32>), ParamError> {
        erosion.validate()?;
        let mut map = diamond_square::generate(params, seed)?;
        let (most_columns, most_rows) = self.look.most_shown();
        let columns = display::display_positions(map.width(), most_columns.max(2));
        let rows = display::display_positions(map.height(), most_rows.max(2));
        let shown = |m: &Heightmap| -> Vec<f32> {
            rows.iter()
                .flat_map(|&y| columns.iter().map(move |&x| m.get(x, y)))
                .collect()
        };
        let mut heights = shown(&map);
        let ends = steps::erosion_ends(erosion.droplets);
        let last = ends.len() as u32;
        let width = map.width();
        erosion::erode_in_steps(&mut map, erosion, seed, &ends, |step, now, trail| {
            if let Some(trail) = trail {
                let mut codes = vec![0u8; columns.len() * rows.len()];
                let at = |x: f32, y: f32| nearest(&rows, y) * columns.len() + nearest(&columns, x);
                let cell = |i: usize| at((i % width) as f32, (i / width) as f32);
                for &i in &trail.eroded {
                    codes[cell(i)] = 2;
                }
                for &i in &trail.filled {
                    codes[cell(i)] = 3;
                }
                for &(x, y) in &trail.path {
                    codes[at(x, y)] = 1;
                }
                trails.extend(codes);
            }
            if step < last {
                heights.extend(shown(now));
            }
        })?;
        Ok((map, heights))
    }

    /// The fault map and, for every step but the last, its shown heights after that step's
    /// faults, each step normalised to 0..1 by its own lowest and highest cell as the finished
    /// map is (step 0, flat, at 0). On the finished map's scale instead, the early steps of
    /// shapes would stand far above it: a circle or rectangle raises its small inside and lowers
    /// the large rest, so the levels drift down fault by fault.
    fn fault_batches(
        &self,
        params: &FaultParams,
        seed: u64,
    ) -> Result<(Heightmap, Vec<f32>), ParamError> {
        let width = params.width;
        // The same points `shown` keeps of the finished map.
        let (most_columns, most_rows) = self.look.most_shown();
        let columns = display::display_positions(width, most_columns.max(2));
        let rows = display::display_positions(params.height, most_rows.max(2));
        // Step 0: no fault yet, a flat map.
        let mut heights = vec![0.0; columns.len() * rows.len()];
        let schedule = Schedule::Faults(*params);
        let last = schedule.count();
        let ends: Vec<u32> = (1..=last).map(|s| schedule.faults_in(s).1).collect();
        let map = faults::generate_in_steps(params, seed, &ends, |step, all| {
            if step == last {
                return;
            }
            let (lo, hi) = all
                .iter()
                .fold((i32::MAX, i32::MIN), |(lo, hi), &l| (lo.min(l), hi.max(l)));
            let span = (f64::from(hi) - f64::from(lo)).max(1.0);
            let points = rows
                .iter()
                .flat_map(|&y| columns.iter().map(move |&x| all[y * width + x]));
            heights.extend(points.map(|level| ((f64::from(level) - f64::from(lo)) / span) as f32));
        })?;
        Ok((map, heights))
    }
}
