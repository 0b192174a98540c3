//! Helpers shared by the core's tests (compiled only for `cargo test`).

use crate::midpoint::MpdParams;
use crate::{Heightmap, ParamError};

/// A whole-map generator taking midpoint displacement's parameters and a seed.
pub(crate) type Generator = fn(&MpdParams, u64) -> Result<Heightmap, ParamError>;

/// Asserts that `fast` and `reference` build bit-identical maps at exponents 1 to 9 from four
/// seeds each: how the row sweeps of midpoint displacement and Diamond-Square are checked
/// against their posts' plain readings.
pub(crate) fn assert_same_maps(fast: Generator, reference: Generator) {
    for exponent in 1..=9 {
        for seed in 0..4 {
            let p = MpdParams {
                exponent,
                spread: 0.4,
                reduction: 0.6,
            };
            assert_eq!(
                fast(&p, seed).expect("valid"),
                reference(&p, seed).expect("valid"),
                "exponent {exponent} seed {seed}"
            );
        }
    }
}
