//! Erosion's tests: the books balance, droplets run downhill, flat stays flat, seeds repeat, the
//! fast version equals the plain reading, bad constants are refused, and eroded terrain scores as
//! more like real land.

use super::score::erosion_score;
use super::*;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::midpoint::algorithm::MpdParams;

/// A Diamond-Square map to erode (the batched erosion's tests use it too).
pub(super) fn terrain(exponent: u32, seed: u64) -> Heightmap {
    diamond_square::generate(
        &MpdParams {
            exponent,
            ..MpdParams::DEFAULT
        },
        seed,
    )
    .expect("valid")
}

/// The default constants with `droplets` droplets.
pub(super) fn with(droplets: u32) -> ErosionParams {
    ErosionParams {
        droplets,
        ..ErosionParams::DEFAULT
    }
}

fn total(map: &Heightmap) -> f64 {
    map.data().iter().map(|&v| f64::from(v)).sum()
}

#[test]
fn material_is_conserved_over_many_seeds() {
    for seed in 0..20 {
        let mut map = terrain(7, seed);
        let before = total(&map);
        let ledger = erode(&mut map, &with(3000), seed).expect("valid");
        assert!(ledger.eroded > 0.1, "seed {seed}: something eroded");
        // The books: everything eroded was laid down again or carried off the edge.
        assert!(
            ledger.imbalance().abs() < 1e-4 * ledger.eroded,
            "seed {seed}: {ledger:?}"
        );
        // The map: its total height fell by what left over the edge, up to f32 rounding.
        let change = total(&map) - before;
        assert!(
            (change + ledger.carried_off).abs() < 1e-3 * ledger.eroded,
            "seed {seed}: change {change}, {ledger:?}"
        );
    }
}

#[test]
fn a_droplet_on_a_tilted_plane_runs_downhill() {
    // Rising towards +x: downhill is -x. Rising towards +y too, half as steeply.
    let (w, h) = (65, 65);
    let data = (0..w * h)
        .map(|i| 0.5 * (i % w) as f32 / 64.0 + 0.25 * (i / w) as f32 / 64.0)
        .collect();
    let mut map = Heightmap::from_data(w, h, data).expect("map");
    let mut trails = Vec::new();
    // Neither eroding nor depositing, so the plane stays a plane and the path is exact.
    let still = ErosionParams {
        erosion: 0.0,
        deposition: 0.0,
        ..with(5)
    };
    erode_watched(&mut map, &still, 3, 5, |_, t| trails.push(t)).expect("valid");
    assert_eq!(trails.len(), 5);
    // A droplet that starts within a step of the low edges runs off at once; the others go far.
    assert!(
        trails.iter().filter(|t| t.path.len() > 10).count() >= 3,
        "{trails:?}"
    );
    for trail in &trails {
        for pair in trail.path.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            assert!(
                x1 < x0 && y1 < y0,
                "downhill: {:?} -> {:?}",
                pair[0],
                pair[1]
            );
            // Straight down the gradient (-2, -1) / sqrt 5.
            assert!(((x1 - x0) / (y1 - y0) - 2.0).abs() < 1e-3);
        }
    }
    // Eroding as it goes, it still only goes downhill.
    let mut trails = Vec::new();
    erode_watched(&mut map, &with(5), 3, 5, |_, t| trails.push(t)).expect("valid");
    for pair in trails.iter().flat_map(|t| t.path.windows(2)) {
        assert!(pair[1].0 < pair[0].0, "{pair:?}");
    }
}

#[test]
fn a_flat_map_stays_flat() {
    let mut map = Heightmap::from_data(33, 33, vec![0.5; 33 * 33]).expect("map");
    let ledger = erode(&mut map, &with(2000), 1).expect("valid");
    assert!(map.data().iter().all(|&v| v == 0.5));
    assert_eq!(ledger, Ledger::default());
}

#[test]
fn the_same_seed_gives_the_same_map() {
    let run = |seed| {
        let mut map = terrain(6, 2);
        erode(&mut map, &with(2000), seed).expect("valid");
        map
    };
    assert_eq!(run(5), run(5));
    assert_ne!(run(5), run(6));
}

