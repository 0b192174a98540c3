use super::*;

fn params(exponent: u32) -> MpdParams {
    MpdParams {
        exponent,
        ..MpdParams::default()
    }
}

#[test]
fn corners_are_uniform_and_nothing_else_is_set() {
    for seed in 0..50 {
        let map = generate_stage(Stage::Corners, &params(3), seed).expect("valid");
        let last = map.last();
        for y in 0..=last {
            for x in 0..=last {
                let v = map.get(x, y);
                let corner = (x == 0 || x == last) && (y == 0 || y == last);
                if corner {
                    assert!((0.0..1.0).contains(&v), "corner ({x},{y}) = {v}");
                } else {
                    assert_eq!(v, 0.0, "({x},{y})");
                }
            }
        }
    }
}

#[test]
fn edge_midpoints_lie_within_spread_of_their_corners_average() {
    let spread = 0.1;
    let mut widest = 0.0f32;
    for seed in 0..200 {
        let p = MpdParams {
            spread,
            ..params(2)
        };
        let map = generate_stage(Stage::Edges, &p, seed).expect("valid");
        let (l, c) = (map.last(), map.last() / 2);
        let checks = [
            ((c, 0), (0, 0), (l, 0)),
            ((c, l), (0, l), (l, l)),
            ((0, c), (0, 0), (0, l)),
            ((l, c), (l, 0), (l, l)),
        ];
        for ((mx, my), (ax, ay), (bx, by)) in checks {
            let deviation = map.get(mx, my) - (map.get(ax, ay) + map.get(bx, by)) / 2.0;
            assert!(deviation.abs() <= spread + 1e-6, "seed {seed}: {deviation}");
            widest = widest.max(deviation.abs());
        }
        assert_eq!(map.get(c, c), 0.0, "the center waits for the next step");
    }
    assert!(
        widest > 0.09,
        "jitter should use the whole spread, widest {widest}"
    );
}

#[test]
fn center_lies_within_spread_of_the_edge_midpoints_average() {
    let spread = 0.1;
    for seed in 0..200 {
        let p = MpdParams {
            spread,
            ..params(3)
        };
        let map = generate_stage(Stage::Center, &p, seed).expect("valid");
        let (l, c) = (map.last(), map.last() / 2);
        let average = (map.get(c, 0) + map.get(c, l) + map.get(0, c) + map.get(l, c)) / 4.0;
        assert!(
            (map.get(c, c) - average).abs() <= spread + 1e-6,
            "seed {seed}"
        );
        // Only the corners, four edge midpoints and the center are set.
        let set = map.data().iter().filter(|&&v| v != 0.0).count();
        assert!(set <= 9, "seed {seed}: {set} points set");
    }
}

#[test]
fn a_pass_displaces_each_of_its_squares() {
    // Pass 1 on a 9x9 map touches exactly the edge midpoints and centers of the four 5x5 squares.
    let mut map = Heightmap::square(3);
    map.data_mut().fill(f32::NAN);
    for (x, y) in [
        (0, 0),
        (4, 0),
        (8, 0),
        (0, 4),
        (4, 4),
        (8, 4),
        (0, 8),
        (4, 8),
        (8, 8),
    ] {
        map.set(x, y, 0.5);
    }
    pass(&mut map, 1, 0.2, PointRng::new(9));
    for y in 0..9 {
        for x in 0..9 {
            let expected_set = x % 2 == 0 && y % 2 == 0;
            assert_eq!(!map.get(x, y).is_nan(), expected_set, "({x},{y})");
        }
    }
}

#[test]
fn every_core_makes_the_same_map_as_one() {
    crate::testing::assert_same_on_every_pool(generate);
}

#[test]
fn row_sweep_equals_the_square_by_square_reading() {
    crate::testing::assert_same_maps(generate, generate_square_by_square);
}

#[test]
fn full_iteration_sets_every_point() {
    for exponent in 1..=6 {
        let mut map = Heightmap::square(exponent);
        map.data_mut().fill(f32::NAN);
        let rng = PointRng::new(u64::from(exponent));
        init_corners(&mut map, rng);
        iterate(&mut map, 0.3, 0.5, rng);
        assert!(
            map.data().iter().all(|v| v.is_finite()),
            "exponent {exponent}"
        );
    }
}

