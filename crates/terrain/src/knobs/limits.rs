//! Size limits shared by the page, the command line and the core itself.
//!
//! The limits are checked before anything is allocated, so a request past them gets a clear
//! error instead of an attempt to allocate gigabytes.

/// Largest exponent the page offers: 2^12 + 1 = 4097 points per side.
pub const PAGE_MAX_EXPONENT: u32 = 12;

/// Largest exponent the command line accepts: 2^14 + 1 = 16385 points per side.
pub const CLI_MAX_EXPONENT: u32 = 14;

/// Smallest exponent of every subdivision algorithm: a 3x3 map, one square.
pub const MIN_EXPONENT: u32 = 1;

/// Most cells a free-sized map (noise, faults) may have: 2^28.
///
/// Square maps are bounded by their exponent instead; exponent 14 is (2^14 + 1)^2 cells, a hair
/// over 2^28, and is allowed because the exponent limit is the one users see.
pub const MAX_CELLS: usize = 1 << 28;

/// Largest starting spread accepted: far past anything that still looks like terrain.
pub const MAX_SPREAD: f64 = 100.0;

/// Largest spread reduction accepted: above 1 the detail grows with every pass.
pub const MAX_REDUCTION: f64 = 2.0;

/// Number of points per side of a square map with the given exponent: 2^exponent + 1.
pub fn side_for_exponent(exponent: u32) -> usize {
    (1usize << exponent) + 1
}
