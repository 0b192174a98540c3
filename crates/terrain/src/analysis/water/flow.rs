//! D8 flow on a filled map: each cell's steepest way down, and the flow through each cell.

use super::fill::ring;
use crate::map::cores;
use crate::map::heightmap::Heightmap;

/// The `downstream` of a cell that drains off the map (every border cell).
pub const OFF_MAP: u32 = u32::MAX;

/// Each cell's steepest-descent neighbour of eight (a diagonal drop divided by √2; the first in
/// reading order among equals), or [`OFF_MAP`] on the border. On a map filled by
/// [`super::fill::priority_flood`] every inner cell has a lower neighbour; one that has none
/// (a map not filled) drains nowhere and is marked as draining off the map too. The same
/// comparisons as [`super::plain::directions`], the neighbours found by fixed offsets, a row at
/// a time on every core.
pub fn directions(filled: &Heightmap) -> Vec<u32> {
    let (w, h) = (filled.width(), filled.height());
    let z = filled.data();
    let ring = ring(w);
    let mut down = vec![OFF_MAP; w * h];
    cores::for_each_chunk(
        &mut down,
        w,
        || (),
        |_, y, row| {
            if y == 0 || y + 1 == h {
                return;
            }
            for (x, d) in row.iter_mut().enumerate().take(w - 1).skip(1) {
                let i = y * w + x;
                let mut best = (0.0f32, OFF_MAP);
                for (offset, diagonal) in ring {
                    let n = i.wrapping_add_signed(offset);
                    let drop = z[i] - z[n];
                    let slope = if diagonal {
                        drop * std::f32::consts::FRAC_1_SQRT_2
                    } else {
                        drop
                    };
                    if slope > best.0 {
                        best = (slope, n as u32);
                    }
                }
                *d = best.1;
            }
        },
    );
    down
}

/// Cells draining through each cell, itself included, following `downstream` (from
/// [`directions`]): every cell passes its count on once all the cells above it have. Cells are
/// visited in index order; from each one nothing drains into, the counts are carried down its
/// path for as long as the next cell has heard from everything above it (no waiting list).
pub fn accumulation(downstream: &[u32]) -> Vec<u32> {
    /// Marks a cell whose count has been passed on.
    const DONE: u32 = u32::MAX;
    let mut above = vec![0u32; downstream.len()];
    for &d in downstream {
        if d != OFF_MAP {
            above[d as usize] += 1;
        }
    }
    let mut flow = vec![1u32; downstream.len()];
    for start in 0..downstream.len() {
        if above[start] != 0 {
            continue;
        }
        above[start] = DONE;
        let mut at = start;
        while let Some(&d) = downstream.get(at).filter(|&&d| d != OFF_MAP) {
            let d = d as usize;
            flow[d] += flow[at];
            above[d] -= 1;
            if above[d] != 0 {
                break;
            }
            above[d] = DONE;
            at = d;
        }
    }
    flow
}
