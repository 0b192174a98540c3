//! Hillslope diffusion, dh/dt = D ∇²h, solved implicitly by alternating directions (the
//! Peaceman-Rachford scheme, as fastscapelib's `DiffusionADIEroder`): each time step is two
//! half steps, the first implicit along the rows and explicit along the columns, the second the
//! other way round, each a tridiagonal system a line (the Thomas algorithm). Stable for any
//! D dt, so hilltops round at the time step the rivers take; the border is held where it stands.
//!
//! Each half step solves, for c = D dt (cells² and the model's time),
//!
//! ```text
//! (1 + c) u*_i − (c / 2) (u*_{i−1} + u*_{i+1}) = u_i + (c / 2) (u_{i−w} − 2 u_i + u_{i+w})
//! ```
//!
//! along each inner row (then the same along each inner column from u*).

use crate::map::heightmap::Heightmap;

/// Diffuses `map` over `amount` (D times dt) in one step of alternating directions, the border
/// held.
pub(super) fn diffuse(map: &mut Heightmap, amount: f64) {
    let (w, h) = (map.width(), map.height());
    if w < 3 || h < 3 || amount <= 0.0 {
        return;
    }
    let now: Vec<f64> = map.data().iter().map(|&z| f64::from(z)).collect();
    let half = amount / 2.0;
    // Rows implicit, columns explicit; then columns implicit, rows explicit.
    let between = half_step(&now, w, h, half, Line::Rows);
    let next = half_step(&between, w, h, half, Line::Columns);
    for (z, v) in map.data_mut().iter_mut().zip(&next) {
        *z = *v as f32;
    }
}

/// Which lines a half step solves implicitly.
#[derive(Clone, Copy, PartialEq)]
enum Line {
    Rows,
    Columns,
}

/// One half step: implicit along `line`, explicit across it, with coefficient `half` (c / 2).
fn half_step(now: &[f64], w: usize, h: usize, half: f64, line: Line) -> Vec<f64> {
    let mut next = now.to_vec();
    // Along a row the neighbours are ±1 and across it ±w; along a column the other way round.
    let (lines, length, along, across, start) = match line {
        Line::Rows => (h, w, 1, w, w),
        Line::Columns => (w, h, w, 1, 1),
    };
    let n = length - 2;
    let (mut c_prime, mut d_prime) = (vec![0.0; n], vec![0.0; n]);
    for k in 1..lines - 1 {
        let first = k * start;
        let at = |i: usize| first + i * along;
        // The right-hand side: the explicit half across the line, the held ends moved over.
        let rhs = |i: usize| {
            let j = at(i);
            now[j] + half * (now[j - across] - 2.0 * now[j] + now[j + across])
        };
        // Thomas algorithm on a = c = −half, b = 1 + 2 half.
        let (a, b) = (-half, 1.0 + 2.0 * half);
        for i in 0..n {
            let mut d = rhs(i + 1);
            if i == 0 {
                d += half * now[at(0)];
            }
            if i == n - 1 {
                d += half * now[at(length - 1)];
            }
            let (c_before, d_before) = match i {
                0 => (0.0, 0.0),
                _ => (c_prime[i - 1], d_prime[i - 1]),
            };
            let m = b - a * c_before;
            c_prime[i] = a / m;
            d_prime[i] = (d - a * d_before) / m;
        }
        let mut below = d_prime[n - 1];
        next[at(n)] = below;
        for i in (0..n - 1).rev() {
            below = d_prime[i] - c_prime[i] * below;
            next[at(i + 1)] = below;
        }
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The discrete Laplacian's lowest mode on a `w` x `h` map with its border at 0.
    fn mode(w: usize, h: usize) -> Heightmap {
        let pi = std::f64::consts::PI;
        let data = (0..w * h)
            .map(|i| {
                let (x, y) = ((i % w) as f64, (i / w) as f64);
                ((pi * x / (w - 1) as f64).sin() * (pi * y / (h - 1) as f64).sin()) as f32
            })
            .collect();
        Heightmap::from_data(w, h, data).expect("a map")
    }

    #[test]
    fn a_mode_of_the_laplacian_decays_by_the_schemes_own_factor_at_any_step() {
        // For the mode sin(πx/(w−1)) sin(πy/(h−1)) each direction's second difference is
        // −λ times it, λ = 4 sin²(π / (2 (n − 1))), so one step multiplies it by
        // (1 − cλx/2)(1 − cλy/2) / ((1 + cλx/2)(1 + cλy/2)): below 1 in size for any c.
        let (w, h) = (33, 17);
        let lambda = |n: usize| {
            4.0 * (std::f64::consts::PI / (2.0 * (n - 1) as f64))
                .sin()
                .powi(2)
        };
        for c in [0.1, 1.0, 10.0, 1000.0] {
            let mut map = mode(w, h);
            let start = map.clone();
            diffuse(&mut map, c);
            let (lx, ly) = (lambda(w), lambda(h));
            let factor = (1.0 - c * lx / 2.0) * (1.0 - c * ly / 2.0)
                / ((1.0 + c * lx / 2.0) * (1.0 + c * ly / 2.0));
            assert!(factor.abs() < 1.0);
            for (got, was) in map.data().iter().zip(start.data()) {
                let expected = f64::from(*was) * factor;
                assert!(
                    (f64::from(*got) - expected).abs() < 1e-5,
                    "c = {c}: {got} against {expected}"
                );
            }
        }
    }

    #[test]
    fn the_border_is_held_and_a_flat_map_stays_flat() {
        let mut map = Heightmap::from_data(5, 4, (0..20).map(|i| i as f32).collect()).expect("ok");
        let before = map.clone();
        diffuse(&mut map, 3.0);
        for i in 0..20 {
            let (x, y) = (i % 5, i / 5);
            if x == 0 || y == 0 || x == 4 || y == 3 {
                assert_eq!(map.data()[i], before.data()[i], "border cell {i}");
            }
        }
        let mut flat = Heightmap::from_data(6, 6, vec![2.5; 36]).expect("ok");
        diffuse(&mut flat, 50.0);
        assert!(flat.data().iter().all(|&z| (z - 2.5).abs() < 1e-6));
    }
}
