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

#[test]
fn the_fast_routing_equals_the_plain_reading_bit_for_bit() {
    let flat = Heightmap::from_data(19, 11, vec![0.25; 19 * 11]).expect("map");
    // Terraces: long runs of equal heights, with negative heights and -0.0 among them, so ties
    // and the order of signs are taken as the plain reading takes them.
    let terraces = Heightmap::from_data(
        31,
        29,
        (0..31 * 29)
            .map(|i| ((i % 31) as f32 / 7.0).floor() - ((i / 31) as f32 / 9.0).floor() - 1.0)
            .map(|v: f32| if v == 0.0 { -0.0 } else { v })
            .collect(),
    )
    .expect("map");
    let mut maps = random_maps();
    maps.extend([
        flat,
        terraces,
        noise(3, 3, 1),
        noise(1, 7, 2),
        noise(2, 2, 3),
    ]);
    for (k, map) in maps.iter().enumerate() {
        let (fast, plain) = (Water::of(map), plain::water(map));
        let (fast, plain) = (fast.expect("finite"), plain.expect("finite"));
        let bits = |m: &Heightmap| m.data().iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&fast.filled), bits(&plain.filled), "map {k}: filled");
        assert_eq!(fast.downstream, plain.downstream, "map {k}: directions");
        assert_eq!(fast.accumulation, plain.accumulation, "map {k}: flow");
    }
}

#[test]
fn rivers_run_downhill_gather_flow_and_end_at_the_edge_a_lake_or_a_river() {
    use super::rivers::{self, End};
    for (k, map) in random_maps().iter().enumerate() {
        let water = Water::of(map).expect("finite");
        let w = map.width();
        let min_flow = 12;
        let lines = rivers::rivers(&water, map, min_flow);
        assert!(!lines.is_empty(), "map {k} has rivers");
        let z = water.filled.data();
        let mut covered = vec![0u32; z.len()];
        for line in &lines {
            assert!(
                line.cells.len() >= 2 || line.end == End::Edge,
                "map {k}: {line:?}"
            );
            for pair in line.cells.windows(2) {
                assert!(z[pair[1]] < z[pair[0]], "map {k}: a line runs uphill");
                assert!(
                    water.accumulation[pair[1]] > water.accumulation[pair[0]],
                    "map {k}: flow grows downstream"
                );
                assert_eq!(
                    water.downstream[pair[0]] as usize, pair[1],
                    "map {k}: follows the water"
                );
            }
            let last = *line.cells.last().expect("a cell");
            let lakes = water.lake_cells(map);
            let lake = |i: usize| lakes[i];
            match line.end {
                End::Edge => assert!(fill::on_border(last, w, map.height())),
                End::Lake => assert!(lake(last)),
                End::River => {
                    // The larger river passes it (or starts there, leaving a lake, or ends
                    // there at the edge).
                    let joined = |other: &rivers::River| {
                        other != line
                            && other.cells.contains(&last)
                            && (other.cells.last() != Some(&last) || other.end == End::Edge)
                    };
                    assert!(lines.iter().any(joined), "map {k}: {line:?}");
                }
            }
            for &i in &line.cells[..line.cells.len() - 1] {
                covered[i] += 1;
            }
            if line.end == End::Edge {
                covered[last] += 1;
            }
        }
        // Every river cell outside a lake is on exactly one line (not counting the last vertex
        // where a line joins another or enters a lake).
        let lakes = water.lake_cells(map);
        for i in 0..z.len() {
            let river = water.accumulation[i] >= min_flow && !lakes[i];
            assert_eq!(covered[i], u32::from(river), "map {k}: cell {i}");
        }
        let text = rivers::geojson(&water, map, min_flow);
        let parsed: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(parsed["type"], "FeatureCollection");
        assert_eq!(
            parsed["features"].as_array().map(Vec::len),
            Some(lines.len())
        );
        let first = &parsed["features"][0];
        assert_eq!(first["geometry"]["type"], "LineString");
        let vertices = first["geometry"]["coordinates"]
            .as_array()
            .expect("coordinates");
        assert_eq!(
            first["properties"]["flow"].as_array().map(Vec::len),
            Some(vertices.len())
        );
    }
}

#[test]
fn a_catchment_is_every_cell_whose_path_passes_through_it() {
    for map in random_maps().iter().take(4) {
        let water = Water::of(map).expect("finite");
        for cell in [
            0,
            map.width() + 1,
            map.data().len() / 2,
            map.data().len() - 2,
        ] {
            let catchment = water.catchment(cell);
            assert_eq!(catchment.len() as u32, water.accumulation[cell]);
            for i in 0..map.data().len() {
                let passes = water.path(i).contains(&cell);
                assert_eq!(
                    catchment.binary_search(&i).is_ok(),
                    passes,
                    "cell {i} for {cell}"
                );
            }
            let path = water.path(cell);
            assert_eq!(path[0], cell);
            assert!(fill::on_border(
                *path.last().expect("a cell"),
                map.width(),
                map.height()
            ));
        }
    }
}

#[test]
fn each_cells_flow_is_the_number_of_paths_through_it() {
    // Read plainly: every cell's path to the edge, each cell on it counted once.
    for map in random_maps() {
        let water = Water::of(&map).expect("finite");
        let mut counted = vec![0u32; map.data().len()];
        for start in 0..counted.len() {
            for cell in water.path(start) {
                counted[cell] += 1;
            }
        }
        assert_eq!(water.accumulation, counted);
    }
}
