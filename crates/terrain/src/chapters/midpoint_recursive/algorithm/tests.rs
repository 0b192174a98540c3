use super::*;

#[test]
fn views_share_the_maps_storage() {
    let mut map = Heightmap::square(2);
    let mut whole = View::whole(&mut map);
    let mut top_right = whole.quadrant(Quadrant::TopRight);
    assert_eq!(top_right.last(), 2);
    top_right.set(1, 0, 7.0);
    assert_eq!(
        map.get(3, 2),
        7.0,
        "(1, 0) of the top-right quarter is (3, 2) of the map"
    );
}

#[test]
fn set_if_unset_never_overwrites() {
    let mut map = Heightmap::square(1);
    map.data_mut().fill(f32::NAN);
    let mut view = View::whole(&mut map);
    assert!(view.set_if_unset(1, 1, 0.25));
    assert!(!view.set_if_unset(1, 1, 0.75));
    assert_eq!(view.get(1, 1), 0.25);
    view.set(0, 0, 0.0);
    assert!(!view.set_if_unset(0, 0, 0.5), "0 counts as set");
}

#[test]
fn shared_edges_keep_their_first_value() {
    // Fill a map, then displace again: nothing may change because everything is set.
    let mut map = generate(&DEFAULT, 3).expect("valid");
    let before = map.clone();
    let mut rng = TerrainRng::new(99);
    displace(&mut View::whole(&mut map), 5.0, 0.5, &mut rng);
    assert_eq!(map, before);
}

#[test]
fn every_point_is_set_and_output_spans_zero_to_one() {
    for exponent in 1..=7 {
        let p = MpdParams {
            exponent,
            ..DEFAULT
        };
        let map = generate(&p, u64::from(exponent)).expect("valid");
        assert!(
            map.data().iter().all(|v| v.is_finite()),
            "exponent {exponent}"
        );
        assert_eq!(map.range(), Some((0.0, 1.0)));
    }
}

#[test]
fn defaults_are_the_second_posts() {
    assert_eq!((DEFAULT.spread, DEFAULT.reduction), (0.3, 0.55));
}

#[test]
fn deterministic_with_golden_checksums() {
    let a = generate(&DEFAULT, 5).expect("valid");
    assert_eq!(a, generate(&DEFAULT, 5).expect("valid"));
    assert_ne!(a, generate(&DEFAULT, 6).expect("valid"));
    let p9 = MpdParams {
        exponent: 9,
        ..DEFAULT
    };
    let got = [a.checksum(), generate(&p9, 1).expect("valid").checksum()];
    assert_eq!(got, GOLDEN);
}

/// Runs the real recursion on a map of `exponent`, recording every call and what it set.
fn watched(exponent: u32, seed: u64) -> Vec<(Call, [bool; 5])> {
    let mut map = Heightmap::square(exponent);
    map.data_mut().fill(f32::NAN);
    let mut rng = TerrainRng::new(seed);
    let mut view = View::whole(&mut map);
    init_corners(&mut view, &mut rng);
    let mut calls = Vec::new();
    displace_watched(&mut view, 0.3, 0.55, &mut rng, &mut |call, set| {
        calls.push((call, set))
    });
    calls
}

#[test]
fn the_call_order_and_skipped_points_are_what_the_recursion_does() {
    for exponent in 1..=6 {
        let calls = watched(exponent, u64::from(exponent));
        assert_eq!(calls.len() as u64, call_count(exponent));
        assert_eq!(calls[0].0.last, 1 << exponent, "the whole map first");
        for (index, (call, set)) in calls.iter().enumerate() {
            let index = index as u64;
            assert_eq!(nth_call(exponent, index), Some(*call), "call {index}");
            for (point, &wrote) in call.points().iter().zip(set) {
                let first = setting_call(exponent, point.0, point.1).expect("not a corner");
                assert_eq!(wrote, first == index, "call {index} at {point:?}");
                assert!(first <= index, "a skipped point was set by an earlier call");
            }
        }
        assert_eq!(nth_call(exponent, call_count(exponent)), None);
    }
}

#[test]
fn every_point_but_the_corners_is_set_by_exactly_one_call() {
    let exponent = 5;
    let calls = watched(exponent, 9);
    let side = (1usize << exponent) + 1;
    let mut setters = vec![0u32; side * side];
    for (call, set) in &calls {
        for (&(x, y), &wrote) in call.points().iter().zip(set) {
            setters[y * side + x] += u32::from(wrote);
        }
    }
    for y in 0..side {
        for x in 0..side {
            let corner = (x == 0 || x == side - 1) && (y == 0 || y == side - 1);
            assert_eq!(setters[y * side + x], u32::from(!corner), "({x}, {y})");
        }
    }
    let skipped: usize = calls
        .iter()
        .map(|(_, set)| set.iter().filter(|w| !**w).count())
        .sum();
    // Every shared edge midpoint is skipped once, by the second of its two views.
    let inner_edges: usize = (0..exponent)
        .map(|d| 2 * (1usize << d) * ((1usize << d) - 1))
        .sum();
    assert_eq!(skipped, inner_edges);
}

#[test]
fn watching_leaves_the_map_as_it_is() {
    let p = MpdParams {
        exponent: 6,
        ..DEFAULT
    };
    let plain = generate(&p, 4).expect("valid");
    let mut map = Heightmap::square(6);
    map.data_mut().fill(f32::NAN);
    let mut rng = TerrainRng::new(4);
    let mut view = View::whole(&mut map);
    init_corners(&mut view, &mut rng);
    let mut count = 0;
    displace_watched(&mut view, p.spread, p.reduction, &mut rng, &mut |_, _| {
        count += 1
    });
    map.normalize();
    assert_eq!((map, count), (plain, call_count(6)));
}

const GOLDEN: [u32; 2] = [3255373985, 240345472];
