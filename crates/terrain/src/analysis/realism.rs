//! Measures of how much a map looks like real land, each defined once here for the core, the
//! command line and the page (ARCHITECTURE.md, "Realism measures").
//!
//! - [`pits_per_1000`]: real land drains, so it has few closed hollows; fractal surfaces have
//!   about as many pits as peaks, and speckle has many.
//! - [`drainage_top1`]: real land gathers its water into few large channels, so a small share of
//!   the cells carries most of the flow.
//! - [`steepest_descent_top1`]: the same share on the map unfilled, where pits end the paths.
//! - [`laplacian_rms`]: roughness at the scale of one cell.
//! - [`pixel_roughness`]: how much of a change (what erosion did, say) lies at the scale of one
//!   cell: about 4.5 for white noise, well under 1 for valleys a few cells wide.

use crate::analysis::water::Water;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Inner cells strictly lower than all eight neighbours, per 1000 inner cells (0 for a map
/// without inner cells).
pub fn pits_per_1000(map: &Heightmap) -> f64 {
    let (w, h) = (map.width(), map.height());
    if w < 3 || h < 3 {
        return 0.0;
    }
    let z = map.data();
    let mut pits = 0usize;
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = y * w + x;
            let v = z[i];
            let lower = [
                i - w - 1,
                i - w,
                i - w + 1,
                i - 1,
                i + 1,
                i + w - 1,
                i + w,
                i + w + 1,
            ]
            .iter()
            .all(|&n| v < z[n]);
            if lower {
                pits += 1;
            }
        }
    }
    1000.0 * pits as f64 / ((w - 2) * (h - 2)) as f64
}

/// The share of the total flow accumulation held by the 1 % of cells (at least one) that carry
/// the most, on the map filled by priority-flood and routed by D8 ([`Water`]).
pub fn drainage_top1(map: &Heightmap) -> Result<f64, ParamError> {
    Ok(drainage_top1_of(&Water::of(map)?))
}

/// [`drainage_top1`] of water already routed.
pub fn drainage_top1_of(water: &Water) -> f64 {
    top1_share(water.accumulation.clone())
}

/// [`drainage_top1`] on the map as it is, unfilled: each cell drains to its steepest lower
/// neighbour (D8), and a pit ends the paths that reach it. Filling hides what erosion does to
/// hollows (a rough map's filled lakes already gather its flow into long chains), so this is the
/// one that says whether erosion made channels: it rises as droplets carve valleys that gather
/// water, and falls as speckle scatters it into pits.
pub fn steepest_descent_top1(map: &Heightmap) -> f64 {
    let routed =
        crate::analysis::water::flow::accumulation(&crate::analysis::water::flow::directions(map));
    top1_share(routed)
}

/// The share of the sum of `flow` held by its 1 % largest values (at least one).
fn top1_share(mut flow: Vec<u32>) -> f64 {
    let top = (flow.len() / 100).max(1);
    let total: f64 = flow.iter().map(|&f| f64::from(f)).sum();
    flow.select_nth_unstable_by(top - 1, |a, b| b.cmp(a));
    let held: f64 = flow[..top].iter().map(|&f| f64::from(f)).sum();
    held / total
}

/// Over the inner cells of a `width` x `height` grid of `values`: the sum of the squared discrete
/// Laplacian (four neighbours), the sum of the squared values, and how many cells there were.
fn laplacian_sums(values: &[f32], width: usize, height: usize) -> (f64, f64, usize) {
    let (mut lap, mut own, mut n) = (0.0f64, 0.0f64, 0usize);
    for y in 1..height.saturating_sub(1) {
        for x in 1..width.saturating_sub(1) {
            let i = y * width + x;
            let c = f64::from(values[i]);
            let l = f64::from(values[i - 1])
                + f64::from(values[i + 1])
                + f64::from(values[i - width])
                + f64::from(values[i + width])
                - 4.0 * c;
            lap += l * l;
            own += c * c;
            n += 1;
        }
    }
    (lap, own, n)
}

/// The root mean square of the discrete Laplacian (four neighbours) over the inner cells of
/// `map`: its roughness at the scale of one cell. Speckle raises it; smooth valleys barely.
pub fn laplacian_rms(map: &Heightmap) -> f64 {
    let (lap, _, n) = laplacian_sums(map.data(), map.width(), map.height());
    if n == 0 {
        0.0
    } else {
        (lap / n as f64).sqrt()
    }
}

/// The root mean square of the discrete Laplacian (four neighbours) of `change` over the root
/// mean square of `change`, on the inner cells of a `width` x `height` grid: about 4.5 for
/// independent noise in every cell, near 0 for a change that is smooth over many cells. 0 when
/// nothing changed.
pub fn pixel_roughness(change: &[f32], width: usize, height: usize) -> f64 {
    let (lap, own, n) = laplacian_sums(change, width, height);
    if n == 0 || own == 0.0 {
        return 0.0;
    }
    (lap / own).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::rng::PointRng;

    fn map(w: usize, h: usize, f: impl Fn(usize, usize) -> f32) -> Heightmap {
        Heightmap::from_data(w, h, (0..w * h).map(|i| f(i % w, i / w)).collect()).expect("map")
    }

    #[test]
    fn a_bowl_has_one_pit_and_a_cone_none() {
        let bowl = map(9, 9, |x, y| {
            (x as f32 - 4.0).powi(2) + (y as f32 - 4.0).powi(2)
        });
        assert!((pits_per_1000(&bowl) - 1000.0 / 49.0).abs() < 1e-9);
        let cone = map(9, 9, |x, y| {
            -((x as f32 - 4.0).abs() + (y as f32 - 4.0).abs())
        });
        assert_eq!(pits_per_1000(&cone), 0.0);
    }

    #[test]
    fn a_valley_concentrates_drainage_more_than_a_plane() {
        // A plane tilted towards y = 0: every column drains on its own.
        let plane = map(65, 65, |x, y| y as f32 + 0.001 * x as f32);
        // A V valley along x = 32, falling towards y = 0: everything gathers in one channel.
        let valley = map(65, 65, |x, y| (x as f32 - 32.0).abs() + 0.1 * y as f32);
        let (p, v) = (
            drainage_top1(&plane).expect("finite"),
            drainage_top1(&valley).expect("finite"),
        );
        assert!(v > 2.0 * p, "valley {v}, plane {p}");
    }

    #[test]
    fn noise_is_rough_at_the_pixel_scale_and_a_broad_change_is_not() {
        let rng = PointRng::new(5);
        let noise: Vec<f32> = (0..129 * 129).map(|i| rng.uniform_at(i) - 0.5).collect();
        let r = pixel_roughness(&noise, 129, 129);
        assert!((4.0..5.0).contains(&r), "white noise: {r}");
        let broad: Vec<f32> = (0..129 * 129)
            .map(|i| (-((i % 129) as f32 - 64.0).powi(2) / 200.0).exp())
            .collect();
        let r = pixel_roughness(&broad, 129, 129);
        assert!(r < 0.2, "a broad trough: {r}");
    }
}
