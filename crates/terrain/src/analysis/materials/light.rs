//! Sunlight on a map: where the terrain casts its shadow ([`shadows`]) and how much of the sky
//! a cell sees ([`sky`]), to light the land as it would be lit: a ridge darkens the valley
//! behind it at a low sun, hollows are dimmer than crests.
//!
//! Shadows are found in one pass over the map, lines taken from the sun's side first (Ryan
//! Geiss's and others' "shadow propagation"): each cell's shadow top is the higher of its own
//! height and the shadow top of the point one step towards the sun (linearly between the two
//! cells of the line before), lowered by the sun's slope over that step. A cell lies in shadow
//! where that top passes over it; a soft edge of [`SOFT`] cells keeps the rim from stairing.

use super::rules::{smoothstep, spread};

/// How far above a cell (in cells of height) a shadow's top must pass for the cell to be wholly
/// in shadow; lit below 0, softly between.
pub const SOFT: f32 = 0.5;

/// Where the sun stands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sun {
    /// Its height above the horizon, in degrees (0 to 90).
    pub elevation: f32,
    /// The direction it shines from, in degrees clockwise from north (the map's first row):
    /// 90 east (the last column), 180 south, 270 west.
    pub azimuth: f32,
}

/// The sun of the page's Land view before the reader moves it, and of `--maps shadow`: 35 degrees
/// high, in the south-east.
pub const SUN: Sun = Sun {
    elevation: 35.0,
    azimuth: 124.0,
};

/// A sun's rays over a map: which way, on the map, lies towards the sun, and how steeply its rays
/// climb (the page makes one with the browser's trigonometry, keeping Rust's out of its first
/// load).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ray {
    /// Towards the sun on the map, a unit vector: x east, y south.
    pub toward: (f32, f32),
    /// How far the rays climb over one cell: the tangent of the sun's height.
    pub rise: f32,
}

impl Sun {
    /// Its rays; `None` with the sun overhead (no shadow is cast).
    pub fn ray(self) -> Option<Ray> {
        if self.elevation >= 90.0 {
            return None;
        }
        let (sin, cos) = self.azimuth.to_radians().sin_cos();
        Some(Ray {
            toward: (sin, -cos),
            rise: self.elevation.max(0.0).to_radians().tan(),
        })
    }
}

/// How lit each cell of a `width`-wide map of `heights` is by `sun` (1 in full sun, 0 in a cast
/// shadow; faces turned away from the sun are the shading's business, not this), with heights
/// multiplied by `scale` to be in cells (the relief's metres over the cell's).
pub fn shadows(heights: &[f32], width: usize, scale: f32, sun: Sun) -> Vec<f32> {
    match sun.ray() {
        Some(ray) => shadows_along(heights, width, scale, ray),
        None => vec![1.0; heights.len()],
    }
}

/// [`shadows`] cast by the sun's `ray`.
pub fn shadows_along(heights: &[f32], width: usize, scale: f32, ray: Ray) -> Vec<f32> {
    let height = heights.len() / width.max(1);
    if width == 0 || height == 0 {
        return vec![1.0; heights.len()];
    }
    let ((sx, sy), rise) = (ray.toward, ray.rise);
    let h = |i: usize| heights[i] * scale;
    let mut top = vec![f32::NEG_INFINITY; heights.len()];
    let mut lit = vec![1.0; heights.len()];
    // Along the dominant axis: `lines` lines of `along` cells, the line towards the sun first.
    let across_x = sx.abs() >= sy.abs();
    let (lines, along) = match across_x {
        true => (width, height),
        false => (height, width),
    };
    let (toward, slant) = match across_x {
        true => (sx.signum(), sy / sx.abs()),
        false => (sy.signum(), sx / sy.abs()),
    };
    let drop = rise * (1.0 + slant * slant).sqrt();
    let index = |line: usize, k: usize| match across_x {
        true => k * width + line,
        false => line * width + k,
    };
    let order: Vec<usize> = match toward > 0.0 {
        true => (0..lines).rev().collect(),
        false => (0..lines).collect(),
    };
    for (n, &line) in order.iter().enumerate() {
        let before = (n > 0).then(|| order[n - 1]);
        for k in 0..along {
            let i = index(line, k);
            let upwind = before.map_or(f32::NEG_INFINITY, |b| {
                let at = k as f32 + slant;
                if at < 0.0 || at > (along - 1) as f32 {
                    return f32::NEG_INFINITY;
                }
                let k0 = at.floor() as usize;
                let k1 = (k0 + 1).min(along - 1);
                let t = at - k0 as f32;
                let (a, b) = (top[index(b, k0)], top[index(b, k1)]);
                match (a.is_finite(), b.is_finite()) {
                    (true, true) => a + (b - a) * t,
                    _ => f32::NEG_INFINITY,
                }
            }) - drop;
            let own = h(i);
            lit[i] = 1.0 - smoothstep(0.0, SOFT, upwind - own);
            top[i] = own.max(upwind);
        }
    }
    lit
}

