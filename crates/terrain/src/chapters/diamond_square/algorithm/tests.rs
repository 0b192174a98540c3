use super::*;

/// Mean absolute height step between rows `a` and `b` of `map`.
fn row_step(map: &Heightmap, a: usize, b: usize) -> f64 {
    (0..map.width())
        .map(|x| f64::from((map.get(x, a) - map.get(x, b)).abs()))
        .sum::<f64>()
        / map.width() as f64
}

#[test]
fn tileable_maps_repeat_their_edges_and_their_seams_look_like_the_inside() {
    let params = MpdParams {
        exponent: 8,
        ..DEFAULT
    };
    let (mut seam, mut inside, mut plain_seam) = (0.0, 0.0, 0.0);
    for seed in 0..20 {
        let map = generate_tileable(&params, seed).expect("valid");
        let last = map.last();
        for i in 0..=last {
            assert_eq!(map.get(i, 0), map.get(i, last), "seed {seed}: column {i}");
            assert_eq!(map.get(0, i), map.get(last, i), "seed {seed}: row {i}");
        }
        assert_eq!(map.range(), Some((0.0, 1.0)));
        // Tiled, row last - 1 is followed by row 1 of the next copy (row 0 = row last).
        seam += row_step(&map, last - 1, 0) + row_step(&map, 1, 0);
        inside +=
            (1..last - 1).map(|y| row_step(&map, y, y + 1)).sum::<f64>() / (last - 2) as f64 * 2.0;
        let plain = generate(&params, seed).expect("valid");
        plain_seam += row_step(&plain, last, 0);
    }
    let ratio = seam / inside;
    assert!(
        (0.75..1.33).contains(&ratio),
        "seam step / inside step {ratio}"
    );
    assert!(
        plain_seam / inside > 10.0,
        "without wrapping the seam is a cliff: {}",
        plain_seam / inside
    );
}

fn p(exponent: u32, spread: f32) -> MpdParams {
    MpdParams {
        exponent,
        spread,
        ..MpdParams::default()
    }
}

#[test]
fn first_square_step_sets_only_the_center_near_the_corners_average() {
    for seed in 0..100 {
        let corners = generate_stage(Stage::Corners, &p(3, 0.2), seed).expect("valid");
        let map = generate_stage(Stage::Square, &p(3, 0.2), seed).expect("valid");
        let (l, c) = (8, 4);
        let average = (map.get(0, 0) + map.get(0, l) + map.get(l, 0) + map.get(l, l)) / 4.0;
        assert!((map.get(c, c) - average).abs() <= 0.2 + 1e-6, "seed {seed}");
        for (i, (a, b)) in corners.data().iter().zip(map.data()).enumerate() {
            if i != c * 9 + c {
                assert_eq!(a, b, "seed {seed}: only the center changed, not point {i}");
            }
        }
    }
}

#[test]
fn edge_diamonds_average_exactly_their_three_points() {
    let map = generate_stage(Stage::Diamond, &p(2, 0.0), 8).expect("valid");
    let (l, c) = (4, 2);
    let center = map.get(c, c);
    let expect = |a: f32, b: f32| (a + b + center) / 3.0;
    assert_eq!(map.get(c, 0), expect(map.get(0, 0), map.get(l, 0)));
    assert_eq!(map.get(c, l), expect(map.get(0, l), map.get(l, l)));
    assert_eq!(map.get(0, c), expect(map.get(0, 0), map.get(0, l)));
    assert_eq!(map.get(l, c), expect(map.get(l, 0), map.get(l, l)));
}

#[test]
fn inner_diamonds_average_four_points() {
    let mut map = Heightmap::square(2);
    for (i, v) in map.data_mut().iter_mut().enumerate() {
        *v = i as f32;
    }
    diamond(&mut map, 2, 2, 1, 0.0, PointRng::new(0));
    assert_eq!(map.get(2, 2), (11.0 + 13.0 + 7.0 + 17.0) / 4.0);
}

#[test]
fn diamond_rows_alternate_their_start() {
    // On a 5x5 map at radius 1 the diamond step sets exactly the points with one odd coordinate.
    let mut map = Heightmap::square(2);
    map.data_mut().fill(1.0);
    for y in (0..5).step_by(2) {
        for x in (0..5).step_by(2) {
            map.set(x, y, 0.0);
        }
    }
    for y in (1..5).step_by(2) {
        for x in (1..5).step_by(2) {
            map.set(x, y, 0.0);
        }
    }
    let before = map.clone();
    diamond_step(&mut map, 1, 0.0, PointRng::new(0));
    for y in 0..5 {
        for x in 0..5 {
            let diamond_point = (x + y) % 2 == 1;
            assert_eq!(
                map.get(x, y) != before.get(x, y),
                diamond_point,
                "({x},{y})"
            );
        }
    }
}

#[test]
fn every_core_makes_the_same_map_as_one() {
    crate::testing::assert_same_on_every_pool(generate);
}

#[test]
fn row_sweep_equals_the_point_by_point_reading() {
    crate::testing::assert_same_maps(generate, generate_point_by_point);
}

#[test]
fn a_level_in_one_sweep_equals_its_square_step_then_its_diamond_step() {
    for exponent in 1..=6 {
        let mut radius = 1usize << (exponent - 1);
        let mut stepped = Heightmap::square(exponent);
        let rng = PointRng::new(u64::from(exponent));
        init_corners(&mut stepped, rng);
        while radius >= 1 {
            let mut swept = stepped.clone();
            square_step(&mut stepped, radius, 0.3, rng);
            diamond_step(&mut stepped, radius, 0.3, rng);
            level(&mut swept, radius, 0.3, rng);
            assert_eq!(swept, stepped, "exponent {exponent} radius {radius}");
            radius /= 2;
        }
    }
}

#[test]
fn full_run_sets_every_point_and_spans_zero_to_one() {
    for exponent in 1..=7 {
        let mut map = Heightmap::square(exponent);
        map.data_mut().fill(f32::NAN);
        let rng = PointRng::new(1);
        init_corners(&mut map, rng);
        let mut radius = map.last() / 2;
        while radius >= 1 {
            square_step(&mut map, radius, 0.3, rng);
            diamond_step(&mut map, radius, 0.3, rng);
            radius /= 2;
        }
        assert!(
            map.data().iter().all(|v| v.is_finite()),
            "exponent {exponent}"
        );
        assert_eq!(
            generate(&p(exponent, 0.3), 2).expect("valid").range(),
            Some((0.0, 1.0))
        );
    }
}

#[test]
fn deterministic_with_golden_checksums() {
    let a = generate(&MpdParams::default(), 5).expect("valid");
    assert_eq!(a, generate(&MpdParams::default(), 5).expect("valid"));
    assert_ne!(a, generate(&MpdParams::default(), 6).expect("valid"));
    let got = [
        a.checksum(),
        generate(&p(9, 0.3), 1).expect("valid").checksum(),
    ];
    assert_eq!(got, GOLDEN);
}

const GOLDEN: [u32; 2] = [1244378890, 3940812395];
