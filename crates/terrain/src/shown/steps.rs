//! The order in which each algorithm sets its points, step by step as the posts teach it: which
//! points a step sets, which neighbours each of them averaged, and a caption saying what the
//! step did.
//!
//! In midpoint displacement, Diamond-Square and the 1-D line every point is set exactly once, and
//! *when* depends only on its coordinates: the coarser the grid it lies on, the earlier. The
//! recursive rewrite steps one call at a time, in the order the recursion makes them
//! ([`crate::algorithms::midpoint_recursive::nth_call`]); a point is set by the first call whose view has it. So the finished map plus [`Schedule::step_of`] gives the map at every step
//! (points set by then keep their final height; the others are not set yet), with nothing
//! regenerated. Fault maps change everywhere with every fault; they step by fault counts that
//! double, 1, 2, 4, 8 ... then all of them, so the first cuts are seen one by one (see
//! [`crate::algorithms::faults::generate_in_steps`]).

use crate::algorithms::erosion::{ErosionParams, ONE_AT_A_TIME};
use crate::algorithms::faults::FaultParams;
use crate::algorithms::line::LineParams;
use crate::algorithms::midpoint::MpdParams;
use crate::algorithms::midpoint_recursive::{self, Call};
use crate::algorithms::{diamond_square, midpoint};
use crate::shown::display::Mark;
use crate::Recipe;

/// Most faults a step outlines: a step that adds more outlines its first ones (the caption says
/// so), as hundreds of outlines would hide the map under them.
pub const MOST_OUTLINED: u32 = 64;

/// The number of steps of a map of `iterations` faults: the steps end after 1, 2, 4 ... faults,
/// and the last after all of them (12 steps for 1500 faults, 18 for 100000).
pub fn fault_steps(iterations: u32) -> u32 {
    1 + (u32::BITS - iterations.saturating_sub(1).leading_zeros())
}

/// The droplet counts after which erosion's steps end: 1, 2, ... [`ONE_AT_A_TIME`] one at a
/// time, then doubling (16, 32, ...), and the last step after all `droplets`.
pub fn erosion_ends(droplets: u32) -> Vec<u32> {
    let mut ends: Vec<u32> = (1..=ONE_AT_A_TIME.min(droplets)).collect();
    let mut next = 2 * ONE_AT_A_TIME;
    while next < droplets {
        ends.push(next);
        next = next.saturating_mul(2);
    }
    if ends.last() != Some(&droplets) {
        ends.push(droplets);
    }
    ends
}

/// How an algorithm's points are set, step by step. Step 0 is the start (the corners, the two end
/// points, no fault yet); the last step, [`Schedule::count`], is the finished map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Schedule {
    /// Midpoint displacement, one step per pass.
    Midpoint(MpdParams),
    /// The recursive rewrite, one step per call, depth first.
    Recursive(MpdParams),
    /// Diamond-Square: each level's square step, then its diamond step.
    DiamondSquare(MpdParams),
    /// The 1-D line, one step per iteration.
    Line(LineParams),
    /// Faults, by doubling counts ([`fault_steps`]).
    Faults(FaultParams),
    /// Erosion: the first droplets one at a time, then doubling counts ([`erosion_ends`]).
    Erosion(ErosionParams),
}

