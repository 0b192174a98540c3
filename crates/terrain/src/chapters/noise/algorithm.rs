//! Random noise: every point an independent uniform height. The first post's "black triangle":
//! proof that something renders, and a reminder of why terrain needs structure.

use crate::map::heightmap::Heightmap;
use crate::map::rng::TerrainRng;

/// The size of a noise map: nothing else changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NoiseParams {
    /// Width in points.
    pub width: usize,
    /// Height in points.
    pub height: usize,
}

impl NoiseParams {
    /// 33 x 33: the size of the first post's maps (exponent 5).
    pub const DEFAULT: NoiseParams = NoiseParams {
        width: 33,
        height: 33,
    };
}

impl Default for NoiseParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Sets every point of `map` to uniform(0, 1).
pub fn fill(map: &mut Heightmap, rng: &mut TerrainRng) {
    for v in map.data_mut() {
        *v = rng.uniform();
    }
}

/// A `width` x `height` map of random noise from `seed`.
///
/// Fails (without allocating) when the size is empty or past [`crate::knobs::limits::MAX_CELLS`].
pub fn generate(
    width: usize,
    height: usize,
    seed: u64,
) -> Result<Heightmap, crate::knobs::params::ParamError> {
    let mut map = Heightmap::new(width, height)?;
    fill(&mut map, &mut TerrainRng::new(seed));
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_is_in_zero_one_and_they_differ() {
        let map = generate(33, 17, 5).expect("valid size");
        assert!(map.data().iter().all(|v| (0.0..1.0).contains(v)));
        let (lo, hi) = map.range().expect("no NaN");
        assert!(hi - lo > 0.9, "{lo}..{hi}");
    }

    #[test]
    fn golden_checksum() {
        assert_eq!(generate(33, 33, 1).expect("valid").checksum(), GOLDEN);
    }

    const GOLDEN: u32 = 3366448442;
}
