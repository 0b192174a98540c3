//! How a river network is measured by geomorphologists: the concavity of its channels (how a
//! channel's slope falls as the area draining into it grows, S ~ A^-θ; real rivers about 0.45,
//! Gailleton et al. 2024 give a global median of 0.425, interquartile 0.225 to 0.575). Routing as
//! everywhere here: Priority-Flood with epsilon, D8 steepest descent, A in cells.

use crate::analysis::water::flow::OFF_MAP;
use crate::analysis::water::Water;
use crate::map::heightmap::Heightmap;

/// Bins of log A the concavity's medians are taken in.
const CONCAVITY_BINS: usize = 13;

/// Cells a bin needs for its median to count.
const LEAST_IN_BIN: usize = 5;

/// The drainage area from which a cell is a channel: at least 20 cells, and a 2000th of the map.
pub fn channel_threshold(cells: usize) -> u32 {
    (cells / 2000).max(20) as u32
}

/// The distance from cell `i` to cell `r`, its neighbour, in cell lengths (1 or √2).
fn distance(i: usize, r: usize, w: usize) -> f64 {
    if i % w != r % w && i / w != r / w {
        std::f64::consts::SQRT_2
    } else {
        1.0
    }
}

/// The median of `values` (sorted in place); `None` when empty.
fn median(values: &mut [f64]) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        n if n % 2 == 1 => Some(values[n / 2]),
        n => Some(0.5 * (values[n / 2 - 1] + values[n / 2])),
    }
}

/// The least-squares slope of `y` on `x`; `None` with fewer than two points or no spread in x.
fn slope(points: &[(f64, f64)]) -> Option<f64> {
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let (mx, my) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), (x, y)| (a + x / n, b + y / n));
    let sxy: f64 = points.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = points.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

/// The slope-area points of `map`'s channels: for each channel cell not under a lake (its filled
/// height its own) with a drop to the cell it drains to on the map as it is, its drainage area
/// in cells and that drop over the distance.
pub fn slope_area(map: &Heightmap, water: &Water) -> Vec<(f64, f64)> {
    let w = map.width();
    let threshold = channel_threshold(map.data().len());
    let (z, filled) = (map.data(), water.filled.data());
    let mut points = Vec::new();
    for (i, (&r, &a)) in water.downstream.iter().zip(&water.accumulation).enumerate() {
        if r == OFF_MAP || a < threshold || filled[i] != z[i] {
            continue;
        }
        let r = r as usize;
        let drop = f64::from(z[i]) - f64::from(z[r]);
        if drop > 0.0 {
            points.push((f64::from(a), drop / distance(i, r, w)));
        }
    }
    points
}

/// The binned medians of slope-area `points`: 13 equal bins of ln A from the channel threshold
/// to the largest A, each bin with at least 5 cells giving (median ln A, median ln S).
pub fn binned(points: &[(f64, f64)], threshold: u32) -> Vec<(f64, f64)> {
    let Some(largest) = points.iter().map(|p| p.0).reduce(f64::max) else {
        return Vec::new();
    };
    let (lo, hi) = (f64::from(threshold).ln(), largest.ln());
    if hi <= lo {
        return Vec::new();
    }
    let width = (hi - lo) / CONCAVITY_BINS as f64;
    let mut bins: Vec<(Vec<f64>, Vec<f64>)> = vec![(Vec::new(), Vec::new()); CONCAVITY_BINS];
    for &(a, s) in points {
        let at = (((a.ln() - lo) / width) as usize).min(CONCAVITY_BINS - 1);
        bins[at].0.push(a);
        bins[at].1.push(s);
    }
    bins.into_iter()
        .filter(|(a, _)| a.len() >= LEAST_IN_BIN)
        .filter_map(|(mut a, mut s)| Some((median(&mut a)?.ln(), median(&mut s)?.ln())))
        .collect()
}

/// The concavity θ of `map`'s channels: minus the least-squares slope of the binned medians of
/// ln S on ln A ([`binned`]). About 0.45 for real rivers; near 0 where slope does not depend on
/// area (noise). `None` where there are fewer than two bins to fit.
pub fn concavity(map: &Heightmap, water: &Water) -> Option<f64> {
    let points = slope_area(map, water);
    let binned = binned(&points, channel_threshold(map.data().len()));
    slope(&binned).map(|s| -s)
}
