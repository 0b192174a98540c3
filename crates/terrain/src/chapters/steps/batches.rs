//! Batches of faults and droplets: fault maps and erosion change everywhere with every fault or
//! droplet, so they step by counts that double (faults 1, 2, 4, 8 ... then all; the first
//! droplets one at a time, then 16, 32 ...). The heights after each batch are kept as the map is
//! made (the chapters' `in_steps`, the worker's work), and a step draws them with the cuts it
//! added outlined or the one droplet's trail. What the two share is here; each chapter's own
//! batches are in its folder.

use super::Shown;
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

/// A mark code for a line drawn over the map (the lattice's gradients in a noise pair).
pub const TRAIL_LINE: u8 = 4;

/// The mark of a trail code; anything but the four codes is an untouched point.
pub fn trail_mark(code: u8) -> Mark {
    match code {
        TRAIL_PATH => Mark::Highlight,
        TRAIL_REMOVED => Mark::Removed,
        TRAIL_LAID => Mark::Laid,
        TRAIL_LINE => Mark::Outline,
        _ => Mark::Set,
    }
}

/// The number of steps of a map of `iterations` faults: the steps end after 1, 2, 4 ... faults,
/// and the last after all of them (12 steps for 1500 faults, 18 for 100000).
pub fn fault_steps(iterations: u32) -> u32 {
    1 + (u32::BITS - iterations.saturating_sub(1).leading_zeros())
}

/// `first`, twice that, four times ... while below `total`, then `total`: where steps end when
/// each adds as many as all before it (rain at scale's batches: `first` a batch; weathering's
/// rounds: `first` 1).
pub fn doubling_ends(first: u32, total: u32) -> Vec<u32> {
    let mut ends = Vec::new();
    let mut next = u64::from(first.max(1));
    while next < u64::from(total) {
        ends.push(next as u32);
        next *= 2;
    }
    ends.push(total);
    ends
}

/// The faults or droplets step `step` adds, from `.0` to before `.1` (0-based), where `end(s)`
/// is how many there are after step `s` of `count`: none at step 0, then each batch, the last
/// adding the rest.
pub fn batch_range(step: u32, count: u32, end: impl Fn(u32) -> u32) -> (u32, u32) {
    match step {
        0 => (0, 0),
        _ => (end(step - 1), end(step.min(count))),
    }
}

/// The shown heights after step `step` that the worker kept ([`Shown::batches`]); `None` past
/// the last kept step.
pub fn batch_grid(step: u32, shown: &Shown) -> Option<DisplayGrid> {
    let n = shown.grid.heights.len();
    let heights = shown
        .batches
        .get(step as usize * n..(step as usize + 1) * n)?;
    Some(DisplayGrid {
        heights: heights.to_vec(),
        ..shown.grid.clone()
    })
}

/// What a step of batches shows: the shown heights the worker kept after it, with the marks it
/// traced for it (a droplet's trail, the cuts a fault step added); the finished map past the
/// last kept step.
pub fn batch_staged(step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
    match batch_grid(step, shown) {
        Some(staged) => (staged, traced_marks(step, shown)),
        None => (shown.grid.clone(), Vec::new()),
    }
}

/// The marks the worker traced for step `step` ([`Shown::trails`]: the grid of codes before
/// it, as step 0 has none); none for a step it did not trace.
pub fn traced_marks(step: u32, shown: &Shown) -> Vec<Mark> {
    let n = shown.grid.heights.len();
    let Some(traced) = step.checked_sub(1) else {
        return Vec::new();
    };
    shown
        .trails
        .get(traced as usize * n..(traced as usize + 1) * n)
        .map(|codes| codes.iter().map(|&c| trail_mark(c)).collect())
        .unwrap_or_default()
}

/// A map made batch by batch, with what its steps show.
#[derive(Debug, Clone, PartialEq)]
pub struct InSteps {
    /// The finished map.
    pub map: Heightmap,
    /// The shown heights after each step but the last, one grid after another (step 0: no
    /// fault yet, or the terrain before any droplet).
    pub batches: Vec<f32>,
    /// One trail code per shown point ([`trail_mark`]) for each traced step from step 1, one
    /// grid after another: erosion's one-droplet steps (the droplet's trail), the faults' steps
    /// but the last (the cuts they add, outlined); weathering's steps (the cells still steeper
    /// than the talus).
    pub trails: Vec<u8>,
    /// What the worker measured at each step from step 0, one line a step, said after the
    /// step's caption (the weathered map's steep pairs and erosion score); empty where nothing
    /// is measured.
    pub notes: String,
    /// Where each step acts, for a composed terrain with a mask on any step: one byte per
    /// shown point (0: the map stays as it was given; 255: the step's own work) for each step
    /// from step 1, one grid after another (the Mask view draws it). Empty otherwise.
    pub masks: Vec<u8>,
}

/// `map`'s heights at the shown map `columns` and `rows`, row by row: what a step of batches
/// keeps of the map after it.
pub fn shown_heights(map: &Heightmap, columns: &[usize], rows: &[usize]) -> Vec<f32> {
    rows.iter()
        .flat_map(|&y| columns.iter().map(move |&x| map.get(x, y)))
        .collect()
}

/// The index, row by row, of the shown point (at map `columns` and `rows`) nearest map point
/// `(x, y)`: where a mark traced on the map is drawn.
pub fn shown_at(columns: &[usize], rows: &[usize], x: f32, y: f32) -> usize {
    nearest(rows, y) * columns.len() + nearest(columns, x)
}

/// The index among `positions` (rising) of the one nearest `v`.
pub fn nearest(positions: &[usize], v: f32) -> usize {
    let after = positions.partition_point(|&p| (p as f32) < v);
    match (after.checked_sub(1), positions.get(after)) {
        (Some(before), Some(&next)) if v - positions[before] as f32 <= next as f32 - v => before,
        (_, Some(_)) => after,
        (Some(before), None) => before,
        (None, None) => 0,
    }
}
