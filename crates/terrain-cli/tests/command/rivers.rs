//! `terrain flow --rivers`: the rivers as GeoJSON lines, read back as plain JSON: each a
//! LineString of map cells that runs downstream, its flow growing, its threshold `--min-flow` or
//! the page's; bad flags refused in one line before anything is written.

use crate::common::{scratch, terrain};

/// The JSON in `path`.
fn json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(path).expect("written")).expect("JSON")
}

#[test]
fn rivers_are_geojson_lines_that_follow_the_flow() {
    let dir = scratch("rivers");
    let map = dir.join("map.r32");
    let m = map.to_str().expect("path");
    let (ok, _, err) = terrain(&["ds", "--exponent", "7", "--seed", "3", "--out", m]);
    assert!(ok, "{err}");
    let (flow, rivers, fewer) = (
        dir.join("flow.r32"),
        dir.join("r.geojson"),
        dir.join("f.geojson"),
    );
    let (f, r, few) = (
        flow.to_str().expect("path"),
        rivers.to_str().expect("path"),
        fewer.to_str().expect("path"),
    );
    let (ok, said, err) = terrain(&["flow", "--in", m, "--out", f, "--rivers", r]);
    assert!(ok, "{err}");
    assert!(said.contains("r.geojson"), "{said}");
    let (ok, _, err) = terrain(&[
        "flow",
        "--in",
        m,
        "--out",
        f,
        "--rivers",
        few,
        "--min-flow",
        "2000",
    ]);
    assert!(ok, "{err}");
    let counts: Vec<f32> = std::fs::read(&flow)
        .expect("flow")
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let all = json(&rivers);
    assert_eq!(all["type"], "FeatureCollection");
    // The page's threshold on 129 x 129: twice the square root of the cells.
    assert_eq!(all["terrain"]["min_flow"], 258);
    let lines = all["features"].as_array().expect("features");
    assert!(lines.len() > 3, "{} lines", lines.len());
    for line in lines {
        assert_eq!(line["geometry"]["type"], "LineString");
        let cells = line["geometry"]["coordinates"]
            .as_array()
            .expect("coordinates");
        let flows = line["properties"]["flow"].as_array().expect("flow");
        let heights = line["properties"]["height"].as_array().expect("height");
        assert_eq!((flows.len(), heights.len()), (cells.len(), cells.len()));
        for (k, cell) in cells.iter().enumerate() {
            let (x, y) = (cell[0].as_u64().expect("x"), cell[1].as_u64().expect("y"));
            let at = (y * 129 + x) as usize;
            assert_eq!(
                flows[k].as_f64(),
                Some(f64::from(counts[at])),
                "the vertex's flow"
            );
            if k > 0 {
                let (px, py) = (
                    cells[k - 1][0].as_i64().expect("x"),
                    cells[k - 1][1].as_i64().expect("y"),
                );
                assert!(
                    (x as i64 - px).abs() <= 1 && (y as i64 - py).abs() <= 1,
                    "neighbours"
                );
                assert!(
                    flows[k].as_f64() > flows[k - 1].as_f64(),
                    "flow grows downstream"
                );
                assert!(
                    heights[k].as_f64() < heights[k - 1].as_f64(),
                    "runs downhill"
                );
            }
        }
        let ends = line["properties"]["ends"].as_str().expect("ends");
        assert!(["edge", "lake", "river"].contains(&ends), "{ends}");
    }
    let big = json(&fewer);
    let few_lines = big["features"].as_array().expect("features");
    assert!(
        few_lines.len() < lines.len(),
        "a higher threshold keeps fewer rivers"
    );
    // Every vertex is a river cell, or the lake or river a line ends in, which drain more.
    let flows: Vec<f64> = few_lines
        .iter()
        .flat_map(|l| l["properties"]["flow"].as_array().expect("flow").iter())
        .map(|f| f.as_f64().expect("a number"))
        .collect();
    assert!(
        !flows.is_empty() && flows.iter().all(|&f| f >= 2000.0),
        "{flows:?}"
    );
}

#[test]
fn river_flags_are_refused_in_one_line_before_anything_is_written() {
    let dir = scratch("rivers-bad");
    let map = dir.join("map.r32");
    let m = map.to_str().expect("path");
    assert!(terrain(&["ds", "--exponent", "5", "--out", m]).0);
    let out = dir.join("flow.r32");
    let o = out.to_str().expect("path");
    let txt = dir.join("rivers.txt");
    for (args, said) in [
        (vec!["--rivers", txt.to_str().expect("path")], "GeoJSON"),
        (vec!["--min-flow", "12"], "--rivers"),
        (vec!["--rivers", "r.geojson", "--min-flow", "0"], "min-flow"),
        (
            vec!["--rivers", "r.geojson", "--min-flow", "-3"],
            "min-flow",
        ),
        (vec!["--rivers", "r.geojson", "--routing", "mfd"], "d8"),
        (vec!["--routing", "dinf"], "routing"),
        (
            vec!["--routing", "mfd", "--flow-exponent", "0"],
            "flow-exponent",
        ),
    ] {
        let (ok, _, err) = terrain(&[&["flow", "--in", m, "--out", o][..], &args[..]].concat());
        assert!(!ok, "{args:?} was taken");
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?} wrote the flow");
    }
}

