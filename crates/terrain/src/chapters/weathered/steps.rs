//! Weathering, stepped: the start, then the map after 1, 2, 4 ... rounds of sliding, the cells
//! still steeper than the talus marked in magenta, each step's caption ending with the share of
//! steep pairs and Olsen's erosion score measured in the worker.

use super::Weathered;
use crate::chapters::steps::{batch_staged, doubling_ends, Shown, Steps};
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
                "Start (step 0 of {last}): the Diamond-Square terrain before anything slides"
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

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        batch_staged(step, shown)
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
    /// the cells steeper than the talus after each step, marked, and what each step measured.
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
        let mut batches = shown(&map);
        let mut notes = note(&map);
        let mut trails = Vec::new();
        let ends = weathered.ends();
        let total = weathered.step.iterations;
        let width = map.width();
        weathered.step.apply_seen(&mut map, &ends, |done, now| {
            let mut codes = vec![0u8; columns.len() * rows.len()];
            for (i, _) in steep_cells(now, talus, span)
                .iter()
                .enumerate()
                .filter(|(_, &steep)| steep)
            {
                let (x, y) = ((i % width) as f32, (i / width) as f32);
                codes[shown_at(columns, rows, x, y)] = TRAIL_PATH;
            }
            trails.extend(codes);
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
        })
    }
}
