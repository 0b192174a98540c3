//! Batches of faults and droplets: fault maps and erosion change everywhere with every fault or
//! droplet, so they step by counts that double (faults 1, 2, 4, 8 ... then all; the first
//! droplets one at a time, then 16, 32 ...). The heights after each batch are kept as the map is
//! made ([`in_steps`], the worker's work), and a step draws them with the cuts it added outlined
//! or the one droplet's trail.

use super::{Shown, Steps};
use crate::algorithms::diamond_square;
use crate::algorithms::erosion::{self, ErosionParams, ONE_AT_A_TIME};
use crate::algorithms::faults::{self, FaultParams, Outline};
use crate::algorithms::midpoint::MpdParams;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use crate::shown::display::{DisplayGrid, Mark};

/// Most faults a step outlines: a step that adds more outlines its first ones (the caption says
/// so), as hundreds of outlines would hide the map under them.
pub const MOST_OUTLINED: u32 = 64;

/// A trail code ([`InSteps::trails`]): the droplet rolled over the point.
pub const TRAIL_PATH: u8 = 1;
/// A trail code: the droplet took material from the point.
pub const TRAIL_REMOVED: u8 = 2;
/// A trail code: the droplet laid material on the point.
pub const TRAIL_LAID: u8 = 3;

/// The mark of a trail code; anything but the three codes is an untouched point.
pub fn trail_mark(code: u8) -> Mark {
    match code {
        TRAIL_PATH => Mark::Highlight,
        TRAIL_REMOVED => Mark::Removed,
        TRAIL_LAID => Mark::Laid,
        _ => Mark::Set,
    }
}

/// The number of steps of a map of `iterations` faults: the steps end after 1, 2, 4 ... faults,
/// and the last after all of them (12 steps for 1500 faults, 18 for 100000).
pub fn fault_steps(iterations: u32) -> u32 {
    1 + (u32::BITS - iterations.saturating_sub(1).leading_zeros())
}

