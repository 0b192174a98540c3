use super::*;
use crate::chapters::diamond_square::algorithm::{generate, DEFAULT};
use crate::chapters::midpoint::algorithm::MpdParams;

/// A Diamond-Square map of 2^`exponent` + 1 points a side.
fn ds(exponent: u32, seed: u64) -> Heightmap {
    generate(
        &MpdParams {
            exponent,
            ..DEFAULT
        },
        seed,
    )
    .expect("made")
}

fn amplified(map: &Heightmap, factor: u8, detail: f32, seed: u64) -> Heightmap {
    let mut out = map.clone();
    Amplify { factor, detail }
        .apply(&mut out, seed)
        .expect("amplified");
    out
}

#[test]
fn the_map_grows_to_n_minus_1_times_f_plus_1_and_keeps_its_own_points_bit_for_bit() {
    let map = ds(5, 3);
    for (factor, f) in [(0u8, 2usize), (1, 4), (2, 8)] {
        for detail in [0.0, 0.3, 1.0] {
            let out = amplified(&map, factor, detail, 3);
            assert_eq!((out.width(), out.height()), (32 * f + 1, 32 * f + 1));
            for y in 0..33 {
                for x in 0..33 {
                    assert_eq!(
                        out.get(x * f, y * f).to_bits(),
                        map.get(x, y).to_bits(),
                        "factor {f}, detail {detail}, at ({x}, {y})"
                    );
                }
            }
        }
    }
}

#[test]
fn without_detail_the_curve_through_the_points_is_smooth_and_keeps_a_plane() {
    // Catmull-Rom reproduces a plane away from the edges (the edge points repeated past the
    // edge bend it in the outer cell).
    let mut plane = Heightmap::new(17, 9).expect("a size");
    for y in 0..9 {
        for x in 0..17 {
            plane.set(x, y, 0.1 + 0.03 * x as f32 - 0.02 * y as f32);
        }
    }
    let out = amplified(&plane, 2, 0.0, 1);
    for y in 8..=56 {
        for x in 8..=120 {
            let want = 0.1 + 0.03 * x as f64 / 8.0 - 0.02 * y as f64 / 8.0;
            let got = f64::from(out.get(x, y));
            assert!(
                (got - want).abs() < 1e-5,
                "({x}, {y}): {got} against {want}"
            );
        }
    }
    // Between two points the curve stays within the four points' range.
    let map = ds(4, 9);
    let out = amplified(&map, 1, 0.0, 9);
    let (lo, hi) = map.range().expect("finite");
    let (olo, ohi) = out.range().expect("finite");
    let span = hi - lo;
    assert!(olo >= lo - 0.2 * span && ohi <= hi + 0.2 * span);
}

#[test]
fn detail_follows_the_local_relief_and_a_flat_plain_gets_none() {
    // Flat on the left half, a steep ramp on the right.
    let mut map = Heightmap::new(33, 33).expect("a size");
    for y in 0..33 {
        for x in 0..33 {
            map.set(
                x,
                y,
                if x < 16 {
                    0.2
                } else {
                    0.2 + 0.05 * (x - 16) as f32
                },
            );
        }
    }
    let smooth = amplified(&map, 2, 0.0, 4);
    let rough = amplified(&map, 2, 0.5, 4);
    let mut flat_change = 0.0f64;
    let mut ramp_change = 0.0f64;
    for y in 0..rough.height() {
        for x in 0..rough.width() {
            let change = f64::from((rough.get(x, y) - smooth.get(x, y)).abs());
            if x < 8 * 14 {
                flat_change = flat_change.max(change);
            } else if x > 8 * 18 {
                ramp_change = ramp_change.max(change);
                // At most detail x relief: 0.5 x 0.05.
                assert!(change <= 0.5 * 0.05 + 1e-6, "({x}, {y}): {change}");
            }
        }
    }
    assert_eq!(flat_change, 0.0);
    assert!(ramp_change > 0.005, "the ramp got {ramp_change}");
    // Another seed, other bumps.
    assert_ne!(amplified(&map, 2, 0.5, 5).data(), rough.data());
}

#[test]
fn the_same_bytes_on_any_number_of_threads() {
    let map = ds(6, 2);
    let on = |threads| {
        crate::testing::on_threads(threads, || amplified(&map, 2, 0.3, 2))
            .data()
            .to_vec()
    };
    let one = on(1);
    for threads in [2, 3] {
        assert_eq!(on(threads), one, "{threads} threads");
    }
}

#[test]
fn past_the_map_limit_or_off_its_knobs_it_is_refused_before_anything_is_made() {
    let mut tiny = Heightmap::new(1, 5).expect("a size");
    let refused = Amplify::DEFAULT.apply(&mut tiny, 0).expect_err("too thin");
    assert!(refused.to_string().contains("1 x 5"), "{refused}");
    let step = Amplify {
        factor: 2,
        detail: 0.3,
    };
    let refused = step.size_of(4097, 4097).expect_err("past the limit");
    assert!(refused.to_string().contains("32769 x 32769"), "{refused}");
    assert_eq!(step.size_of(2049, 2049).ok(), None, "16385² passes 2^28");
    assert_eq!(step.size_of(1025, 1025).ok(), Some((8193, 8193)));
    let bad = Amplify {
        factor: 3,
        detail: 0.3,
    };
    assert!(bad.validate().is_err());
    let bad = Amplify {
        factor: 0,
        detail: 2.0,
    };
    assert!(bad.validate().is_err());
}

#[test]
fn an_amplified_uplift_keeps_its_rivers_concavity() {
    use crate::analysis::realism::rivers::concavity;
    use crate::analysis::water::Water;
    use crate::chain::uplift::Uplift;
    let mut coarse = ds(6, 5);
    Uplift {
        steps: 100,
        ..Uplift::DEFAULT
    }
    .apply(&mut coarse, 0)
    .expect("uplifted");
    let theta = |map: &Heightmap| {
        let water = Water::of(map).expect("routed");
        concavity(map, &water).expect("channels to fit")
    };
    let before = theta(&coarse);
    let fine = amplified(&coarse, 1, 0.3, 5);
    let after = theta(&fine);
    assert!(
        (after - before).abs() < 0.1,
        "concavity {before} at 65², {after} amplified"
    );
}
