//! The recursion's calls: the recursive rewrite steps one call at a time, depth first, in the
//! order the recursion makes them ([`midpoint_recursive::nth_call`]); a point is set by the first
//! call whose view has it, and a later call whose view shares it skips it.

use super::MidpointRecursive;
use crate::chapters::midpoint::steps::spread_at;
use crate::chapters::midpoint_recursive::algorithm::{self as midpoint_recursive, Call};
use crate::chapters::steps::{pass_mark, Shown, Steps};
use crate::shown::display::{self, DisplayGrid, Mark};

impl MidpointRecursive {
    /// The call step `step` makes and which of its [`Call::points`] it set (`true`) and skipped
    /// because an earlier call had set them; `None` at step 0.
    pub(crate) fn call_sets(&self, step: u32) -> Option<(Call, [bool; 5])> {
        let call = self.call(step)?;
        let sets = call.points().map(|(x, y)| self.step_of(x, y) == Some(step));
        Some((call, sets))
    }

    /// The call step `step` (1 to the count) makes; `None` at step 0.
    fn call(&self, step: u32) -> Option<Call> {
        let index = step.checked_sub(1)?;
        midpoint_recursive::nth_call(self.params.exponent, u64::from(index))
    }

    /// The corners of the view of the call that set `(x, y)`: the points it averaged.
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
}

impl Steps for MidpointRecursive {
    fn frame(&self, step: u32) -> Option<[(usize, usize); 2]> {
        let call = self.call(step)?;
        let (left, bottom, last) = (call.left, call.bottom, call.last);
        Some([(left, bottom), (left + last, bottom + last)])
    }

    fn count(&self) -> u32 {
        u32::try_from(midpoint_recursive::call_count(self.params.exponent)).unwrap_or(u32::MAX)
    }

    fn step_of(&self, x: usize, y: usize) -> Option<u32> {
        let side = 1usize << self.params.exponent;
        if x > side || y > side {
            return None;
        }
        Some(
            match midpoint_recursive::setting_call(self.params.exponent, x, y) {
                Some(call) => u32::try_from(call + 1).unwrap_or(u32::MAX),
                None => 0,
            },
        )
    }

    fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        self.view_corners(x, y)
    }

    fn points_set_at(&self, step: u32) -> u64 {
        if step == 0 {
            return 4;
        }
        self.call_sets(step)
            .map_or(0, |(_, sets)| sets.iter().filter(|&&s| s).count() as u64)
    }

    fn caption(&self, step: u32) -> String {
        let last = self.count();
        let Some((call, sets)) = self.call_sets(step) else {
            return format!("Start (call 0 of {last}): the four corners, each uniform(0, 1)");
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
            spread_at(&self.params, call.depth),
            if set == 1 { "" } else { "s" },
            side = call.last + 1,
        )
    }

    fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        let mut marks: Vec<Mark> = shown
            .points()
            .map(|(x, y)| pass_mark(self.step_of(x, y), step))
            .collect();
        // Unset points stay at height 0 whatever colour the call's outline gives them.
        let staged = display::staged(shown.grid, &marks);
        if let Some(call) = self.call_sets(step) {
            for (mark, (x, y)) in marks.iter_mut().zip(shown.points()) {
                if *mark != Mark::Highlight {
                    *mark = call_mark(&call, x, y, shown.columns, shown.rows).unwrap_or(*mark);
                }
            }
        }
        (staged, marks)
    }
}

/// How shown point `(x, y)`, not set by the step, looks in a recursive call's step:
/// [`Mark::Skipped`] if it is one of the call's points that an earlier call had set,
/// [`Mark::Outline`] on the border of the call's view (within half the spacing of the shown
/// points, so the outline is one point wide however the map is thinned out), else `None`.
fn call_mark(
    (call, sets): &(Call, [bool; 5]),
    x: usize,
    y: usize,
    columns: &[usize],
    rows: &[usize],
) -> Option<Mark> {
    let skipped = call
        .points()
        .iter()
        .zip(sets)
        .any(|(&p, &set)| !set && p == (x, y));
    if skipped {
        return Some(Mark::Skipped);
    }
    let half = |v: &[usize]| match v {
        [a, b, ..] => (b - a) / 2,
        _ => 0,
    };
    let (hx, hy) = (half(columns), half(rows));
    let (right, top) = (call.left + call.last, call.bottom + call.last);
    let inside = x + hx >= call.left && x <= right + hx && y + hy >= call.bottom && y <= top + hy;
    let near = |v: usize, edge: usize, h: usize| v.abs_diff(edge) <= h;
    let on_border = near(x, call.left, hx)
        || near(x, right, hx)
        || near(y, call.bottom, hy)
        || near(y, top, hy);
    (inside && on_border).then_some(Mark::Outline)
}
