//! What grid passes share: midpoint displacement steps one pass at a time, Diamond-Square its
//! square and diamond steps apart, the 1-D line one iteration at a time. Each point is set once,
//! at a step that depends only on its coordinates: the coarser the grid it lies on, the earlier.

use crate::shown::display::Mark;

/// Trailing zeros of a coordinate on a grid of `2^exponent + 1` points, 0 counting as a multiple
/// of every power of two up to the whole side.
pub fn level_bits(v: usize, exponent: u32) -> u32 {
    if v == 0 {
        exponent
    } else {
        v.trailing_zeros().min(exponent)
    }
}

/// The squares of pass `pass` (1-based) of a 2^`exponent` map: how many, and their side in cells.
pub fn squares(pass: u32, exponent: u32) -> (u64, u64) {
    (1u64 << (2 * (pass - 1)), 1u64 << (exponent - pass + 1))
}

/// The points a grid of spacing 2^(exponent - k) holds: (2^k + 1)^2.
pub fn grid_points(k: u32) -> u64 {
    let side = (1u64 << k) + 1;
    side * side
}

/// `value` to at most three significant decimals, as a person would write it.
pub fn round3(value: f32) -> f32 {
    if value == 0.0 || !value.is_finite() {
        return value;
    }
    let digits = 3 - value.abs().log10().ceil() as i32;
    let scale = 10f64.powi(digits.max(0));
    ((f64::from(value) * scale).round() / scale) as f32
}

/// The points point `(x, y)` of a grid of `2^n + 1` points a side (rows to `last_y`; 0 for a
/// line) averaged when it was set: the grid neighbours at `offsets(x_odd, y_odd)` times the
/// spacing of the level that set it, where `x_odd` and `y_odd` say which of its coordinates is
/// an odd multiple of that spacing. None for the starting points and points off the map.
pub fn pass_neighbours(
    x: usize,
    y: usize,
    (n, last_y): (u32, usize),
    offsets: impl Fn(bool, bool) -> Vec<(isize, isize)>,
) -> Vec<(usize, usize)> {
    let last_x = 1usize << n;
    if x > last_x || y > last_y {
        return Vec::new();
    }
    let y_bits = if last_y == 0 { n } else { level_bits(y, n) };
    let bits = level_bits(x, n).min(y_bits);
    if bits == n {
        return Vec::new();
    }
    let r = 1usize << bits;
    let x_odd = level_bits(x, n) == bits;
    let y_odd = y_bits == bits;
    offsets(x_odd, y_odd)
        .into_iter()
        .filter_map(|(dx, dy)| {
            let nx = x.checked_add_signed(dx * r as isize)?;
            let ny = y.checked_add_signed(dy * r as isize)?;
            (nx <= last_x && ny <= last_y).then_some((nx, ny))
        })
        .collect()
}

/// How a point set at step `set` looks at step `step`: not set yet, set by this step, or before.
pub fn pass_mark(set: Option<u32>, step: u32) -> Mark {
    match set {
        Some(s) if s > step => Mark::Unset,
        Some(s) if s == step => Mark::Highlight,
        _ => Mark::Set,
    }
}
