//! `uplift`: the stream-power landscape model geomorphologists use (Braun and Willett 2013, the
//! FastScape scheme, with n = 1). The land rises at a rate U while rivers cut down at
//! K A^m S, A the drainage area in cells (the map routed as `terrain flow` routes it: depressions
//! filled by Priority-Flood with epsilon, then D8 steepest descent) and S the slope to the cell a
//! cell drains to. Each time step is solved implicitly in one pass from the outlets upstream:
//!
//! ```text
//! h_i(t + dt) = (h_i(t) + U dt + F h_r(t + dt)) / (1 + F),   F = K dt A_i^m / d_ir
//! ```
//!
//! r the cell `i` drains to and d_ir the distance between them (1 or √2 cells); the border is
//! held where it stands (the base level). Because the receiver is always solved first and is
//! lower, the step is stable for any dt, and at the steady state every cell's slope is
//! U / (K A^m): the rivers' concavity (S ~ A^-θ) is m by construction. Optional hillslope
//! diffusion (implicit, by alternating directions: `diffusion.rs`) rounds the ridges. With
//! `--routing mfd` each cell is solved from all its receivers, each taking a share of its
//! water (`analysis::water::multi`):
//!
//! ```text
//! h_i(t + dt) = (h_i(t) + U dt + Σ F_r h_r(t + dt)) / (1 + Σ F_r),   F_r = K dt (A_i w_r)^m / d_r
//! ```
//!
//! (the water that goes each way, A_i w_r, raised to m, as fastscapelib's `SPLEroder` takes
//! it), taken lowest cell first, so every receiver is solved before the cells it drains. A cell
//! under a lake (below the surface the flood fills) rises with the land and is not cut until
//! it stands above that surface, as fastscapelib leaves a closed depression: the rivers route
//! across the lake, and the pits hillslope diffusion makes in a channel are not filled at once.
//!
//! The pass runs in one order (the accumulation's, reversed), so the bytes are the same on any number of
//! threads; the routing's parts that run on every core give the same answer on any.

mod deposition;
mod diffusion;
mod incision;
pub mod knobs;
mod rates;
pub mod row;

pub use rates::{UpliftMap, UpliftOver, UpliftWhereHigh};

use super::Step;
use crate::analysis::water::fill::priority_flood;
use crate::analysis::water::flow::{accumulation_in_order, directions, pit_free, OFF_MAP};
use crate::analysis::water::multi;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use incision::{distance, spread_factor, Incision};

/// The stream-power model's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Uplift {
    /// Time steps: more let the rivers cut further back towards the divides.
    pub steps: u32,
    /// A time step's length: longer ones get to the steady state in fewer steps.
    pub dt: f32,
    /// Rock uplift per unit of time (U): higher raises the land faster against the rivers.
    pub uplift: f32,
    /// Erodibility (K): higher cuts faster, so the land stands lower at the steady state.
    pub k: f32,
    /// The drainage area's exponent (m): the concavity of the rivers at the steady state.
    pub m: f32,
    /// Hillslope diffusion per unit of time: rounds the ridges (0 for none).
    pub diffusion: f32,
    /// How water is routed, by place in [`knobs::ROUTING_NAMES`]: 0 D8 (one steepest
    /// neighbour), 1 multiple flow directions (every lower neighbour, by slope^p: sheets on the
    /// hillslopes, no diagonal gullies).
    pub routing: u8,
    /// With multiple flow directions, p in slope^p: higher sends more water the steepest way.
    pub flow_exponent: f32,
    /// Deposition (G, Yuan et al. 2019): what the rivers carry laid down again at G / A times
    /// the flux, so valleys fill; 0 for none.
    pub deposition: f32,
}

impl Uplift {
    /// The knobs' defaults: 100 steps of 10, U = K = 1, m = 0.45, no diffusion.
    pub const DEFAULT: Uplift = Uplift {
        steps: knobs::STEPS.whole_default() as u32,
        dt: knobs::DT.number_default() as f32,
        uplift: knobs::UPLIFT.number_default() as f32,
        k: knobs::K.number_default() as f32,
        m: knobs::M.number_default() as f32,
        diffusion: knobs::DIFFUSION.number_default() as f32,
        routing: 0,
        flow_exponent: knobs::FLOW_EXPONENT.number_default() as f32,
        deposition: knobs::DEPOSITION.number_default() as f32,
    };

    /// Runs `self.steps` time steps on `map`, telling `seen` each step's number (from 1) and
    /// the map after it.
    pub fn run_seen(
        &self,
        map: &mut Heightmap,
        seen: impl FnMut(u32, &Heightmap),
    ) -> Result<(), ParamError> {
        self.run_over(map, None, seen)
    }

