//! The dividers that cut a fault map, their signed distance (which side a cell is on) and where
//! along a row their boundary and its ragged band lie.

use std::ops::Range;

use super::ShapeKind;
use crate::rng::TerrainRng;

/// One random cut of the map. Coordinates are in cells, `(0, 0)` the first point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Divider {
    /// The line of points p with `normal . p = offset` (`normal` of unit length).
    Line {
        /// Unit normal of the line.
        normal: [f32; 2],
        /// Signed distance of the line from the origin along the normal.
        offset: f32,
    },
    /// A circle.
    Circle {
        /// Center.
        center: [f32; 2],
        /// Radius.
        radius: f32,
    },
    /// An axis-aligned rectangle.
    Rect {
        /// Center.
        center: [f32; 2],
        /// Half the width and half the height.
        half: [f32; 2],
    },
    /// A triangle.
    Triangle {
        /// Its three corners.
        corners: [[f32; 2]; 3],
    },
}

#[inline(always)]
fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Distance from p to the segment a-b.
#[inline(always)]
fn segment_distance(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    let (abx, aby) = (b[0] - a[0], b[1] - a[1]);
    let (apx, apy) = (p[0] - a[0], p[1] - a[1]);
    let len2 = abx * abx + aby * aby;
    let t = if len2 > 0.0 {
        ((apx * abx + apy * aby) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    length(apx - t * abx, apy - t * aby)
}

/// [`Divider::signed_distance`] for `Divider::Line`.
#[inline(always)]
pub(crate) fn line_distance(normal: [f32; 2], offset: f32, x: f32, y: f32) -> f32 {
    normal[0] * x + normal[1] * y - offset
}

/// [`Divider::signed_distance`] for `Divider::Circle`.
#[inline(always)]
pub(crate) fn circle_distance(center: [f32; 2], radius: f32, x: f32, y: f32) -> f32 {
    length(x - center[0], y - center[1]) - radius
}

/// [`Divider::signed_distance`] for `Divider::Rect`.
#[inline(always)]
pub(crate) fn rect_distance(center: [f32; 2], half: [f32; 2], x: f32, y: f32) -> f32 {
    let qx = (x - center[0]).abs() - half[0];
    let qy = (y - center[1]).abs() - half[1];
    length(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0)
}

/// [`Divider::signed_distance`] for `Divider::Triangle`.
#[inline(always)]
pub(crate) fn triangle_distance(corners: [[f32; 2]; 3], x: f32, y: f32) -> f32 {
    let p = [x, y];
    signed_by_inside(corners, p, edges_distance(corners, p))
}

/// Edge `i` of a triangle: from corner i to corner i + 1.
#[inline(always)]
pub(crate) fn triangle_edge(corners: [[f32; 2]; 3], i: usize) -> [[f32; 2]; 2] {
    [corners[i], corners[(i + 1) % 3]]
}

/// Distance from `p` to the nearest of the triangle's edges.
#[inline(always)]
fn edges_distance(corners: [[f32; 2]; 3], p: [f32; 2]) -> f32 {
    let [a, b, c] = corners;
    segment_distance(p, a, b)
        .min(segment_distance(p, b, c))
        .min(segment_distance(p, c, a))
}

/// Whether `p` is strictly inside the triangle: a point on an edge is on the boundary (distance
/// 0), and a triangle with no area has no inside.
#[inline(always)]
fn strictly_inside(corners: [[f32; 2]; 3], p: [f32; 2]) -> bool {
    let [a, b, c] = corners;
    let cross =
        |u: [f32; 2], v: [f32; 2]| (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0]);
    let (d1, d2, d3) = (cross(a, b), cross(b, c), cross(c, a));
    (d1 > 0.0 && d2 > 0.0 && d3 > 0.0) || (d1 < 0.0 && d2 < 0.0 && d3 < 0.0)
}

/// `edge`, the distance from `p` to the triangle's edges, negative when `p` is inside.
#[inline(always)]
fn signed_by_inside(corners: [[f32; 2]; 3], p: [f32; 2], edge: f32) -> f32 {
    if strictly_inside(corners, p) {
        -edge
    } else {
        edge
    }
}

/// [`triangle_distance`] wherever it is below `reach` in magnitude, for a point known to be at
/// least `reach` from every edge but the one from `a` to `b`: one distance to an
/// edge instead of three. Elsewhere it is at least `reach` too. The minimum of three distances
/// is the one attained, so where it is below `reach` the two agree bit for bit.
#[inline(always)]
pub(crate) fn triangle_distance_near_edge(
    corners: [[f32; 2]; 3],
    [a, b]: [[f32; 2]; 2],
    x: f32,
    y: f32,
) -> f32 {
    let p = [x, y];
    let edge = segment_distance(p, a, b);
    signed_by_inside(corners, p, edge)
}

/// Whether [`triangle_distance`] is negative, measuring edges only for points inside: outside
/// it is a distance, never negative; inside it is minus one, negative unless it is 0.
#[inline]
fn triangle_inside(corners: [[f32; 2]; 3], x: f32, y: f32) -> bool {
    let p = [x, y];
    strictly_inside(corners, p) && -edges_distance(corners, p) < 0.0
}

impl Divider {
    /// Signed distance in cells from `(x, y)` to the boundary: negative on the raised side
    /// (inside a shape, or below the line), positive on the other.
    #[inline(always)]
    pub(crate) fn signed_distance(&self, x: f32, y: f32) -> f32 {
        match *self {
            Divider::Line { normal, offset } => line_distance(normal, offset, x, y),
            Divider::Circle { center, radius } => circle_distance(center, radius, x, y),
            Divider::Rect { center, half } => rect_distance(center, half, x, y),
            Divider::Triangle { corners } => triangle_distance(corners, x, y),
        }
    }

    /// Whether `(x, y)` is on the raised side, the signed distance being negative: the same
    /// answer as `signed_distance(x, y) < 0.0`, sooner for a triangle.
    #[inline]
    pub(crate) fn raises(&self, x: f32, y: f32) -> bool {
        match *self {
            Divider::Triangle { corners } => triangle_inside(corners, x, y),
            _ => self.signed_distance(x, y) < 0.0,
        }
    }

    /// A random divider of `kind` for a `width` x `height` map (see the module notes on bias).
    pub(crate) fn random(
        kind: ShapeKind,
        width: usize,
        height: usize,
        rng: &mut TerrainRng,
    ) -> Self {
        let (w, h) = ((width - 1) as f32, (height - 1) as f32);
        let size = w.max(h).max(1.0);
        // Anywhere on the map or up to a quarter of its size beyond each edge.
        let around = |rng: &mut TerrainRng| {
            [
                rng.uniform_between(-0.25 * w, 1.25 * w),
                rng.uniform_between(-0.25 * h, 1.25 * h),
            ]
        };
        match kind {
            ShapeKind::Line => {
                let angle = rng.uniform() * std::f32::consts::TAU;
                let normal = [angle.cos(), angle.sin()];
                let reach = 0.5 * length(w, h);
                let distance = rng.uniform_between(-reach, reach);
                let offset = normal[0] * 0.5 * w + normal[1] * 0.5 * h + distance;
                Divider::Line { normal, offset }
            }
            ShapeKind::Circle => Divider::Circle {
                center: around(rng),
                radius: rng.uniform_between(0.05, 0.6) * size,
            },
            ShapeKind::Rect => Divider::Rect {
                center: around(rng),
                half: [
                    rng.uniform_between(0.05, 0.5) * size,
                    rng.uniform_between(0.05, 0.5) * size,
                ],
            },
            ShapeKind::Triangle => Divider::Triangle {
                corners: [around(rng), around(rng), around(rng)],
            },
        }
    }
}

impl Divider {
    /// Rows of a `width` x `height` map holding a cell within `reach` of the boundary: for a line,
    /// the rows it passes within `reach` of (every row when it is nearly horizontal); for a
    /// shape, the rows of its bounding box widened by `reach`. A shape's rows outside have only
    /// cells at least `reach` from the boundary on the lowered side.
    pub(crate) fn rows_within(&self, reach: f32, width: usize, height: usize) -> Range<usize> {
        let (lo, hi) = match *self {
            Divider::Line { normal, offset } => {
                let (nx, ny) = (f64::from(normal[0]), f64::from(normal[1]));
                if ny.abs() < 1e-6 {
                    return 0..height;
                }
                // |nx x + ny y - offset| < reach for some x in 0..width: ny y lies within reach
                // of offset - nx x.
                let far = nx * (width as f64 - 1.0).max(0.0);
                let (a, b) = (
                    (f64::from(offset) - far.max(0.0) - f64::from(reach)) / ny,
                    (f64::from(offset) - far.min(0.0) + f64::from(reach)) / ny,
                );
                (a.min(b) as f32, a.max(b) as f32)
            }
            Divider::Circle { center, radius } => (center[1] - radius, center[1] + radius),
            Divider::Rect { center, half } => (center[1] - half[1], center[1] + half[1]),
            Divider::Triangle { corners } => corners
                .iter()
                .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), c| {
                    (lo.min(c[1]), hi.max(c[1]))
                }),
        };
        // One cell of slack either side absorbs rounding; callers test cells exactly.
        let first = (f64::from(lo) - f64::from(reach) - 1.0).ceil().max(0.0);
        let end = (f64::from(hi) + f64::from(reach) + 2.0).floor();
        let end = end.clamp(0.0, height as f64) as usize;
        (first as usize).min(end)..end
    }

    /// Where in row `y` the shape's inside lies, roughly: `(from, to)` in real x, within about a
    /// cell of the exact run of cells with negative distance (empty when `from > to`). For a shape
    /// the row misses, both are the x of the shape's point nearest the row, which is where the
    /// distance along the row is smallest.
    pub(crate) fn row_estimate(&self, y: f32) -> (f64, f64) {
        let y = f64::from(y);
        match *self {
            Divider::Line { normal, offset } => {
                // normal . (x, y) = offset, solved for x.
                let x = (f64::from(offset) - f64::from(normal[1]) * y) / f64::from(normal[0]);
                if normal[0] >= 0.0 {
                    (f64::NEG_INFINITY, x)
                } else {
                    (x, f64::INFINITY)
                }
            }
            Divider::Circle { center, radius } => {
                let (cx, dy) = (f64::from(center[0]), y - f64::from(center[1]));
                let r = f64::from(radius);
                let half = (r * r - dy * dy).max(0.0).sqrt();
                (cx - half, cx + half)
            }
            Divider::Rect { center, half } => {
                let (cx, hx) = (f64::from(center[0]), f64::from(half[0]));
                if (y - f64::from(center[1])).abs() <= f64::from(half[1]) {
                    (cx - hx, cx + hx)
                } else {
                    (cx, cx)
                }
            }
            Divider::Triangle { corners } => {
                let mut span = (f64::INFINITY, f64::NEG_INFINITY);
                for i in 0..3 {
                    let (a, b) = (corners[i], corners[(i + 1) % 3]);
                    let (ay, by) = (f64::from(a[1]), f64::from(b[1]));
                    if (ay <= y && y <= by) || (by <= y && y <= ay) {
                        let t = if by == ay { 0.5 } else { (y - ay) / (by - ay) };
                        let x = f64::from(a[0]) + t * (f64::from(b[0]) - f64::from(a[0]));
                        span = (span.0.min(x), span.1.max(x));
                    }
                }
                if span.0 <= span.1 {
                    span
                } else {
                    let nearest = corners
                        .iter()
                        .min_by(|p, q| {
                            (f64::from(p[1]) - y)
                                .abs()
                                .total_cmp(&(f64::from(q[1]) - y).abs())
                        })
                        .map_or(0.0, |c| f64::from(c[0]));
                    (nearest, nearest)
                }
            }
        }
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Random triangles on and around a 48 x 40 map, thin and flat ones among them.
    fn triangles() -> impl Iterator<Item = [[f32; 2]; 3]> {
        let mut rng = TerrainRng::new(14);
        let random = (0..400).map(move |_| {
            let Divider::Triangle { corners } =
                Divider::random(ShapeKind::Triangle, 48, 40, &mut rng)
            else {
                unreachable!("asked for a triangle")
            };
            corners
        });
        let awkward = [
            [[3.0, 5.0], [30.0, 5.0], [12.0, 30.0]],
            [[0.5, 0.5], [40.0, 20.5], [20.25, 10.5]],
            [[10.0, -4.0], [10.0, 50.0], [10.5, 20.0]],
        ];
        awkward.into_iter().chain(random)
    }

    #[test]
    fn a_triangles_band_spans_name_every_edge_their_cells_can_be_near() {
        let (width, height, reach) = (48, 40, 3.05);
        let mut spans: [BandSpan; 3] = Default::default();
        for corners in triangles() {
            let divider = Divider::Triangle { corners };
            let edges = [0, 1, 2].map(|i| triangle_edge(corners, i));
            for y in 0..height {
                let count = divider.band_spans(y as f32, reach, width, &mut spans);
                for x in 0..width {
                    let p = [x as f32, y as f32];
                    let span = spans[..count].iter().find(|s| s.cells.contains(&x));
                    for (i, &[a, b]) in edges.iter().enumerate() {
                        let near = segment_distance(p, a, b) < reach;
                        let named = span.is_some_and(|s| s.edges & (1 << i) != 0);
                        assert!(
                            !near || named,
                            "{corners:?}: cell ({x}, {y}) is near edge {i} but no span names it"
                        );
                    }
                    if let Some(span) = span {
                        let distance = triangle_distance(corners, p[0], p[1]);
                        if span.edges.count_ones() == 1 && distance.abs() < reach {
                            let i = span.edges.trailing_zeros() as usize;
                            let near_edge =
                                triangle_distance_near_edge(corners, edges[i], p[0], p[1]);
                            assert_eq!(near_edge.to_bits(), distance.to_bits());
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn raises_agrees_with_the_sign_of_the_distance() {
        for corners in triangles() {
            let divider = Divider::Triangle { corners };
            for y in -2..42 {
                for x in -2..50 {
                    let (x, y) = (x as f32 * 0.5 + 0.25, y as f32);
                    assert_eq!(divider.raises(x, y), divider.signed_distance(x, y) < 0.0);
                }
            }
        }
    }
}