/// Trailing zeros of a coordinate on a grid of `2^exponent + 1` points, 0 counting as a multiple
/// of every power of two up to the whole side.
fn level_bits(v: usize, exponent: u32) -> u32 {
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
fn grid_points(k: u32) -> u64 {
    let side = (1u64 << k) + 1;
    side * side
}

impl Schedule {
    /// The stepping of a whole-map recipe; `None` for noise (set all at once) and for the step
    /// demos' partial stages (they show one step already).
    pub fn of(recipe: &Recipe) -> Option<Self> {
        match *recipe {
            Recipe::Midpoint {
                params,
                stage: midpoint::Stage::Full,
            } => Some(Schedule::Midpoint(params)),
            Recipe::MidpointRecursive { params } => Some(Schedule::Recursive(params)),
            Recipe::DiamondSquare {
                params,
                stage: diamond_square::Stage::Full,
                ..
            } => Some(Schedule::DiamondSquare(params)),
            Recipe::Line { params } => Some(Schedule::Line(params)),
            Recipe::Faults { params } => Some(Schedule::Faults(params)),
            Recipe::Eroded { erosion, .. } => Some(Schedule::Erosion(erosion)),
            _ => None,
        }
    }

    /// The number of the last step (the finished map): the exponent, the number of recursive
    /// calls, twice the exponent, the iterations, or [`fault_steps`] of the faults.
    pub fn count(&self) -> u32 {
        match self {
            Schedule::Midpoint(p) => p.exponent,
            Schedule::Recursive(p) => {
                u32::try_from(midpoint_recursive::call_count(p.exponent)).unwrap_or(u32::MAX)
            }
            Schedule::DiamondSquare(p) => 2 * p.exponent,
            Schedule::Line(p) => p.iterations,
            Schedule::Faults(p) => fault_steps(p.iterations),
            Schedule::Erosion(p) => erosion_ends(p.droplets).len() as u32,
        }
    }

    /// The step at which point `(x, y)` gets its value; `None` for faults, whose points change at
    /// every step.
    pub fn step_of(&self, x: usize, y: usize) -> Option<u32> {
        match self {
            Schedule::Midpoint(p) => {
                let n = p.exponent;
                Some(n - level_bits(x, n).min(level_bits(y, n)))
            }
            Schedule::Recursive(p) => {
                let side = 1usize << p.exponent;
                if x > side || y > side {
                    return None;
                }
                Some(match midpoint_recursive::setting_call(p.exponent, x, y) {
                    Some(call) => u32::try_from(call + 1).unwrap_or(u32::MAX),
                    None => 0,
                })
            }
            Schedule::DiamondSquare(p) => {
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
            Schedule::Line(p) => Some(p.iterations - level_bits(x, p.iterations)),
            Schedule::Faults(_) | Schedule::Erosion(_) => None,
        }
    }

    /// The points whose values point `(x, y)` averaged when it was set (before its jitter): 2 for
    /// a midpoint-displacement edge midpoint or a point of the line, 4 for a square's center or an
    /// inner diamond, 3 for a diamond on the map's border; for the recursive rewrite the corners
    /// of the call's view (2 for an edge midpoint, all 4 for the center, which averages the four
    /// edge averages); none for the starting points and for faults.
    pub fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let (n, last_y) = match self {
            Schedule::Recursive(_) => return self.view_corners(x, y),
            Schedule::Midpoint(p) | Schedule::DiamondSquare(p) => {
                (p.exponent, 1usize << p.exponent)
            }
            Schedule::Line(p) => (p.iterations, 0),
            Schedule::Faults(_) | Schedule::Erosion(_) => return Vec::new(),
        };
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
            Schedule::Line(_) => vec![(-1, 0), (1, 0)],
            Schedule::Midpoint(_) => match (x_odd, y_odd) {
                (true, true) => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
                (true, false) => vec![(-1, 0), (1, 0)],
                _ => vec![(0, -1), (0, 1)],
            },
            Schedule::DiamondSquare(_) if x_odd && y_odd => {
                vec![(-1, -1), (1, -1), (-1, 1), (1, 1)]
            }
            _ => vec![(-1, 0), (1, 0), (0, -1), (0, 1)],
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

    /// [`Schedule::neighbours`] of the recursive rewrite: the corners of the view of the call
    /// that set `(x, y)`.
    fn view_corners(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        let Some(call) = self
            .step_of(x, y)
            .filter(|&s| s > 0)
            .and_then(|s| self.call(s))
        else {
            return Vec::new();
        };
        let (l, b, r, t) = (
            call.left,
            call.bottom,
            call.left + call.last,
            call.bottom + call.last,
        );
        if y == b || y == t {
            vec![(l, y), (r, y)]
        } else if x == l || x == r {
            vec![(x, b), (x, t)]
        } else {
            vec![(l, b), (r, b), (l, t), (r, t)]
        }
    }

    /// For the recursive rewrite: the call step `step` (1 to [`Schedule::count`]) makes; `None`
    /// at step 0 and for the other algorithms.
    pub fn call(&self, step: u32) -> Option<Call> {
        match self {
            Schedule::Recursive(p) if step > 0 => {
                midpoint_recursive::nth_call(p.exponent, u64::from(step - 1))
            }
            _ => None,
        }
    }

    /// For the recursive rewrite: which of step `step`'s call's [`Call::points`] it set (`true`)
    /// and which it skipped because an earlier call had set them; `None` where there is no call.
    pub fn call_sets(&self, step: u32) -> Option<(Call, [bool; 5])> {
        let call = self.call(step)?;
        let sets = call.points().map(|(x, y)| self.step_of(x, y) == Some(step));
        Some((call, sets))
    }

    /// How many points step `step` sets; for faults, how many faults its batch cuts.
    pub fn points_set_at(&self, step: u32) -> u64 {
        match *self {
            Schedule::Midpoint(_) | Schedule::Recursive(_) if step == 0 => 4,
            Schedule::Recursive(_) => self
                .call_sets(step)
                .map_or(0, |(_, sets)| sets.iter().filter(|&&s| s).count() as u64),
            Schedule::Midpoint(_) => grid_points(step) - grid_points(step - 1),
            Schedule::DiamondSquare(_) if step == 0 => 4,
            Schedule::DiamondSquare(_) => {
                let level = step.div_ceil(2);
                let centers = 1u64 << (2 * (level - 1));
                if step % 2 == 1 {
                    centers
                } else {
                    grid_points(level) - grid_points(level - 1) - centers
                }
            }
            Schedule::Line(_) if step == 0 => 2,
            Schedule::Line(_) => 1u64 << (step - 1),
            Schedule::Faults(_) => {
                let (from, to) = self.faults_in(step);
                u64::from(to - from)
            }
            Schedule::Erosion(_) => {
                let (from, to) = self.droplets_in(step);
                u64::from(to - from)
            }
        }
    }

    /// For faults: the faults step `step` adds begin at `.0` and end before `.1` (0-based):
    /// none at step 0, then fault 0 alone, faults 1, then 2 and 3, 4 to 7 ..., the counts so far
    /// doubling, and the last step adds the rest.
    pub fn faults_in(&self, step: u32) -> (u32, u32) {
        let total = match self {
            Schedule::Faults(p) => p.iterations,
            _ => return (0, 0),
        };
        let last = fault_steps(total);
        let end = |s: u32| match s {
            0 => 0,
            _ if s >= last => total,
            _ => (1u32 << (s - 1)).min(total),
        };
        match step {
            0 => (0, 0),
            _ => (end(step - 1), end(step.min(last))),
        }
    }

    /// For erosion: the droplets step `step` adds begin at `.0` and end before `.1` (0-based):
    /// none at step 0, then one droplet a step, then doubling counts ([`erosion_ends`]).
    pub fn droplets_in(&self, step: u32) -> (u32, u32) {
        let Schedule::Erosion(p) = self else {
            return (0, 0);
        };
        let ends = erosion_ends(p.droplets);
        let end = |s: u32| match s {
            0 => 0,
            s => ends[(s as usize).min(ends.len()) - 1],
        };
        match step {
            0 => (0, 0),
            _ => (end(step - 1), end(step)),
        }
    }

    /// One line saying what step `step` did, with the numbers true to the algorithm, e.g.
    /// "Pass 3 of 5: 16 squares of side 8, spread 0.075".
    pub fn caption(&self, step: u32) -> String {
        let last = self.count();
        let step = step.min(last);
        match *self {
            Schedule::Midpoint(p) => {
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
            Schedule::Recursive(p) => {
                let Some((call, sets)) = self.call_sets(step) else {
                    return format!(
                        "Start (call 0 of {last}): the four corners, each uniform(0, 1)"
                    );
                };
                let (set, skipped) = (
                    sets.iter().filter(|&&s| s).count(),
                    sets.iter().filter(|&&s| !s).count(),
                );
                let skips = match skipped {
                    0 => String::new(),
                    1 => ", skips 1 a neighbouring view set already".to_string(),
                    n => format!(", skips {n} neighbouring views set already"),
                };
                format!(
                    "Call {step} of {last}, depth {}: the {side} x {side} view at x {}-{}, y \
                     {}-{}, spread {}: sets {set} point{}{skips}",
                    call.depth,
                    call.left,
                    call.left + call.last,
                    call.bottom,
                    call.bottom + call.last,
                    spread_at(&p, call.depth),
                    if set == 1 { "" } else { "s" },
                    side = call.last + 1,
                )
            }
            Schedule::DiamondSquare(p) => {
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
            Schedule::Line(p) => {
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
            Schedule::Erosion(p) => {
                let (from, to) = self.droplets_in(step);
                let total = p.droplets;
                match to - from {
                    _ if step == 0 => format!(
                        "Start (step 0 of {last}): the Diamond-Square terrain before any droplet"
                    ),
                    1 => format!(
                        "Step {step} of {last}: droplet {to} of {total}, its path in magenta: \
                         orange where it took material, blue where it laid it down"
                    ),
                    added => format!(
                        "Step {step} of {last}: droplets {} to {to} of {total} ({added} more); \
                         the Erosion view shows what all of them removed and laid down",
                        from + 1
                    ),
                }
            }
            Schedule::Faults(p) => {
                let (from, to) = self.faults_in(step);
                let total = p.iterations;
                match to - from {
                    _ if step == 0 => {
                        format!("Start (step 0 of {last}): no fault yet, a flat map")
                    }
                    1 => format!(
                        "Step {step} of {last}: fault {to} of {total}, outlined: one cut raises \
                         one side and lowers the other"
                    ),
                    added if added <= MOST_OUTLINED => format!(
                        "Step {step} of {last}: faults {} to {to} of {total} ({added} new cuts, \
                         outlined)",
                        from + 1
                    ),
                    added => format!(
                        "Step {step} of {last}: faults {} to {to} of {total} ({added} new cuts, \
                         the first {MOST_OUTLINED} outlined)",
                        from + 1
                    ),
                }
            }
        }
    }
}

/// The spread of pass `index` (0-based), rounded for reading.
fn spread_at(params: &MpdParams, index: u32) -> f32 {
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

/// The caption line of a step demo's partial stage, naming the points it highlights; `None` for a
/// recipe that is not a partial stage.
pub fn stage_caption(recipe: &Recipe) -> Option<&'static str> {
    use diamond_square::Stage as Ds;
    use midpoint::Stage as Mpd;
    Some(match *recipe {
        Recipe::Midpoint { stage, .. } => match stage {
            Mpd::Corners => "Highlighted: the 4 corners this step set; grey points are not set yet",
            Mpd::Edges => "Highlighted: the 4 edge midpoints this step set, each from 2 corners",
            Mpd::Center => "Highlighted: the center this step set, from the 4 edge midpoints",
            Mpd::Full => return None,
        },
        Recipe::DiamondSquare { stage, .. } => match stage {
            Ds::Corners => "Highlighted: the 4 corners this step set; grey points are not set yet",
            Ds::Square => "Highlighted: the center the square step set, from the 4 corners",
            Ds::Diamond => {
                "Highlighted: the 4 edge midpoints the diamond step set, each from 3 points \
                 (2 corners and the center)"
            }
            Ds::Full => return None,
        },
        _ => return None,
    })
}

/// How point `(x, y)` of a step demo's partial stage looks: [`Mark::Highlight`] for the points its
/// step set (the corners, the four edge midpoints or the center), [`Mark::Set`] for points an
/// earlier step set, [`Mark::Unset`] for the rest; `None` for a recipe that is not a partial stage.
pub fn stage_mark(recipe: &Recipe, x: usize, y: usize) -> Option<Mark> {
    use diamond_square::Stage as Ds;
    use midpoint::Stage as Mpd;
    // Which of corners, edge midpoints and center are set, and which of them the step set.
    let (exponent, set, newest) = match *recipe {
        Recipe::Midpoint { params, stage } => match stage {
            Mpd::Corners => (params.exponent, 1, 1),
            Mpd::Edges => (params.exponent, 2, 2),
            Mpd::Center => (params.exponent, 3, 3),
            Mpd::Full => return None,
        },
        Recipe::DiamondSquare { params, stage, .. } => match stage {
            Ds::Corners => (params.exponent, 1, 1),
            // Diamond-Square sets the center before the edge midpoints.
            Ds::Square => (params.exponent, 3, 3),
            Ds::Diamond => (params.exponent, 4, 2),
            Ds::Full => return None,
        },
        _ => return None,
    };
    let last = 1usize << exponent;
    let mid = last / 2;
    let on_edge = |v: usize| v == 0 || v == last;
    // 1: a corner, 2: an edge midpoint, 3: the center.
    let kind = if on_edge(x) && on_edge(y) {
        1
    } else if (x == mid && on_edge(y)) || (y == mid && on_edge(x)) {
        2
    } else if x == mid && y == mid {
        3
    } else {
        return Some(Mark::Unset);
    };
    // Diamond-Square's order is corners, center, edges; midpoint displacement's corners, edges,
    // center.
    let done = match (set, kind) {
        (4, _) => true,
        (3, 2) if matches!(recipe, Recipe::DiamondSquare { .. }) => false,
        (3, _) => true,
        (s, k) => k <= s,
    };
    Some(if kind == newest {
        Mark::Highlight
    } else if done {
        Mark::Set
    } else {
        Mark::Unset
    })
}

#[cfg(test)]
mod tests;
