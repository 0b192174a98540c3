//! The fast version of [`super::plain`]: the same steps and the same float operations in the same
//! order, so the same map bit for bit, but the brush's cells and weights are worked out once for
//! every point at least a radius from the edges (its offsets in the map's storage), instead of
//! afresh at every step, the four corners of a cell are read straight from the map's storage,
//! and nothing is allocated per step.

use super::plain::{brush, deposit, settle};
use super::{start, ErosionParams, Ledger, Trail};
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;

/// The brush of a point far enough from the edges, as offsets from its index in the map's
/// storage, with the weights [`brush`] gives it.
struct InnerBrush {
    radius: usize,
    weights: Vec<f32>,
    /// How far the brush reaches back in the storage from its center (radius rows and columns).
    reach: usize,
    /// Each cell's offset from `center - reach`, all within `2 * reach + 1`.
    at: Vec<usize>,
    /// The same cells as runs along a row, in the same order: each run's first offset from
    /// `center - reach` and its length. Taking a run as one slice leaves one bounds check per
    /// row instead of one per cell (wasm keeps every check; natively they are cheap).
    runs: Vec<(usize, usize)>,
}

impl InnerBrush {
    fn new(map: &Heightmap, radius: u32) -> Self {
        let r = radius as usize;
        // Any point a radius from every edge has the same brush; take the first such point's.
        let (cx, cy) = (r, r);
        let center = (cy * map.width() + cx) as isize;
        let (offsets, weights) = if map.width() > 2 * r && map.height() > 2 * r {
            brush(map, cx, cy, radius)
                .into_iter()
                .map(|(cell, weight)| (cell as isize - center, weight))
                .unzip()
        } else {
            (Vec::new(), Vec::new())
        };
        let reach = r * map.width() + r;
        let at: Vec<usize> = offsets
            .into_iter()
            .map(|o: isize| (o + reach as isize) as usize)
            .collect();
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for &offset in &at {
            match runs.last_mut() {
                Some((start, len)) if *start + *len == offset => *len += 1,
                _ => runs.push((offset, 1)),
            }
        }
        Self {
            radius: r,
            weights,
            reach,
            at,
            runs,
        }
    }

    /// Calls `cell(ground, weight)` for every cell of the brush centred at `center`, in the
    /// order of [`brush`], a row's run at a time.
    #[inline]
    fn each(&self, data: &mut [f32], center: usize, mut cell: impl FnMut(&mut f32, f32)) {
        let window = &mut data[center - self.reach..=center + self.reach];
        let mut weights = self.weights.as_slice();
        for &(start, len) in &self.runs {
            let (run, rest) = weights.split_at(len);
            weights = rest;
            for (ground, &weight) in window[start..start + len].iter_mut().zip(run) {
                cell(ground, weight);
            }
        }
    }

    /// Whether the point `(cx, cy)`'s whole brush is on the map.
    fn covers(&self, map: &Heightmap, cx: usize, cy: usize) -> bool {
        !self.at.is_empty()
            && cx >= self.radius
            && cy >= self.radius
            && cx + self.radius < map.width()
            && cy + self.radius < map.height()
    }
}

/// `plain::height_and_gradient` straight from the map's storage: the same arithmetic in the same
/// order, without the per-point bounds assertions of [`Heightmap::get`] (`x`, `y` are inside the
/// map, at most `width - 1` and `height - 1` exclusive, so the four corners are on it).
#[inline]
fn sample(data: &[f32], width: usize, x: f32, y: f32) -> (f32, f32, f32) {
    let (cx, cy) = (x as usize, y as usize);
    let (u, v) = (x - cx as f32, y - cy as f32);
    let i = cy * width + cx;
    let corners = &data[i..i + width + 2];
    let (nw, ne, sw, se) = (corners[0], corners[1], corners[width], corners[width + 1]);
    let gx = (ne - nw) * (1.0 - v) + (se - sw) * v;
    let gy = (sw - nw) * (1.0 - u) + (se - ne) * u;
    let h = nw * (1.0 - u) * (1.0 - v) + ne * u * (1.0 - v) + sw * (1.0 - u) * v + se * u * v;
    (h, gx, gy)
}

