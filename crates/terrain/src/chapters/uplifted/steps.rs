//! Uplift, stepped through time: the near-flat start, then the land after 1, 2, 4 ... time
//! steps, each caption ending with what the worker measured there (the highest peak and how far
//! it moved in that step).

use super::Uplifted;
use crate::chapters::steps::{batch_staged, doubling_ends, Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

impl Uplifted {
    /// The time steps done after each step of the stepper: 1, 2, 4 ... then all of them.
    pub(super) fn ends(&self) -> Vec<u32> {
        doubling_ends(1, self.uplift.steps.max(1))
    }
}

impl Steps for Uplifted {
    fn count(&self) -> u32 {
        self.ends().len() as u32
    }

    fn points_set_at(&self, _step: u32) -> u64 {
        1
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let ends = self.ends();
        match step {
            0 => format!("Start (step 0 of {last}): near-flat random ground, before any uplift"),
            step => {
                let done = ends[(step as usize).min(ends.len()) - 1];
                let time = done as f32 * self.uplift.dt;
                let plural = if done == 1 { "" } else { "s" };
                format!("Step {step} of {last}: {done} time step{plural}, time {time}")
            }
        }
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        batch_staged(step, shown)
    }
}

/// Where the generator is (not in the worker's own module, which hands uplift on).
#[cfg(feature = "erosion")]
pub(super) mod through_time {
    use super::Uplifted;
    use crate::chapters::steps::{shown_heights, InSteps};
    use crate::knobs::params::ParamError;
    use crate::knobs::EXPONENT;
    use crate::map::heightmap::Heightmap;

    /// The highest height of `map`.
    fn highest(map: &Heightmap) -> f32 {
        map.data().iter().copied().fold(f32::MIN, f32::max)
    }

    /// The uplifted map, the shown heights at the start and after each step but the last, and
    /// what each step measured: the highest peak, and its change over the last time step.
    pub(in crate::chapters) fn in_time(
        uplifted: &Uplifted,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<InSteps, ParamError> {
        EXPONENT.check_whole(u64::from(uplifted.exponent))?;
        let mut map = uplifted.start(seed)?;
        let ends = uplifted.ends();
        let total = uplifted.uplift.steps;
        let mut batches = shown_heights(&map, columns, rows);
        let mut notes = format!("highest peak {:.2}", highest(&map));
        let mut before = highest(&map);
        uplifted.uplift.run_seen(&mut map, |done, now| {
            let peak = highest(now);
            if ends.contains(&done) {
                let moved = (peak - before).abs() / peak.abs().max(f32::MIN_POSITIVE);
                notes.push('\n');
                notes.push_str(&format!(
                    "highest peak {peak:.2}, moved {:.2} % in the last time step",
                    100.0 * moved
                ));
                if done < total {
                    batches.extend(shown_heights(now, columns, rows));
                }
            }
            before = peak;
        })?;
        // Heights 0 to 1 at the end, as the map's, and the steps before on the same scale, so
        // the land is seen rising.
        let range = map.range();
        let (lo, hi) = range.unwrap_or((0.0, 1.0));
        let span = (hi - lo).max(f32::MIN_POSITIVE);
        crate::chain::uplift::rescale(&mut map, 0.0, 1.0);
        map.set_range_before_normalising(range);
        batches.iter_mut().for_each(|h| *h = (*h - lo) / span);
        Ok(InSteps {
            map,
            batches,
            trails: Vec::new(),
            notes,
            masks: Vec::new(),
        })
    }
}