/// The heights of a `.r32` file.
fn heights(path: &std::path::Path) -> Vec<f32> {
    let bytes = std::fs::read(path).expect("written");
    bytes
        .chunks_exact(4)
        .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

#[test]
fn with_mfd_the_flow_spreads_over_every_lower_neighbour() {
    // A plane tilted down to the north, a little higher in the middle: with D8 each column
    // carries its own water north, whole cells; with mfd a cell shares its water with every
    // lower neighbour, so the areas are fractions and water spreads off the middle.
    let dir = scratch("flow-mfd");
    let map = dir.join("plane.r32");
    let side = 17usize;
    let mut bytes = Vec::new();
    for y in 0..side {
        for x in 0..side {
            let h = y as f32 + 0.01 * (8.0 - (x as f32 - 8.0).abs());
            bytes.extend_from_slice(&h.to_le_bytes());
        }
    }
    std::fs::write(&map, bytes).expect("written");
    let m = map.to_str().expect("path");
    let (d8, mfd, scaled) = (dir.join("d8.r32"), dir.join("mfd.r32"), dir.join("mfd.png"));
    let run = |args: &[&str]| {
        let (ok, said, err) = terrain(&[&["flow", "--in", m][..], args].concat());
        assert!(ok, "{args:?}: {err}");
        said
    };
    run(&["--out", d8.to_str().expect("path")]);
    let said = run(&["--out", mfd.to_str().expect("path"), "--routing", "mfd"]);
    assert!(said.contains("busiest outlet"), "{said}");
    let (d8, mfd) = (heights(&d8), heights(&mfd));
    let at = |x: usize, y: usize| y * side + x;
    assert!(d8.iter().all(|a| a.fract() == 0.0), "D8 counts whole cells");
    assert!(mfd.iter().any(|a| a.fract() != 0.0), "mfd shares them");
    // Every inner cell's water reaches the border either way: 15 x 15 cells' worth arrive.
    let arrived = |flow: &[f32]| {
        let border = (0..side * side).filter(|&i| {
            let (x, y) = (i % side, i / side);
            x == 0 || y == 0 || x + 1 == side || y + 1 == side
        });
        border.map(|i| f64::from(flow[i]) - 1.0).sum::<f64>()
    };
    assert_eq!(arrived(&d8), 225.0);
    assert!((arrived(&mfd) - 225.0).abs() < 1e-3, "{}", arrived(&mfd));
    // The middle column is a low ridge: with mfd its water spreads off it, sideways and down.
    assert_eq!(d8[at(8, 8)], 8.0);
    assert!(mfd[at(8, 8)] < 8.0, "{}", mfd[at(8, 8)]);
    assert!(
        mfd.iter().zip(&d8).any(|(m, d)| m > d),
        "some cell gathers more"
    );
    run(&[
        "--out",
        scaled.to_str().expect("path"),
        "--routing",
        "mfd",
        "--flow-exponent",
        "4",
    ]);
    let sidecar = json(&dir.join("mfd.json"));
    assert_eq!(sidecar["flow"]["routing"], "mfd");
    assert!(sidecar["flow"]["method"]
        .as_str()
        .is_some_and(|m| m.contains("slope^4")));
    // Either routing floods the map once, the same way: with a hollow in the plane, the filled
    // map and the lakes are D8's byte for byte, and the hollow is filled.
    let pitted = dir.join("pitted.r32");
    let mut bytes = Vec::new();
    for y in 0..side {
        for x in 0..side {
            let hollow = if (x, y) == (8, 8) || (x, y) == (9, 8) {
                3.0
            } else {
                0.0
            };
            let h = y as f32 + 0.01 * (8.0 - (x as f32 - 8.0).abs()) - hollow;
            bytes.extend_from_slice(&h.to_le_bytes());
        }
    }
    std::fs::write(&pitted, bytes).expect("written");
    let kept = |routing: &str| {
        let (filled, lakes) = (
            dir.join(format!("{routing}-filled.r32")),
            dir.join(format!("{routing}-lakes.r32")),
        );
        let p = pitted.to_str().expect("path");
        let out = dir.join(format!("{routing}-flow.r32"));
        let (ok, _, err) = terrain(&[
            "flow",
            "--in",
            p,
            "--out",
            out.to_str().expect("path"),
            "--routing",
            routing,
            "--filled",
            filled.to_str().expect("path"),
            "--lakes",
            lakes.to_str().expect("path"),
        ]);
        assert!(ok, "{routing}: {err}");
        (std::fs::read(filled).expect("filled"), heights(&lakes))
    };
    let (d8_filled, d8_lakes) = kept("d8");
    assert_eq!(kept("mfd"), (d8_filled, d8_lakes.clone()));
    assert!(
        d8_lakes[at(8, 8)] > 1.0,
        "the hollow filled: {}",
        d8_lakes[at(8, 8)]
    );
}
