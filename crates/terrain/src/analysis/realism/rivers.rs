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

/// Each cell's donors counted, then the cells in an order where every cell comes after all the
/// cells that drain into it (Kahn's order over `downstream`).
fn upstream_first(downstream: &[u32]) -> Vec<u32> {
    let mut waiting = vec![0u32; downstream.len()];
    for &d in downstream {
        if let Some(w) = waiting.get_mut(d as usize) {
            *w += 1;
        }
    }
    let mut order: Vec<u32> = (0..downstream.len() as u32)
        .filter(|&i| waiting[i as usize] == 0)
        .collect();
    let mut at = 0;
    while at < order.len() {
        let d = downstream[order[at] as usize];
        if let Some(w) = waiting.get_mut(d as usize) {
            *w -= 1;
            if *w == 0 {
                order.push(d);
            }
        }
        at += 1;
    }
    order
}

/// The least-squares slope of ln y on ln x over the binned medians of `points` (x, y), `bins`
/// equal bins of ln x from `lo` to `hi`, each with at least 5 points.
fn binned_log_slope(points: &[(f64, f64)], lo: f64, hi: f64, bins: usize) -> Option<f64> {
    let (lo, hi) = (lo.ln(), hi.ln());
    if hi <= lo {
        return None;
    }
    let width = (hi - lo) / bins as f64;
    let mut binned: Vec<(Vec<f64>, Vec<f64>)> = vec![(Vec::new(), Vec::new()); bins];
    for &(x, y) in points {
        let at = (((x.ln() - lo) / width) as usize).min(bins - 1);
        binned[at].0.push(x);
        binned[at].1.push(y);
    }
    let medians: Vec<(f64, f64)> = binned
        .into_iter()
        .filter(|(x, _)| x.len() >= LEAST_IN_BIN)
        .filter_map(|(mut x, mut y)| Some((median(&mut x)?.ln(), median(&mut y)?.ln())))
        .collect();
    slope(&medians)
}

/// Hack's exponent of a network (`downstream`, `accumulation`, on a map `width` wide): L, the
/// longest flow path upstream of a cell in cell lengths (diagonals √2), against A, over the
/// channel cells (A from `threshold`) up to a tenth of the largest A; the least-squares slope
/// of ln L on ln A over the medians in 11 log bins. Real rivers 0.5 to 0.6 (Hack 1957); any
/// random network gives about the same, so it tests the network, not realism.
pub fn hack_of(
    downstream: &[u32],
    accumulation: &[u32],
    width: usize,
    threshold: u32,
) -> Option<f64> {
    let mut longest = vec![0.0f64; downstream.len()];
    for &i in &upstream_first(downstream) {
        let (i, d) = (i as usize, downstream[i as usize]);
        if d == OFF_MAP {
            continue;
        }
        let d = d as usize;
        let reach = longest[i] + distance(i, d, width);
        if reach > longest[d] {
            longest[d] = reach;
        }
    }
    let largest = accumulation.iter().copied().max()?;
    let top = f64::from(largest) / 10.0;
    let points: Vec<(f64, f64)> = accumulation
        .iter()
        .zip(&longest)
        .filter(|&(&a, &l)| a >= threshold && f64::from(a) <= top && l > 0.0)
        .map(|(&a, &l)| (f64::from(a), l))
        .collect();
    binned_log_slope(&points, f64::from(threshold), top, 11)
}

