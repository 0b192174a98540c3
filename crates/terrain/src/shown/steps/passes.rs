//! Grid passes: midpoint displacement one step per pass, Diamond-Square its square and diamond
//! steps apart, the 1-D line one step per iteration. Each point is set once, at a step that
//! depends only on its coordinates: the coarser the grid it lies on, the earlier.

use super::{Shown, Steps};
use crate::algorithms::line::LineParams;
use crate::algorithms::midpoint::MpdParams;
use crate::shown::display::{self, DisplayGrid, Mark};

/// The stepping of one grid-pass algorithm.
#[derive(Debug, Clone, Copy)]
pub(super) enum Passes {
    /// Midpoint displacement.
    Midpoint(MpdParams),
    /// Diamond-Square.
    DiamondSquare(MpdParams),
    /// The 1-D line.
    Line(LineParams),
}

/// Trailing zeros of a coordinate on a grid of `2^exponent + 1` points, 0 counting as a multiple
/// of every power of two up to the whole side.
pub(super) fn level_bits(v: usize, exponent: u32) -> u32 {
    if v == 0 {
        exponent
    } else {
        v.trailing_zeros().min(exponent)
    }
}

/// The squares of pass `pass` (1-based) of a 2^`exponent` map: how many, and their side in cells.
fn squares(pass: u32, exponent: u32) -> (u64, u64) {
    (1u64 << (2 * (pass - 1)), 1u64 << (exponent - pass + 1))
}

/// The points a grid of spacing 2^(exponent - k) holds: (2^k + 1)^2.
pub(super) fn grid_points(k: u32) -> u64 {
    let side = (1u64 << k) + 1;
    side * side
}

/// The spread of pass `index` (0-based), rounded for reading.
pub(super) fn spread_at(params: &MpdParams, index: u32) -> f32 {
    round3(params.spreads().nth(index as usize).unwrap_or(0.0))
}

/// `value` to at most three significant decimals, as a person would write it.
fn round3(value: f32) -> f32 {
    if value == 0.0 || !value.is_finite() {
        return value;
    }
    let digits = 3 - value.abs().log10().ceil() as i32;
    let scale = 10f64.powi(digits.max(0));
    ((f64::from(value) * scale).round() / scale) as f32
}

impl Passes {
    /// The levels of detail (the exponent, or the line's iterations) and the last row (0 for the
    /// line, which is one row tall).
    fn extent(&self) -> (u32, usize) {
        match self {
            Passes::Midpoint(p) | Passes::DiamondSquare(p) => (p.exponent, 1usize << p.exponent),
            Passes::Line(p) => (p.iterations, 0),
        }
    }
}

impl Steps for Passes {
    fn count(&self) -> u32 {
        match self {
            Passes::Midpoint(p) => p.exponent,
            Passes::DiamondSquare(p) => 2 * p.exponent,
            Passes::Line(p) => p.iterations,
        }
    }

    fn step_of(&self, x: usize, y: usize) -> Option<u32> {
        match self {
            Passes::Midpoint(p) => {
                let n = p.exponent;
                Some(n - level_bits(x, n).min(level_bits(y, n)))
            }
            Passes::DiamondSquare(p) => {
                let n = p.exponent;
                let (bx, by) = (level_bits(x, n), level_bits(y, n));
                let level = n - bx.min(by);
                Some(match level {
                    0 => 0,
                    // Both coordinates odd multiples of the radius: a square's center.
                    _ if bx == by => 2 * level - 1,
                    _ => 2 * level,
                })
            }
            Passes::Line(p) => Some(p.iterations - level_bits(x, p.iterations)),
        }
    }

    fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let (n, last_y) = self.extent();
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
        let offsets: Vec<(isize, isize)> = match self {
            Passes::Line(_) => vec![(-1, 0), (1, 0)],
            Passes::Midpoint(_) => match (x_odd, y_odd) {
                (true, true) => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
                (true, false) => vec![(-1, 0), (1, 0)],
                _ => vec![(0, -1), (0, 1)],
            },
            Passes::DiamondSquare(_) if x_odd && y_odd => {
                vec![(-1, -1), (1, -1), (-1, 1), (1, 1)]
            }
            Passes::DiamondSquare(_) => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
        };
        offsets
            .into_iter()
            .filter_map(|(dx, dy)| {
                let nx = x.checked_add_signed(dx * r as isize)?;
                let ny = y.checked_add_signed(dy * r as isize)?;
                (nx <= last_x && ny <= last_y).then_some((nx, ny))
            })
            .collect()
    }

    fn points_set_at(&self, step: u32) -> u64 {
        match *self {
            Passes::Midpoint(_) | Passes::DiamondSquare(_) if step == 0 => 4,
            Passes::Midpoint(_) => grid_points(step) - grid_points(step - 1),
            Passes::DiamondSquare(_) => {
                let level = step.div_ceil(2);
                let centers = 1u64 << (2 * (level - 1));
                if step % 2 == 1 {
                    centers
                } else {
                    grid_points(level) - grid_points(level - 1) - centers
                }
            }
            Passes::Line(_) if step == 0 => 2,
            Passes::Line(_) => 1u64 << (step - 1),
        }
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        match *self {
            Passes::Midpoint(p) => {
                if step == 0 {
                    return format!(
                        "Start (pass 0 of {last}): the four corners, each uniform(0, 1)"
                    );
                }
                let (count, side) = squares(step, p.exponent);
                let spread = spread_at(&p, step - 1);
                let plural = if count == 1 { "" } else { "s" };
                format!(
                    "Pass {step} of {last}: {count} square{plural} of side {side}, spread {spread}: \
                     {} new points",
                    self.points_set_at(step)
                )
            }
            Passes::DiamondSquare(p) => {
                if step == 0 {
                    return format!(
                        "Start (step 0 of {last}): the four corners, each uniform(0, 1)"
                    );
                }
                let level = step.div_ceil(2);
                let radius = 1u64 << (p.exponent - level);
                let spread = spread_at(&p, level - 1);
                let points = self.points_set_at(step);
                if step % 2 == 1 {
                    format!(
                        "Step {step} of {last}, square step of level {level}: {points} square \
                         center{} {radius} from their 4 corners, spread {spread}",
                        if points == 1 { "" } else { "s" }
                    )
                } else {
                    format!(
                        "Step {step} of {last}, diamond step of level {level}: {points} diamond \
                         centers {radius} from their 4 neighbours (3 on the border), spread {spread}"
                    )
                }
            }
            Passes::Line(p) => {
                if step == 0 {
                    return format!("Start (iteration 0 of {last}): the two end points");
                }
                let shrink = p.roughness * (step - 1) as f32;
                format!(
                    "Iteration {step} of {last}: {} new midpoint{} between neighbours, jitter \
                     shrunk by 2^-{}",
                    self.points_set_at(step),
                    if step == 1 { "" } else { "s" },
                    round3(shrink)
                )
            }
        }
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        let marks: Vec<Mark> = shown
            .points()
            .map(|(x, y)| pass_mark(self.step_of(x, y), step))
            .collect();
        (display::staged(shown.grid, &marks), marks)
    }
}

/// How a point set at step `set` looks at step `step`: not set yet, set by this step, or before.
pub(super) fn pass_mark(set: Option<u32>, step: u32) -> Mark {
    match set {
        Some(s) if s > step => Mark::Unset,
        Some(s) if s == step => Mark::Highlight,
        _ => Mark::Set,
    }
}
