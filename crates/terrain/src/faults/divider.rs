//! The dividers that cut a fault map, their signed distance (which side a cell is on) and the
//! ragged-edge rule.

use std::ops::Range;

use noise::{NoiseFn, Perlin};

use super::ShapeKind;
use crate::rng::TerrainRng;

/// Cells per Perlin noise period near fuzzy edges: larger gives broader wiggles.
const NOISE_SCALE: f64 = 9.0;

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

fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Distance from p to the segment a-b.
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

impl Divider {
    /// Signed distance in cells from `(x, y)` to the boundary: negative on the raised side
    /// (inside a shape, or below the line), positive on the other.
    pub(crate) fn signed_distance(&self, x: f32, y: f32) -> f32 {
        match *self {
            Divider::Line { normal, offset } => normal[0] * x + normal[1] * y - offset,
            Divider::Circle { center, radius } => length(x - center[0], y - center[1]) - radius,
            Divider::Rect { center, half } => {
                let qx = (x - center[0]).abs() - half[0];
                let qy = (y - center[1]).abs() - half[1];
                length(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0)
            }
            Divider::Triangle { corners: [a, b, c] } => {
                let p = [x, y];
                let edge = segment_distance(p, a, b)
                    .min(segment_distance(p, b, c))
                    .min(segment_distance(p, c, a));
                let cross = |u: [f32; 2], v: [f32; 2]| {
                    (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0])
                };
                let (d1, d2, d3) = (cross(a, b), cross(b, c), cross(c, a));
                // Strictly inside: a point on an edge is on the boundary (distance 0), and a
                // triangle with no area has no inside.
                let inside =
                    (d1 > 0.0 && d2 > 0.0 && d3 > 0.0) || (d1 < 0.0 && d2 < 0.0 && d3 < 0.0);
                if inside {
                    -edge
                } else {
                    edge
                }
            }
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
    /// Rows of a `height`-row map holding a cell within `reach` of the shape (for a line, every
    /// row). Rows outside have only cells at least `reach` from the boundary on the lowered side.
    pub(crate) fn rows_within(&self, reach: f32, height: usize) -> Range<usize> {
        let (lo, hi) = match *self {
            Divider::Line { .. } => return 0..height,
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

/// Ragged edges: Perlin noise plus this divider's own offset into it.
#[derive(Debug, Clone)]
pub(crate) struct Fuzz<'a> {
    /// Width of the ragged band in cells; 0 is a sharp edge.
    pub(crate) fuzziness: f32,
    /// The noise field.
    pub(crate) noise: &'a Perlin,
    /// Where this divider samples the noise field, so dividers do not share one pattern.
    pub(crate) offset: [f64; 2],
}

impl Fuzz<'_> {
    /// Whether the cell at `(x, y)`, `distance` from the boundary, is on the raised side.
    ///
    /// Sharp (fuzziness 0, or at least `fuzziness` from the boundary): raised exactly when the
    /// distance is negative, so a cell on the boundary itself is lowered. In the band: raised when
    /// fuzziness x noise(x, y) > distance.
    pub(crate) fn raised(&self, x: f32, y: f32, distance: f32) -> bool {
        if self.in_band(distance) {
            let sample = [
                f64::from(x) / NOISE_SCALE + self.offset[0],
                f64::from(y) / NOISE_SCALE + self.offset[1],
            ];
            (f64::from(self.fuzziness) * self.noise.get(sample)) as f32 > distance
        } else {
            distance < 0.0
        }
    }

    /// Whether edges are sharp (fuzziness 0): every cell's side is the sign of its distance.
    pub(crate) fn is_sharp(&self) -> bool {
        self.fuzziness <= 0.0 || self.fuzziness.is_nan()
    }

    /// Whether a cell `distance` from the boundary is in the ragged band, where noise decides.
    pub(crate) fn in_band(&self, distance: f32) -> bool {
        self.fuzziness > 0.0 && distance.abs() < self.fuzziness
    }
}
