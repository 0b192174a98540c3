//! The lattice under the noise, and one octave of it at one point, read plainly.
//!
//! Every lattice point `(i, j)` gets a pseudo-random 32-bit hash of its coordinates and the
//! octave's key; gradient noise takes a unit gradient from it, value noise a height. Nothing is
//! stored, so the plane has no edge and no period short of 2^32 lattice cells: a tile computed on
//! its own is the same cells cut from a larger map.

/// 2-D gradient noise with unit gradients lies within ±√2/2; times this it lies within ±1.
pub const GRADIENT_SCALE: f32 = std::f32::consts::SQRT_2;

/// Sixteen unit gradients, evenly spread and none along an axis (so no row or column of the
/// lattice is favoured): angle (k + 1/2) x 22.5°.
const GX: [f32; 16] = [
    0.980_785_3,
    0.831_469_6,
    0.555_570_2,
    0.195_090_32,
    -0.195_090_32,
    -0.555_570_2,
    -0.831_469_6,
    -0.980_785_3,
    -0.980_785_3,
    -0.831_469_6,
    -0.555_570_2,
    -0.195_090_32,
    0.195_090_32,
    0.555_570_2,
    0.831_469_6,
    0.980_785_3,
];
const GY: [f32; 16] = [
    0.195_090_32,
    0.555_570_2,
    0.831_469_6,
    0.980_785_3,
    0.980_785_3,
    0.831_469_6,
    0.555_570_2,
    0.195_090_32,
    -0.195_090_32,
    -0.555_570_2,
    -0.831_469_6,
    -0.980_785_3,
    -0.980_785_3,
    -0.831_469_6,
    -0.555_570_2,
    -0.195_090_32,
];

/// Chris Wellons' `lowbias32` integer hash: every input bit moves every output bit.
#[inline(always)]
fn mix(mut h: u32) -> u32 {
    h ^= h >> 16;
    h = h.wrapping_mul(0x7feb_352d);
    h ^= h >> 15;
    h = h.wrapping_mul(0x846c_a68b);
    h ^ (h >> 16)
}

/// The hash of lattice point `(i, j)` under `key` (an octave's, from [`octave_key`]).
#[inline(always)]
pub fn hash(i: i64, j: i64, key: u32) -> u32 {
    mix(mix(i as u32 ^ key) ^ j as u32)
}

