//! `amplify`: a map made 2, 4 or 8 times finer, so a landscape model run cheaply on a coarse
//! grid becomes a big map whose rivers are the model's (the idea of Schott et al. 2023's
//! amplification, and of World Creator's level steps). Each side of `n` points becomes
//! `(n − 1) × factor + 1`, so the map's own points stay on the new grid, `factor` cells apart,
//! and keep their heights bit for bit.
//!
//! How the points between them are made:
//! 1. **a smooth curve through the old points**: Catmull–Rom's cubic convolution (Keys 1981,
//!    `a = −½`), along the rows and then the columns, the map's edge points repeated past its
//!    edge. It passes through every old point with a slope continuous from one old cell to the
//!    next, so hill-shading shows no facets, where bilinear reading draws a crease along every
//!    old row and column;
//! 2. **detail in proportion to the local relief**: gradient noise (`noise`'s Perlin, in an
//!    fBm whose first octave's lattice is the old grid and whose last is two new cells across,
//!    each octave half the one before) times `detail` times the local relief, half the spread of
//!    the heights of each old point's 3 × 3 neighbourhood, read bilinearly between old points.
//!    Gradient noise is zero on its lattice, so the old points keep their heights; a flat plain
//!    gets no bumps and a steep range the tallest;
//! 3. **the old map's rivers laid in**: the old map routed as `terrain flow` routes it
//!    (Priority-Flood, D8), and from each old point draining at least as many points as the
//!    realism measures call a channel, the straight run of new cells to the point it drains to
//!    lowered to the line between the two heights. A river running diagonally between old
//!    points would otherwise cross saddles of the curve and break into a string of pits: without
//!    this, a 65² uplift amplified 4 times measured a concavity of 0.05 to 0.15 against its own
//!    0.45; with it, 0.42 to 0.44 (`tests.rs`).
//!
//! The detail breaks the coarse map's straight slopes into the small hollows and spurs a map of
//! this size would have; a short erosion or uplift step after it cuts them into the rivers the
//! coarse map already has. Cell by cell, so the same bytes on any number of threads.

pub mod knobs;
pub mod row;
#[cfg(test)]
mod tests;

use noise::{Fbm, MultiFractal, NoiseFn, Perlin};

use super::Step;
use crate::analysis::realism::rivers::channel_threshold;
use crate::analysis::water::flow::OFF_MAP;
use crate::analysis::water::Water;
use crate::knobs::limits;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Amplify's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Amplify {
    /// How many times finer the map becomes, by place in [`knobs::FACTOR_NAMES`] (2, 4, 8).
    pub factor: u8,
    /// How rough the new points are, as a share of the local relief (0 to 1): 0 leaves the
    /// smooth curve through the old points.
    pub detail: f32,
}

/// The most points an amplified map may hold: the core's limit, and on the page (wasm) the
/// largest map the page makes, 4097 x 4097.
const MOST_POINTS: usize = if cfg!(target_arch = "wasm32") {
    ((1usize << limits::PAGE_MAX_EXPONENT) + 1).pow(2)
} else {
    limits::MAX_CELLS
};

impl Amplify {
    /// Factor 4, detail 0.3 (the knobs' defaults).
    pub const DEFAULT: Amplify = Amplify {
        factor: 1,
        detail: knobs::DETAIL.number_default() as f32,
    };

    /// How many new cells span one old cell: 2, 4 or 8.
    pub fn times(&self) -> usize {
        2 << usize::from(self.factor.min(2))
    }

    /// The size a `width` x `height` map becomes, or the refusal when it would pass the map
    /// limit (checked before anything is allocated).
    pub fn size_of(&self, width: usize, height: usize) -> Result<(usize, usize), ParamError> {
        let f = self.times();
        if width < 2 || height < 2 {
            return Err(ParamError::new(
                "map",
                format!("a {width} x {height} map has no cells between points to amplify"),
            ));
        }
        let (w, h) = ((width - 1) * f + 1, (height - 1) * f + 1);
        if w.saturating_mul(h) > MOST_POINTS {
            let most = if cfg!(target_arch = "wasm32") {
                "the 4097 x 4097 the page makes".to_string()
            } else {
                format!("the {} points a map may hold", limits::MAX_CELLS)
            };
            return Err(ParamError::new(
                knobs::FACTOR.name,
                format!("{width} x {height} by {f} makes {w} x {h}, more than {most}"),
            ));
        }
        Ok((w, h))
    }
}