/// How much of the sky each cell of a `width`-wide map of `heights` sees, 0.5 to 1: dimmer where
/// the cell lies below the land around it (a hollow, a valley floor), 1 on crests and plains;
/// heights multiplied by `scale` to be in cells. The land around is the heights spread
/// ([`spread`]) three times, about eight cells across.
pub fn sky(heights: &[f32], width: usize, scale: f32) -> Vec<f32> {
    let mut around = heights.to_vec();
    for _ in 0..3 {
        around = spread(&around, width);
    }
    heights
        .iter()
        .zip(&around)
        .map(|(&h, &a)| 1.0 - 0.5 * smoothstep(0.0, 3.0, (a - h) * scale))
        .collect()
}

/// How much light the sky gives a cell that sees all of it, against the sun's on a face turned
/// square to it.
pub const SKY_LIGHT: f64 = 0.35;

/// The sun's light on a face turned square to it.
pub const SUN_LIGHT: f64 = 0.8;

/// The land lit, as RGB pixels: each cell's `albedo` (RGB, sRGB) in linear light under the sky
/// ([`SKY_LIGHT`] times what of it the cell sees, [`sky`]) and the sun ([`SUN_LIGHT`] times the
/// cosine between the ground's normal and the sun, times its [`shadows`]), back in sRGB; the
/// `width`-wide map of `heights` multiplied by `scale` to be in cells. A top view of the land as
/// it would look from above at that hour, to judge it by eye.
pub fn lit(heights: &[f32], width: usize, scale: f32, albedo: &[u8], sun: Sun) -> Vec<u8> {
    let rows = heights.len() / width.max(1);
    let shade = shadows(heights, width, scale, sun);
    let seen = sky(heights, width, scale);
    let (elevation, azimuth) = (
        f64::from(sun.elevation).to_radians(),
        f64::from(sun.azimuth).to_radians(),
    );
    // Towards the sun: x east, y south, z up.
    let toward = [
        elevation.cos() * azimuth.sin(),
        -elevation.cos() * azimuth.cos(),
        elevation.sin(),
    ];
    let z = |x: usize, y: usize| f64::from(heights[y.min(rows - 1) * width + x.min(width - 1)]);
    let scale = f64::from(scale);
    (0..heights.len())
        .flat_map(|i| {
            let (x, y) = (i % width, i / width);
            let (x0, y0) = (x.saturating_sub(1), y.saturating_sub(1));
            let (x1, y1) = ((x + 1).min(width - 1), (y + 1).min(rows - 1));
            let gx = (z(x1, y) - z(x0, y)) * scale / (x1 - x0).max(1) as f64;
            let gy = (z(x, y1) - z(x, y0)) * scale / (y1 - y0).max(1) as f64;
            let length = (gx * gx + gy * gy + 1.0).sqrt();
            let facing = (-gx * toward[0] - gy * toward[1] + toward[2]) / length;
            let light =
                SKY_LIGHT * f64::from(seen[i]) + SUN_LIGHT * facing.max(0.0) * f64::from(shade[i]);
            [0, 1, 2].map(|c| {
                let base = super::splat::to_linear(f64::from(albedo[i * 3 + c]) / 255.0);
                (super::splat::to_srgb(base * light) * 255.0).round() as u8
            })
        })
        .collect()
}
