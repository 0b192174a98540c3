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

use crate::heightmap::Heightmap;

/// Finer levels than this radius follow one another down the map; coarser ones, which touch
/// few rows, sweep the whole map one after another first.
pub(crate) const FUSED_RADIUS: usize = 16;

/// How many rows further down the map each round lets the levels go.
const BAND: usize = 32;

/// One level or pass, swept down the map step by step.
pub(crate) trait LevelSweep {
    /// The lowest row the next step reads or writes that a coarser level must have finished
    /// first, or `None` when this level is done.
    fn next_needs(&self) -> Option<usize>;
    /// Runs the next step.
    fn step(&mut self, map: &mut Heightmap);
    /// Rows `0..complete()` are final as far as this level and the coarser ones go.
    fn complete(&self) -> usize;
}

/// Runs `levels` (coarse to fine) to the end, together: a level steps only once the level before
/// it has finished the rows the step needs (all rows are finished for the first one), and no
/// further than [`BAND`] rows past the round's mark. Hands `finished` the rows the last level
/// has finished, top to bottom, each once.
pub(crate) fn sweep_together<L: LevelSweep>(
    map: &mut Heightmap,
    levels: &mut [L],
    mut finished: impl FnMut(&[f32]),
) {
    let (rows, width) = (map.height(), map.width());
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
                level.step(map);
            }
            ready = level.complete();
        }
        if ready > reported {
            finished(&map.data()[reported * width..ready * width]);
            reported = ready;
        }
        if levels.iter().all(|level| level.next_needs().is_none()) {
            break;
        }
    }
}
