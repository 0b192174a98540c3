use super::*;

#[test]
fn square_has_two_to_the_n_plus_one_points_per_side() {
    for (exponent, side) in [(1, 3), (2, 5), (3, 9), (5, 33), (9, 513)] {
        let map = Heightmap::square(exponent);
        assert_eq!(
            (map.width(), map.height(), map.last()),
            (side, side, side - 1)
        );
        assert_eq!(map.data().len(), side * side);
        assert!(map.data().iter().all(|&v| v == 0.0));
    }
}

#[test]
fn set_and_get_are_row_major() {
    let mut map = Heightmap::new(4, 3).expect("small map");
    map.set(3, 1, 2.5);
    assert_eq!(map.get(3, 1), 2.5);
    assert_eq!(map.data()[4 + 3], 2.5);
}

#[test]
fn get_checked_is_none_outside() {
    let mut map = Heightmap::new(3, 3).expect("small map");
    map.set(2, 2, 1.0);
    assert_eq!(map.get_checked(2, 2), Some(1.0));
    for (x, y) in [(-1, 0), (0, -1), (3, 0), (0, 3), (isize::MIN, isize::MAX)] {
        assert_eq!(map.get_checked(x, y), None, "({x}, {y})");
    }
}

#[test]
fn new_rejects_empty_and_huge_maps_without_allocating() {
    assert!(Heightmap::new(0, 5).is_err());
    assert!(Heightmap::new(5, 0).is_err());
    assert!(Heightmap::new(1 << 15, (1 << 13) + 1).is_err());
    let err = Heightmap::new(usize::MAX, 2).expect_err("overflows");
    assert!(err.message.contains("at most"), "{err}");
}

#[test]
fn normalize_spans_exactly_zero_to_one() {
    let mut map = Heightmap::new(3, 1).expect("small map");
    map.set(0, 0, -2.0);
    map.set(1, 0, 0.0);
    map.set(2, 0, 6.0);
    map.normalize();
    assert_eq!(map.data(), &[0.0, 0.25, 1.0]);
}

#[test]
fn normalize_reaches_zero_and_one_exactly_on_awkward_ranges() {
    // Spans whose reciprocal rounds down, long enough to take the sixteen-lane path.
    for (i, &(lo, hi)) in [(0.1f32, 0.7f32), (-3.3, 1.9), (1e-30, 3e-30), (0.0, 1e-40)]
        .iter()
        .enumerate()
    {
        let mut map = Heightmap::new(37, 3).expect("map");
        for (k, v) in map.data_mut().iter_mut().enumerate() {
            *v = lo + (hi - lo) * ((k * 7919 + i) % 111) as f32 / 110.0;
        }
        map.data_mut()[50] = hi;
        map.data_mut()[100] = lo;
        map.normalize();
        let (min, max) = map.range().expect("finite");
        assert_eq!((min, max), (0.0, 1.0), "{lo}..{hi}");
    }
}

#[test]
fn range_sees_nan_and_infinity_anywhere() {
    for at in [0, 17, 40] {
        let mut map = Heightmap::new(41, 1).expect("map");
        map.data_mut()[at] = f32::NAN;
        assert_eq!(map.range(), None, "NaN at {at}");
        map.data_mut()[at] = f32::NEG_INFINITY;
        assert_eq!(map.range(), Some((f32::NEG_INFINITY, 0.0)), "-inf at {at}");
        map.data_mut()[at] = 5.0;
        assert_eq!(map.range(), Some((0.0, 5.0)), "5 at {at}");
    }
}

#[test]
fn a_range_gathered_row_by_row_is_the_whole_maps_range() {
    let mut map = Heightmap::new(37, 5).expect("map");
    for (i, v) in map.data_mut().iter_mut().enumerate() {
        *v = ((i * 7919) % 1000) as f32 - 400.0;
    }
    let mut range = HeightRange::new();
    assert_eq!(range.get(), None, "nothing added yet");
    for row in map.data().chunks(37) {
        range.add(row);
    }
    let lowest = map.data().iter().copied().fold(f32::INFINITY, f32::min);
    let highest = map.data().iter().copied().fold(f32::NEG_INFINITY, f32::max);
    assert_eq!(range.get(), Some((lowest, highest)));
    assert_eq!(map.range(), Some((lowest, highest)));
}

#[test]
fn normalize_of_a_flat_map_is_zero_not_nan() {
    let mut map = Heightmap::new(2, 2).expect("small map");
    map.data_mut().fill(0.7);
    map.normalize();
    assert!(map.data().iter().all(|&v| v == 0.0));
}

#[test]
fn checksum_depends_on_every_height_and_the_shape() {
    let a = Heightmap::new(4, 2).expect("small map");
    let b = Heightmap::new(2, 4).expect("small map");
    assert_ne!(a.checksum(), b.checksum());
    let mut c = a.clone();
    c.set(1, 1, 1e-7);
    assert_ne!(a.checksum(), c.checksum());
}
