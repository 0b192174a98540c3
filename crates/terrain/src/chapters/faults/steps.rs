//! Faults, stepped by doubling counts: the steps end after 1, 2, 4 ... faults and the last after
//! all of them ([`fault_steps`]); a step outlines the cuts it added.

use super::Faults;
use crate::chapters::steps::{batch_range, batch_staged, fault_steps, Shown, Steps, MOST_OUTLINED};
use crate::shown::display::{DisplayGrid, Mark};

impl Faults {
    /// The faults step `step` adds begin at `.0` and end before `.1` (0-based): none at step 0,
    /// then each batch, the last adding the rest.
    fn added_in(&self, step: u32) -> (u32, u32) {
        let p = &self.params;
        let end = |s: u32| match s {
            0 => 0,
            s if s >= fault_steps(p.iterations) => p.iterations,
            s => (1u32 << (s - 1)).min(p.iterations),
        };
        batch_range(step, self.count(), end)
    }
}

impl Steps for Faults {
    fn count(&self) -> u32 {
        fault_steps(self.params.iterations)
    }

    fn added(&self, step: u32) -> [(u32, u32); 2] {
        [self.added_in(step), (0, 0)]
    }

    fn points_set_at(&self, step: u32) -> u64 {
        let (from, to) = self.added_in(step);
        u64::from(to - from)
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let (from, to) = self.added_in(step);
        let total = self.params.iterations;
        match to - from {
            _ if step == 0 => format!("Start (step 0 of {last}): no fault yet, a flat map"),
            1 => format!(
                "Step {step} of {last}: fault {to} of {total}, outlined: one cut raises one side \
                 and lowers the other"
            ),
            added if added <= MOST_OUTLINED => format!(
                "Step {step} of {last}: faults {} to {to} of {total} ({added} new cuts, outlined)",
                from + 1
            ),
            added => format!(
                "Step {step} of {last}: faults {} to {to} of {total} ({added} new cuts, the \
                 first {MOST_OUTLINED} outlined)",
                from + 1
            ),
        }
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        batch_staged(step, shown)
    }
}

/// Where the generator is (not in the worker's own module, which hands fault lines on).
#[cfg(feature = "faults")]
pub(super) mod batches {
    use super::Faults;
    use crate::chapters::faults::algorithm::Outline;
    use crate::chapters::faults::algorithm::{self as faults, FaultParams};
    use crate::chapters::steps::{InSteps, Steps, MOST_OUTLINED, TRAIL_PATH};
    use crate::knobs::params::ParamError;
    use crate::shown::display::Mark;

    /// The fault map, each step but the last normalised to 0..1 by its own lowest and highest cell
    /// as the finished map is (step 0, flat, at 0), and the outlines of the cuts each of those steps
    /// adds (its first [`MOST_OUTLINED`]) as trail codes: drawn here, in the worker, so the page's
    /// first module holds none of the faults' geometry. On the finished map's scale instead, the early
    /// steps of shapes would stand far above it: a circle or rectangle raises its small inside and
    /// lowers the large rest, so the levels drift down fault by fault.
    pub(in crate::chapters) fn fault_batches(
        params: &FaultParams,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<InSteps, ParamError> {
        let width = params.width;
        // Step 0: no fault yet, a flat map.
        let mut heights = vec![0.0; columns.len() * rows.len()];
        let batches = Faults { params: *params };
        let last = batches.count();
        let ends: Vec<u32> = (1..=last).map(|s| batches.added_in(s).1).collect();
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
        let mut trails = Vec::new();
        for step in 1..last {
            let (from, to) = batches.added_in(step);
            let outlines = faults::outlines(params, seed, from..to.min(from + MOST_OUTLINED))?;
            let marks = outline_marks(&outlines, columns, rows);
            trails.extend(
                marks
                    .iter()
                    .map(|&m| u8::from(m == Mark::Highlight) * TRAIL_PATH),
            );
        }
        Ok(InSteps {
            map,
            batches: heights,
            trails,
            notes: String::new(),
            masks: Vec::new(),
        })
    }

    /// One mark per shown point (at map `columns` and `rows`): [`Mark::Highlight`] on the boundary
    /// of any of `outlines`, within the band of a fuzzy fault or, for a sharp one, within half the
    /// spacing of the shown points either side (so the line is one point wide); [`Mark::Set`]
    /// elsewhere. Empty when there are no outlines.
    pub fn outline_marks(outlines: &[Outline], columns: &[usize], rows: &[usize]) -> Vec<Mark> {
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
}