/// The key of octave `octave` (or of another noise field: the warp's use 64 and 65) for `seed`:
/// each octave is noise of its own, not the first one scaled.
pub fn octave_key(seed: u64, octave: u32) -> u32 {
    // SplitMix64's finaliser over the seed and the octave.
    let mut z = seed ^ (u64::from(octave) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ((z ^ (z >> 31)) >> 32) as u32
}

/// Where octave `key`'s lattice sits on the plane, as a fraction of its spacing across and down.
/// Without it every octave would have a lattice point at the origin, and an octave whose spacing
/// is a whole number of cells would sample the noise at its lattice points, where it is always
/// zero: rows and columns of the map would show through as a grid.
pub fn octave_shift(key: u32) -> (f64, f64) {
    (
        f64::from(key & 0xffff) / 65_536.0,
        f64::from(key >> 16) / 65_536.0,
    )
}

/// The unit gradient a hash picks.
#[inline(always)]
pub fn gradient(h: u32) -> (f32, f32) {
    let k = (h >> 28) as usize;
    (GX[k], GY[k])
}

/// The height in -1..1 a hash gives value noise.
#[inline(always)]
pub fn value(h: u32) -> f32 {
    (h >> 8) as f32 * (1.0 / 8_388_608.0) - 1.0
}

/// Perlin's fade curve, 6t^5 - 15t^4 + 10t^3: flat at 0 and 1, so neighbouring cells meet
/// without a crease in slope or curvature.
#[inline(always)]
pub fn fade(t: f32) -> f32 {
    t * t * t * (t * (t * 6.0 - 15.0) + 10.0)
}

/// A lattice coordinate split into its cell and the fraction across it (0 to 1). The product is
/// taken in f64, so the fraction keeps its precision millions of cells from the origin.
#[inline(always)]
pub fn split(t: f64) -> (i64, f32) {
    let i = t as i64;
    let i = if (i as f64) > t { i - 1 } else { i };
    (i, (t - i as f64) as f32)
}

/// Gradient (Perlin) noise at lattice coordinates `(tx, ty)`, about -0.71 to 0.71: each corner's
/// gradient dotted with the offset from that corner, blended with the fade curve. The textbook
/// reading, one point at a time; the row kernel computes the same products in the same order.
pub fn gradient_noise(tx: f64, ty: f64, key: u32) -> f32 {
    let (i, fx) = split(tx);
    let (j, fy) = split(ty);
    let (gx00, gy00) = gradient(hash(i, j, key));
    let (gx10, gy10) = gradient(hash(i + 1, j, key));
    let (gx01, gy01) = gradient(hash(i, j + 1, key));
    let (gx11, gy11) = gradient(hash(i + 1, j + 1, key));
    let n00 = gx00 * fx + gy00 * fy;
    let n10 = gx10 * (fx - 1.0) + gy10 * fy;
    let n01 = gx01 * fx + gy01 * (fy - 1.0);
    let n11 = gx11 * (fx - 1.0) + gy11 * (fy - 1.0);
    let (u, v) = (fade(fx), fade(fy));
    let a = n00 + u * (n10 - n00);
    let b = n01 + u * (n11 - n01);
    a + v * (b - a)
}

/// Value noise at lattice coordinates `(tx, ty)`, -1 to 1: the four corners' heights blended
/// with the fade curve. Its cells show as soft squares, which gradient noise does not have.
pub fn value_noise(tx: f64, ty: f64, key: u32) -> f32 {
    let (i, fx) = split(tx);
    let (j, fy) = split(ty);
    let (u, v) = (fade(fx), fade(fy));
    let a = value(hash(i, j, key));
    let b = value(hash(i + 1, j, key));
    let c = value(hash(i, j + 1, key));
    let d = value(hash(i + 1, j + 1, key));
    let top = a + u * (b - a);
    let bottom = c + u * (d - c);
    top + v * (bottom - top)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gradients_are_unit_vectors() {
        for k in 0..16 {
            let length = (GX[k] * GX[k] + GY[k] * GY[k]).sqrt();
            assert!((length - 1.0).abs() < 1e-6, "{k}: {length}");
        }
    }

    #[test]
    fn split_is_floor_and_fraction_on_both_sides_of_zero() {
        assert_eq!(split(2.25), (2, 0.25));
        assert_eq!(split(-0.25), (-1, 0.75));
        assert_eq!(split(-3.0), (-3, 0.0));
        assert_eq!(split(0.0), (0, 0.0));
    }

    #[test]
    fn noise_is_zero_on_the_lattice_and_bounded_between() {
        let key = octave_key(7, 0);
        for i in -5..5 {
            assert_eq!(gradient_noise(f64::from(i), 3.0, key), 0.0);
        }
        let mut most = 0f32;
        for n in 0..20_000 {
            let (x, y) = (f64::from(n % 200) * 0.137, f64::from(n / 200) * 0.173);
            let g = gradient_noise(x, y, key);
            most = most.max(g.abs());
            let v = value_noise(x, y, key);
            assert!((-1.0..=1.0).contains(&v));
        }
        assert!(most * GRADIENT_SCALE <= 1.0, "{most}");
        assert!(most > 0.4, "{most}: the noise reaches well into its range");
    }

    #[test]
    fn octaves_have_keys_of_their_own() {
        let keys: std::collections::BTreeSet<u32> = (0..66).map(|k| octave_key(1, k)).collect();
        assert_eq!(keys.len(), 66);
        assert_ne!(octave_key(1, 0), octave_key(2, 0));
    }
}
