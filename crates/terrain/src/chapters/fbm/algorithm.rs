//! Fractal Brownian motion: gradient noise summed octave by octave. Each octave's lattice is
//! `lacunarity` times finer than the one before and its heights `gain` times as tall, the same
//! idea as midpoint displacement's passes (each adds detail half as tall) without the grid: no
//! creases, and a height for any point of an endless plane. With lacunarity 2 the gain aims at
//! the Hurst exponent H = -log2(gain), as the spread reduction does in the first post.
//!
//! [`height_at`] is the plain reading, one point and one octave at a time; [`generate`] makes
//! the same map a row at a time (`rows.rs`), bit for bit, on every core.

mod lattice;
mod rows;

pub use lattice::{
    gradient, gradient_noise, hash as lattice_hash, octave_key, octave_shift, value_noise,
    GRADIENT_SCALE,
};

use crate::knobs::params::ParamError;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

/// What each octave's noise becomes before it is added, as the `shape` field names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum OctaveShape {
    /// The noise as it is: rolling hills.
    Plain,
    /// One minus its absolute value, squared: sharp crests where the noise crosses zero, broad
    /// lowlands between them.
    Ridged,
    /// Its absolute value: round hills with creased valleys between them.
    Billow,
}

impl OctaveShape {
    /// Every shape, in the order [`crate::chapters::fbm::knobs::OCTAVE_SHAPES`] names them.
    pub const ALL: [OctaveShape; 3] = [Self::Plain, Self::Ridged, Self::Billow];

    /// Its name on the page and the command line.
    pub fn name(self) -> &'static str {
        crate::chapters::fbm::knobs::OCTAVE_SHAPES[self as usize]
    }

    /// The shape named `name`, or what the knob takes.
    pub fn parse(knob: &Knob, name: &str) -> Result<Self, ParamError> {
        let found = Self::ALL.into_iter().find(|s| s.name() == name.trim());
        found.ok_or_else(|| {
            ParamError::new(
                knob.name,
                format!(
                    "{} must be {}, got \"{}\"",
                    knob.name,
                    knob.range(),
                    name.trim()
                ),
            )
        })
    }

    /// `m` (an octave's noise scaled to -1..1) in this shape, still in -1..1.
    #[inline(always)]
    pub fn apply(self, m: f32) -> f32 {
        match self {
            Self::Plain => m,
            Self::Ridged => {
                let r = 1.0 - m.abs();
                2.0 * r * r - 1.0
            }
            Self::Billow => 2.0 * m.abs() - 1.0,
        }
    }
}

/// Everything that sets an fBm map but the seed.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FbmParams {
    /// Width in points.
    pub width: usize,
    /// Height in points.
    pub height: usize,
    /// The map's corner on the endless plane, in cells: a map made at `(x, y)` is those cells of
    /// any larger map whose area covers them.
    pub x: usize,
    /// See [`FbmParams::x`].
    pub y: usize,
    /// How many octaves are summed: each adds finer detail.
    pub octaves: u32,
    /// The first octave's cycles per 256 cells: larger gives smaller hills.
    pub frequency: f32,
    /// Each octave's frequency over the one before (2: each is twice as fine).
    pub lacunarity: f32,
    /// Each octave's amplitude over the one before: low is smooth, high is rough.
    pub gain: f32,
    /// What each octave's noise becomes before it is added.
    pub shape: OctaveShape,
    /// The finished heights (0 to 1) raised to this power: above 1 widens the valleys and
    /// sharpens the peaks.
    pub power: f32,
    /// How far the plane is pushed around before the noise is read (domain warping), in first
    /// octave wavelengths: 0 is none.
    pub warp: f32,
}

impl FbmParams {
    /// 257 x 257 at the plane's origin, the table's defaults.
    pub const DEFAULT: FbmParams = FbmParams {
        width: 257,
        height: 257,
        x: 0,
        y: 0,
        octaves: crate::chapters::fbm::knobs::OCTAVES.whole_default() as u32,
        frequency: crate::chapters::fbm::knobs::FREQUENCY.number_default() as f32,
        lacunarity: crate::chapters::fbm::knobs::LACUNARITY.number_default() as f32,
        gain: crate::chapters::fbm::knobs::GAIN.number_default() as f32,
        shape: OctaveShape::Plain,
        power: crate::chain::redistribute::POWER.number_default() as f32,
        warp: crate::chapters::fbm::knobs::WARP.number_default() as f32,
    };

