//! How roughness grows with distance: the Hurst exponent from height differences at growing lags,
//! and the slope of the power spectrum over wavenumber. Real topography has H about 0.5 to 0.9
//! and spectra near k^-2 per profile, k^-3 to k^-4 over a surface's rings (Lovejoy et al. 1995;
//! Pelletier 1997); midpoint displacement aims at the H its reduction sets.

use rustfft::num_complex::Complex;
use rustfft::{FftDirection, FftPlanner};

use crate::map::heightmap::Heightmap;

/// The least-squares slope of `ys` against `xs`; `None` for fewer than two distinct `xs` or a
/// value that is not finite.
fn slope(points: &[(f64, f64)]) -> Option<f64> {
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(sx, sy), &(x, y)| (sx + x, sy + y));
    let (mx, my) = (sx / n, sy / n);
    let (sxy, sxx) = points.iter().fold((0.0, 0.0), |(sxy, sxx), &(x, y)| {
        (sxy + (x - mx) * (y - my), sxx + (x - mx) * (x - mx))
    });
    let fitted = sxy / sxx;
    (sxx > 0.0 && fitted.is_finite()).then_some(fitted)
}

/// The Hurst exponent H: for lags 1, 2, 4, ... up to min(width, height) / 8, the mean of
/// (h(p + lag) - h(p))^2 over every pair along rows and along columns together; half the slope
/// of the least-squares line through (ln lag, ln mean). `None` for a map too small for two lags
/// (under 16 points a side) or flat.
pub fn hurst(map: &Heightmap) -> Option<f64> {
    let (w, h) = (map.width(), map.height());
    let z = map.data();
    let most = w.min(h) / 8;
    let mut points = Vec::new();
    let mut lag = 1;
    while lag <= most {
        let (mut sum, mut pairs) = (0.0f64, 0usize);
        for y in 0..h {
            let row = &z[y * w..(y + 1) * w];
            for x in 0..w - lag {
                let d = f64::from(row[x + lag]) - f64::from(row[x]);
                sum += d * d;
            }
            pairs += w - lag;
        }
        for y in 0..h - lag {
            let (row, below) = (&z[y * w..(y + 1) * w], &z[(y + lag) * w..(y + lag + 1) * w]);
            for x in 0..w {
                let d = f64::from(below[x]) - f64::from(row[x]);
                sum += d * d;
            }
            pairs += w;
        }
        let mean = sum / pairs as f64;
        if mean > 0.0 {
            points.push(((lag as f64).ln(), mean.ln()));
        }
        lag *= 2;
    }
    slope(&points).map(|s| s / 2.0)
}

/// The Hann window of `n` points: 0.5 - 0.5 cos(2 pi i / (n - 1)).
fn hann(n: usize) -> Vec<f64> {
    let last = (n.max(2) - 1) as f64;
    (0..n)
        .map(|i| 0.5 - 0.5 * (2.0 * std::f64::consts::PI * i as f64 / last).cos())
        .collect()
}

/// The signed frequency of FFT index `i` of `n`: 0, 1, ... up to n / 2, then negative.
fn frequency(i: usize, n: usize) -> f64 {
    if i <= n / 2 {
        i as f64
    } else {
        i as f64 - n as f64
    }
}

/// The 2-D FFT of a `width` x `height` grid of `cells`, row by row, in place: each row, then each
/// column.
pub(super) fn fft_2d(
    cells: &mut [Complex<f64>],
    width: usize,
    height: usize,
    direction: FftDirection,
) {
    let mut planner = FftPlanner::new();
    planner.plan_fft(width, direction).process(cells);
    let columns = planner.plan_fft(height, direction);
    let mut column = vec![Complex::new(0.0, 0.0); height];
    for x in 0..width {
        for (y, c) in column.iter_mut().enumerate() {
            *c = cells[y * width + x];
        }
        columns.process(&mut column);
        for (y, c) in column.iter().enumerate() {
            cells[y * width + x] = *c;
        }
    }
}

/// The spectral slope beta: the map less its mean, times a separable Hann window, through a 2-D
/// FFT; the power |F|^2 averaged over rings of wavenumber k (cycles across the larger side; ring
/// q holds q - 0.5 <= k < q + 0.5); minus the slope of ln P against ln q over q = 4 ...
/// min(width, height) / 4. `None` for a map too small for two rings (under 20 points a side) or
/// flat.
pub fn spectral_slope(map: &Heightmap) -> Option<f64> {
    let (w, h) = (map.width(), map.height());
    let z = map.data();
    let mean = z.iter().map(|&v| f64::from(v)).sum::<f64>() / z.len() as f64;
    let (wx, wy) = (hann(w), hann(h));
    let mut cells: Vec<Complex<f64>> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            Complex::new((f64::from(z[i]) - mean) * wx[x] * wy[y], 0.0)
        })
        .collect();
    fft_2d(&mut cells, w, h, FftDirection::Forward);
    let larger = w.max(h) as f64;
    let most = w.min(h) / 4;
    let mut rings = vec![(0.0f64, 0usize); most + 1];
    for y in 0..h {
        let ky = frequency(y, h) * larger / h as f64;
        for x in 0..w {
            let kx = frequency(x, w) * larger / w as f64;
            let q = ((kx * kx + ky * ky).sqrt() + 0.5).floor() as usize;
            if (4..=most).contains(&q) {
                rings[q].0 += cells[y * w + x].norm_sqr();
                rings[q].1 += 1;
            }
        }
    }
    let points: Vec<(f64, f64)> = rings
        .iter()
        .enumerate()
        .filter(|&(_, &(power, count))| count > 0 && power > 0.0)
        .map(|(q, &(power, count))| ((q as f64).ln(), (power / count as f64).ln()))
        .collect();
    slope(&points).map(|s| -s)
}
