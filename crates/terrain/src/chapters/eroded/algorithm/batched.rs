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

use super::plain::brush;
use super::{check_map, ErosionParams, Ledger};
use crate::knobs::params::ParamError;
use crate::map::cores;
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;
use fixed::{mul, sample, sqrt16, unit};

/// `--batch` with no number: the batch size `docs/realism.md` chose by measurement.
pub const DEFAULT_BATCH: u32 = crate::knobs::BATCH.whole_default() as u32;

/// Heights with this many fraction bits at most (24: steps of 2^-24 on a map from 0 to 1)...
const MOST_FRACTION: u32 = 24;
/// ... and at least this many: taller maps (heights past ±2048) are refused.
const LEAST_FRACTION: u32 = 16;
/// One, with 16 fraction bits.
const ONE: i32 = 1 << 16;

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

/// One run's constants in whole numbers: the map's size, the height units, Beyer's constants
/// with 16 fraction bits, and the brush as offsets and weights (summing to at most 2^16).
#[derive(Debug, Clone, PartialEq)]
pub struct Rain {
    /// The map's width and height in points.
    pub width: usize,
    /// See [`Rain::width`].
    pub height: usize,
    /// Fraction bits of a height: one map unit is `2^fraction`.
    pub fraction: u32,
    /// Steps a droplet takes at most.
    pub lifetime: u32,
    /// Share of the old direction kept.
    pub inertia: i32,
    /// Sediment capacity factor.
    pub capacity: i32,
    /// The least capacity, in height units.
    pub min_capacity: i32,
    /// Share of the spare capacity eroded.
    pub erosion: i32,
    /// Share of the excess deposited.
    pub deposition: i32,
    /// Share of the water kept each step (one less the evaporation).
    pub water_kept: i32,
    /// Gravity.
    pub gravity: i32,
    /// The brush: column and row offsets and weights.
    pub brush: Vec<(i32, i32, i32)>,
    /// The brush's radius in cells.
    radius: usize,
    /// The same cells as offsets in the map's storage, for a point a radius from every edge.
    inner: Vec<(isize, i32)>,
}

/// A share or constant with 16 fraction bits.
fn q16(value: f32) -> i32 {
    (f64::from(value) * f64::from(ONE)).round() as i32
}

impl Rain {
    /// The constants for `params` on `map`: the height units are the finest that keep every
    /// height within ±2^27 (room for what erosion piles up); a map too tall for 16 fraction
    /// bits is refused.
    pub fn new(map: &Heightmap, params: &ErosionParams) -> Result<Self, ParamError> {
        let tallest = map
            .data()
            .iter()
            .fold(0.0f64, |most, &v| most.max(f64::from(v).abs()));
        let fraction = (LEAST_FRACTION..=MOST_FRACTION)
            .rev()
            .find(|&f| tallest * f64::from(1u32 << f) < f64::from(1u32 << 27))
            .ok_or_else(|| {
                ParamError::new(
                    "map",
                    format!(
                        "batched erosion takes heights within ±2048; this map reaches {tallest}"
                    ),
                )
            })?;
        let r = params.radius as usize;
        // An inner point's brush (the float erosion's weights), in whole numbers.
        let side = 2 * r + 1;
        let probe = Heightmap::new(side, side)?;
        let brush: Vec<(i32, i32, i32)> = brush(&probe, r, r, params.radius)
            .into_iter()
            .map(|(cell, weight)| {
                let (dx, dy) = (
                    (cell % side) as i32 - r as i32,
                    (cell / side) as i32 - r as i32,
                );
                (dx, dy, (f64::from(weight) * f64::from(ONE)).floor() as i32)
            })
            .collect();
        let inner = brush
            .iter()
            .map(|&(dx, dy, weight)| (dy as isize * map.width() as isize + dx as isize, weight))
            .collect();
        Ok(Self {
            radius: r,
            inner,
            width: map.width(),
            height: map.height(),
            fraction,
            lifetime: params.lifetime,
            inertia: q16(params.inertia),
            capacity: q16(params.capacity),
            min_capacity: (f64::from(params.min_capacity) * f64::from(1u32 << fraction)).round()
                as i32,
            erosion: q16(params.erosion),
            deposition: q16(params.deposition),
            water_kept: ONE - q16(params.evaporation),
            gravity: q16(params.gravity),
            brush,
        })
    }

