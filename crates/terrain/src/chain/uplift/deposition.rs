//! River incision with deposition (`--deposition G`; Yuan et al. 2019, the ξ-q model FastScape
//! uses): what the rivers carry is laid down again at a rate G / A times the sediment flux, so
//! valleys fill where the flow can no longer carry their load. With n = 1 and D8 routing, each
//! cell's new height solves
//!
//! ```text
//! h_i (1 + F + g) = (h_i(t) + U dt) (1 + g) + F h_r + g Q_i,   F = K dt A^m / d,  g = G / A
//! ```
//!
//! Q_i the material that left the cells upstream of `i` over the step (each cell's uplift less
//! how much higher it stands), so the deposition counts every cell of the catchment, `i` too.
//! Q depends on the new heights upstream, so the step is solved again from the last heights until
//! no cell moves by more than a millionth of the relief (Gauss-Seidel, at most
//! [`MOST_ROUNDS`]). At the steady state under uniform uplift the carried flux is U A, the
//! deposition G U, and every channel's slope (1 + G) times the slope without deposition at the
//! same area. G = 0 is the model without deposition, bytes and all (not run here).
//!
//! With multiple flow directions ([`crate::analysis::water::multi`]) the same equation holds with `F h_r` the sum
//! over the cell's receivers (`F_r = K dt (A w_r)^m / d_r`) and each cell's load handed on in its
//! receivers' shares; at the steady state `Σ F_r (h_i − h_r) = (1 + G) U dt`, so the land is
//! the land without deposition under (1 + G) times the uplift.

use super::{distance, lake_rises, next_up, routed, spread_factor, Incision, Uplift};
use crate::analysis::water::flow::OFF_MAP;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Rounds of the solve a time step takes at most.
const MOST_ROUNDS: usize = 50;

impl Uplift {
    /// Uplift, incision and deposition with D8 routing (see the module's notes).
    pub(super) fn deposit_step(
        &self,
        map: &mut Heightmap,
        rates: Option<&[f32]>,
    ) -> Result<(), ParamError> {
        let w = map.width();
        let (filled, down, area, sequence) = routed(map)?;
        let before = map.data().to_vec();
        let (uplift, k, m, g) = (
            f64::from(self.uplift) * f64::from(self.dt),
            f64::from(self.k) * f64::from(self.dt),
            f64::from(self.m),
            f64::from(self.deposition),
        );
        let incision = Incision::new(k, m);
        let rise = |i: usize| rates.map_or(uplift, |r| uplift * f64::from(r[i]));
        let tolerance = tolerance(&before, uplift);
        let mut h = before.clone();
        let mut carried = vec![0.0f64; h.len()];
        for _ in 0..MOST_ROUNDS {
            // What left each cell's catchment over the step, upstream first.
            carried.iter_mut().for_each(|q| *q = 0.0);
            for &cell in sequence.iter().rev() {
                let i = cell as usize;
                let own = f64::from(before[i]) - f64::from(h[i]) + rise(i);
                if let Some(r) = (down[i] != OFF_MAP).then_some(down[i] as usize) {
                    carried[r] += carried[i] + own;
                }
            }
            let mut moved = 0.0f64;
            for &cell in &sequence {
                let i = cell as usize;
                let r = down[i];
                if r == OFF_MAP {
                    continue; // the border: the base level
                }
                if filled[i] > before[i] {
                    h[i] = lake_rises(before[i], rise(i));
                    continue;
                }
                let r = r as usize;
                let f = incision.factor(area[i], distance(i, r, w));
                let share = g / f64::from(area[i]);
                let raised = f64::from(before[i]) + rise(i);
                let next = solve(raised, share, f, f * f64::from(h[r]), carried[i], h[r]);
                moved = moved.max((f64::from(next) - f64::from(h[i])).abs());
                h[i] = next;
            }
            if moved <= tolerance {
                break;
            }
        }
        map.data_mut().copy_from_slice(&h);
        Ok(())
    }

