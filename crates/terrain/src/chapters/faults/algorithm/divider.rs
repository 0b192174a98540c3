//! The dividers that cut a fault map, their signed distance (which side a cell is on) and where
//! along a row their boundary and its ragged band lie.

use std::ops::Range;

use super::ShapeKind;
use crate::map::rng::TerrainRng;

mod band;
mod distance;

pub(crate) use band::{BandSpan, LineBand, ALL_EDGES, BAND_MARGIN};
#[cfg(test)]
use distance::segment_distance;
pub(crate) use distance::{
    circle_distance, line_distance, rect_distance, triangle_distance, triangle_distance_near_edge,
    triangle_edge,
};
use distance::{length, triangle_inside};

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

#[cfg(test)]
mod tests;