    /// [`Uplift::run_seen`] with the land rising at U times `rates` (one a cell, 0 to 1: an
    /// [`UpliftMap`] on this map), or at U everywhere without.
    pub fn run_over(
        &self,
        map: &mut Heightmap,
        rates: Option<&[f32]>,
        mut seen: impl FnMut(u32, &Heightmap),
    ) -> Result<(), ParamError> {
        self.validate()?;
        if rates.is_some_and(|r| r.len() != map.data().len()) {
            return Err(ParamError::new(
                knobs::UPLIFT_MAP,
                "must have a rate for every cell of the map",
            ));
        }
        for step in 1..=self.steps {
            self.time_step_over(map, rates)?;
            seen(step, map);
            crate::map::progress::report(u64::from(step), u64::from(self.steps));
        }
        Ok(())
    }

    /// One time step: uplift and river incision, solved implicitly from the outlets upstream,
    /// then hillslope diffusion.
    pub fn time_step(&self, map: &mut Heightmap) -> Result<(), ParamError> {
        self.time_step_over(map, None)
    }

    /// [`Uplift::time_step`] with the land rising at U times each cell's rate in `rates`.
    fn time_step_over(&self, map: &mut Heightmap, rates: Option<&[f32]>) -> Result<(), ParamError> {
        if self.deposition > 0.0 && self.routing == MFD {
            self.spread_deposit_step(map, rates)?;
        } else if self.deposition > 0.0 {
            self.deposit_step(map, rates)?;
        } else if self.routing == MFD {
            self.spread_step(map, rates)?;
        } else {
            self.d8_step(map, rates)?;
        }
        if self.diffusion > 0.0 {
            diffusion::diffuse(map, f64::from(self.diffusion) * f64::from(self.dt));
        }
        Ok(())
    }

    /// Uplift and incision with multiple flow directions ([`multi`]): the same implicit pass,
    /// each cell solved from all its receivers.
    fn spread_step(&self, map: &mut Heightmap, rates: Option<&[f32]>) -> Result<(), ParamError> {
        let w = map.width();
        let flow = multi::route(map, f64::from(self.flow_exponent))?;
        let (uplift, k, m) = (
            f64::from(self.uplift) * f64::from(self.dt),
            f64::from(self.k) * f64::from(self.dt),
            f64::from(self.m),
        );
        let mut h = map.data().to_vec();
        for &cell in &flow.order {
            let i = cell as usize;
            let (from, until) = (flow.first[i] as usize, flow.first[i + 1] as usize);
            if from == until {
                continue; // the border, the base level
            }
            let rise = rates.map_or(uplift, |r| uplift * f64::from(r[i]));
            if flow.heights[i] > h[i] {
                h[i] = lake_rises(h[i], rise);
                continue;
            }
            let a_m = libm::pow(flow.area[i], m);
            let (mut sum_f, mut sum_fh, mut lowest) = (0.0, 0.0, f32::INFINITY);
            for (&r, &share) in flow.to[from..until].iter().zip(&flow.share[from..until]) {
                let r = r as usize;
                let f = spread_factor(k, a_m, share, m, distance(i, r, w));
                sum_f += f;
                sum_fh += f * f64::from(h[r]);
                lowest = lowest.min(h[r]);
            }
            let solved = (f64::from(h[i]) + rise + sum_fh) / (1.0 + sum_f);
            // Never level with the lowest receiver (f32 rounding), so water still runs.
            h[i] = (solved as f32).max(next_up(lowest));
        }
        map.data_mut().copy_from_slice(&h);
        Ok(())
    }

    /// Uplift and incision with D8 routing: each cell solved from its one receiver.
    fn d8_step(&self, map: &mut Heightmap, rates: Option<&[f32]>) -> Result<(), ParamError> {
        let w = map.width();
        let (filled, down, area, sequence) = routed(map)?;
        let (uplift, k, m) = (
            f64::from(self.uplift) * f64::from(self.dt),
            f64::from(self.k) * f64::from(self.dt),
            f64::from(self.m),
        );
        let mut h = map.data().to_vec();
        let incision = Incision::new(k, m);
        for &cell in &sequence {
            let i = cell as usize;
            let r = down[i];
            if r == OFF_MAP {
                continue; // the border: the base level
            }
            let rise = rates.map_or(uplift, |r| uplift * f64::from(r[i]));
            if filled[i] > h[i] {
                h[i] = lake_rises(h[i], rise);
                continue;
            }
            let r = r as usize;
            let f = incision.factor(area[i], distance(i, r, w));
            let below = f64::from(h[r]);
            let solved = (f64::from(h[i]) + rise + f * below) / (1.0 + f);
            // Never level with the cell below (f32 rounding), so water still runs.
            h[i] = (solved as f32).max(next_up(h[r]));
        }
        map.data_mut().copy_from_slice(&h);
        Ok(())
    }
}

/// A cell under a lake (below the surface Priority-Flood fills it to): it rises with the land
/// and nothing cuts it, as fastscapelib's eroder leaves a closed depression; the rivers route
/// across the lake's filled surface, and the cell rejoins them once it stands above that
/// surface. Filling every pit to its spill level each step instead (this model until
/// 2026-12-04) flattened the channels that hillslope diffusion dams every step.
pub(super) fn lake_rises(height: f32, rise: f64) -> f32 {
    (f64::from(height) + rise) as f32
}

/// [`Uplift::routing`] for multiple flow directions.
const MFD: u8 = 1;

