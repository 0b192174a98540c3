//! Where along a row a divider's ragged band lies: the span of cells a fuzzy fault corrects.

use std::ops::Range;

use super::Divider;

/// Cells added at each end of a band's span, for the rounding of the span's own arithmetic.
const SPAN_SLACK: f64 = 0.5;

/// Below this |normal x|, a line counts as horizontal: its band in a row is all or nothing.
const LINE_SPAN_MIN_NX: f64 = 1e-6;

/// The cells of a `width`-cell row from real x `from` to `to`, widened by [`SPAN_SLACK`], clamped
/// to the row and rounded outwards. (Through `i32`, which map sides fit: floor and ceil are library
/// calls on plain x86-64, and this runs for every row of every fuzzy fault.)
#[inline]
fn cells_between(from: f64, to: f64, width: usize) -> Range<usize> {
    let last = width as f64;
    let start = (from - SPAN_SLACK).clamp(0.0, last) as i32;
    let to = (to + SPAN_SLACK).clamp(0.0, last);
    let end = to as i32 + i32::from(f64::from(to as i32) < to); // rounded up
    start as usize..(end.max(start) as usize).min(width)
}

/// Where a slanted line's band lies along each row: its ends in row y are x = `start + y x step`
/// and that plus `across`. Made once per fault, it gives a row's span without dividing.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LineBand {
    start: f64,
    step: f64,
    across: f64,
}

impl LineBand {
    /// The band of a line out to `reach` either side, or `None` for another divider or a
    /// (nearly) horizontal line.
    pub(crate) fn new(divider: &Divider, reach: f32) -> Option<Self> {
        let Divider::Line { normal, offset } = *divider else {
            return None;
        };
        let [nx, ny] = normal.map(f64::from);
        if nx.abs() < LINE_SPAN_MIN_NX {
            return None;
        }
        let (a, b) = (
            (f64::from(offset) - f64::from(reach)) / nx,
            (f64::from(offset) + f64::from(reach)) / nx,
        );
        Some(Self {
            start: a.min(b),
            step: -ny / nx,
            across: (b - a).abs(),
        })
    }

    /// The band's real x ends in row `y`.
    fn ends(&self, y: f64) -> (f64, f64) {
        let from = self.start + self.step * y;
        (from, from + self.across)
    }

    /// The cells of row `y` the band can hold, as [`Divider::band_spans`] gives them.
    #[inline]
    pub(crate) fn cells(&self, y: usize, width: usize) -> Range<usize> {
        let (from, to) = self.ends(y as f64);
        cells_between(from, to, width)
    }
}

/// How far beyond the fuzziness a band's spans reach, in cells: more than an `f32` signed
/// distance can be off by (a few roundings of coordinates below 2^13, each at most 2^-11).
pub(crate) const BAND_MARGIN: f32 = 0.05;

/// Cells of a row that can be near a divider's boundary ([`Divider::band_spans`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct BandSpan {
    /// The cells.
    pub(crate) cells: Range<usize>,
    /// For a triangle, the edges the cells can be near: bit i for the edge from corner i to
    /// corner i + 1. Every cell is at least the span's reach from the other edges.
    pub(crate) edges: u8,
}

/// [`BandSpan::edges`] when every edge counts (and for dividers other than triangles).
pub(crate) const ALL_EDGES: u8 = 0b111;

