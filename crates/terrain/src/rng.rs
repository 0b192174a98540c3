//! The one seeded random generator every algorithm draws from.
//!
//! It is PCG-32 (`rand_pcg::Pcg32`, a named algorithm whose output is fixed by its definition), and
//! floats are made from its raw 32-bit output by a formula written here rather than by a library
//! distribution, so a seed gives the same terrain on every platform and every future version.

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

/// A seeded source of random numbers for terrain: same seed, same terrain, everywhere.
#[derive(Debug, Clone)]
pub struct TerrainRng {
    inner: Pcg32,
}

impl TerrainRng {
    /// A generator whose whole output is determined by `seed`.
    pub fn new(seed: u64) -> Self {
        Self {
            inner: Pcg32::seed_from_u64(seed),
        }
    }

    /// Uniform in `[0, 1)`: 24 random bits, exactly representable as `f32`.
    pub fn uniform(&mut self) -> f32 {
        (self.inner.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
    }

    /// Uniform in `[low, high)`.
    pub fn uniform_between(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * self.uniform()
    }

    /// Uniform in `[-spread, spread)`: a random nudge up or down of at most `spread`.
    pub fn around_zero(&mut self, spread: f32) -> f32 {
        spread * (2.0 * self.uniform() - 1.0)
    }

    /// `value` moved up or down by a random amount of at most `spread`: the posts' `jitter`.
    pub fn jitter(&mut self, value: f32, spread: f32) -> f32 {
        value + self.around_zero(spread)
    }

    /// A raw 64-bit draw, for picking seeds of sub-generators.
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_sequence_different_seed_different_sequence() {
        let draw = |seed| {
            let mut rng = TerrainRng::new(seed);
            (0..16).map(|_| rng.uniform()).collect::<Vec<_>>()
        };
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }

    #[test]
    fn uniform_stays_in_zero_one_and_covers_it() {
        let mut rng = TerrainRng::new(1);
        let values: Vec<f32> = (0..10_000).map(|_| rng.uniform()).collect();
        assert!(values.iter().all(|v| (0.0..1.0).contains(v)));
        let mean = values.iter().sum::<f32>() / values.len() as f32;
        assert!((mean - 0.5).abs() < 0.02, "mean {mean}");
        assert!(values.iter().any(|&v| v < 0.01) && values.iter().any(|&v| v > 0.99));
    }

    #[test]
    fn jitter_moves_by_at_most_spread() {
        let mut rng = TerrainRng::new(3);
        for _ in 0..10_000 {
            let v = rng.jitter(0.5, 0.1);
            assert!((0.4..=0.6).contains(&v), "{v}");
        }
        assert_eq!(rng.jitter(0.25, 0.0), 0.25);
    }

    #[test]
    fn output_is_value_stable() {
        // Pinned: if this changes, every golden terrain changes with it.
        let mut rng = TerrainRng::new(0);
        let bits: Vec<u32> = (0..3).map(|_| rng.uniform().to_bits()).collect();
        assert_eq!(bits, GOLDEN_FIRST_DRAWS);
    }

    const GOLDEN_FIRST_DRAWS: [u32; 3] = [1032744648, 1065124927, 1033912728];
}
