//! The layers' weights as bytes a game imports: 8 bits a layer summing to exactly 255 at every
//! cell (the largest remainder method: each weight's floor, then one more to the layers with
//! the largest fractions until the sum is 255), packed four to an RGBA splat map, one grey map a
//! layer, and the albedo: the layers' colours weighted by those bytes, mixed in linear light and
//! written in sRGB.

use super::LAYERS;

/// The layers' bytes at every cell of a map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splat {
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub height: usize,
    /// Each cell's bytes in [`LAYERS`]' order, row by row; each cell's sum to 255.
    pub bytes: Vec<[u8; 7]>,
}

/// `weights` (summing to 1) as bytes summing to exactly 255: the largest remainder method, ties
/// to the layer listed first.
pub fn bytes(weights: &[f32; 7]) -> [u8; 7] {
    let total: f32 = weights.iter().map(|w| w.max(0.0)).sum();
    let scaled = weights.map(|w| match total > 0.0 {
        true => f64::from(w.max(0.0)) / f64::from(total) * 255.0,
        false => 0.0,
    });
    if total <= 0.0 {
        // No weight at all: all of it to grass, the layer under the rest.
        let mut out = [0; 7];
        out[1] = 255;
        return out;
    }
    let mut out = scaled.map(|s| s.floor().min(255.0) as u8);
    let given: u32 = out.iter().map(|&b| u32::from(b)).sum();
    // Only layers with some weight take the rest, the largest fractions first (ties to the
    // layer listed first), so a layer a rule gives nothing stays 0.
    let fraction = |l: usize| scaled[l] - scaled[l].floor();
    let mut order = [0usize; 7];
    let mut weighed = 0;
    for l in (0..7).filter(|&l| scaled[l] > 0.0) {
        let mut at = weighed;
        while at > 0 && fraction(order[at - 1]) < fraction(l) {
            order[at] = order[at - 1];
            at -= 1;
        }
        order[at] = l;
        weighed += 1;
    }
    for k in 0..255u32.saturating_sub(given) as usize {
        out[order[k % weighed.max(1)]] += 1;
    }
    out
}

impl Splat {
    /// The splat of `weights` (a cell's seven, row by row) on a `width` x `height` map.
    pub fn of(width: usize, height: usize, weights: &[[f32; 7]]) -> Splat {
        Splat {
            width,
            height,
            bytes: weights.iter().map(bytes).collect(),
        }
    }

    /// Splat map `n` (0 or 1) as RGBA pixels: layers 4n to 4n + 3 in R, G, B, A; 0 in a
    /// channel with no layer.
    pub fn rgba(&self, n: usize) -> Vec<u8> {
        self.bytes
            .iter()
            .flat_map(|cell| [0, 1, 2, 3].map(|c| cell.get(4 * n + c).copied().unwrap_or(0)))
            .collect()
    }

    /// Layer `layer`'s grey map, one byte a cell.
    pub fn layer(&self, layer: usize) -> Vec<u8> {
        self.bytes.iter().map(|cell| cell[layer]).collect()
    }

    /// Each layer's share of the map, in [`LAYERS`]' order: its bytes over 255 a cell, summed
    /// over the cells (the shares sum to 1).
    pub fn shares(&self) -> [f64; 7] {
        let mut sums = [0u64; 7];
        for cell in &self.bytes {
            for (sum, byte) in sums.iter_mut().zip(cell) {
                *sum += u64::from(*byte);
            }
        }
        let whole = (255 * self.bytes.len().max(1)) as f64;
        sums.map(|sum| sum as f64 / whole)
    }

    /// The albedo as RGB pixels: at each cell the layers' colours weighted by its bytes over
    /// 255, mixed in linear light, written in sRGB.
    pub fn albedo(&self) -> Vec<u8> {
        let linear = LAYERS.map(|l| l.color.map(|c| to_linear(f64::from(c) / 255.0)));
        self.bytes
            .iter()
            .flat_map(|cell| {
                [0, 1, 2].map(|c| {
                    let mixed: f64 = (0..LAYERS.len())
                        .map(|l| f64::from(cell[l]) / 255.0 * linear[l][c])
                        .sum();
                    (to_srgb(mixed) * 255.0).round().clamp(0.0, 255.0) as u8
                })
            })
            .collect()
    }
}

/// An sRGB value (0 to 1) in linear light.
pub fn to_linear(v: f64) -> f64 {
    match v <= 0.04045 {
        true => v / 12.92,
        false => ((v + 0.055) / 1.055).powf(2.4),
    }
}

/// A linear-light value (0 to 1) in sRGB.
pub fn to_srgb(v: f64) -> f64 {
    let v = v.clamp(0.0, 1.0);
    match v <= 0.003_130_8 {
        true => v * 12.92,
        false => 1.055 * v.powf(1.0 / 2.4) - 0.055,
    }
}
