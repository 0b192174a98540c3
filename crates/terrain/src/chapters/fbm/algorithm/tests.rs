use super::*;
use crate::analysis::variogram;
use crate::testing::on_threads;

fn params(width: usize, height: usize) -> FbmParams {
    FbmParams {
        width,
        height,
        ..FbmParams::DEFAULT
    }
}

/// A setting of every kind: each shape, with and without redistribution and warping.
fn every_kind() -> Vec<FbmParams> {
    let mut all = Vec::new();
    for shape in OctaveShape::ALL {
        for (power, warp) in [(1.0, 0.0), (2.5, 0.0), (1.0, 0.75)] {
            all.push(FbmParams {
                shape,
                power,
                warp,
                octaves: 6,
                frequency: 3.0,
                ..params(1, 1)
            });
        }
    }
    all
}

#[test]
fn each_octave_is_lacunarity_times_finer_and_gain_times_fainter() {
    let p = FbmParams {
        octaves: 5,
        frequency: 4.0,
        lacunarity: 2.5,
        gain: 0.6,
        ..FbmParams::DEFAULT
    };
    let list = p.octave_list();
    assert_eq!(list.len(), 5);
    for (k, &(frequency, amplitude)) in list.iter().enumerate() {
        let want_f = 4.0 / 256.0 * 2.5f64.powi(k as i32);
        let want_a = 0.6f32.powi(k as i32);
        assert!(
            (frequency / want_f - 1.0).abs() < 1e-12,
            "octave {k}: {frequency}"
        );
        assert!(
            (amplitude / want_a - 1.0).abs() < 1e-5,
            "octave {k}: {amplitude}"
        );
    }
}

/// The octave sum behind a height (power 1): what [`finish`] mapped to 0..1.
fn sum_at(p: &FbmParams, x: f64, y: f64) -> f32 {
    (height_at(p, 3, x, y) - 0.5) * 2.0 * p.total()
}

#[test]
fn octave_k_adds_noise_on_its_own_lattice_with_its_own_amplitude() {
    // Frequency 8 and lacunarity 2: octave k's lattice is 32 / 2^k cells apart, shifted by its
    // own fraction of that. Its noise is zero at its lattice points, and at most its amplitude.
    let base = FbmParams {
        frequency: 8.0,
        lacunarity: 2.0,
        gain: 0.5,
        ..FbmParams::DEFAULT
    };
    for k in 0..4u32 {
        let with = FbmParams {
            octaves: k + 1,
            ..base
        };
        let added = |x: f64, y: f64| match k {
            0 => sum_at(&with, x, y),
            _ => sum_at(&with, x, y) - sum_at(&FbmParams { octaves: k, ..base }, x, y),
        };
        let spacing = f64::from(32 >> k);
        let (sx, sy) = octave_shift(octave_key(3, k));
        for (i, j) in [(1.0, 1.0), (2.0, 5.0), (7.0, 3.0), (10.0, 10.0)] {
            let (x, y) = ((i - sx) * spacing, (j - sy) * spacing);
            let d = added(x, y);
            assert!(
                d.abs() < 1e-4,
                "octave {k} at its lattice point ({x}, {y}): {d}"
            );
        }
        let amplitude = 0.5f32.powi(k as i32);
        let most = (0..4000)
            .map(|n| added(f64::from(n % 64) * 1.37, f64::from(n / 64) * 1.91).abs())
            .fold(0f32, f32::max);
        assert!(
            most <= amplitude * 1.001,
            "octave {k}: {most} past {amplitude}"
        );
        assert!(
            most >= amplitude * 0.5,
            "octave {k}: {most}, far below {amplitude}"
        );
    }
}

#[test]
fn the_measured_hurst_exponent_follows_the_gain() {
    // Lacunarity 2, frequency 1 on 1025 x 1025: eight octaves with lattice spacings of 256 cells
    // down to 2. The variogram's slope is read over lags 2 to 32, inside the band they span.
    let mut last = f32::INFINITY;
    for gain in [0.55f32, 0.6, 0.7, 0.8] {
        let aim = -gain.log2();
        let measured: Vec<f32> = (1..=3)
            .map(|seed| {
                let p = FbmParams {
                    frequency: 1.0,
                    lacunarity: 2.0,
                    gain,
                    octaves: 8,
                    ..params(1025, 1025)
                };
                let map = generate(&p, seed).expect("valid");
                let band: Vec<(f32, f32)> = variogram::variogram(&map)
                    .points
                    .into_iter()
                    .filter(|&(lag, _)| (2.0..=32.0).contains(&lag))
                    .collect();
                variogram::fit_slope(&band) / 2.0
            })
            .collect();
        println!("gain {gain}: aims at H = {aim:.3}, measured {measured:?}");
        for h in &measured {
            assert!(
                (h - aim).abs() < HURST_TOLERANCE,
                "gain {gain}: {measured:?} against {aim}"
            );
            assert!(
                *h < last,
                "gain {gain}: {measured:?} is not rougher than the gain before"
            );
        }
        last = measured.iter().copied().fold(f32::INFINITY, f32::min);
    }
}

/// How far the measured H may be from -log2(gain). Each octave's own variogram grows as the
/// lag squared below its lattice spacing and is flat above it, so over a band of lags the sum's
/// slope is pulled toward the middle: a little under the aim for smooth settings (0.78 for
/// 0.86), a little over it for rough ones (0.39 for 0.32), on every seed tried. 0.1 is less
/// than the gap between neighbouring gains' aims here (0.12 to 0.22), and the order is checked
/// too, so each gain is told from the next.
const HURST_TOLERANCE: f32 = 0.1;

