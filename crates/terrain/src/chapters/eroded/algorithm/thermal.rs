//! Thermal erosion: material on a slope steeper than the talus angle slides to its lower
//! neighbours (Musgrave, Kolb and Mace, "The synthesis and rendering of eroded fractal terrains",
//! 1989). Simpler than hydraulic erosion: no droplets, only slopes relaxing towards a stable
//! angle, which softens cliffs and builds scree at their feet.

use crate::knobs::params::{self, ParamError};
use crate::map::heightmap::Heightmap;

/// The constants of thermal erosion.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ThermalParams {
    /// Rounds of sliding (1 to 1000): more lets slopes settle further.
    pub iterations: u32,
    /// The talus: the height difference between neighbours (in the map's height units per
    /// cell, 0 to 1) above which material slides. Lower makes gentler slopes.
    pub talus: f32,
    /// Share of the excess that slides each round (0 to 0.5): higher settles faster.
    pub amount: f32,
}

impl ThermalParams {
    /// 50 rounds, a talus of 4 / 513 (a cell's slope on a 513-point map spanning height 0..4),
    /// half the excess sliding each round.
    pub const DEFAULT: ThermalParams = ThermalParams {
        iterations: 50,
        talus: 4.0 / 513.0,
        amount: 0.5,
    };

    /// Checks every constant against its range; the message names the limit.
    pub fn validate(&self) -> Result<(), ParamError> {
        params::check_count("iterations", self.iterations, 1000)?;
        params::check_number("talus", f64::from(self.talus), 0.0, 1.0)?;
        params::check_number("amount", f64::from(self.amount), 0.0, 0.5)
    }
}

/// Lets material slide on `map`, in place: each round, every point steeper than the talus to
/// some of its four neighbours gives them `amount` of its largest excess, shared in proportion
/// to how far each is below the talus line. All moves of a round are worked out on the heights
/// as they were at its start, so the order of the points does not matter and the total height
/// is kept (up to float rounding).
pub fn erode(map: &mut Heightmap, params: &ThermalParams) -> Result<(), ParamError> {
    params.validate()?;
    let (w, h) = (map.width(), map.height());
    let mut change = vec![0.0f32; w * h];
    for _ in 0..params.iterations {
        change.fill(0.0);
        let data = map.data();
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                let neighbours = [
                    (x > 0).then(|| i - 1),
                    (x + 1 < w).then(|| i + 1),
                    (y > 0).then(|| i - w),
                    (y + 1 < h).then(|| i + w),
                ];
                let drops = neighbours.map(|n| n.map(|n| (n, data[i] - data[n])));
                let steepest = drops.iter().flatten().map(|d| d.1).fold(0.0f32, f32::max);
                if steepest <= params.talus {
                    continue;
                }
                let over: f32 = drops
                    .iter()
                    .flatten()
                    .filter(|d| d.1 > params.talus)
                    .map(|d| d.1)
                    .sum();
                let moving = params.amount * (steepest - params.talus);
                for &(n, drop) in drops.iter().flatten().filter(|d| d.1 > params.talus) {
                    let share = moving * drop / over;
                    change[i] -= share;
                    change[n] += share;
                }
            }
        }
        for (v, c) in map.data_mut().iter_mut().zip(&change) {
            *v += c;
        }
    }
    Ok(())
}
