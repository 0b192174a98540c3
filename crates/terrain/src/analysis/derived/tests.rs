use super::*;
use crate::files::{derived_png, export, formats};

fn map(w: usize, h: usize, f: impl Fn(usize, usize) -> f32) -> Heightmap {
    Heightmap::from_data(w, h, (0..w * h).map(|i| f(i % w, i / w)).collect()).expect("map")
}

/// The RGB pixels of an 8-bit RGB PNG.
fn rgb(png_bytes: &[u8]) -> Vec<[u8; 3]> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer).expect("a frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buffer[..info.buffer_size()]
        .chunks(3)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}

/// The expected byte of a unit normal's component.
fn byte(v: f32) -> u8 {
    ((v * 0.5 + 0.5) * 255.0).round() as u8
}

#[test]
fn a_plane_rising_east_is_one_colour_leaning_west_in_both_conventions() {
    let plane = map(33, 17, |x, _| x as f32 / 32.0);
    // Heights 0 to 1 span 16 m over 32 cells of 1 m: a rise of 0.5 per metre.
    let relief = Relief {
        height_m: 16.0,
        cell_m: 1.0,
    };
    let length = (0.25f32 + 1.0).sqrt();
    let expected = [byte(-0.5 / length), byte(0.0), byte(1.0 / length)];
    for green in [Green::Up, Green::Down] {
        let pixels =
            rgb(&derived_png::png(Derived::Normal, &plane, relief, green).expect("written"));
        assert_eq!(pixels.len(), 33 * 17);
        assert!(
            pixels.iter().all(|&p| p == expected),
            "{green:?}: {:?}",
            pixels[0]
        );
        assert!(expected[0] < 128 && expected[2] > 200, "{expected:?}");
    }
}

#[test]
fn a_plane_rising_north_leans_south_green_low_up_and_green_high_down() {
    // Row 0 is north: heights fall row by row.
    let plane = map(17, 33, |_, y| 1.0 - y as f32 / 32.0);
    let relief = Relief {
        height_m: 32.0,
        cell_m: 1.0,
    };
    let length = 2f32.sqrt();
    let up = rgb(&derived_png::png(Derived::Normal, &plane, relief, Green::Up).expect("written"));
    let down =
        rgb(&derived_png::png(Derived::Normal, &plane, relief, Green::Down).expect("written"));
    assert!(
        up.iter()
            .all(|&p| p == [128, byte(-1.0 / length), byte(1.0 / length)]),
        "{:?}",
        up[0]
    );
    assert!(
        down.iter()
            .all(|&p| p == [128, byte(1.0 / length), byte(1.0 / length)]),
        "{:?}",
        down[0]
    );
}

#[test]
fn a_cones_slope_is_one_angle_and_a_domes_rises_linearly_from_the_top() {
    let (side, c) = (201, 100.0f32);
    let r = |x: usize, y: usize| ((x as f32 - c).powi(2) + (y as f32 - c).powi(2)).sqrt();
    // A cone 100 cells wide at the base and 1 high: with 50 m relief and 1 m cells, 26.57 degrees.
    let cone = map(side, side, |x, y| (1.0 - r(x, y) / c).max(0.0));
    let relief = Relief {
        height_m: 50.0,
        cell_m: 1.0,
    };
    let slope = slope_map(&cone, relief).expect("finite");
    let expected = (0.5f32).atan() / std::f32::consts::FRAC_PI_2;
    for (x, y) in [(130, 100), (100, 40), (150, 150), (60, 120)] {
        let got = slope.get(x, y);
        assert!(
            (got - expected).abs() < 0.01,
            "({x}, {y}): {got}, expected {expected}"
        );
    }
    // A dome z = 1 - (r / c)^2 with a gentle relief: the gradient 2 r / c^2 rises linearly, and
    // the angle with it (atan x ~ x).
    let dome = map(side, side, |x, y| 1.0 - (r(x, y) / c).powi(2));
    let gentle = Relief {
        height_m: 2.0,
        cell_m: 1.0,
    };
    let slope = slope_map(&dome, gentle).expect("finite");
    let per_cell: Vec<f32> = [10, 20, 40, 80]
        .iter()
        .map(|&d| slope.get(100 + d, 100) / d as f32)
        .collect();
    for ratio in &per_cell {
        assert!((ratio / per_cell[0] - 1.0).abs() < 0.02, "{per_cell:?}");
    }
    assert_eq!(slope.get(100, 100), 0.0, "flat on top");
}

#[test]
fn maps_are_named_once_each_and_refused_otherwise() {
    assert_eq!(
        parse_maps("flow, normal,flow").expect("fine"),
        [Derived::Flow, Derived::Normal]
    );
    let err = parse_maps("normal,height").expect_err("unknown");
    assert!(err.message.contains("\"height\""), "{err}");
    assert!(parse_maps(" , ").is_err());
}