    /// `map`'s heights in this run's units.
    pub fn ground(&self, map: &Heightmap) -> Vec<i32> {
        let unit = f64::from(1u32 << self.fraction);
        map.data()
            .iter()
            .map(|&v| (f64::from(v) * unit).round() as i32)
            .collect()
    }

    /// Heights in this run's units back as map heights.
    pub fn heights(&self, ground: &[i32], map: &mut Heightmap) {
        let unit = f64::from(1u32 << self.fraction);
        for (h, &g) in map.data_mut().iter_mut().zip(ground) {
            *h = (f64::from(g) / unit) as f32;
        }
    }

    /// Droplet `index`'s start for `seed`: the float erosion's 24 random bits per axis, scaled
    /// to the map in cells with 16 fraction bits.
    pub fn start(&self, points: PointRng, index: u32) -> (i32, i32) {
        let i = 2 * index as usize;
        let along = |bits: u64, points_on_axis: usize| {
            ((bits >> 40) * (points_on_axis as u64 - 1) >> 8) as i32
        };
        (
            along(points.bits_at(i), self.width),
            along(points.bits_at(i + 1), self.height),
        )
    }

    /// Whether the brush around cell `(cx, cy)` lies wholly on the map.
    #[inline(always)]
    fn covers(&self, cx: usize, cy: usize) -> bool {
        cx >= self.radius
            && cy >= self.radius
            && cx + self.radius < self.width
            && cy + self.radius < self.height
    }

    /// Lays `amount` over the brush around cell `(cx, cy)`: each cell on the map its weight's
    /// share, the rest (rounding, cells off the map) on the cell itself, so all of it lands.
    fn settle(&self, cx: i32, cy: i32, amount: i32, laid: &mut impl FnMut(usize, i32)) {
        let mut rest = amount;
        for &(dx, dy, weight) in &self.brush {
            let (x, y) = (cx + dx, cy + dy);
            if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
                let part = mul(amount, weight, 16);
                laid(y as usize * self.width + x as usize, part);
                rest -= part;
            }
        }
        laid(cy as usize * self.width + cx as usize, rest);
    }

    /// One droplet from `start` over `ground` (the map as the batch began), handing each
    /// change of a cell's height to `changed` and keeping the books.
    pub fn fall(
        &self,
        ground: &[i32],
        (mut x, mut y): (i32, i32),
        books: &mut Books,
        mut changed: impl FnMut(usize, i32),
    ) {
        let w = self.width;
        let f = self.fraction;
        let (x_end, y_end) = (((w - 1) << 16) as i32, ((self.height - 1) << 16) as i32);
        let (mut dx, mut dy) = (0i32, 0i32);
        let (mut speed2, mut water, mut sediment) = (ONE, ONE, 0i32);
        for _ in 0..self.lifetime {
            let (height, gx, gy) = sample(ground, w, x, y);
            // Turn towards downhill, keeping a share of the old direction (in height units).
            let keep = |d: i32, g: i32| {
                mul(d << (f - 16), self.inertia, 16).wrapping_sub(mul(g, ONE - self.inertia, 16))
            };
            let Some((ux, uy)) = unit(keep(dx, gx), keep(dy, gy)) else {
                break;
            };
            (dx, dy) = (ux, uy);
            let (nx, ny) = (x.wrapping_add(dx), y.wrapping_add(dy));
            if nx < 0 || ny < 0 || nx >= x_end || ny >= y_end {
                books.carried_off += i64::from(sediment);
                return;
            }
            let rise = sample(ground, w, nx, ny).0.wrapping_sub(height);
            let fall = rise.wrapping_neg();
            let carry = mul(mul(fall, sqrt16(speed2), 16), water, 16);
            let capacity = mul(carry, self.capacity, 16).max(self.min_capacity);
            let (cx, cy) = ((x >> 16) as usize, (y >> 16) as usize);
            if sediment > capacity || rise > 0 {
                let amount = if rise > 0 {
                    rise.min(sediment)
                } else {
                    mul(sediment - capacity, self.deposition, 16)
                };
                sediment -= amount;
                books.deposited += i64::from(amount);
                // Bilinearly over the cell's four corners, the parts summing to `amount`.
                let (u, v) = (x & 0xffff, y & 0xffff);
                let top = mul(amount, ONE - v, 16);
                let (nw, sw) = (mul(top, ONE - u, 16), mul(amount - top, ONE - u, 16));
                let i = cy * w + cx;
                changed(i, nw);
                changed(i + 1, top - nw);
                changed(i + w, sw);
                changed(i + w + 1, amount - top - sw);
            } else {
                let amount = mul(capacity - sediment, self.erosion, 16).min(fall);
                let mut take = |cell: usize, weight: i32| {
                    let taken = mul(amount, weight, 16).min(ground[cell].max(0));
                    changed(cell, -taken);
                    sediment += taken;
                    books.eroded += i64::from(taken);
                };
                if self.covers(cx, cy) {
                    let center = cy * w + cx;
                    for &(offset, weight) in &self.inner {
                        take(center.wrapping_add_signed(offset), weight);
                    }
                } else {
                    for &(bx, by, weight) in &self.brush {
                        let (px, py) = (cx as i32 + bx, cy as i32 + by);
                        if px >= 0 && py >= 0 && (px as usize) < w && (py as usize) < self.height {
                            take(py as usize * w + px as usize, weight);
                        }
                    }
                }
            }
            speed2 = speed2.wrapping_sub(mul(rise, self.gravity, f)).max(0);
            water = mul(water, self.water_kept, 16);
            (x, y) = (nx, ny);
        }
        books.deposited += i64::from(sediment);
        self.settle(x >> 16, y >> 16, sediment, &mut changed);
    }
}