    /// Checks every setting against its knob's range (the size is checked as the map is made).
    pub fn validate(&self) -> Result<(), ParamError> {
        crate::chapters::fbm::knobs::OCTAVES.check_whole(u64::from(self.octaves))?;
        crate::chapters::fbm::knobs::ORIGIN_X.check_whole(self.x as u64)?;
        crate::chapters::fbm::knobs::ORIGIN_Y.check_whole(self.y as u64)?;
        for (knob, value) in [
            (&crate::chapters::fbm::knobs::FREQUENCY, self.frequency),
            (&crate::chapters::fbm::knobs::LACUNARITY, self.lacunarity),
            (&crate::chapters::fbm::knobs::GAIN, self.gain),
            (&crate::chain::redistribute::POWER, self.power),
            (&crate::chapters::fbm::knobs::WARP, self.warp),
        ] {
            knob.check_number(f64::from(value))?;
        }
        Ok(())
    }

    /// Each octave's frequency (cycles per cell) and amplitude, first to last: the frequency
    /// multiplied by the lacunarity and the amplitude by the gain from one to the next.
    pub fn octave_list(&self) -> Vec<(f64, f32)> {
        let mut frequency = f64::from(self.frequency) / 256.0;
        let mut amplitude = 1.0f32;
        (0..self.octaves)
            .map(|_| {
                let octave = (frequency, amplitude);
                frequency *= f64::from(self.lacunarity);
                amplitude *= self.gain;
                octave
            })
            .collect()
    }

    /// The sum of the amplitudes: the most the octaves can add up to.
    fn total(&self) -> f32 {
        self.octave_list().iter().map(|o| o.1).sum()
    }
}

impl Default for FbmParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// How many octaves the warp's two noise fields sum: the broad shapes, not the detail.
const WARP_OCTAVES: usize = 3;

/// Keys of the warp's two fields, apart from every octave's.
const WARP_KEYS: [u32; 2] = [64, 65];

/// Point `(x, y)` of the plane pushed by the warp: `warp` first-octave wavelengths times two
/// fields of plain fBm (its first [`WARP_OCTAVES`] octaves, -1 to 1).
fn warped(params: &FbmParams, octaves: &[(f64, f32)], seed: u64, x: f64, y: f64) -> (f64, f64) {
    if params.warp == 0.0 {
        return (x, y);
    }
    let used = &octaves[..octaves.len().min(WARP_OCTAVES)];
    let total: f32 = used.iter().map(|o| o.1).sum();
    let push = |field: u32| {
        let key = octave_key(seed, field);
        let (sx, sy) = octave_shift(key);
        let mut sum = 0.0f32;
        for &(frequency, amplitude) in used {
            let noise = gradient_noise(x * frequency + sx, y * frequency + sy, key);
            sum += amplitude * noise * GRADIENT_SCALE;
        }
        sum / total
    };
    let reach = f64::from(params.warp) * 256.0 / f64::from(params.frequency);
    (
        x + reach * f64::from(push(WARP_KEYS[0])),
        y + reach * f64::from(push(WARP_KEYS[1])),
    )
}

/// The height, 0 to 1, that octave sums `sum` (of amplitudes totalling `total`) give: a fixed
/// mapping, the same for every map, so a tile and a larger map agree; then raised to `power`
/// (with `libm`, the same bits natively and in wasm).
#[inline(always)]
pub(in crate::chapters::fbm) fn finish(sum: f32, total: f32, power: f32) -> f32 {
    let h = (0.5 + 0.5 * sum / total).clamp(0.0, 1.0);
    if power == 1.0 {
        h
    } else {
        libm::powf(h, power)
    }
}

/// One octave's contribution at lattice coordinates `(tx, ty)`: its noise scaled to -1..1 and
/// shaped (the amplitude not yet applied).
#[inline(always)]
fn octave_value(shape: OctaveShape, noise: f32) -> f32 {
    shape.apply((noise * GRADIENT_SCALE).clamp(-1.0, 1.0))
}

/// The noise each octave reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Gradient (Perlin) noise: a slope at each lattice point, zero height there.
    Gradient,
    /// Value noise on the same lattice: a height at each lattice point, blended between them.
    Value,
}