impl Divider {
    /// Where in row `y` of a `width`-cell row the cells within `reach` of the boundary can be:
    /// up to three sorted, disjoint spans, written to `spans`, their number returned. A superset:
    /// every cell whose exact distance has magnitude below `reach` lies in a span (so `reach`
    /// should add [`BAND_MARGIN`] to the band); cells in a span may be farther. For a triangle
    /// each span says which edges its cells can be within `reach` of.
    pub(crate) fn band_spans(
        &self,
        y: f32,
        reach: f32,
        width: usize,
        spans: &mut [BandSpan; 3],
    ) -> usize {
        let (y, reach) = (f64::from(y), f64::from(reach));
        let mut found: [(f64, f64); 3] = [(0.0, -1.0); 3];
        match *self {
            Divider::Line { normal, offset } => match LineBand::new(self, reach as f32) {
                Some(line) => found[0] = line.ends(y),
                // (Nearly) horizontal: the whole row is within reach or none of it.
                None => {
                    if (f64::from(offset) - f64::from(normal[1]) * y).abs() < reach {
                        found[0] = (0.0, width as f64);
                    }
                }
            },
            Divider::Circle { center, radius } => {
                let (cx, dy) = (f64::from(center[0]), y - f64::from(center[1]));
                let (r, dy2) = (f64::from(radius), dy * dy);
                let outer = (r + reach).max(0.0);
                if outer * outer > dy2 {
                    let a_out = (outer * outer - dy2).sqrt();
                    let inner = r - reach;
                    if inner > 0.0 && inner * inner > dy2 {
                        let a_in = (inner * inner - dy2).sqrt();
                        found[0] = (cx - a_out, cx - a_in);
                        found[1] = (cx + a_in, cx + a_out);
                    } else {
                        found[0] = (cx - a_out, cx + a_out);
                    }
                }
            }
            Divider::Rect { center, half } => {
                let (cx, dy) = (f64::from(center[0]), (y - f64::from(center[1])).abs());
                let (hx, hy) = (f64::from(half[0]), f64::from(half[1]));
                if dy < hy + reach {
                    if dy < hy - reach && hx > reach {
                        found[0] = (cx - hx - reach, cx - hx + reach);
                        found[1] = (cx + hx - reach, cx + hx + reach);
                    } else {
                        found[0] = (cx - hx - reach, cx + hx + reach);
                    }
                }
            }
            Divider::Triangle { corners } => {
                for i in 0..3 {
                    let (a, b) = (corners[i], corners[(i + 1) % 3]);
                    let [ax, ay, bx, by] = [a[0], a[1], b[0], b[1]].map(f64::from);
                    // The part of the edge within `reach` of the row, as a range of t along it.
                    let (t0, t1) = if ay == by {
                        if (ay - y).abs() > reach {
                            continue;
                        }
                        (0.0, 1.0)
                    } else {
                        let (u, v) = ((y - reach - ay) / (by - ay), (y + reach - ay) / (by - ay));
                        (u.min(v).max(0.0), u.max(v).min(1.0))
                    };
                    if t0 > t1 || t0.is_nan() || t1.is_nan() {
                        continue;
                    }
                    let (x0, x1) = (ax + t0 * (bx - ax), ax + t1 * (bx - ax));
                    found[i] = (x0.min(x1) - reach, x0.max(x1) + reach);
                }
            }
        }
        // Widen, clamp to the row, sort and merge overlapping spans. A triangle's span i is
        // its edge i's; the others come from the one boundary.
        let triangle = matches!(self, Divider::Triangle { .. });
        let mut cells = [(0usize, 0usize, 0u8); 3];
        let mut kept = 0;
        for (i, &(from, to)) in found.iter().enumerate() {
            if from <= to {
                let span = cells_between(from, to, width);
                if !span.is_empty() {
                    let edges = if triangle { 1 << i } else { ALL_EDGES };
                    cells[kept] = (span.start, span.end, edges);
                    kept += 1;
                }
            }
        }
        cells[..kept].sort_unstable();
        let mut count = 0;
        for &(start, end, edges) in &cells[..kept] {
            if count > 0 && start <= spans[count - 1].cells.end {
                let last: &mut BandSpan = &mut spans[count - 1];
                last.cells.end = last.cells.end.max(end);
                last.edges |= edges;
            } else {
                spans[count] = BandSpan {
                    cells: start..end,
                    edges,
                };
                count += 1;
            }
        }
        count
    }
}