impl Default for Amplify {
    fn default() -> Self {
        Amplify::DEFAULT
    }
}

impl Step for Amplify {
    fn name(&self) -> &'static str {
        "amplify"
    }

    fn validate(&self) -> Result<(), ParamError> {
        if usize::from(self.factor) >= knobs::FACTOR_NAMES.len() {
            return Err(ParamError::new(knobs::FACTOR.name, "must be 2, 4 or 8"));
        }
        knobs::DETAIL.check_number(f64::from(self.detail))
    }

    fn apply(&self, map: &mut Heightmap, seed: u64) -> Result<(), ParamError> {
        self.validate()?;
        let (width, height) = self.size_of(map.width(), map.height())?;
        if map.range().is_none() {
            return Err(ParamError::new(
                "map",
                "the map holds a height that is not a number",
            ));
        }
        let mut finer = Heightmap::new(width, height)?;
        smooth(map, self.times(), &mut finer);
        if self.detail > 0.0 {
            let relief = Heightmap::from_data(map.width(), map.height(), local_relief(map))?;
            let relief = relief.stretched(width, height);
            add_detail(&mut finer, &relief, self.detail, self.times(), seed);
        }
        // Rivers where the realism measures see a channel on the old map.
        let rivers = channel_threshold(map.data().len());
        carve(&mut finer, &Water::of(map)?, self.times(), rivers);
        finer.set_range_before_normalising(map.range_before_normalising());
        *map = finer;
        Ok(())
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![
            (
                knobs::FACTOR.name,
                knobs::FACTOR_NAMES[usize::from(self.factor.min(2))].to_string(),
            ),
            (knobs::DETAIL.name, self.detail.to_string()),
        ]
    }
}

/// Catmull–Rom's four weights for a point a share `t` (0 to 1) of the way from the second of
/// four evenly spaced points to the third: exactly (0, 1, 0, 0) at `t = 0`.
fn weights(t: f64) -> [f64; 4] {
    let (t2, t3) = (t * t, t * t * t);
    [
        (-t3 + 2.0 * t2 - t) / 2.0,
        (3.0 * t3 - 5.0 * t2 + 2.0) / 2.0,
        (-3.0 * t3 + 4.0 * t2 + t) / 2.0,
        (t3 - t2) / 2.0,
    ]
}

/// The weights of the `f` places across one old cell, the first the old point itself.
fn cell_weights(f: usize) -> Vec<[f64; 4]> {
    (0..f).map(|k| weights(k as f64 / f as f64)).collect()
}

/// The four old places around new place `i` (clamped to the map's `n` places) and the weights
/// they take.
fn taps(i: usize, f: usize, n: usize, cell: &[[f64; 4]]) -> ([usize; 4], [f64; 4]) {
    let (at, k) = (i / f, i % f);
    let clamp = |d: isize| (at as isize + d).clamp(0, n as isize - 1) as usize;
    ([clamp(-1), clamp(0), clamp(1), clamp(2)], cell[k])
}

/// Fills `finer` with the smooth curve through `map`'s points, `f` new cells to an old one:
/// along each old row first, then down the columns.
fn smooth(map: &Heightmap, f: usize, finer: &mut Heightmap) {
    let (w, h) = (map.width(), map.height());
    let nw = finer.width();
    let cell = cell_weights(f);
    let z = map.data();
    let mut rows = vec![0.0f32; h * nw];
    for (y, row) in rows.chunks_exact_mut(nw).enumerate() {
        let old = &z[y * w..(y + 1) * w];
        for (x, out) in row.iter_mut().enumerate() {
            let (at, wt) = taps(x, f, w, &cell);
            *out = blend(wt, at.map(|a| old[a]));
        }
    }
    let fill = |y: usize, out: &mut [f32]| {
        let (at, wt) = taps(y, f, h, &cell);
        let row = |k: usize| &rows[at[k] * nw..(at[k] + 1) * nw];
        let (r0, r1, r2, r3) = (row(0), row(1), row(2), row(3));
        for (x, v) in out.iter_mut().enumerate() {
            *v = blend(wt, [r0[x], r1[x], r2[x], r3[x]]);
        }
    };
    by_rows(finer.data_mut(), nw, fill);
}