/// Runs the droplets numbered `droplets` (their start points are keyed by their numbers, so
/// runs of consecutive ranges make the same map as one run); those numbered below `traced` hand
/// their [`Trail`] to `trail` as they die.
pub(crate) fn run(
    map: &mut Heightmap,
    params: &ErosionParams,
    seed: u64,
    droplets: std::ops::Range<u32>,
    traced: u32,
    mut trail: impl FnMut(u32, Trail),
) -> Ledger {
    let points = PointRng::new(seed);
    let inner = InnerBrush::new(map, params.radius);
    let mut ledger = Ledger::default();
    let (w, h) = ((map.width() - 1) as f32, (map.height() - 1) as f32);
    let mut edge_brush = Vec::new();
    let lifetime = params.lifetime_on(map.width(), map.height());
    for droplet in droplets {
        crate::map::progress::report(u64::from(droplet), u64::from(params.droplets));
        let mut record = (droplet < traced).then(Trail::default);
        let (mut x, mut y) = start(points, droplet, map);
        let (mut dx, mut dy) = (0.0f32, 0.0f32);
        let (mut speed, mut water, mut sediment) = (1.0f32, 1.0f32, 0.0f32);
        let mut alive = true;
        if let Some(r) = record.as_mut() {
            r.path.push((x, y));
        }
        for _ in 0..lifetime {
            let (height, gx, gy) = sample(map.data(), map.width(), x, y);
            dx = dx * params.inertia - gx * (1.0 - params.inertia);
            dy = dy * params.inertia - gy * (1.0 - params.inertia);
            let length = (dx * dx + dy * dy).sqrt();
            if length == 0.0 {
                break;
            }
            dx /= length;
            dy /= length;
            let (nx, ny) = (x + dx, y + dy);
            if !(0.0..w).contains(&nx) || !(0.0..h).contains(&ny) {
                ledger.carried_off += f64::from(sediment);
                alive = false;
                break;
            }
            let new_height = sample(map.data(), map.width(), nx, ny).0;
            let rise = new_height - height;
            let capacity = (-rise * speed * water * params.capacity).max(params.min_capacity);
            let (cx, cy) = (x as usize, y as usize);
            if sediment > capacity || rise > 0.0 {
                let amount = if rise > 0.0 {
                    rise.min(sediment)
                } else {
                    (sediment - capacity) * params.deposition
                };
                sediment -= amount;
                deposit(map, x, y, amount);
                ledger.deposited += f64::from(amount);
                if let Some(r) = record.as_mut().filter(|_| amount > 0.0) {
                    let i = cy * map.width() + cx;
                    r.filled
                        .extend([i, i + 1, i + map.width(), i + map.width() + 1]);
                }
            } else {
                let amount = ((capacity - sediment) * params.erosion).min(-rise);
                let center = cy * map.width() + cx;
                let interior = inner.covers(map, cx, cy);
                if !interior {
                    edge_brush.clear();
                    edge_brush.extend(brush(map, cx, cy, params.radius));
                }
                let data = map.data_mut();
                if interior && record.is_none() {
                    // The common case, in one window of the storage: no trail to keep.
                    let mut took = 0.0f32;
                    inner.each(data, center, |ground, weight| {
                        let taken = (amount * weight).min(ground.max(0.0));
                        *ground -= taken;
                        sediment += taken;
                        took += taken;
                    });
                    ledger.eroded += f64::from(took);
                } else {
                    let mut took = 0.0f32;
                    let mut take = |cell: usize, weight: f32| {
                        let ground = &mut data[cell];
                        let taken = (amount * weight).min(ground.max(0.0));
                        *ground -= taken;
                        sediment += taken;
                        took += taken;
                        if let Some(r) = record.as_mut().filter(|_| taken > 0.0) {
                            r.eroded.push(cell);
                        }
                    };
                    if interior {
                        for (&at, &weight) in inner.at.iter().zip(&inner.weights) {
                            take(center - inner.reach + at, weight);
                        }
                    } else {
                        for &(cell, weight) in &edge_brush {
                            take(cell, weight);
                        }
                    }
                    ledger.eroded += f64::from(took);
                }
            }
            speed = (speed * speed - rise * params.gravity).max(0.0).sqrt();
            water *= 1.0 - params.evaporation;
            x = nx;
            y = ny;
            if let Some(r) = record.as_mut() {
                r.path.push((x, y));
            }
        }
        if alive {
            let (cx, cy) = (x as usize, y as usize);
            if inner.covers(map, cx, cy) {
                let center = cy * map.width() + cx;
                inner.each(map.data_mut(), center, |ground, weight| {
                    *ground += sediment * weight;
                });
            } else {
                settle(map, cx, cy, params.radius, sediment);
            }
            ledger.deposited += f64::from(sediment);
        }
        if let Some(r) = record {
            trail(droplet, r);
        }
    }
    ledger
}
