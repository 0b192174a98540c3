//! The rivers' cutting factor F of a cell and the cell it drains to, for the implicit pass: with
//! D8 F = K dt A^m / d (A^m from a table for the small areas most cells have), with multiple flow
//! directions one F_r per receiver, the water that goes that way raised to m.

/// F_r = K dt (A w_r)^m / d_r for one receiver of a cell routed with multiple flow directions
/// (`k` = K dt, `a_m` = A^m): the water that goes that way raised to m, as fastscapelib's
/// `SPLEroder` takes it. `K dt A^m w_r / d_r` (this model until 2026-12-04) cut the side
/// channels less than the peer does (w_r < w_r^m), which made the valleys too few and too
/// straight (bifurcation 4.9, Hurst 0.29 against the peer's 5.8 and 0.48 from the same start).
pub(super) fn spread_factor(k: f64, a_m: f64, share: f64, m: f64, d: f64) -> f64 {
    // In f32: a share needs no more, and f32's power is the quicker by far.
    k * a_m * f64::from(libm::powf(share as f32, m as f32)) / d
}

/// Drainage areas below this have their A^m from a table made once a time step.
const POWERS: u32 = 1024;

/// The incision's factor F = K dt A^m / d of a cell and its receiver, with A^m for the small
/// areas most cells have worked out once a time step (the same `pow`, so the same bits,
/// without a `pow` a cell).
pub(super) struct Incision {
    k: f64,
    m: f64,
    powers: Vec<f64>,
}

impl Incision {
    /// For K dt = `k` and the area's exponent `m`.
    pub(super) fn new(k: f64, m: f64) -> Incision {
        let powers = (0..POWERS).map(|a| libm::pow(f64::from(a), m)).collect();
        Incision { k, m, powers }
    }

    /// F for a drainage area of `area` cells, its receiver `distance` cells away.
    pub(super) fn factor(&self, area: u32, distance: f64) -> f64 {
        let a_m = match self.powers.get(area as usize) {
            Some(&p) => p,
            None => libm::pow(f64::from(area), self.m),
        };
        self.k * a_m / distance
    }
}

/// The distance in cells between neighbours `i` and `j` (beside, above or below: 1; a corner: √2) of a map `w` cells wide.
pub(super) fn distance(i: usize, j: usize, w: usize) -> f64 {
    let gap = i.abs_diff(j);
    if gap == 1 || gap == w {
        1.0
    } else {
        std::f64::consts::SQRT_2
    }
}