/// The height at cell `(x, y)` of the plane: the plain reading, every octave at this one point.
pub fn height_at(params: &FbmParams, seed: u64, x: f64, y: f64) -> f32 {
    let octaves = params.octave_list();
    height_with(
        params,
        &octaves,
        params.total(),
        Basis::Gradient,
        seed,
        (x, y),
    )
}

/// [`height_at`] with the octaves (`params.octave_list()`, their amplitudes summing to
/// `total`) worked out once for many points, and the noise `basis` read.
pub(super) fn height_with(
    params: &FbmParams,
    octaves: &[(f64, f32)],
    total: f32,
    basis: Basis,
    seed: u64,
    (x, y): (f64, f64),
) -> f32 {
    let (px, py) = warped(params, octaves, seed, x, y);
    let mut sum = 0.0f32;
    for (k, &(frequency, amplitude)) in octaves.iter().enumerate() {
        let key = octave_key(seed, k as u32);
        let (sx, sy) = octave_shift(key);
        let (tx, ty) = (px * frequency + sx, py * frequency + sy);
        let shaped = match basis {
            Basis::Gradient => octave_value(params.shape, gradient_noise(tx, ty, key)),
            Basis::Value => params.shape.apply(value_noise(tx, ty, key)),
        };
        sum += amplitude * shaped;
    }
    finish(sum, total, params.power)
}

/// For each of `points` (cells of the plane), the sums of its first 1, 2, ... octaves (each
/// shaped and times its amplitude, summed in [`height_at`]'s order), one point's after
/// another: without warping, the octave stepper's steps from one reading of each octave.
pub(in crate::chapters::fbm) fn octave_prefixes(
    params: &FbmParams,
    seed: u64,
    points: &[(f64, f64)],
) -> Vec<f32> {
    let octaves = params.octave_list();
    let keys: Vec<(u32, (f64, f64))> = (0..octaves.len() as u32)
        .map(|k| {
            let key = octave_key(seed, k);
            (key, octave_shift(key))
        })
        .collect();
    let mut sums = Vec::with_capacity(points.len() * octaves.len());
    for &(x, y) in points {
        let mut sum = 0.0f32;
        for (&(frequency, amplitude), &(key, (sx, sy))) in octaves.iter().zip(&keys) {
            let noise = gradient_noise(x * frequency + sx, y * frequency + sy, key);
            sum += amplitude * octave_value(params.shape, noise);
            sums.push(sum);
        }
    }
    sums
}

/// The same map with value noise in place of gradient noise, on the same lattices: what the
/// one-octave demo sets beside gradient noise. Made point by point, on every core.
pub fn generate_value(params: &FbmParams, seed: u64) -> Result<Heightmap, ParamError> {
    if !LINKED {
        return Err(not_linked());
    }
    params.validate()?;
    let mut map = Heightmap::new(params.width, params.height)?;
    rows::fill_points(&mut map, params, Basis::Value, seed);
    Ok(map)
}

/// The map point by point with [`height_at`]: the plain reading [`generate`] equals.
pub fn generate_plain(params: &FbmParams, seed: u64) -> Result<Heightmap, ParamError> {
    params.validate()?;
    let mut map = Heightmap::new(params.width, params.height)?;
    let width = params.width;
    for (i, h) in map.data_mut().iter_mut().enumerate() {
        let (x, y) = ((params.x + i % width) as f64, (params.y + i / width) as f64);
        *h = height_at(params, seed, x, y);
    }
    Ok(map)
}

/// Why a build without the `fbm` feature makes no fBm map.
fn not_linked() -> ParamError {
    ParamError::new(
        "fbm",
        "the fBm generator is not in this build (feature \"fbm\")",
    )
}

/// Whether this build holds the row kernel (the `fbm` feature, on by default). The page's first
/// module leaves it out: the later chapters' module brings it when the chapter is near.
pub const LINKED: bool = cfg!(feature = "fbm");

/// The map, a row at a time on every core (`rows.rs`): equal to [`generate_plain`] bit for bit,
/// and the same whatever the number of threads.
pub fn generate(params: &FbmParams, seed: u64) -> Result<Heightmap, ParamError> {
    if !LINKED {
        return Err(not_linked());
    }
    params.validate()?;
    let mut map = Heightmap::new(params.width, params.height)?;
    rows::fill(&mut map, params, seed);
    Ok(map)
}

#[cfg(test)]
mod tests;