#[test]
fn a_tile_made_on_its_own_is_the_same_cells_of_a_larger_map() {
    for kind in every_kind() {
        let whole = generate(
            &FbmParams {
                ..params_of(kind, 512, 512, 0, 0)
            },
            9,
        )
        .expect("valid");
        let tile = generate(&params_of(kind, 256, 256, 256, 0), 9).expect("valid");
        for y in 0..256 {
            let row = &whole.data()[y * 512 + 256..y * 512 + 512];
            assert_eq!(
                &tile.data()[y * 256..(y + 1) * 256],
                row,
                "{kind:?} row {y}"
            );
        }
    }
}

fn params_of(kind: FbmParams, width: usize, height: usize, x: usize, y: usize) -> FbmParams {
    FbmParams {
        width,
        height,
        x,
        y,
        ..kind
    }
}

#[test]
fn the_row_kernel_equals_the_plain_reading_bit_for_bit() {
    for kind in every_kind() {
        for (x, y) in [(0, 0), (1000, 77), (1 << 24, 1 << 24)] {
            let p = params_of(kind, 67, 41, x, y);
            let fast = generate(&p, 5).expect("valid");
            let plain = generate_plain(&p, 5).expect("valid");
            assert_eq!(fast, plain, "{kind:?} at ({x}, {y})");
        }
    }
}

#[test]
fn the_same_seed_makes_the_same_bytes_on_any_number_of_threads() {
    for kind in every_kind() {
        let p = params_of(kind, 300, 200, 40, 7);
        let one = on_threads(1, || generate(&p, 11).expect("valid"));
        for threads in [2, 3, 8] {
            assert_eq!(
                one,
                on_threads(threads, || generate(&p, 11).expect("valid")),
                "{kind:?}"
            );
        }
    }
}

#[test]
fn heights_lie_in_zero_one_and_fill_much_of_it() {
    for kind in every_kind() {
        let map = generate(&params_of(kind, 257, 257, 0, 0), 2).expect("valid");
        let (lo, hi) = map.range().expect("no NaN");
        assert!(lo >= 0.0 && hi <= 1.0, "{kind:?}: {lo}..{hi}");
        assert!(hi - lo > 0.15, "{kind:?}: {lo}..{hi}");
    }
}

#[test]
fn settings_out_of_range_are_refused_with_the_knob_named() {
    let bad = [
        (
            FbmParams {
                octaves: 0,
                ..FbmParams::DEFAULT
            },
            "octaves",
        ),
        (
            FbmParams {
                octaves: 13,
                ..FbmParams::DEFAULT
            },
            "octaves",
        ),
        (
            FbmParams {
                frequency: 0.0,
                ..FbmParams::DEFAULT
            },
            "frequency",
        ),
        (
            FbmParams {
                gain: f32::NAN,
                ..FbmParams::DEFAULT
            },
            "gain",
        ),
        (
            FbmParams {
                lacunarity: 9.0,
                ..FbmParams::DEFAULT
            },
            "lacunarity",
        ),
        (
            FbmParams {
                power: -1.0,
                ..FbmParams::DEFAULT
            },
            "power",
        ),
        (
            FbmParams {
                warp: 5.0,
                ..FbmParams::DEFAULT
            },
            "warp",
        ),
        (
            FbmParams {
                x: (1 << 24) + 1,
                ..FbmParams::DEFAULT
            },
            "x",
        ),
    ];
    for (p, knob) in bad {
        assert_eq!(generate(&p, 1).expect_err(knob).field, knob);
    }
    assert!(generate(&params(0, 5), 1).is_err());
}

#[test]
fn golden_checksums() {
    let plain = generate(&FbmParams::DEFAULT, 1).expect("valid");
    let warped = generate(
        &FbmParams {
            warp: 1.0,
            shape: OctaveShape::Ridged,
            ..FbmParams::DEFAULT
        },
        1,
    )
    .expect("valid");
    assert_eq!([plain.checksum(), warped.checksum()], GOLDEN);
}

const GOLDEN: [u32; 2] = [565646649, 2183260219];

#[test]
fn on_a_lattice_point_value_noise_has_its_height_and_gradient_noise_none() {
    use super::lattice::{hash, value};
    let p = FbmParams {
        octaves: 1,
        frequency: 8.0,
        ..FbmParams::DEFAULT
    };
    let octaves = p.octave_list();
    let frequency = octaves[0].0;
    for seed in [1, 77, 4096] {
        let key = octave_key(seed, 0);
        let (sx, sy) = octave_shift(key);
        for (i, j) in [(3i64, 5i64), (-2, 7), (40, -9)] {
            let at = ((i as f64 - sx) / frequency, (j as f64 - sy) / frequency);
            let gradient = height_with(&p, &octaves, 1.0, Basis::Gradient, seed, at);
            let valued = height_with(&p, &octaves, 1.0, Basis::Value, seed, at);
            assert!((gradient - 0.5).abs() < 1e-4, "{gradient}");
            let expected = 0.5 + 0.5 * value(hash(i, j, key));
            assert!(
                (valued - expected).abs() < 1e-4,
                "{valued} against {expected}"
            );
        }
    }
    // The value map is that noise at every cell.
    let small = FbmParams {
        width: 33,
        height: 17,
        x: 5,
        ..p
    };
    let map = generate_value(&small, 9).expect("valid");
    let total = small.octave_list()[0].1;
    for (k, &h) in map.data().iter().enumerate() {
        let at = ((5 + k % 33) as f64, (k / 33) as f64);
        let plain = height_with(&small, &octaves, total, Basis::Value, 9, at);
        assert_eq!(h.to_bits(), plain.to_bits());
    }
}