/// The droplet counts after which erosion's steps end: 1, 2, ... [`ONE_AT_A_TIME`] one at a
/// time, then doubling (16, 32, ...), and the last step after all `droplets`.
pub fn erosion_ends(droplets: u32) -> Vec<u32> {
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

/// The stepping of faults or erosion.
#[derive(Debug, Clone, Copy)]
pub(super) enum Batches {
    /// Faults, by doubling counts.
    Faults(FaultParams),
    /// Droplets, one at a time, then by doubling counts.
    Droplets(ErosionParams),
}

impl Batches {
    /// The faults or droplets step `step` adds begin at `.0` and end before `.1` (0-based): none
    /// at step 0, then each batch, the last adding the rest.
    pub(super) fn added_in(&self, step: u32) -> (u32, u32) {
        if step == 0 {
            return (0, 0);
        }
        let end = |s: u32| match (s, self) {
            (0, _) => 0,
            (s, Batches::Faults(p)) if s >= fault_steps(p.iterations) => p.iterations,
            (s, Batches::Faults(p)) => (1u32 << (s - 1)).min(p.iterations),
            (s, Batches::Droplets(p)) => {
                let ends = erosion_ends(p.droplets);
                ends[(s as usize).min(ends.len()) - 1]
            }
        };
        (end(step - 1), end(step.min(self.count())))
    }
}

impl Steps for Batches {
    fn count(&self) -> u32 {
        match self {
            Batches::Faults(p) => fault_steps(p.iterations),
            Batches::Droplets(p) => erosion_ends(p.droplets).len() as u32,
        }
    }

    fn added(&self, step: u32) -> [(u32, u32); 2] {
        match self {
            Batches::Faults(_) => [self.added_in(step), (0, 0)],
            Batches::Droplets(_) => [(0, 0), self.added_in(step)],
        }
    }

    fn points_set_at(&self, step: u32) -> u64 {
        let (from, to) = self.added_in(step);
        u64::from(to - from)
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let (from, to) = self.added_in(step);
        match *self {
            Batches::Droplets(p) => {
                let total = p.droplets;
                match to - from {
                    _ if step == 0 => format!(
                        "Start (step 0 of {last}): the Diamond-Square terrain before any droplet"
                    ),
                    1 => format!(
                        "Step {step} of {last}: droplet {to} of {total}, its path in magenta: \
                         orange where it took material, blue where it laid it down"
                    ),
                    added => format!(
                        "Step {step} of {last}: droplets {} to {to} of {total} ({added} more); \
                         the Erosion view shows what all of them removed and laid down",
                        from + 1
                    ),
                }
            }
            Batches::Faults(p) => {
                let total = p.iterations;
                match to - from {
                    _ if step == 0 => {
                        format!("Start (step 0 of {last}): no fault yet, a flat map")
                    }
                    1 => format!(
                        "Step {step} of {last}: fault {to} of {total}, outlined: one cut raises \
                         one side and lowers the other"
                    ),
                    added if added <= MOST_OUTLINED => format!(
                        "Step {step} of {last}: faults {} to {to} of {total} ({added} new cuts, \
                         outlined)",
                        from + 1
                    ),
                    added => format!(
                        "Step {step} of {last}: faults {} to {to} of {total} ({added} new cuts, \
                         the first {MOST_OUTLINED} outlined)",
                        from + 1
                    ),
                }
            }
        }
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        let n = shown.grid.heights.len();
        let at = |step: u32| step as usize * n..(step as usize + 1) * n;
        let Some(heights) = shown.batches.get(at(step)) else {
            return (shown.grid.clone(), Vec::new());
        };
        let staged = DisplayGrid {
            heights: heights.to_vec(),
            ..shown.grid.clone()
        };
        let marks = match self {
            Batches::Faults(params) => {
                let (from, to) = self.added_in(step);
                let cuts = from..to.min(from + MOST_OUTLINED);
                let outlines = faults::outlines(params, shown.seed, cuts).unwrap_or_default();
                outline_marks(&outlines, shown.columns, shown.rows)
            }
            // A one-droplet step: its trail, if the worker traced it.
            Batches::Droplets(_) => match step.checked_sub(1) {
                Some(traced) => shown
                    .trails
                    .get(at(traced))
                    .map(|codes| codes.iter().map(|&c| trail_mark(c)).collect())
                    .unwrap_or_default(),
                None => Vec::new(),
            },
        };
        (staged, marks)
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

/// A map made batch by batch, with what its steps show.
#[derive(Debug, Clone, PartialEq)]
pub struct InSteps {
    /// The finished map.
    pub map: Heightmap,
    /// The shown heights after each step but the last, one grid after another (step 0: no
    /// fault yet, or the terrain before any droplet).
    pub batches: Vec<f32>,
    /// For erosion: one trail code per shown point ([`trail_mark`]) for each one-droplet step,
    /// one grid after another. Empty for faults.
    pub trails: Vec<u8>,
}

/// The fault map, each step but the last normalised to 0..1 by its own lowest and highest cell
/// as the finished map is (step 0, flat, at 0). On the finished map's scale instead, the early
/// steps of shapes would stand far above it: a circle or rectangle raises its small inside and
/// lowers the large rest, so the levels drift down fault by fault.
pub fn fault_batches(
    params: &FaultParams,
    seed: u64,
    columns: &[usize],
    rows: &[usize],
) -> Result<InSteps, ParamError> {
    let width = params.width;
    // Step 0: no fault yet, a flat map.
    let mut heights = vec![0.0; columns.len() * rows.len()];
    let batches = Batches::Faults(*params);
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
    Ok(InSteps {
        map,
        batches: heights,
        trails: Vec::new(),
    })
}

/// The eroded Diamond-Square map, each step but the last on the finished map's scale (step 0:
/// the terrain before any droplet), and the trail of each one-droplet step.
pub fn erosion_batches(
    params: &MpdParams,
    erosion: &ErosionParams,
    seed: u64,
    columns: &[usize],
    rows: &[usize],
) -> Result<InSteps, ParamError> {
    erosion.validate()?;
    let mut map = diamond_square::generate(params, seed)?;
    let shown = |m: &Heightmap| -> Vec<f32> {
        rows.iter()
            .flat_map(|&y| columns.iter().map(move |&x| m.get(x, y)))
            .collect()
    };
    let mut heights = shown(&map);
    let mut trails = Vec::new();
    let ends = erosion_ends(erosion.droplets);
    let last = ends.len() as u32;
    let width = map.width();
    erosion::erode_in_steps(&mut map, erosion, seed, &ends, |step, now, trail| {
        if let Some(trail) = trail {
            let mut codes = vec![0u8; columns.len() * rows.len()];
            let at = |x: f32, y: f32| nearest(rows, y) * columns.len() + nearest(columns, x);
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
    })
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