#[test]
fn output_spans_exactly_zero_to_one() {
    for seed in 0..20 {
        let map = generate(&params(5), seed).expect("valid");
        assert_eq!(map.range(), Some((0.0, 1.0)), "seed {seed}");
    }
}

#[test]
fn spread_is_multiplied_by_the_reduction_each_pass() {
    let p = MpdParams {
        exponent: 4,
        spread: 0.8,
        reduction: 0.5,
    };
    let spreads: Vec<f32> = p.spreads().collect();
    assert_eq!(spreads, vec![0.8, 0.4, 0.2, 0.1]);
}

#[test]
fn second_pass_jitter_is_bounded_by_half_the_spread() {
    // On a 5x5 map the second pass sets the points with an odd coordinate. Edge midpoints are
    // averages of their two neighbours plus at most spread x reduction.
    let spread = 1.0;
    let mut widest = 0.0f32;
    for seed in 0..300 {
        let mut map = Heightmap::square(2);
        let rng = PointRng::new(seed);
        init_corners(&mut map, rng);
        iterate(&mut map, spread, 0.5, rng);
        for y in 0..5usize {
            for x in 0..5usize {
                let expected = match (x % 2, y % 2) {
                    (1, 0) => (map.get(x - 1, y) + map.get(x + 1, y)) / 2.0,
                    (0, 1) => (map.get(x, y - 1) + map.get(x, y + 1)) / 2.0,
                    _ => continue,
                };
                let deviation = (map.get(x, y) - expected).abs();
                assert!(
                    deviation <= 0.5 + 1e-5,
                    "seed {seed} ({x},{y}): {deviation}"
                );
                widest = widest.max(deviation);
            }
        }
    }
    assert!(
        widest > 0.45,
        "second pass should use its whole halved spread: {widest}"
    );
}

#[test]
fn same_seed_same_terrain_other_seed_other_terrain() {
    let a = generate(&params(6), 11).expect("valid");
    assert_eq!(a, generate(&params(6), 11).expect("valid"));
    assert_ne!(a, generate(&params(6), 12).expect("valid"));
}

#[test]
fn golden_checksums() {
    let got: Vec<u32> = [(1, 1), (5, 1), (5, 2), (8, 42)]
        .iter()
        .map(|&(exponent, seed)| generate(&params(exponent), seed).expect("valid").checksum())
        .collect();
    assert_eq!(got, GOLDEN);
}

const GOLDEN: [u32; 4] = [703652102, 1106115669, 2103200301, 2657437067];

#[test]
fn invalid_params_are_rejected_with_readable_errors() {
    let too_big = MpdParams {
        exponent: 15,
        ..MpdParams::default()
    };
    let err = generate(&too_big, 0).expect_err("exponent 15");
    assert_eq!(
        err.to_string(),
        "exponent must be a whole number from 1 to 14, got 15"
    );
    assert!(MpdParams {
        exponent: 0,
        ..MpdParams::default()
    }
    .validate(12)
    .is_err());
    assert!(MpdParams {
        exponent: 13,
        ..MpdParams::default()
    }
    .validate(12)
    .is_err());
    assert!(MpdParams {
        spread: f32::NAN,
        ..MpdParams::default()
    }
    .validate(12)
    .is_err());
    assert!(MpdParams {
        spread: -0.1,
        ..MpdParams::default()
    }
    .validate(12)
    .is_err());
    let err = MpdParams {
        reduction: f32::INFINITY,
        ..MpdParams::default()
    }
    .validate(12)
    .expect_err("infinite reduction");
    assert_eq!(err.field, "reduction");
}

#[test]
fn zero_spread_is_a_smooth_blend_not_nan() {
    let p = MpdParams {
        spread: 0.0,
        ..params(4)
    };
    let map = generate(&p, 3).expect("valid");
    assert!(map.data().iter().all(|v| v.is_finite()));
}
