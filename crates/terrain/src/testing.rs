//! Helpers shared by the core's tests (compiled only for `cargo test`).

use std::ops::RangeInclusive;

use crate::chapters::midpoint::algorithm::MpdParams;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// A whole-map generator taking midpoint displacement's parameters and a seed.
pub(crate) type Generator = fn(&MpdParams, u64) -> Result<Heightmap, ParamError>;

/// Every exponent of `exponents` with seeds `0..seeds`, at spread 0.4 and reduction 0.6.
fn cases(exponents: RangeInclusive<u32>, seeds: u64) -> impl Iterator<Item = (MpdParams, u64)> {
    exponents.flat_map(move |exponent| {
        let p = MpdParams {
            exponent,
            spread: 0.4,
            reduction: 0.6,
        };
        (0..seeds).map(move |seed| (p, seed))
    })
}

/// Asserts that `fast` and `reference` build bit-identical maps at exponents 1 to 9 from four
/// seeds each: how the row sweeps of midpoint displacement and Diamond-Square are checked
/// against their posts' plain readings.
pub(crate) fn assert_same_maps(fast: Generator, reference: Generator) {
    for (p, seed) in cases(1..=9, 4) {
        assert_eq!(
            fast(&p, seed).expect("valid"),
            reference(&p, seed).expect("valid"),
            "exponent {} seed {seed}",
            p.exponent
        );
    }
}

/// Asserts that `generate` builds the same map bit for bit with rayon pools of 1 to 5 and 8
/// threads, at exponents 9 to 11 (2 to 8 bands of rows, cut unevenly for 3 and 5): what shows the
/// bands and their seams ([`crate::chapters::fine_levels`]) change nothing.
pub(crate) fn assert_same_on_every_pool(generate: Generator) {
    for (p, seed) in cases(9..=11, 2) {
        let one = on_threads(1, || generate(&p, seed).expect("valid"));
        for threads in [2, 3, 4, 5, 8] {
            let many = on_threads(threads, || generate(&p, seed).expect("valid"));
            assert!(
                one == many && one.range_before_normalising() == many.range_before_normalising(),
                "exponent {} seed {seed}: {threads} threads differ from one",
                p.exponent
            );
        }
    }
}

/// What `work` returns when run in a rayon pool of `threads` threads.
pub(crate) fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
        .install(work)
}