/// The bifurcation ratio of a network's channels (cells with A from `threshold`): Strahler
/// orders (a channel cell's order is its channel donors' highest, plus one where two or more
/// donors share it; a head is 1), N_k the streams of order k (where order k starts: heads, and
/// junctions of two of order k - 1 or more), and the geometric mean of N_k / N_(k+1). Real
/// networks 3 to 5 (Horton); a random network gives about 4, so it tests the network, not
/// realism.
pub fn bifurcation_of(downstream: &[u32], accumulation: &[u32], threshold: u32) -> Option<f64> {
    let channel = |i: usize| accumulation[i] >= threshold;
    // Per cell: the highest order among its channel donors, and how many donors have it.
    let mut highest = vec![(0u32, 0u32); downstream.len()];
    let mut order = vec![0u32; downstream.len()];
    let mut streams: Vec<u64> = Vec::new();
    for &i in &upstream_first(downstream) {
        let i = i as usize;
        if !channel(i) {
            continue;
        }
        let (top, count) = highest[i];
        let own = match (top, count) {
            (0, _) => 1,
            (top, count) if count >= 2 => top + 1,
            (top, _) => top,
        };
        order[i] = own;
        if own != top {
            // Order `own` starts here: a head, or a junction.
            let at = own as usize - 1;
            if streams.len() <= at {
                streams.resize(at + 1, 0);
            }
            streams[at] += 1;
        }
        let d = downstream[i];
        if d == OFF_MAP {
            continue;
        }
        let h = &mut highest[d as usize];
        match own.cmp(&h.0) {
            std::cmp::Ordering::Greater => *h = (own, 1),
            std::cmp::Ordering::Equal => h.1 += 1,
            std::cmp::Ordering::Less => {}
        }
    }
    let ratios: Vec<f64> = streams
        .windows(2)
        .filter(|pair| pair[1] > 0)
        .map(|pair| pair[0] as f64 / pair[1] as f64)
        .collect();
    if ratios.is_empty() {
        return None;
    }
    let log_mean = ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64;
    Some(log_mean.exp())
}

/// [`hack_of`] `map`'s network, routed as [`Water`] routes it.
pub fn hack(map: &Heightmap, water: &Water) -> Option<f64> {
    let threshold = channel_threshold(map.data().len());
    hack_of(
        &water.downstream,
        &water.accumulation,
        map.width(),
        threshold,
    )
}

/// [`bifurcation_of`] `map`'s network, routed as [`Water`] routes it.
pub fn bifurcation(map: &Heightmap, water: &Water) -> Option<f64> {
    let threshold = channel_threshold(map.data().len());
    bifurcation_of(&water.downstream, &water.accumulation, threshold)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network as `downstream` links: cell `i` drains to `links[i]` (`OFF_MAP` for none), and
    /// its accumulation.
    fn network(links: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let acc = crate::analysis::water::flow::accumulation(links);
        (links.to_vec(), acc)
    }

    #[test]
    fn one_straight_channel_has_hack_exponent_one_and_no_bifurcation() {
        // 20 000 cells in one row, each draining to the next, the last off the map.
        let n = 20_000u32;
        let links: Vec<u32> = (0..n)
            .map(|i| if i + 1 == n { OFF_MAP } else { i + 1 })
            .collect();
        let (down, acc) = network(&links);
        // L = A - 1 along it: the slope of ln L on ln A is near 1.
        let hack = hack_of(&down, &acc, n as usize, 20).expect("a fit");
        assert!((hack - 1.0).abs() < 0.05, "hack {hack}");
        assert_eq!(
            bifurcation_of(&down, &acc, 1),
            None,
            "one stream of one order"
        );
    }

    #[test]
    fn a_binary_tree_bifurcates_by_two() {
        // A complete binary tree of depth 6 as heap indices: node k's parent is (k - 1) / 2,
        // the root drains off the map. Strahler orders: leaves 1 ... root 7; N_k = 2^(7 - k).
        let count = (1u32 << 7) - 1;
        let links: Vec<u32> = (0..count)
            .map(|k| if k == 0 { OFF_MAP } else { (k - 1) / 2 })
            .collect();
        let (down, acc) = network(&links);
        let ratio = bifurcation_of(&down, &acc, 1).expect("orders");
        assert!((ratio - 2.0).abs() < 1e-9, "ratio {ratio}");
    }

    #[test]
    fn the_concavity_of_a_network_with_a_chosen_theta_is_that_theta() {
        // One long channel along the middle row, draining to its left end, with S = A^-0.6
        // exactly: cell x has the cells x to n - 2 upstream, and stands S above cell x - 1.
        let n = 2000usize;
        let mut map = Heightmap::new(n, 3).expect("a size");
        let mut h = 0.0f64;
        for x in 1..n - 1 {
            h += ((n - 1 - x) as f64).powf(-0.6);
            map.set(x, 1, h as f32);
        }
        // Walls: the side rows stand far above, so the middle row drains to its left end.
        for x in 0..n {
            map.set(x, 0, 1.0e6);
            map.set(x, 2, 1.0e6);
        }
        map.set(n - 1, 1, 1.0e6);
        let water = Water::of(&map).expect("routed");
        let theta = concavity(&map, &water).expect("a fit");
        assert!((theta - 0.6).abs() < 0.02, "theta {theta}");
    }
}
