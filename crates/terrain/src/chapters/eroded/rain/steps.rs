//! Rain at scale, stepped batch by batch: the steps end after 1, 2, 4 ... batches and the last
//! after every droplet, as fault lines step by faults ([`fault_steps`] of the batches); each
//! step shows the map as the batches left it.

use super::RainAtScale;
use crate::chapters::steps::{batch_range, batch_staged, fault_steps, Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

/// The droplet counts after which the steps end: 1, 2, 4 ... batches of `batch`, then all
/// `droplets` (10 steps for 300 000 droplets in batches of 1024).
#[cfg(any(test, feature = "erosion"))]
pub fn rain_ends(droplets: u32, batch: u32) -> Vec<u32> {
    crate::chapters::steps::doubling_ends(batch, droplets)
}

impl RainAtScale {
    /// Batches in the whole run.
    fn batches(&self) -> u32 {
        self.step.0.droplets.div_ceil(self.step.0.batch.max(1))
    }

    /// The droplets step `step` adds begin at `.0` and end before `.1`: none at step 0.
    fn added_in(&self, step: u32) -> (u32, u32) {
        let (batch, droplets) = (self.step.0.batch.max(1), self.step.0.droplets);
        let end = |s: u32| match s {
            0 => 0,
            s if s >= self.count() => droplets,
            s => (u64::from(batch) << (s - 1)).min(u64::from(droplets)) as u32,
        };
        batch_range(step, self.count(), end)
    }
}

impl Steps for RainAtScale {
    fn count(&self) -> u32 {
        fault_steps(self.batches())
    }

    fn added(&self, step: u32) -> [(u32, u32); 2] {
        [(0, 0), self.added_in(step)]
    }

    fn points_set_at(&self, step: u32) -> u64 {
        let (from, to) = self.added_in(step);
        u64::from(to - from)
    }

    fn caption(&self, step: u32) -> String {
        let (last, (from, to)) = (self.count(), self.added_in(step));
        match step {
            // The erosion chapter's words, so the page holds them once.
            0 => format!("Start (step 0 of {last}): the Diamond-Square terrain before any droplet"),
            _ if step == last && step > 1 => format!(
                "Step {step} of {last}: all {} droplets in {} batches ({})",
                self.step.0.droplets,
                self.batches(),
                crate::chapters::eroded::steps::rain_told(
                    &self.step.0,
                    crate::knobs::limits::side_for_exponent(self.params.exponent)
                ),
            ),
            _ => format!(
                "Step {step} of {last}: droplets {} to {to} of {}, through batch {}",
                from + 1,
                self.step.0.droplets,
                to.div_ceil(self.step.0.batch.max(1)),
            ),
        }
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        batch_staged(step, shown)
    }
}
