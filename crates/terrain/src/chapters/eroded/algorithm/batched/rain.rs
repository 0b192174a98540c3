//! One droplet of the batched erosion, in whole numbers: the run's constants ([`Rain`]) and
//! the droplet's fall over the map as its batch found it ([`Rain::fall`]), Beyer's steps as the
//! float erosion takes them, each in [`super::fixed`]'s arithmetic.

use super::super::plain::brush;
use super::super::ErosionParams;
use super::fixed::{mul, sample, sqrt16, unit};
use super::{Books, LEAST_FRACTION, MOST_FRACTION, ONE};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;

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
            lifetime: params.lifetime_on(map.width(), map.height()),
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

    /// The constants as `rain.wgsl` reads them: width, height, fraction bits, lifetime,
    /// inertia, capacity, least capacity, erosion, deposition, water kept, gravity, the brush's
    /// radius and its number of cells, then each cell of the brush as (dx, dy, weight).
    pub fn constants(&self) -> Vec<i32> {
        let mut constants = vec![
            self.width as i32,
            self.height as i32,
            self.fraction as i32,
            self.lifetime as i32,
            self.inertia,
            self.capacity,
            self.min_capacity,
            self.erosion,
            self.deposition,
            self.water_kept,
            self.gravity,
            self.radius as i32,
            self.brush.len() as i32,
        ];
        constants.extend(self.brush.iter().flat_map(|&(dx, dy, w)| [dx, dy, w]));
        constants
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
            (((bits >> 40) * (points_on_axis as u64 - 1)) >> 8) as i32
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
        self.each_on_map(cx, cy, |cell, weight| {
            let part = mul(amount, weight, 16);
            laid(cell, part);
            rest -= part;
        });
        laid(cy as usize * self.width + cx as usize, rest);
    }

    /// Calls `cell(index, weight)` for the cells of the brush around cell `(cx, cy)` that lie on
    /// the map, their weights scaled up to sum (nearly) to 2^16 as the float erosion's are
    /// (`(w << 16) / sum` in 32 bits: weights are under 2^16).
    #[inline]
    fn each_on_map(&self, cx: i32, cy: i32, mut cell: impl FnMut(usize, i32)) {
        let on_map = |&&(dx, dy, _): &&(i32, i32, i32)| {
            let (x, y) = (cx + dx, cy + dy);
            x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
        };
        let sum: u32 = self.brush.iter().filter(on_map).map(|b| b.2 as u32).sum();
        for &(dx, dy, weight) in self.brush.iter().filter(on_map) {
            let scaled = ((weight as u32) << 16) / sum.max(1);
            cell(
                (cy + dy) as usize * self.width + (cx + dx) as usize,
                scaled as i32,
            );
        }
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
                    self.each_on_map(cx as i32, cy as i32, take);
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