#[test]
fn the_fast_version_equals_the_plain_reading_bit_for_bit() {
    let cases = [
        ErosionParams::DEFAULT,
        ErosionParams {
            radius: 1,
            inertia: 0.5,
            ..ErosionParams::DEFAULT
        },
        ErosionParams {
            radius: 6,
            lifetime: 80,
            evaporation: 0.05,
            ..ErosionParams::DEFAULT
        },
        ErosionParams {
            capacity: 16.0,
            deposition: 1.0,
            erosion: 1.0,
            min_capacity: 0.0,
            ..ErosionParams::DEFAULT
        },
    ];
    for (case, params) in cases.iter().enumerate() {
        for (exponent, seed) in [(5, 1), (6, 2), (7, 3)] {
            let params = ErosionParams {
                droplets: 1500,
                ..*params
            };
            let mut fast = terrain(exponent, seed);
            let mut plain_map = fast.clone();
            let a = erode(&mut fast, &params, seed).expect("valid");
            let b = plain::erode(&mut plain_map, &params, seed).expect("valid");
            assert_eq!(a, b, "case {case}, exponent {exponent}: the books");
            let bits = |m: &Heightmap| m.data().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
            assert!(
                bits(&fast) == bits(&plain_map),
                "case {case}, exponent {exponent}"
            );
        }
    }
}

#[test]
fn bad_constants_are_refused_naming_the_limit() {
    let refused = |p: ErosionParams| p.validate().expect_err("refused").message;
    let d = ErosionParams::DEFAULT;
    assert_eq!(
        refused(ErosionParams { droplets: 0, ..d }),
        "droplets must be a whole number from 1 to 2000000, got 0"
    );
    assert!(refused(ErosionParams { inertia: 1.5, ..d })
        .starts_with("inertia must be a number from 0 to 1"));
    assert!(refused(ErosionParams {
        evaporation: f32::NAN,
        ..d
    })
    .starts_with("evaporation must be"));
    assert!(refused(ErosionParams { radius: 9, ..d }).contains("from 1 to 8"));
    assert!(refused(ErosionParams { gravity: -1.0, ..d }).contains("from 0 to 64"));
    assert!(refused(ErosionParams { lifetime: 501, ..d }).contains("from 0 to 500"));
    let mut tiny = Heightmap::from_data(2, 2, vec![0.0; 4]).expect("map");
    assert!(erode(&mut tiny, &d, 1)
        .expect_err("too small")
        .message
        .contains("at least 3 x 3"));
}

/// Olsen's erosion score (the spread of the slopes over their mean) rises on every one of 12
/// Diamond-Square maps: fractal terrain has much the same slope everywhere, eroded land has
/// gentle valley floors and deposits between steeper walls. Measured at 129 x 129 with 20 000
/// droplets: about 0.40 before and 0.6 to 0.75 after; the test asks for a rise of 10 %.
#[test]
fn erosion_makes_the_terrain_more_like_eroded_land() {
    for seed in 0..12 {
        let mut map = terrain(7, seed);
        let before = erosion_score(&map);
        erode(&mut map, &with(20_000), seed).expect("valid");
        let after = erosion_score(&map);
        assert!(after > before * 1.1, "seed {seed}: {before} -> {after}");
    }
}

#[test]
fn erosion_in_steps_makes_the_same_map_and_traces_the_one_droplet_steps() {
    let params = with(1000);
    let mut whole = terrain(6, 3);
    erode(&mut whole, &params, 3).expect("valid");
    let mut stepped = terrain(6, 3);
    let ends = [1, 2, 3, 16, 512, 1000];
    let mut seen = Vec::new();
    erode_in_steps(&mut stepped, &params, 3, &ends, |step, map, trail| {
        seen.push((step, trail.map(|t| t.path.len()), map.clone()));
    })
    .expect("valid");
    assert_eq!(stepped, whole, "consecutive runs are one run");
    assert_eq!(seen.len(), ends.len());
    assert!(
        seen[..3].iter().all(|s| s.1.is_some()),
        "one-droplet steps are traced"
    );
    assert!(seen[3..].iter().all(|s| s.1.is_none()));
    assert_eq!(
        seen.last().map(|s| &s.2),
        Some(&whole),
        "the last step is the finished map"
    );
}

/// The start and the eroded map at the defaults the page and `terrain erode` share (30 000
/// droplets on a 257 x 257 Diamond-Square terrain), for `seed`.
fn at_the_defaults(seed: u64) -> (Heightmap, Heightmap) {
    let start = terrain(8, seed);
    let mut eroded = start.clone();
    erode(&mut eroded, &ErosionParams::DEFAULT, seed + 100).expect("valid");
    (start, eroded)
}

