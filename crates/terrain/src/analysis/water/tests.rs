//! Water's tests: after filling, no inner cell is a pit and every path reaches the border; the
//! flow leaving the map is every cell; flats, plateaus and pits are handled; a hole is refused.

use super::flow::OFF_MAP;
use super::*;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::faults::algorithm::{self as faults, FaultParams};
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::map::rng::PointRng;

fn noise(w: usize, h: usize, seed: u64) -> Heightmap {
    let rng = PointRng::new(seed);
    Heightmap::from_data(w, h, (0..w * h).map(|i| rng.uniform_at(i)).collect()).expect("map")
}

fn random_maps() -> Vec<Heightmap> {
    let mut maps = Vec::new();
    for seed in 0..6 {
        maps.push(noise(37, 23, seed));
        let params = MpdParams {
            exponent: 6,
            ..MpdParams::DEFAULT
        };
        maps.push(diamond_square::generate(&params, seed).expect("valid"));
        let cuts = FaultParams {
            width: 50,
            height: 41,
            iterations: 80,
            ..FaultParams::DEFAULT
        };
        maps.push(faults::generate(&cuts, seed).expect("valid"));
    }
    maps
}

/// Checks the three promises of [`Water::of`] on `map`.
fn check(map: &Heightmap) {
    let (w, h) = (map.width(), map.height());
    let water = Water::of(map).expect("finite");
    let z = water.filled.data();
    for (i, (&f, &o)) in z.iter().zip(map.data()).enumerate() {
        assert!(f >= o, "cell {i}: filled {f} under the map {o}");
    }
    for i in 0..w * h {
        if fill::on_border(i, w, h) {
            assert_eq!(
                water.downstream[i], OFF_MAP,
                "border cell {i} drains off the map"
            );
            continue;
        }
        let lowest = fill::neighbours(i, w, h)
            .map(|n| z[n])
            .fold(f32::INFINITY, f32::min);
        assert!(
            lowest < z[i],
            "cell {i} of the filled map is a pit or a flat"
        );
        let d = water.downstream[i] as usize;
        assert!(z[d] < z[i], "cell {i} drains downhill");
    }
    // Every path reaches the border, falling all the way (so it cannot loop).
    for start in 0..w * h {
        let mut at = start;
        let mut steps = 0;
        while water.downstream[at] != OFF_MAP {
            at = water.downstream[at] as usize;
            steps += 1;
            assert!(steps <= w * h, "the path from {start} loops");
        }
        assert!(fill::on_border(at, w, h));
    }
    // What leaves the map, at the border cells, is every cell.
    let leaving: u64 = (0..w * h)
        .filter(|&i| water.downstream[i] == OFF_MAP)
        .map(|i| u64::from(water.accumulation[i]))
        .sum();
    assert_eq!(leaving, (w * h) as u64);
}

#[test]
fn filled_random_maps_drain_to_the_border() {
    for map in random_maps() {
        check(&map);
    }
}

#[test]
fn flats_and_plateaus_drain() {
    // All flat; a plateau with a raised rim around a flat floor; a flat with one deep pit.
    let flat = Heightmap::from_data(20, 15, vec![0.5; 300]).expect("map");
    check(&flat);
    let rimmed = Heightmap::from_data(
        21,
        21,
        (0..441)
            .map(|i| {
                let (x, y): (usize, usize) = (i % 21, i / 21);
                let ring = x.abs_diff(10).max(y.abs_diff(10));
                if ring == 7 {
                    1.0
                } else if ring < 7 {
                    0.5
                } else {
                    0.0
                }
            })
            .collect(),
    )
    .expect("map");
    check(&rimmed);
    let water = Water::of(&rimmed).expect("finite");
    let lakes = water.lake_depth(&rimmed);
    // The floor inside the rim becomes a lake up to the rim, ever so slightly sloping.
    assert!((lakes[10 * 21 + 10] - 0.5).abs() < 1e-4, "{}", lakes[220]);
    assert_eq!(lakes[0], 0.0, "nothing pools on the border");
    let mut pit = vec![0.25; 121];
    pit[60] = -1.0;
    let pit = Heightmap::from_data(11, 11, pit).expect("map");
    check(&pit);
    assert!(Water::of(&pit).expect("finite").lake_depth(&pit)[60] > 1.24);
}

#[test]
fn a_slope_that_needs_no_filling_keeps_its_heights() {
    let cone = Heightmap::from_data(
        15,
        15,
        (0..225)
            .map(|i| -((i % 15) as f32 - 7.0).abs() - ((i / 15) as f32 - 7.0).abs())
            .collect(),
    )
    .expect("map");
    let water = Water::of(&cone).expect("finite");
    assert_eq!(water.filled.data(), cone.data());
    // Its top drains one way; the cells on the diagonals gather the most.
    assert_eq!(
        water.accumulation[7 * 15 + 7],
        1,
        "the peak drains only itself"
    );
}

#[test]
fn a_hole_is_refused_with_where_it_is() {
    let mut map = noise(8, 8, 1);
    map.set(3, 5, f32::NAN);
    let error = Water::of(&map).expect_err("a hole");
    assert!(error.to_string().contains("column 3, row 5"), "{error}");
}

#[test]
fn the_same_map_routes_the_same_way() {
    let map = noise(64, 48, 9);
    assert_eq!(Water::of(&map), Water::of(&map));
}

#[test]
fn golden_checksums_of_the_filled_map_and_the_flow() {
    let params = MpdParams {
        exponent: 7,
        ..MpdParams::DEFAULT
    };
    let map = diamond_square::generate(&params, 7).expect("valid");
    let water = Water::of(&map).expect("finite");
    let flow: Vec<u8> = water
        .accumulation
        .iter()
        .flat_map(|a| a.to_le_bytes())
        .collect();
    assert_eq!(
        [water.filled.checksum(), crc32fast::hash(&flow)],
        [2_865_398_889, 3_329_289_466]
    );
}

#[test]
fn the_flow_map_is_counts_in_r32_and_a_log_scale_in_16_bits() {
    let map = noise(20, 20, 3);
    let water = Water::of(&map).expect("finite");
    let counts = water.flow_map(true);
    assert_eq!(counts.data()[0], water.accumulation[0] as f32);
    let scaled = water.flow_map(false);
    let most = water.most_flow();
    for (&a, &v) in water.accumulation.iter().zip(scaled.data()) {
        let want = (f64::from(a).ln() / f64::from(most).ln()) as f32;
        assert_eq!(v, want);
        assert!((0.0..=1.0).contains(&v));
    }
    assert!(scaled.data().contains(&1.0), "the busiest outlet is 1");
}