/// One thread's share of a batch: each cell's summed change, whether it was changed, the cells
/// changed (each once) by band of the map, and its books.
struct Share {
    change: Vec<i32>,
    seen: Vec<bool>,
    touched: Vec<Vec<u32>>,
    books: Books,
}

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
/// Each thread runs a contiguous part of the batch's droplets into its own [`Share`]; then each
/// thread adds every share's changes within one band of the map to the ground; each thread
/// clears its share's changes as its next batch begins.
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
    // Bands of a power of two cells, one per thread at least.
    let band_bits = ground
        .len()
        .div_ceil(threads)
        .next_power_of_two()
        .trailing_zeros();
    let bands = ground.len().div_ceil(1 << band_bits);
    let mut shares: Vec<Share> = (0..threads)
        .map(|_| Share {
            change: vec![0; ground.len()],
            seen: vec![false; ground.len()],
            touched: vec![Vec::new(); bands],
            books: Books::default(),
        })
        .collect();
    let mut books = Books::default();
    let mut from = 0u32;
    while from < params.droplets {
        let to = from.saturating_add(batch).min(params.droplets);
        let snapshot = &ground;
        cores::each(&mut shares, |t, share| {
            let part = |t: usize| from + ((to - from) as usize * t / threads) as u32;
            let Share {
                change,
                seen,
                touched,
                books,
            } = share;
            for band in touched.iter_mut() {
                for &cell in band.iter() {
                    (change[cell as usize], seen[cell as usize]) = (0, false);
                }
                band.clear();
            }
            for droplet in part(t)..part(t + 1) {
                rain.fall(snapshot, rain.start(points, droplet), books, |cell, d| {
                    if !seen[cell] {
                        seen[cell] = true;
                        touched[cell >> band_bits].push(cell as u32);
                    }
                    change[cell] = change[cell].wrapping_add(d);
                });
            }
        });
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
                        cells[at] = cells[at].wrapping_add(share.change[cell as usize]);
                    }
                }
            },
        );
        for share in &mut shares {
            books.add(&share.books);
            share.books = Books::default();
        }
        batch_done(to, &ground);
        from = to;
    }
    Ok((rain, ground, books))
}

#[cfg(test)]
mod tests;
