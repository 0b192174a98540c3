use super::rules::{self, smoothstep, Ground};
use super::splat::{self, Splat};
use super::*;
use crate::analysis::water::Water;

fn map(w: usize, h: usize, f: impl Fn(usize, usize) -> f32) -> Heightmap {
    Heightmap::from_data(w, h, (0..w * h).map(|i| f(i % w, i / w)).collect()).expect("map")
}

#[test]
fn bytes_sum_to_255_by_the_largest_remainder_and_a_layer_given_nothing_stays_0() {
    // A third each of three layers: 85 each, nothing to hand out.
    let third = 1.0 / 3.0;
    assert_eq!(
        splat::bytes(&[third, third, third, 0.0, 0.0, 0.0, 0.0]),
        [85, 85, 85, 0, 0, 0, 0]
    );
    // 0.5 / 0.25 / 0.25: 127.5, 63.75, 63.75: floors 127, 63, 63 (253); the two largest
    // fractions take one more each.
    assert_eq!(
        splat::bytes(&[0.5, 0.25, 0.25, 0.0, 0.0, 0.0, 0.0]),
        [127, 64, 64, 0, 0, 0, 0]
    );
    // A tie of fractions goes to the layer listed first.
    assert_eq!(
        splat::bytes(&[0.0, 0.5, 0.0, 0.0, 0.5, 0.0, 0.0]),
        [0, 128, 0, 0, 127, 0, 0]
    );
    // Rounding each would give 128 + 77 + 51 = 256; the largest remainder never passes 255.
    for n in 0..2000u32 {
        let mut weights = [0.0f32; 7];
        let mut left = 1.0f32;
        for (l, w) in weights.iter_mut().enumerate().take(6) {
            let share = ((n * 7919 + l as u32 * 104_729) % 1000) as f32 / 1000.0;
            *w = left * share;
            left -= *w;
        }
        weights[6] = left;
        let bytes = splat::bytes(&weights);
        assert_eq!(
            bytes.iter().map(|&b| u32::from(b)).sum::<u32>(),
            255,
            "{weights:?}"
        );
        for l in 0..7 {
            assert!(weights[l] > 0.0 || bytes[l] == 0, "{weights:?} {bytes:?}");
            assert!((f32::from(bytes[l]) - weights[l] * 255.0).abs() < 1.0);
        }
    }
}

