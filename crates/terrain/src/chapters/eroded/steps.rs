//! Erosion, stepped: the first droplets one at a time, then doubling counts ([`erosion_ends`]);
//! a one-droplet step draws the droplet's trail.

use super::Eroded;
use crate::chapters::eroded::algorithm::ONE_AT_A_TIME;
use crate::chapters::steps::{batch_range, batch_staged, Shown, Steps};
use crate::shown::display::{DisplayGrid, Mark};

/// The droplet counts after which erosion's steps end: 1, 2, ... [`ONE_AT_A_TIME`] one at a
/// time, then doubling (16, 32, ...), and the last step after all `droplets`.
pub(crate) fn erosion_ends(droplets: u32) -> Vec<u32> {
    let mut ends: Vec<u32> = (1..=ONE_AT_A_TIME.min(droplets)).collect();
    let mut next = 2 * ONE_AT_A_TIME;
    while next < droplets {
        ends.push(next);
        next = next.saturating_mul(2);
    }
    if ends.last() != Some(&droplets) {
        ends.push(droplets);
    }
    ends
}

/// How hard it rained on a `side` x `side` map, for the last step's caption: "0.45 droplets
/// a cell, each living up to 30 steps" (the count per cell is what decides how deep valleys
/// cut, whatever the map's size; the lifetime scales with the map unless set).
pub(crate) fn rain_told(
    params: &crate::chapters::eroded::algorithm::ErosionParams,
    side: usize,
) -> String {
    let per_cell = f64::from(params.droplets) / (side * side) as f64;
    let shown = if per_cell < 10.0 {
        format!("{per_cell:.2}")
    } else {
        format!("{per_cell:.0}")
    };
    format!(
        "{shown} droplets a cell, each living up to {} steps",
        params.lifetime_on(side, side)
    )
}

impl Eroded {
    /// The droplets step `step` adds begin at `.0` and end before `.1` (0-based): none at step
    /// 0, then each batch, the last adding the rest.
    fn added_in(&self, step: u32) -> (u32, u32) {
        let ends = erosion_ends(self.step.0.droplets);
        let end = |s: u32| match s {
            0 => 0,
            s => ends[(s as usize).min(ends.len()) - 1],
        };
        batch_range(step, self.count(), end)
    }
}

impl Steps for Eroded {
    fn count(&self) -> u32 {
        erosion_ends(self.step.0.droplets).len() as u32
    }

    fn added(&self, step: u32) -> [(u32, u32); 2] {
        [(0, 0), self.added_in(step)]
    }

    fn points_set_at(&self, step: u32) -> u64 {
        let (from, to) = self.added_in(step);
        u64::from(to - from)
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let (from, to) = self.added_in(step);
        let total = self.step.0.droplets;
        if step == last && step > 1 {
            return format!(
                "Step {step} of {last}: all {total} droplets ({}); the Erosion view shows what \
                 they removed and laid down",
                rain_told(
                    &self.step.0,
                    crate::knobs::limits::side_for_exponent(self.params.exponent)
                )
            );
        }
        match to - from {
            _ if step == 0 => {
                format!("Start (step 0 of {last}): the Diamond-Square terrain before any droplet")
            }
            1 => format!(
                "Step {step} of {last}: droplet {to} of {total}, its path in magenta: orange \
                 where it took material, blue where it laid it down"
            ),
            added => format!(
                "Step {step} of {last}: droplets {} to {to} of {total} ({added} more); the \
                 Erosion view shows what all of them removed and laid down",
                from + 1
            ),
        }
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        // A one-droplet or fault step: its trail or the cuts it added, as the worker traced them.
        batch_staged(step, shown)
    }
}

/// Where the generator is (not in the worker's own module, which hands erosion on).
#[cfg(feature = "erosion")]
pub(super) mod batches {
    use super::erosion_ends;
    use crate::chapters::diamond_square::algorithm as diamond_square;
    use crate::chapters::eroded::algorithm::{self as erosion, ErosionParams};
    use crate::chapters::midpoint::algorithm::MpdParams;
    use crate::chapters::steps::{
        shown_at, shown_heights, InSteps, TRAIL_LAID, TRAIL_PATH, TRAIL_REMOVED,
    };
    use crate::knobs::params::ParamError;
    use crate::map::heightmap::Heightmap;

    /// The eroded Diamond-Square map, each step but the last on the finished map's scale (step 0:
    /// the terrain before any droplet), and the trail of each one-droplet step.
    pub(in crate::chapters) fn erosion_batches(
        params: &MpdParams,
        erosion: &ErosionParams,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<InSteps, ParamError> {
        erosion.validate()?;
        let mut map = diamond_square::generate(params, seed)?;
        let shown = |m: &Heightmap| shown_heights(m, columns, rows);
        let mut heights = shown(&map);
        let mut trails = Vec::new();
        let ends = erosion_ends(erosion.droplets);
        let last = ends.len() as u32;
        let width = map.width();
        erosion::erode_in_steps(&mut map, erosion, seed, &ends, |step, now, trail| {
            if let Some(trail) = trail {
                let mut codes = vec![0u8; columns.len() * rows.len()];
                let at = |x: f32, y: f32| shown_at(columns, rows, x, y);
                let cell = |i: usize| at((i % width) as f32, (i / width) as f32);
                for &i in &trail.eroded {
                    codes[cell(i)] = TRAIL_REMOVED;
                }
                for &i in &trail.filled {
                    codes[cell(i)] = TRAIL_LAID;
                }
                for &(x, y) in &trail.path {
                    codes[at(x, y)] = TRAIL_PATH;
                }
                trails.extend(codes);
            }
            if step < last {
                heights.extend(shown(now));
            }
        })?;
        Ok(InSteps {
            map,
            batches: heights,
            trails,
            notes: String::new(),
            masks: Vec::new(),
        })
    }
}
