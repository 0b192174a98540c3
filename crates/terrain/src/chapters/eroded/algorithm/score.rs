//! How eroded a terrain looks, in one number: Olsen's erosion score (J. Olsen, "Realtime
//! procedural terrain generation", 2004). Real, eroded land is mostly gentle (valley floors,
//! plains where sediment settled) with a few steep places (valley walls, ridges); fractal noise
//! terrain has about the same slope everywhere. The score is the spread of the slopes over their
//! mean, the coefficient of variation, so it grows as a terrain gets more like eroded land.

use crate::map::heightmap::Heightmap;

/// The slope at every point: the largest height difference to its four neighbours.
pub fn slopes(map: &Heightmap) -> Vec<f32> {
    let (w, h) = (map.width(), map.height());
    let data = map.data();
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            let v = data[i];
            [
                (x > 0).then(|| data[i - 1]),
                (x + 1 < w).then(|| data[i + 1]),
                (y > 0).then(|| data[i - w]),
                (y + 1 < h).then(|| data[i + w]),
            ]
            .into_iter()
            .flatten()
            .map(|n| (v - n).abs())
            .fold(0.0, f32::max)
        })
        .collect()
}

/// Olsen's erosion score: the standard deviation of the slopes over their mean (0 for a map
/// without slope).
pub fn erosion_score(map: &Heightmap) -> f64 {
    let s = slopes(map);
    let n = s.len() as f64;
    let mean = s.iter().map(|&v| f64::from(v)).sum::<f64>() / n;
    if mean == 0.0 {
        return 0.0;
    }
    let variance = s
        .iter()
        .map(|&v| (f64::from(v) - mean).powi(2))
        .sum::<f64>()
        / n;
    variance.sqrt() / mean
}
