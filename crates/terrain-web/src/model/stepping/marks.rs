//! The marks a step adds over the points it set: the outlines of the cuts a fault step added, and
//! a recursive call's view and the points it skipped.

use terrain::display::Mark;
use terrain::faults::Outline;
use terrain::midpoint_recursive::Call;

/// One mark per shown point (at map `columns` and `rows`): [`Mark::Highlight`] on the boundary
/// of any of `outlines`, within the band of a fuzzy fault or, for a sharp one, within half the
/// spacing of the shown points either side (so the line is one point wide); [`Mark::Set`]
/// elsewhere. Empty when there are no outlines.
pub(super) fn outline_marks(outlines: &[Outline], columns: &[usize], rows: &[usize]) -> Vec<Mark> {
    if outlines.is_empty() {
        return Vec::new();
    }
    let spacing = |v: &[usize]| match v {
        [a, b, ..] => (b - a) as f32,
        _ => 1.0,
    };
    let half = 0.5 * spacing(columns).max(spacing(rows));
    rows.iter()
        .flat_map(|&y| columns.iter().map(move |&x| (x as f32, y as f32)))
        .map(|(x, y)| {
            let on = outlines
                .iter()
                .any(|o| o.distance(x, y).abs() <= o.band().max(half));
            if on {
                Mark::Highlight
            } else {
                Mark::Set
            }
        })
        .collect()
}

/// How shown point `(x, y)`, not set by the step, looks in a recursive call's step:
/// [`Mark::Skipped`] if it is one of the call's points that an earlier call had set,
/// [`Mark::Outline`] on the border of the call's view (within half the spacing of the shown
/// points, so the outline is one point wide however the map is thinned out), else `None`.
pub(super) fn call_mark(
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
