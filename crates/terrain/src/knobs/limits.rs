//! Size limits shared by the page, the command line and the core itself, read off the table of
//! knobs.
//!
//! The limits are checked before anything is allocated, so a request past them gets a clear
//! error instead of an attempt to allocate gigabytes.

use super::table;

/// Largest exponent the page offers: 2^12 + 1 = 4097 points per side.
pub const PAGE_MAX_EXPONENT: u32 = table::PAGE_EXPONENT.whole_max() as u32;

/// Largest exponent the command line accepts: 2^14 + 1 = 16385 points per side.
pub const CLI_MAX_EXPONENT: u32 = table::EXPONENT.whole_max() as u32;

/// Smallest exponent of every subdivision algorithm: a 3x3 map, one square.
pub const MIN_EXPONENT: u32 = table::EXPONENT.whole_min() as u32;

/// Most cells a free-sized map (noise, faults) may have: 2^28, the most either side may be.
///
/// Square maps are bounded by their exponent instead; exponent 14 is (2^14 + 1)^2 cells, a hair
/// over 2^28, and is allowed because the exponent limit is the one users see.
pub const MAX_CELLS: usize = table::WIDTH.whole_max() as usize;

/// Largest starting spread accepted: far past anything that still looks like terrain.
pub const MAX_SPREAD: f64 = table::SPREAD.number_max();

/// Largest spread reduction accepted: above 1 the detail grows with every pass.
pub const MAX_REDUCTION: f64 = table::REDUCTION.number_max();

/// Number of points per side of a square map with the given exponent: 2^exponent + 1.
pub fn side_for_exponent(exponent: u32) -> usize {
    (1usize << exponent) + 1
}

/// The width and height of a square map of `2^exponent + 1` points a side.
pub fn square(exponent: u32) -> (usize, usize) {
    let side = side_for_exponent(exponent);
    (side, side)
}