#[test]
fn an_exr_holds_every_f32_exactly() {
    let values = map(37, 23, |x, y| {
        (x as f32 - 10.5) * 1e-3 + y as f32 * 1234.5678
    });
    let mut bytes = Vec::new();
    export::write(&values, formats::EXR, &mut bytes).expect("written");
    let (w, h, read) = export::read_exr(&bytes).expect("read back");
    assert_eq!((w, h), (37, 23));
    let same = read
        .iter()
        .zip(values.data())
        .all(|(a, b)| a.to_bits() == b.to_bits());
    assert!(same && read.len() == 37 * 23);
    // The same bytes every time.
    let mut again = Vec::new();
    export::write(&values, formats::EXR, &mut again).expect("written");
    assert_eq!(bytes, again);
}

#[test]
fn the_slope_view_measures_as_the_slope_mask_does_and_its_ramp_runs_pale_to_dark() {
    let map = crate::chapters::diamond_square::algorithm::generate(
        &crate::chapters::midpoint::algorithm::MpdParams {
            exponent: 6,
            ..crate::chapters::diamond_square::algorithm::DEFAULT
        },
        3,
    )
    .expect("valid");
    let grid = crate::shown::display::display_grid(&map, 257, 257);
    let view = slope_view(&grid, Trig::OWN);
    let slopes = &view.degrees;
    let mask = slope_map(&map, Relief::as_shown(&map)).expect("finite");
    assert_eq!(slopes.len(), mask.data().len());
    for (degrees, share) in slopes.iter().zip(mask.data()) {
        assert_eq!(*degrees, share * 90.0);
    }
    let (steepest, mean) = (view.steepest, view.mean);
    assert_eq!(steepest, slopes.iter().copied().fold(0.0, f32::max));
    assert!(
        steepest > mean && mean > 0.0 && steepest <= 90.0,
        "{steepest} {mean}"
    );
    // Flat is pale, steep is dark: the ramp's brightness falls with the angle.
    let brightness = |d: f32| {
        slope_color(d)[..3]
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>()
    };
    for pair in [0.0, 5.0, 15.0, 25.0, 40.0, 60.0, 90.0].windows(2) {
        assert!(brightness(pair[0]) > brightness(pair[1]), "{pair:?}");
    }
    assert_eq!(slope_color(f32::NAN), slope_color(0.0));
    assert_eq!(view.pixels.len(), slopes.len() * 4);
    assert_eq!(view.pixels[..4], slope_color(slopes[0]));
    assert_eq!(slope_color(45.0), [150, 30, 40, 255]);
}

/// A valley: two planes falling towards the middle column, the whole falling south, in metres
/// as `relief` reads it.
fn valley() -> Heightmap {
    map(33, 33, |x, y| {
        let across = (x as f32 - 16.0).abs() / 16.0;
        0.5 * across + 0.5 * (1.0 - y as f32 / 32.0)
    })
}

#[test]
fn the_valley_floor_is_wetter_than_its_sides_and_the_lower_floor_wetter_still() {
    let land = valley();
    let relief = Relief {
        height_m: 32.0,
        cell_m: 1.0,
    };
    let water = crate::analysis::water::Water::of(&land).expect("routed");
    let index = landform::wetness_index(&land, &water, relief).expect("an index");
    let at = |x: usize, y: usize| index[y * 33 + x];
    // Down the floor, more cells drain through each at the same slope.
    assert!(at(16, 28) > at(16, 8), "{} {}", at(16, 28), at(16, 8));
    // Across, the floor gathers the sides' water.
    assert!(at(16, 20) > at(8, 20) && at(16, 20) > at(28, 20));
    // By hand at a side cell: one cell drains through it (the ridge's neighbours drain down
    // the slope, so check a ridge cell, which nothing drains into) at its slope.
    let slope = slope_map(&land, relief).expect("slopes").data()[20 * 33];
    let beta = f64::from(slope) * std::f64::consts::FRAC_PI_2;
    let cells = water.accumulation[20 * 33];
    assert_eq!(at(0, 20), (f64::from(cells) / beta.tan()).ln());
    // The map spans the index's range: the wettest cell is 1, the driest 0.
    let wet = landform::wetness_map(&land, &water, relief).expect("mapped");
    let (lo, hi) = (wet.lo, wet.hi);
    assert!(hi > lo);
    assert_eq!(wet.map.data().iter().copied().fold(0.0, f32::max), 1.0);
    assert_eq!(wet.map.data().iter().copied().fold(1.0, f32::min), 0.0);
    // Flat ground is very wet, not infinitely: the slope is floored.
    let flat = map(9, 9, |_, _| 0.5);
    let flat_water = crate::analysis::water::Water::of(&flat).expect("routed");
    let flat_index = landform::wetness_index(&flat, &flat_water, relief).expect("an index");
    assert!(flat_index.iter().all(|v| v.is_finite()), "{flat_index:?}");
}