// The three tests below judge erosion against real land, which drains through few large
// channels and has few closed hollows. They failed before droplets laid their last load over the
// brush and the capacity was floored as a whole (at 30 000 droplets, seed 7: pits 18.8 -> 57 per
// 1000 cells, steepest-descent share 0.29 -> 0.18, one-cell roughness x 3.8).

#[test]
fn erosion_leaves_fewer_closed_hollows() {
    for seed in 0..6 {
        let (start, eroded) = at_the_defaults(seed);
        let (before, after) = (
            crate::analysis::realism::pits_per_1000(&start),
            crate::analysis::realism::pits_per_1000(&eroded),
        );
        assert!(
            after < 0.8 * before,
            "seed {seed}: pits per 1000 {before:.1} -> {after:.1}"
        );
    }
}

#[test]
fn erosion_gathers_the_flow_into_channels() {
    for seed in 0..6 {
        let (start, eroded) = at_the_defaults(seed);
        let (before, after) = (
            crate::analysis::realism::steepest_descent_top1(&start),
            crate::analysis::realism::steepest_descent_top1(&eroded),
        );
        assert!(
            after > 1.05 * before,
            "seed {seed}: flow through the top 1 % {before:.3} -> {after:.3}"
        );
    }
}

#[test]
fn erosion_smooths_rather_than_speckles_at_the_scale_of_one_cell() {
    // Speckle (a bump per droplet) multiplies the one-cell roughness several times; valleys a
    // brush wide and the fans below them lower it.
    for seed in 0..6 {
        let (start, eroded) = at_the_defaults(seed);
        let ratio = crate::analysis::realism::laplacian_rms(&eroded)
            / crate::analysis::realism::laplacian_rms(&start);
        assert!(ratio < 1.0, "seed {seed}: one-cell roughness x {ratio:.2}");
    }
}

#[test]
fn golden_checksum_at_the_defaults() {
    // Pinned when erosion was made to carve (the last load laid over the brush, the capacity
    // floored as a whole): a change here changes every eroded terrain.
    let mut map = terrain(8, 7);
    erode(&mut map, &ErosionParams::DEFAULT, 3).expect("valid");
    assert_eq!(map.checksum(), 4_155_209_186);
}

#[test]
fn the_lifetime_scales_with_the_map_unless_it_is_set() {
    let auto = ErosionParams::DEFAULT;
    assert_eq!(auto.lifetime, 0, "the default scales");
    let on = |side| auto.lifetime_on(side, side);
    assert_eq!(
        [on(65), on(257), on(513), on(2049), on(4097)],
        [30, 30, 60, 240, 480]
    );
    assert_eq!(auto.lifetime_on(1025, 257), 120, "the longer side counts");
    let set = ErosionParams {
        lifetime: 45,
        ..auto
    };
    assert_eq!(set.lifetime_on(2049, 2049), 45, "a lifetime set is kept");
    let batched = ErosionParams {
        batch: 1024,
        ..auto
    };
    assert_eq!(
        batched.lifetime_on(2049, 2049),
        30,
        "batches keep the thesis's 30"
    );
}

#[test]
fn a_lifetime_scaled_with_the_map_leaves_fewer_pits_on_a_bigger_map() {
    // 513 x 513 at half a droplet a cell: with the 30 steps of a 257 x 257 map, droplets die
    // halfway down the slopes and drop their load in pits (seed 7: 10.8 pits per 1000 cells
    // against 8.2 with the scaled 60; at 2049 x 2049, 21.7 against 13.2, docs/realism.md).
    for seed in [7, 8] {
        let start = terrain(9, seed);
        let pits = |lifetime| {
            let mut map = start.clone();
            let params = ErosionParams {
                droplets: 130_000,
                lifetime,
                ..ErosionParams::DEFAULT
            };
            erode(&mut map, &params, seed).expect("valid");
            crate::analysis::realism::pits_per_1000(&map)
        };
        let (fixed, scaled) = (pits(30), pits(0));
        assert!(
            scaled < 0.9 * fixed,
            "seed {seed}: pits per 1000 {fixed:.1} (30 steps) -> {scaled:.1} (scaled)"
        );
    }
}
