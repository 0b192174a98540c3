//! The fine levels of Diamond-Square and the fine passes of midpoint displacement, swept down
//! the map together, a band of rows at a time.
//!
//! Each level (or pass) is a sweep down the map in steps, and a step only reads rows that the
//! coarser levels have finished. So instead of sweeping the whole map once per level, which at
//! 4097 x 4097 (64 MiB, more than the cache) fetches the map from memory once per level, the
//! fine levels follow one another down the map a few rows apart: a row is fetched once, and
//! every fine level sets its points while the row is still in the cache. Every point is computed
//! from the same points as in the level-by-level sweep (only the order of the steps changes),
//! so the maps are the same bit for bit.

use crate::map::heightmap::{HeightRange, Heightmap};
use crate::map::rows::Grid;

#[cfg(not(target_arch = "wasm32"))]
mod bands;

/// Finer levels than this radius follow one another down the map; coarser ones, which touch
/// few rows, sweep the whole map one after another first.
pub(crate) const FUSED_RADIUS: usize = 16;

/// How many rows further down the map each round lets the levels go.
const BAND: usize = 32;

/// One level or pass, swept down the map step by step.
pub(crate) trait LevelSweep: Sized {
    /// The same level from its start, over a grid of `rows` rows (a band of the map, or the
    /// whole map).
    fn restart(&self, rows: usize) -> Self;
    /// The lowest row the next step reads or writes that a coarser level must have finished
    /// first, or `None` when this level is done.
    fn next_needs(&self) -> Option<usize>;
    /// Runs the next step.
    fn step(&mut self, grid: &mut Grid);
    /// Rows `0..complete()` are final as far as this level and the coarser ones go.
    fn complete(&self) -> usize;
}

/// Runs `levels` (coarse to fine) to the end, together: a level steps only once the level before
/// it has finished the rows the step needs (all rows are finished for the first one), and no
/// further than [`BAND`] rows past the round's mark. Hands `finished` the rows the last level
/// has finished, top to bottom, each once, with the grid's row of the first (a band's scratch
/// row is never handed over).
pub(crate) fn sweep_together<L: LevelSweep>(
    grid: &mut Grid,
    levels: &mut [L],
    mut finished: impl FnMut(usize, &[f32]),
) {
    let (rows, width, body_rows) = (grid.height(), grid.width(), grid.body_rows());
    let mut reported = 0;
    let mut mark = 0;
    loop {
        mark += BAND;
        let mut ready = rows;
        for level in levels.iter_mut() {
            while let Some(needs) = level.next_needs() {
                if needs >= ready || needs > mark {
                    break;
                }
                level.step(grid);
            }
            ready = level.complete();
        }
        let ready = ready.min(body_rows);
        if ready > reported {
            finished(reported, &grid.body()[reported * width..ready * width]);
            reported = ready;
        }
        if levels.iter().all(|level| level.next_needs().is_none()) {
            break;
        }
    }
}

/// Runs the fine `levels` (coarse to fine, the coarser ones already done) over the whole map,
/// then stretches it to 0..1 with the range gathered as the last level finishes each row.
///
/// Natively, when rayon's pool has more than one thread and the map is tall enough, bands of rows
/// go to the cores ([`bands`]); the map is the same bit for bit. The page's build runs on one
/// thread.
pub(crate) fn finish<L: LevelSweep + Sync>(map: &mut Heightmap, levels: Vec<L>) {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(range) = bands::sweep(map, &levels, rayon::current_num_threads()) {
        map.normalize_within(range.get());
        return;
    }
    let rows = map.height();
    let range = swept_range(&mut Grid::whole(map), &levels, 0..rows);
    map.normalize_within(range.get());
}

/// Runs `levels` afresh over `grid` (a band or the whole map) and returns the range of its rows
/// `keep`, gathered as the last level finishes them.
pub(crate) fn swept_range<L: LevelSweep>(
    grid: &mut Grid,
    levels: &[L],
    keep: std::ops::Range<usize>,
) -> HeightRange {
    let rows = grid.height();
    let width = grid.width();
    let mut levels: Vec<L> = levels.iter().map(|level| level.restart(rows)).collect();
    let mut range = HeightRange::new();
    sweep_together(grid, &mut levels, |first, heights| {
        let from = keep.start.max(first);
        let to = keep.end.min(first + heights.len() / width);
        if from < to {
            range.add(&heights[(from - first) * width..(to - first) * width]);
        }
    });
    range
}