#[test]
fn a_dome_is_convex_a_bowl_concave_a_plane_neither() {
    let relief = Relief {
        height_m: 16.0,
        cell_m: 2.0,
    };
    let r2 = |x: usize, y: usize| {
        let (dx, dy) = (x as f32 - 8.0, y as f32 - 8.0);
        (dx * dx + dy * dy) / 128.0
    };
    let dome = map(17, 17, |x, y| 1.0 - r2(x, y));
    let bowl = map(17, 17, r2);
    let plane = map(17, 17, |x, y| (x + 2 * y) as f32 / 48.0);
    let inside = |i: usize| (1..16).contains(&(i % 17)) && (1..16).contains(&(i / 17));
    // z = 16 (1 - r² / 128) m over cells 2 m apart: the Laplacian is -4 x 16 / 128 per cell
    // squared, so the curvature is 0.5 / 4 = 0.125 per metre.
    let bent = landform::curvature(&dome, relief);
    for (i, &c) in bent.iter().enumerate().filter(|(i, _)| inside(*i)) {
        assert!((c - 0.125).abs() < 1e-5, "{i}: {c}");
    }
    let hollow = landform::curvature(&bowl, relief);
    assert!(hollow
        .iter()
        .enumerate()
        .all(|(i, &c)| !inside(i) || (c + 0.125).abs() < 1e-5));
    let flat = landform::curvature(&plane, relief);
    assert!(flat
        .iter()
        .enumerate()
        .all(|(i, &c)| !inside(i) || c.abs() < 1e-4));
    // Mapped: convex above mid-grey, concave below, a plane at mid-grey.
    let dome_map = landform::curvature_map(&dome, relief).expect("mapped");
    assert!((dome_map.lo + dome_map.hi).abs() < 1e-12 && dome_map.hi > 0.0);
    let centre = 8 * 17 + 8;
    assert!(dome_map.map.data()[centre] > 0.5);
    let bowl_map = landform::curvature_map(&bowl, relief).expect("mapped");
    assert!(bowl_map.map.data()[centre] < 0.5);
    let plane_map = landform::curvature_map(&plane, relief).expect("mapped");
    assert!((plane_map.map.data()[centre] - 0.5).abs() < 0.01);
}

#[test]
fn wetness_and_curvature_files_are_16_bit_with_their_range() {
    let land = valley();
    let relief = Relief::as_shown(&land);
    for derived in [Derived::Wetness, Derived::Curvature] {
        let (bytes, range) = derived_png::Sources::new(&land, relief, Green::Up, None)
            .png(derived)
            .expect("written");
        let read = crate::files::import::read(&bytes, formats::PNG, None).expect("a 16-bit PNG");
        assert_eq!((read.width(), read.height()), (33, 33));
        let (lo, hi) = range.expect("a range");
        assert!(hi > lo, "{derived:?}");
        assert_eq!(parse_maps(derived.name()).expect("a name"), [derived]);
    }
    let (_, none) = derived_png::Sources::new(&land, relief, Green::Up, None)
        .png(Derived::Slope)
        .expect("ok");
    assert_eq!(none, None);
}

#[test]
fn a_fitted_relief_lowers_only_a_map_steeper_than_land() {
    use super::fit::{relief_fit, FITTED_SLOPE_DEG};
    // A ramp rising its whole range across the map: at 0.3 of the width tall its slope is 0.3
    // (16.7 degrees), gentle enough to keep; at 3 times the width (a slope of 3, 71.6 degrees)
    // it is drawn at tan 30 / 3 of that height.
    let side = 33;
    let ramp = Heightmap::from_data(
        side,
        side,
        (0..side * side).map(|i| (i % side) as f32).collect(),
    )
    .expect("a map");
    assert_eq!(relief_fit(&ramp, 0.3), 1.0);
    let fit = relief_fit(&ramp, 3.0);
    let expected = FITTED_SLOPE_DEG.to_radians().tan() / 3.0;
    assert!((fit - expected).abs() < 1e-5, "{fit} against {expected}");
    // White noise, every cell a cliff, is lowered; a flat map is left alone.
    let noise = Heightmap::from_data(
        side,
        side,
        (0..side * side)
            .map(|i| (i as u64 * 2_654_435_761 % 4093) as f32 / 4093.0)
            .collect(),
    )
    .expect("a map");
    assert!(relief_fit(&noise, 0.3) < 0.2);
    let flat = Heightmap::from_data(side, side, vec![0.5; side * side]).expect("a map");
    assert_eq!(relief_fit(&flat, 0.3), 1.0);
}

#[test]
fn maps_flag_names_every_derived_map_in_its_order() {
    // The knob's list sits in `knobs/`, which stands on nothing, so it cannot read `Derived`:
    // this holds the two lists together.
    let crate::knobs::Values::Names { names, .. } = crate::knobs::MAPS.values else {
        panic!("--maps takes names");
    };
    let derived: Vec<&str> = Derived::ALL.iter().map(|d| d.name()).collect();
    assert_eq!(names, derived.as_slice());
    assert!(Derived::ALL
        .iter()
        .filter(|d| d.paints())
        .eq([&Derived::Splat, &Derived::Albedo]));
}
