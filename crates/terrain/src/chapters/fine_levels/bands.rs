//! The fine levels on every core: the map is cut into bands of rows, one per thread of rayon's
//! pool, and each band runs the fine levels down its own rows as the single sweep does.
//!
//! A band cannot see past its cut edges, so near them it gets some points wrong: a point of the
//! radius-16 level on the band's first row averages rows above the band, a radius-8 point 8 rows
//! down reads that wrong point, and so on, so wrong values reach at most 16 + 8 + 4 + 2 + 1 = 31
//! rows into the band ([`REACH`] is 32). (Midpoint displacement's passes read only rows of square
//! corners, which a band never gets wrong, so its seams come out unchanged; they are swept all the
//! same, as the cost is small.) The points of the coarse levels, which were set before
//! the bands start, are never touched. So after the bands, each seam (the rows within [`REACH`]
//! of a cut) is swept again on its own, from a copy of the rows within twice [`REACH`] of the cut:
//! every fine point in that window is set again before anything reads it, and those within
//! [`REACH`] of the cut are then exact. Every point of the map ends up computed from the same
//! points as in the single sweep, so the map is the same bit for bit (tested in
//! `diamond_square` and `midpoint`); only about 64 rows per cut are computed twice.

use rayon::prelude::*;

use super::{swept_range, LevelSweep, FUSED_RADIUS};
use crate::map::heightmap::{HeightRange, Heightmap};
use crate::map::rows::Grid;

/// How far into a band from a cut edge its points may be wrong, in rows (more than the 31 the
/// fine levels reach); cuts fall on multiples of it, which every fine level's rows line up with.
const REACH: usize = 2 * FUSED_RADIUS;

/// The fewest rows worth giving a core: below this the seams' extra work and the threads'
/// start-up cost more than they save (a 257-row map takes well under a millisecond).
const MIN_BAND: usize = 256;

/// Runs the fine `levels` (made for the whole map) over `map` in bands, one per thread, when
/// there are at least two threads and the map is tall enough for two bands. Returns the range
/// of the finished map, or `None` (nothing done) when it is not worth cutting.
pub(super) fn sweep<L: LevelSweep + Sync>(
    map: &mut Heightmap,
    levels: &[L],
    threads: usize,
) -> Option<HeightRange> {
    let cuts = cuts(map.height() - 1, threads, MIN_BAND)?;
    let width = map.width();
    let mut range = bands(map, levels, &cuts);
    let seams = seams(map, levels, &cuts);
    for (cut, window, seam_range) in seams {
        let rows = (cut - REACH) * width..(cut + REACH) * width;
        map.data_mut()[rows].copy_from_slice(&window[REACH * width..3 * REACH * width]);
        range.merge(&seam_range);
    }
    Some(range)
}

/// The rows where the bands start, after the first (which starts at row 0): `threads` bands of
/// nearly equal height on a map whose last row is `last`, each cut on a multiple of [`REACH`];
/// `None` if the map is too short for two bands of `min_band` rows.
fn cuts(last: usize, threads: usize, min_band: usize) -> Option<Vec<usize>> {
    // Rounding a cut down moves it by less than REACH, so bands of 3 x REACH keep the seams
    // (2 x REACH rows each) apart and inside the map.
    debug_assert!(min_band >= 3 * REACH);
    let count = threads.min(last / min_band);
    (count >= 2).then(|| {
        (1..count)
            .map(|i| i * last / count / REACH * REACH)
            .collect()
    })
}

/// Sweeps every band at once, each in place with a scratch copy of the row after it, and returns
/// the range of the rows each got right (all but those within [`REACH`] of a cut).
fn bands<L: LevelSweep + Sync>(map: &mut Heightmap, levels: &[L], cuts: &[usize]) -> HeightRange {
    let (width, height) = (map.width(), map.height());
    // The cut rows as the coarse levels left them: the band above a cut reads one, and the band
    // below writes it.
    let mut tails: Vec<Option<Vec<f32>>> = cuts
        .iter()
        .map(|&cut| Some(map.data()[cut * width..][..width].to_vec()))
        .chain([None])
        .collect();
    let starts: Vec<usize> = [0].into_iter().chain(cuts.iter().copied()).collect();
    let mut bodies = Vec::with_capacity(starts.len());
    let mut rest = map.data_mut();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(height);
        let (body, after) = rest.split_at_mut((end - start) * width);
        bodies.push((start, body));
        rest = after;
    }
    bodies
        .into_par_iter()
        .zip(tails.par_iter_mut())
        .map(|((start, body), tail)| {
            let last_band = tail.is_none();
            let mut grid = Grid::band(body, tail.as_deref_mut(), width, start);
            let keep_from = if start == 0 { 0 } else { REACH };
            let keep_to = grid.body_rows() - if last_band { 0 } else { REACH };
            swept_range(&mut grid, levels, keep_from..keep_to)
        })
        .reduce(HeightRange::new, |mut a, b| {
            a.merge(&b);
            a
        })
}

/// Sweeps the seam around every cut at once, each from its own copy of the rows within
/// 2 x [`REACH`] of the cut; returns each cut with its window (the rows within [`REACH`] of the
/// cut now exact) and their range.
fn seams<L: LevelSweep + Sync>(
    map: &Heightmap,
    levels: &[L],
    cuts: &[usize],
) -> Vec<(usize, Vec<f32>, HeightRange)> {
    let width = map.width();
    cuts.par_iter()
        .map(|&cut| {
            let first = cut - 2 * REACH;
            let mut window = map.data()[first * width..(cut + 2 * REACH + 1) * width].to_vec();
            let mut grid = Grid::band(&mut window, None, width, first);
            let range = swept_range(&mut grid, levels, REACH..3 * REACH);
            (cut, window, range)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_share_the_rows_out_on_multiples_of_the_reach() {
        assert_eq!(cuts(4096, 2, MIN_BAND), Some(vec![2048]));
        assert_eq!(cuts(4096, 3, MIN_BAND), Some(vec![1344, 2720]));
        assert_eq!(cuts(512, 8, MIN_BAND), Some(vec![256]));
        assert_eq!(cuts(256, 8, MIN_BAND), None);
        assert_eq!(cuts(4096, 1, MIN_BAND), None);
        for threads in 2..40 {
            let cuts = cuts(4096, threads, 3 * REACH).expect("tall enough");
            let bounds: Vec<usize> = [0].into_iter().chain(cuts).chain([4096]).collect();
            for pair in bounds.windows(2) {
                assert!(
                    pair[1] - pair[0] >= 2 * REACH,
                    "{threads} threads: {bounds:?}"
                );
                assert_eq!(pair[0] % REACH, 0);
            }
        }
    }
}