    /// Uplift, incision and deposition with multiple flow directions (see the module's notes).
    pub(super) fn spread_deposit_step(
        &self,
        map: &mut Heightmap,
        rates: Option<&[f32]>,
    ) -> Result<(), ParamError> {
        let w = map.width();
        let flow = crate::analysis::water::multi::route(map, f64::from(self.flow_exponent))?;
        let (uplift, k, m, g) = (
            f64::from(self.uplift) * f64::from(self.dt),
            f64::from(self.k) * f64::from(self.dt),
            f64::from(self.m),
            f64::from(self.deposition),
        );
        let before = map.data().to_vec();
        let rise = |i: usize| rates.map_or(uplift, |r| uplift * f64::from(r[i]));
        let tolerance = tolerance(&before, uplift);
        let receivers = |i: usize| {
            let (from, until) = (flow.first[i] as usize, flow.first[i + 1] as usize);
            flow.to[from..until].iter().zip(&flow.share[from..until])
        };
        let a_m: Vec<f64> = flow.area.iter().map(|&a| libm::pow(a, m)).collect();
        let mut h = before.clone();
        let mut carried = vec![0.0f64; h.len()];
        for _ in 0..MOST_ROUNDS {
            // What left each cell's catchment over the step, highest first, in the shares.
            carried.iter_mut().for_each(|q| *q = 0.0);
            for &cell in flow.order.iter().rev() {
                let i = cell as usize;
                let out = carried[i] + f64::from(before[i]) - f64::from(h[i]) + rise(i);
                for (&r, &share) in receivers(i) {
                    carried[r as usize] += out * share;
                }
            }
            let mut moved = 0.0f64;
            for &cell in &flow.order {
                let i = cell as usize;
                if flow.heights[i] > before[i] {
                    h[i] = lake_rises(before[i], rise(i));
                    continue;
                }
                let (mut sum_f, mut sum_fh, mut lowest) = (0.0, 0.0, f32::INFINITY);
                for (&r, &share) in receivers(i) {
                    let r = r as usize;
                    let f = spread_factor(k, a_m[i], share, m, distance(i, r, w));
                    sum_f += f;
                    sum_fh += f * f64::from(h[r]);
                    lowest = lowest.min(h[r]);
                }
                if sum_f == 0.0 {
                    continue; // the border: the base level
                }
                let share = g / flow.area[i];
                let raised = f64::from(before[i]) + rise(i);
                let next = solve(raised, share, sum_f, sum_fh, carried[i], lowest);
                moved = moved.max((f64::from(next) - f64::from(h[i])).abs());
                h[i] = next;
            }
            if moved <= tolerance {
                break;
            }
        }
        map.data_mut().copy_from_slice(&h);
        Ok(())
    }
}

/// How near the last round a round must leave every cell for the solve to be done: a
/// millionth of the relief (or of the step's uplift, on a flat map).
fn tolerance(heights: &[f32], uplift: f64) -> f64 {
    let relief = heights.iter().fold(0.0f32, |top, &z| top.max(z))
        - heights.iter().fold(f32::MAX, |low, &z| low.min(z));
    1e-6 * f64::from(relief).max(uplift).max(f64::MIN_POSITIVE)
}

/// One cell's new height: `(raised (1 + g) + Σ F h_r + g Q) / (1 + Σ F + g)` (`sum_f` the
/// receivers' F, `sum_fh` their F h_r, `carried` the load Q from upstream), never level with
/// its lowest receiver (f32 rounding), so water still runs.
fn solve(raised: f64, g: f64, sum_f: f64, sum_fh: f64, carried: f64, lowest: f32) -> f32 {
    let solved = (raised * (1.0 + g) + sum_fh + g * carried) / (1.0 + sum_f + g);
    (solved as f32).max(next_up(lowest))
}
