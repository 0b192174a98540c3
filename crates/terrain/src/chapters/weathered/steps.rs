//! Weathering, stepped: the start, then the map after 1, 2, 4 ... rounds of sliding, the cells
//! still steeper than the talus marked in magenta (the start's too), each step's caption ending
//! with the share of steep pairs and Olsen's erosion score measured in the worker. Where steep
//! cells fill the ground the magenta outlines them and dots their inside, so the land they
//! cover still shows.

use super::Weathered;
use crate::chapters::steps::{batch_grid, doubling_ends, trail_mark, Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

impl Weathered {
    /// The rounds done after each step from 1: 1, 2, 4 ... then all of them. (Not inlined: the
    /// page's module calls it from three places.)
    #[inline(never)]
    pub(super) fn ends(&self) -> Vec<u32> {
        doubling_ends(1, self.step.iterations.max(1))
    }
}

impl Steps for Weathered {
    fn count(&self) -> u32 {
        self.ends().len() as u32
    }

    fn points_set_at(&self, step: u32) -> u64 {
        let ends = self.ends();
        let end = |s: u32| match s {
            0 => 0,
            s => ends[(s as usize).min(ends.len()) - 1],
        };
        u64::from(end(step) - end(step.saturating_sub(1)))
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let ends = self.ends();
        let talus = self.step.talus;
        match step {
            0 => format!(
                "Start (step 0 of {last}): the Diamond-Square terrain before anything slides; \
                 magenta marks the cells steeper than the {talus}° talus"
            ),
            step => {
                let rounds = ends[(step as usize).min(ends.len()) - 1];
                let plural = if rounds == 1 { "" } else { "s" };
                format!(
                    "Step {step} of {last}: {rounds} round{plural} of sliding towards the \
                     {talus}° talus; magenta marks the cells still steeper than it"
                )
            }
        }
    }

    /// The last step's caption gives the share still steep, so its cells are marked too.
    fn marks_the_last(&self) -> bool {
        true
    }

    /// The heights the worker kept after `step` (the finished map at the last), with the steep
    /// cells it marked then: one grid of codes a step, from the start.
    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        let grid = batch_grid(step, shown).unwrap_or_else(|| shown.grid.clone());
        let n = grid.heights.len();
        let at = step as usize * n;
        let marks = match shown.trails.get(at..at + n) {
            Some(codes) => codes.iter().map(|&c| trail_mark(c)).collect(),
            None => Vec::new(),
        };
        (grid, marks)
    }
}

/// Where the generator is (not in the worker's own module, which hands weathering on).
#[cfg(feature = "erosion")]
pub(super) mod rounds {
    use super::Weathered;
    use crate::chain::thermal::{self, steep_cells, steep_share};
    use crate::chapters::diamond_square::algorithm as diamond_square;
    use crate::chapters::eroded::algorithm::score::erosion_score;
    use crate::chapters::steps::{shown_at, shown_heights, InSteps, TRAIL_PATH};
    use crate::knobs::params::ParamError;
    use crate::map::heightmap::Heightmap;

    /// The weathered map, the shown heights at the start and after each step but the last,
    /// the cells steeper than the talus at the start and after each step, marked, and what
    /// each step measured.
    pub(in crate::chapters) fn in_rounds(
        weathered: &Weathered,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<InSteps, ParamError> {
        use crate::chain::Step;
        weathered.step.validate()?;
        let mut map = diamond_square::generate(&weathered.params, seed)?;
        let span = thermal::span(&map);
        let talus = weathered.step.talus;
        let shown = |m: &Heightmap| shown_heights(m, columns, rows);
        let note = |m: &Heightmap| {
            format!(
                "{:.1} % of neighbouring pairs steeper than the talus; Olsen's erosion score \
                 (spread of slopes over their mean) {:.3}",
                100.0 * steep_share(m, talus, span),
                erosion_score(m)
            )
        };
        let marks = |m: &Heightmap| {
            let mut steep = vec![false; columns.len() * rows.len()];
            let width = m.width();
            for (i, _) in steep_cells(m, talus, span)
                .iter()
                .enumerate()
                .filter(|(_, &steep)| steep)
            {
                let (x, y) = ((i % width) as f32, (i / width) as f32);
                steep[shown_at(columns, rows, x, y)] = true;
            }
            outlined_and_dotted(&steep, columns.len())
        };
        let mut batches = shown(&map);
        let mut notes = note(&map);
        let mut trails = marks(&map);
        let ends = weathered.ends();
        let total = weathered.step.iterations;
        weathered.step.apply_seen(&mut map, &ends, |done, now| {
            trails.extend(marks(now));
            notes.push('\n');
            notes.push_str(&note(now));
            if done < total {
                batches.extend(shown(now));
            }
        })?;
        Ok(InSteps {
            map,
            batches,
            trails,
            notes,
            masks: Vec::new(),
        })
    }

    /// The trail codes that show the shown points flagged `steep` (a grid `columns` wide): every
    /// steep point with a point that is not steep around it (its 8 neighbours; beyond the map's
    /// edge counts as steep) is marked, and inside wide steep ground one point in four (even
    /// column and row), so the marks outline the steep ground and dot it without hiding the land
    /// under them. No steep point is far from a mark: any steep ground has an edge or a dot.
    pub(in crate::chapters::weathered) fn outlined_and_dotted(
        steep: &[bool],
        columns: usize,
    ) -> Vec<u8> {
        let rows = steep.len() / columns.max(1);
        let at = |x: usize, y: usize| steep[y * columns + x];
        let inside = |x: usize, y: usize| {
            (-1i64..=1).all(|dy| {
                (-1i64..=1).all(|dx| {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    let beyond = nx < 0 || ny < 0 || nx >= columns as i64 || ny >= rows as i64;
                    beyond || at(nx as usize, ny as usize)
                })
            })
        };
        (0..steep.len())
            .map(|i| {
                let (x, y) = (i % columns, i / columns);
                let shown = at(x, y) && (!inside(x, y) || (x % 2 == 0 && y % 2 == 0));
                if shown {
                    TRAIL_PATH
                } else {
                    0
                }
            })
            .collect()
    }
}