/// `Σ weight × height`, in f64: the height itself where the weights are (0, 1, 0, 0).
fn blend(wt: [f64; 4], z: [f32; 4]) -> f32 {
    let sum: f64 = wt.iter().zip(z).map(|(w, z)| w * f64::from(z)).sum();
    sum as f32
}

/// Half the spread of the heights around each point of `map` (its 3 x 3 neighbourhood, cut
/// at the edges): the local relief the detail is scaled by.
fn local_relief(map: &Heightmap) -> Vec<f32> {
    let (w, h) = (map.width(), map.height());
    let mut relief = Vec::with_capacity(w * h);
    for y in 0..h {
        for x in 0..w {
            let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
            for ny in y.saturating_sub(1)..=(y + 1).min(h - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(w - 1) {
                    let v = map.get(nx, ny);
                    lo = lo.min(v);
                    hi = hi.max(v);
                }
            }
            relief.push((hi - lo) * 0.5);
        }
    }
    relief
}

/// Adds `detail` × `relief` × the fBm's noise to every point of `finer` (`f` new cells to an
/// old one), the noise keyed by `seed`.
fn add_detail(finer: &mut Heightmap, relief: &[f32], detail: f32, f: usize, seed: u64) {
    let octaves = f.trailing_zeros() as usize;
    let key = (seed ^ (seed >> 32)) as u32 ^ 0x616d_706c;
    let fbm: Fbm<Perlin> = Fbm::new(key)
        .set_octaves(octaves)
        .set_frequency(1.0 / f as f64)
        .set_lacunarity(2.0)
        .set_persistence(0.5);
    let w = finer.width();
    let detail = f64::from(detail);
    by_rows(finer.data_mut(), w, |y, row| {
        let relief = &relief[y * w..(y + 1) * w];
        for (x, (v, &r)) in row.iter_mut().zip(relief).enumerate() {
            if r > 0.0 {
                let bump = fbm.get([x as f64, y as f64]) * detail * f64::from(r);
                *v = (f64::from(*v) + bump) as f32;
            }
        }
    });
}

/// Lays the old map's rivers into `finer` (`f` new cells to an old one): from each old point
/// draining at least `area` points (`water`, the old map routed), a straight run of new cells
/// to the point it drains to, each new cell lowered to the line between the two points' heights
/// where it stands higher. The smooth curve alone would cross a river that runs diagonally
/// between old points with saddles, and leave it a string of pits.
fn carve(finer: &mut Heightmap, water: &Water, f: usize, area: u32) {
    let w = water.filled.width();
    let nw = finer.width();
    let heights = water.filled.data();
    for (i, (&down, &drained)) in water.downstream.iter().zip(&water.accumulation).enumerate() {
        if down == OFF_MAP || drained < area {
            continue;
        }
        let r = down as usize;
        let (x, y) = ((i % w) as isize, (i / w) as isize);
        let (dx, dy) = ((r % w) as isize - x, (r / w) as isize - y);
        let (from, to) = (f64::from(heights[i]), f64::from(heights[r]));
        for k in 1..f {
            let t = k as f64 / f as f64;
            let fx = (x * f as isize + dx * k as isize) as usize;
            let fy = (y * f as isize + dy * k as isize) as usize;
            let line = (from + (to - from) * t) as f32;
            let cell = &mut finer.data_mut()[fy * nw + fx];
            if line < *cell {
                *cell = line;
            }
        }
    }
}

/// Runs `fill(y, row)` on each row of `data` (`width` points a row): natively on every core of
/// rayon's pool, in wasm one after another. Each row is its own, so the bytes are the same.
fn by_rows(data: &mut [f32], width: usize, fill: impl Fn(usize, &mut [f32]) + Sync + Send) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        use rayon::prelude::*;
        data.par_chunks_exact_mut(width)
            .enumerate()
            .for_each(|(y, row)| fill(y, row));
    }
    #[cfg(target_arch = "wasm32")]
    for (y, row) in data.chunks_exact_mut(width).enumerate() {
        fill(y, row);
    }
}