/// The map routed for a time step: its heights with the lakes filled (the rivers run across them
/// to their outlets), where each cell drains, the drainage areas, and the cells in an order where
/// every cell comes after the one it drains to.
///
/// The order comes from the accumulation (each cell listed once every cell draining into it is),
/// reversed. Not the flood's order: a cell the flood raises to just above a cell it reached is
/// taken at once, before a neighbour of the same height still waiting, which may be the cell it
/// drains to, so the pass would solve it from that neighbour's old height and leave a pit.
/// A map where every inner cell has a lower neighbour (after the first time step, every map the
/// model makes without diffusion: each cell stands above the one it drains to) has no lake to
/// fill: Priority-Flood would change no height, so the directions are the map's own and no heap
/// is needed. Either way the same bytes: each cell's new height depends only on the cells below
/// it, which every such order solves first.
type Routed = (Vec<f32>, Vec<u32>, Vec<u32>, Vec<u32>);

/// Routes `map` for a time step ([`Routed`]).
fn routed(map: &Heightmap) -> Result<Routed, ParamError> {
    let down = directions(map);
    let (heights, down) = if pit_free(map, &down) {
        (map.data().to_vec(), down)
    } else {
        let filled = priority_flood(map)?;
        let down = directions(&filled);
        (filled.data().to_vec(), down)
    };
    let (area, upstream_first) = accumulation_in_order(&down);
    let sequence = upstream_first.into_iter().rev().collect();
    Ok((heights, down, area, sequence))
}

impl Default for Uplift {
    fn default() -> Self {
        Uplift::DEFAULT
    }
}

/// Maps `map`'s heights linearly onto `lo` to `hi` (a flat map to `lo`): the shape, slopes'
/// ratios and the rivers' concavity unchanged.
pub fn rescale(map: &mut Heightmap, lo: f32, hi: f32) {
    let Some((from, to)) = map.range() else {
        return;
    };
    let span = f64::from(to) - f64::from(from);
    let (lo, wide) = (f64::from(lo), f64::from(hi) - f64::from(lo));
    for h in map.data_mut() {
        let t = if span > 0.0 {
            (f64::from(*h) - f64::from(from)) / span
        } else {
            0.0
        };
        *h = (lo + t * wide) as f32;
    }
}

/// The next `f32` above `x` (for a finite `x`).
fn next_up(x: f32) -> f32 {
    if x.is_nan() || x == f32::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f32::from_bits(1);
    }
    let bits = x.to_bits();
    f32::from_bits(if x > 0.0 { bits + 1 } else { bits - 1 })
}

impl Step for Uplift {
    fn moves_material(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "uplift"
    }

    fn validate(&self) -> Result<(), ParamError> {
        knobs::STEPS.check_whole(u64::from(self.steps))?;
        knobs::DT.check_number(f64::from(self.dt))?;
        knobs::UPLIFT.check_number(f64::from(self.uplift))?;
        knobs::K.check_number(f64::from(self.k))?;
        knobs::M.check_number(f64::from(self.m))?;
        knobs::DIFFUSION.check_number(f64::from(self.diffusion))?;
        if usize::from(self.routing) >= knobs::ROUTING_NAMES.len() {
            return Err(ParamError::new(knobs::ROUTING.name, "must be d8 or mfd"));
        }
        knobs::FLOW_EXPONENT.check_number(f64::from(self.flow_exponent))?;
        knobs::DEPOSITION.check_number(f64::from(self.deposition))?;
        Ok(())
    }

    /// Runs the model, then maps the heights back onto the range the map had (0 to 1 for a flat
    /// one): the model's heights are in cells, and the steps after it (erosion's constants, the
    /// page's relief) expect the map's own scale.
    fn apply(&self, map: &mut Heightmap, _seed: u64) -> Result<(), ParamError> {
        self.apply_with(map, None)
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![
            (knobs::STEPS.name, self.steps.to_string()),
            (knobs::DT.name, self.dt.to_string()),
            (knobs::UPLIFT.name, self.uplift.to_string()),
            (knobs::K.name, self.k.to_string()),
            (knobs::M.name, self.m.to_string()),
            (knobs::DIFFUSION.name, self.diffusion.to_string()),
            (
                knobs::ROUTING.name,
                knobs::ROUTING_NAMES[usize::from(self.routing).min(1)].to_string(),
            ),
            (knobs::FLOW_EXPONENT.name, self.flow_exponent.to_string()),
            (knobs::DEPOSITION.name, self.deposition.to_string()),
        ]
    }
}

impl Uplift {
    /// The step on `map` with `rates` (see [`Uplift::run_over`]), its heights then mapped back
    /// onto the range the map had.
    pub fn apply_with(&self, map: &mut Heightmap, rates: Option<&[f32]>) -> Result<(), ParamError> {
        let before = map.range();
        self.run_over(map, rates, |_, _| {})?;
        let (lo, hi) = match before {
            Some((lo, hi)) if hi > lo => (lo, hi),
            Some((lo, _)) => (lo, lo + 1.0),
            None => (0.0, 1.0),
        };
        rescale(map, lo, hi);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