#[test]
fn smoothstep_and_spread_are_soft_and_keep_what_is_even() {
    assert_eq!(smoothstep(10.0, 20.0, 5.0), 0.0);
    assert_eq!(smoothstep(10.0, 20.0, 25.0), 1.0);
    assert_eq!(smoothstep(10.0, 20.0, 15.0), 0.5);
    assert!(smoothstep(10.0, 20.0, 11.0) < 0.05);
    let even = vec![0.25f32; 7 * 5];
    assert!(rules::spread(&even, 7)
        .iter()
        .all(|&v| (v - 0.25).abs() < 1e-6));
    // One lit cell spreads to its neighbours, keeping its sum inside the map.
    let mut dot = vec![0.0f32; 11 * 11];
    dot[5 * 11 + 5] = 1.0;
    let spread = rules::spread(&dot, 11);
    assert!((spread.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    assert!(spread[5 * 11 + 5] < 0.2 && spread[5 * 11 + 7] > 0.0 && spread[0] == 0.0);
}

/// A cone on a plain with a pit: its flanks at every angle, the top above any snow line, a
/// lake in the pit.
fn cone() -> Heightmap {
    map(65, 65, |x, y| {
        let (dx, dy) = (x as f32 - 40.0, y as f32 - 32.0);
        let peak = (1.0 - (dx * dx + dy * dy).sqrt() / 22.0).max(0.0);
        let (px, py) = (x as f32 - 10.0, y as f32 - 12.0);
        let pit = (1.0 - (px * px + py * py).sqrt() / 6.0).max(0.0) * 0.1;
        0.1 + peak * peak - pit
    })
}

#[test]
fn the_rules_hold_on_a_cone_rock_on_the_steep_snow_on_top_riverbed_in_the_lake() {
    let land = cone();
    let water = Water::of(&land).expect("routed");
    let relief = Relief::as_shown(&land);
    let lines = Lines::default();
    let weights = weights(&land, &water, relief, None, &lines).expect("weights");
    let ground = Ground::read(&land, &water, relief, None).expect("read");
    let lakes = water.lake_cells(&land);
    let (mut steep, mut gentle, mut lake) = (0, 0, 0);
    for (i, w) in weights.iter().enumerate() {
        assert!((w.iter().sum::<f32>() - 1.0).abs() < 1e-5, "{w:?}");
        let slope = ground.slope[i];
        if slope >= lines.rock_slope + 10.0 && ground.water[i] == 0.0 {
            assert!(w[3] > 0.99, "rock at {i}, {slope} degrees: {w:?}");
            steep += 1;
        }
        if slope <= lines.rock_slope - 15.0 {
            assert_eq!(w[3], 0.0, "rock at {i}, {slope} degrees");
            gentle += 1;
        }
        if ground.height[i] < lines.snow_line - rules::LINE_EDGE {
            assert_eq!(w[5], 0.0, "snow at {i}");
        }
        if lakes[i] {
            assert!(w[6] > 0.99, "riverbed in the lake at {i}: {w:?}");
            lake += 1;
        }
    }
    assert!(
        steep > 50 && gentle > 1000 && lake > 10,
        "{steep} {gentle} {lake}"
    );
    // Snow on the top, sand on the lake's shore.
    let top = 32 * 65 + 40;
    assert!(weights[top][5] > 0.5, "{:?}", weights[top]);
    let shore = (0..weights.len()).filter(|&i| weights[i][0] > 0.5).count();
    assert!(shore > 10, "{shore}");
}

#[test]
fn laid_down_material_is_sand_on_the_flat_and_scree_on_the_slope() {
    let land = cone();
    let water = Water::of(&land).expect("routed");
    let relief = Relief::as_shown(&land);
    let mut deposit = vec![0.0f32; 65 * 65];
    // The cone's flank 19 cells from its top leans about 25 degrees.
    let (flat, slope) = (60 * 65 + 5, 32 * 65 + 21);
    deposit[flat] = 0.1;
    deposit[slope] = 0.1;
    let weights = weights(&land, &water, relief, Some(&deposit), &Lines::default()).expect("ok");
    assert!(weights[flat][0] > 0.9, "sand: {:?}", weights[flat]);
    assert!(weights[slope][4] > 0.9, "scree: {:?}", weights[slope]);
    let without = super::weights(&land, &water, relief, None, &Lines::default()).expect("ok");
    // Without it the plain is grass; the flank (concave, under the rock slope) still has some
    // scree of its own.
    assert!(without[flat][0] < 0.1, "{:?}", without[flat]);
    assert!(
        without[slope][4] < weights[slope][4] - 0.3,
        "{:?}",
        without[slope]
    );
}

#[test]
fn the_albedo_mixes_the_colours_in_linear_light() {
    // Half snow, half rock: the mean of their linear values, back in sRGB (brighter than the
    // mean of their sRGB bytes).
    let splat = Splat {
        width: 1,
        height: 1,
        bytes: vec![[0, 0, 0, 128, 0, 127, 0]],
    };
    let albedo = splat.albedo();
    for (c, &got) in albedo.iter().enumerate() {
        let mixed = (128.0 * splat::to_linear(f64::from(LAYERS[3].color[c]) / 255.0)
            + 127.0 * splat::to_linear(f64::from(LAYERS[5].color[c]) / 255.0))
            / 255.0;
        let expected = (splat::to_srgb(mixed) * 255.0).round() as u8;
        assert_eq!(got, expected);
        let plain = (u32::from(LAYERS[3].color[c]) + u32::from(LAYERS[5].color[c])) / 2;
        assert!(u32::from(got) > plain);
    }
    assert_eq!(splat.rgba(1), [0, 127, 0, 0]);
    assert_eq!(splat.layer(3), [128]);
    for v in [0.0, 0.002, 0.2, 0.5, 1.0] {
        assert!((splat::to_srgb(splat::to_linear(v)) - v).abs() < 1e-12);
    }
}

/// A flat map `w` wide and 64 rows tall with a wall of `tall` cells down column 40 (heights in
/// cells: scale 1).
fn wall(w: usize, tall: f32) -> Vec<f32> {
    (0..w * 64)
        .map(|i| if i % w == 40 { tall } else { 0.0 })
        .collect()
}

#[test]
fn a_wall_casts_a_shadow_as_long_as_its_height_over_the_suns_slope() {
    use super::light::{shadows, Sun};
    for (elevation, azimuth) in [
        (45.0f32, 90.0f32),
        (20.0, 90.0),
        (45.0, 45.0),
        (30.0, 135.0),
    ] {
        let lit = shadows(&wall(64, 10.0), 64, 1.0, Sun { elevation, azimuth });
        // The shadow runs west of the wall; with the sun off the east, its length along the
        // row shrinks by the cosine of the angle between them.
        let off_east = (azimuth - 90.0).to_radians().cos();
        let length = 10.0 / elevation.to_radians().tan() * off_east;
        // A row far enough from the map's edges that the wall casting on it is on the map.
        let row = 32 * 64;
        for x in 0..40usize {
            let d = (40 - x) as f32;
            let v = lit[row + x];
            if d <= length - 1.0 {
                assert!(
                    v < 0.01,
                    "{elevation} {azimuth}: x {x} ({d} cells) is lit {v}"
                );
            }
            if d >= length + 1.0 {
                assert!(
                    v > 0.99,
                    "{elevation} {azimuth}: x {x} ({d} cells) is dark {v}"
                );
            }
        }
        // East of the wall, facing the sun, all lit; the wall's own top too.
        assert!((41..64).all(|x| lit[row + x] > 0.99) && lit[row + 40] > 0.99);
    }
    // A sun overhead casts nothing; a map of no cells gives none.
    let overhead = shadows(
        &wall(64, 10.0),
        64,
        1.0,
        Sun {
            elevation: 90.0,
            azimuth: 0.0,
        },
    );
    assert!(overhead.iter().all(|&v| v == 1.0));
    assert!(shadows(
        &[],
        0,
        1.0,
        Sun {
            elevation: 10.0,
            azimuth: 0.0
        }
    )
    .is_empty());
}

#[test]
fn a_lower_sun_darkens_more_of_the_land_and_hollows_see_less_sky() {
    use super::light::{shadows, sky, Sun};
    let land = cone();
    let scale = Relief::as_shown(&land).height_m;
    let dark = |elevation: f32| {
        let lit = shadows(
            land.data(),
            65,
            scale,
            Sun {
                elevation,
                azimuth: 300.0,
            },
        );
        lit.iter().filter(|&&v| v < 0.5).count()
    };
    let (low, mid, high) = (dark(8.0), dark(25.0), dark(60.0));
    assert!(low > mid && mid > high, "{low} {mid} {high}");
    assert!(low > 200, "{low}");
    let seen = sky(land.data(), 65, scale);
    // The pit's floor sees less sky than the cone's top and the open plain.
    let (pit, top, plain) = (12 * 65 + 10, 32 * 65 + 40, 60 * 65 + 60);
    assert!(seen[pit] < seen[top] && seen[pit] < seen[plain], "{seen:?}");
    assert!(seen.iter().all(|&v| (0.5..=1.0).contains(&v)));
}
