//! Erosion in batches: the same droplets as [`super::erode`] (Beyer's steps, the same starts),
//! but a batch of them reads the map as it was when the batch began, and what they take and lay
//! down is summed in whole numbers ([`fixed`]) and applied before the next batch. Whole numbers
//! add up the same in any order, so a batch's droplets can run on any number of threads, or on
//! the GPU, and the map comes out the same to the byte; and every unit taken from the ground is
//! laid down again or carried off the edge, exactly ([`Books`]).
//!
//! The droplets of one batch do not see each other's valleys, which is what batching costs in
//! realism; `docs/realism.md` measures it against the batch size and picks [`DEFAULT_BATCH`].
//! The sequential erosion stays as it is: its stepper shows one droplet at a time.

pub mod fixed;
mod rain;

/// The WGSL twin of [`fixed`] and [`Rain::fall`]: the entry points `fall` (a batch's droplets,
/// one per invocation) and `apply` (the batch's changes added to the ground).
pub const SHADER: &str = include_str!("batched/rain.wgsl");

pub use rain::Rain;

use super::{check_map, ErosionParams, Ledger};
use crate::knobs::params::ParamError;
use crate::map::cores;
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;

/// `--batch` with no number: the batch size `docs/realism.md` chose by measurement.
pub const DEFAULT_BATCH: u32 = crate::chapters::eroded::knobs::BATCH.whole_default() as u32;

/// Heights with this many fraction bits at most (24: steps of 2^-24 on a map from 0 to 1)...
pub(crate) const MOST_FRACTION: u32 = 24;
/// ... and at least this many: taller maps (heights past ±2048) are refused.
pub(crate) const LEAST_FRACTION: u32 = 16;
/// One, with 16 fraction bits.
pub(crate) const ONE: i32 = 1 << 16;

/// Whole-number books of a batched run, in the run's height units: what droplets took from the
/// ground, laid down, and carried off the edge. `eroded == deposited + carried_off` always.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Books {
    /// Taken from the ground.
    pub eroded: i64,
    /// Laid down again.
    pub deposited: i64,
    /// Carried off the map's edge.
    pub carried_off: i64,
}

impl Books {
    fn add(&mut self, other: &Books) {
        self.eroded += other.eroded;
        self.deposited += other.deposited;
        self.carried_off += other.carried_off;
    }
}

/// One thread's share of a batch: each cell's summed change (the low 32 bits) and whether it
/// was changed ([`SEEN`]) side by side, the cells changed (each once) by band of the map, and its
/// books.
struct Share {
    change: Vec<u64>,
    touched: Vec<Vec<u32>>,
    books: Books,
}

/// Marks a cell a share has changed (a change may sum back to 0).
const SEEN: u64 = 1 << 32;

/// Erodes `map` with `params.droplets` droplets from `seed` in batches of `batch`, in place, on
/// every thread of the pool (natively; one in wasm). The same bytes for any number of threads.
pub fn erode(
    map: &mut Heightmap,
    params: &ErosionParams,
    seed: u64,
    batch: u32,
) -> Result<Ledger, ParamError> {
    let (rain, ground, books) = run(map, params, seed, batch, |_, _| {})?;
    rain.heights(&ground, map);
    let unit = f64::from(1u32 << rain.fraction);
    Ok(Ledger {
        eroded: books.eroded as f64 / unit,
        deposited: books.deposited as f64 / unit,
        carried_off: books.carried_off as f64 / unit,
        carried: 0.0,
    })
}

/// The batched run behind [`erode`]: the constants, the final ground in whole numbers and the
/// books; `batch_done(droplets so far, ground)` after each batch.
///
/// The batch's droplets are put in the order of the cells they start on, and each thread runs
/// an equal run of that order into its own share (so a thread's droplets start near each other,
/// and what they read and change stays in a part of the map its caches can hold); then each
/// thread adds every share's changes within one band of the map to the ground; each thread
/// clears its share's changes as its next batch begins. The order changes no byte: the changes
/// are whole numbers, summed the same in any order.
pub fn run(
    map: &Heightmap,
    params: &ErosionParams,
    seed: u64,
    batch: u32,
    mut batch_done: impl FnMut(u32, &[i32]),
) -> Result<(Rain, Vec<i32>, Books), ParamError> {
    params.validate()?;
    check_map(map)?;
    if batch == 0 {
        return Err(ParamError::new("batch", "a batch needs at least 1 droplet"));
    }
    let rain = Rain::new(map, params)?;
    let mut ground = rain.ground(map);
    let points = PointRng::new(seed);
    let threads = cores::threads();
    // Bands of a power of two cells, sixteen per thread at least, so the pool can share the
    // adding out evenly (one band a thread, rounded up to a power of two, left one band nearly
    // the whole map).
    let band_bits = (ground.len() / (16 * threads)).max(1).ilog2();
    let bands = ground.len().div_ceil(1 << band_bits);
    let mut shares: Vec<Share> = (0..threads)
        .map(|_| Share {
            change: vec![0; ground.len()],
            touched: vec![Vec::new(); bands],
            books: Books::default(),
        })
        .collect();
    let mut books = Books::default();
    // The batch's starts, by the cell each starts on.
    let mut order: Vec<(usize, (i32, i32))> = Vec::with_capacity(batch as usize);
    let mut from = 0u32;
    while from < params.droplets {
        let to = from.saturating_add(batch).min(params.droplets);
        order.clear();
        order.extend((from..to).map(|droplet| {
            let (x, y) = rain.start(points, droplet);
            ((y >> 16) as usize * rain.width + (x >> 16) as usize, (x, y))
        }));
        order.sort_unstable_by_key(|&(cell, _)| cell);
        let order = &order;
        let snapshot = &ground;
        cores::for_each_chunk(
            &mut shares,
            1,
            || (),
            |_, t, share| {
                let share = &mut share[0];
                let part = |t: usize| order.len() * t / threads;
                let Share {
                    change,
                    touched,
                    books,
                } = share;
                for band in touched.iter_mut() {
                    for &cell in band.iter() {
                        change[cell as usize] = 0;
                    }
                    band.clear();
                }
                // The books on this thread's stack: the shares lie side by side, and a field
                // written at every step would pass a cache line between the cores.
                let mut kept = Books::default();
                let change = change.as_mut_slice();
                for &(_, start) in &order[part(t)..part(t + 1)] {
                    rain.fall(snapshot, start, &mut kept, |cell, d| {
                        let was = change[cell];
                        if was == 0 {
                            touched[cell >> band_bits].push(cell as u32);
                        }
                        change[cell] = u64::from((was as u32).wrapping_add(d as u32)) | SEEN;
                    });
                }
                books.add(&kept);
            },
        );
        let listed = &shares;
        cores::for_each_chunk(
            &mut ground,
            1 << band_bits,
            || (),
            |_, band, cells| {
                let first = band << band_bits;
                for share in listed {
                    for &cell in &share.touched[band] {
                        let at = cell as usize - first;
                        cells[at] =
                            cells[at].wrapping_add(share.change[cell as usize] as u32 as i32);
                    }
                }
            },
        );
        for share in &mut shares {
            books.add(&share.books);
            share.books = Books::default();
        }
        batch_done(to, &ground);
        crate::map::progress::report(u64::from(to), u64::from(params.droplets));
        from = to;
    }
    Ok((rain, ground, books))
}

#[cfg(test)]
mod tests;
