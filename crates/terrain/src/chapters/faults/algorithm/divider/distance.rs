//! Distances from a point to each divider's boundary: the per-cell rule every fast sweep is
//! checked against.

#[inline(always)]
pub(super) fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Distance from p to the segment a-b.
#[inline(always)]
pub(super) fn segment_distance(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
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
pub(super) fn triangle_inside(corners: [[f32; 2]; 3], x: f32, y: f32) -> bool {
    let p = [x, y];
    strictly_inside(corners, p) && -edges_distance(corners, p) < 0.0
}
