//! `--maps splat,albedo`: the material layers' weights and colours, checked against what the
//! files say of themselves (the splat channels sum to 255, each layer file is its channel, the
//! albedo is the sidecar's colours mixed in linear light) and against the rules the sidecar
//! states, read off maps the command writes independently (`--maps slope`, `terrain flow`).

use crate::common::{scratch, terrain, text};
use crate::maps::{floats, pixels, sidecar_of};

/// An sRGB byte in linear light.
fn linear(byte: u16) -> f64 {
    let v = f64::from(byte) / 255.0;
    match v <= 0.04045 {
        true => v / 12.92,
        false => ((v + 0.055) / 1.055).powf(2.4),
    }
}

#[test]
fn splat_and_albedo_sum_to_255_match_their_files_and_follow_their_rules() {
    let dir = scratch("materials");
    let out = dir.join("land.r32");
    let (ok, _, stderr) = terrain(&[
        "ds",
        "--exponent",
        "9",
        "--seed",
        "7",
        "--then",
        "erode",
        "--droplets",
        "30000",
        "--then",
        "thermal",
        "--iterations",
        "50",
        "--out",
        text(&out),
        "--maps",
        "splat,albedo,wear,deposit,wetness,curvature,slope",
    ]);
    assert!(ok, "{stderr}");
    let sidecar = sidecar_of(&dir.join("land.json"));
    let layers = sidecar["layers"].as_array().expect("layers");
    let names: Vec<&str> = layers
        .iter()
        .map(|l| l["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        ["sand", "grass", "forest", "rock", "scree", "snow", "riverbed"]
    );
    let cells = 513 * 513;
    let splat: Vec<Vec<u16>> = (0..2)
        .map(|n| {
            let (w, h, channels, depth, values) = pixels(&dir.join(format!("land_splat{n}.png")));
            assert_eq!((w, h, channels, depth), (513, 513, 4, 8));
            values
        })
        .collect();
    let weight = |i: usize, layer: usize| splat[layer / 4][i * 4 + layer % 4];
    for i in 0..cells {
        let sum: u16 = (0..8).map(|l| weight(i, l)).sum();
        assert_eq!(sum, 255, "cell {i}");
        assert_eq!(weight(i, 7), 0, "no eighth layer");
    }
    for (l, layer) in layers.iter().enumerate() {
        let file = layer["file"].as_str().expect("a file");
        assert_eq!(file, format!("land_{}.png", names[l]));
        let channel = ["R", "G", "B", "A"][l % 4];
        assert_eq!(layer["channel"], channel);
        assert_eq!(layer["splat"], format!("land_splat{}.png", l / 4));
        let (.., grey) = pixels(&dir.join(file));
        assert!(
            grey.len() == cells && (0..cells).all(|i| grey[i] == weight(i, l)),
            "{file}"
        );
    }
    // The albedo: the sidecar's colours weighted by the splat, in linear light, sRGB out.
    let colors: Vec<[u16; 3]> = layers
        .iter()
        .map(|l| {
            let c = &l["color"];
            [0, 1, 2].map(|k| c[k].as_u64().expect("a byte") as u16)
        })
        .collect();
    let (w, h, channels, depth, albedo) = pixels(&dir.join("land_albedo.png"));
    assert_eq!((w, h, channels, depth), (513, 513, 3, 8));
    for i in 0..cells {
        for k in 0..3 {
            let mixed: f64 = (0..7)
                .map(|l| f64::from(weight(i, l)) / 255.0 * linear(colors[l][k]))
                .sum();
            let srgb = match mixed <= 0.003_130_8 {
                true => mixed * 12.92,
                false => 1.055 * mixed.powf(1.0 / 2.4) - 0.055,
            };
            let expected = srgb * 255.0;
            let got = f64::from(albedo[i * 3 + k]);
            assert!(
                (got - expected).abs() <= 2.0,
                "cell {i}: {got} against {expected}"
            );
        }
    }
    // The rules, against the slope the command measures and the water `terrain flow` finds.
    let (.., slope) = pixels(&dir.join("land_slope.png"));
    let heights = floats(&out);
    let lo = heights.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = heights.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let flow = dir.join("flow.r32");
    let lakes = dir.join("lakes.r32");
    let (ok, _, stderr) = terrain(&[
        "flow",
        "--in",
        text(&out),
        "--out",
        text(&flow),
        "--lakes",
        text(&lakes),
    ]);
    assert!(ok, "{stderr}");
    let (flow, lakes) = (floats(&flow), floats(&lakes));
    let threshold = ((cells as f64).sqrt() * 2.0) as f32;
    let materials = &sidecar["materials"];
    let rock_slope = materials["rock_slope"].as_f64().expect("a slope");
    let snow_line = materials["snow_line"].as_f64().expect("a line");
    let (mut steep, mut gentle, mut wet, mut low) = (0, 0, 0, 0);
    for i in 0..cells {
        let degrees = f64::from(slope[i]) / 65535.0 * 90.0;
        let water = lakes[i] > 0.002 * (hi - lo) || flow[i] >= threshold;
        if water {
            assert!(weight(i, 6) > 127, "riverbed at {i}: {}", weight(i, 6));
            wet += 1;
        } else if degrees >= rock_slope + 10.0 + 0.01 && flow[i] < threshold / 4.0 {
            // (From a quarter of the rivers' threshold the riverbed comes in softly over it.)
            assert!(
                weight(i, 3) > 127,
                "rock at {i}, {degrees} degrees: {}",
                weight(i, 3)
            );
            steep += 1;
        }
        if degrees <= rock_slope - 15.0 - 0.01 {
            assert!(
                weight(i, 3) <= 2,
                "rock at {i}, {degrees} degrees: {}",
                weight(i, 3)
            );
            gentle += 1;
        }
        let share = f64::from((heights[i] - lo) / (hi - lo));
        if share < snow_line - 0.03 - 1e-4 {
            assert_eq!(weight(i, 5), 0, "snow at {i}, {share} of the range");
            low += 1;
        }
    }
    assert!(
        steep > 1000 && gentle > 1000 && wet > 1000 && low > cells / 2,
        "{steep} {gentle} {wet} {low}"
    );
}

#[test]
fn material_knobs_move_the_lines_and_are_refused_when_bad_or_without_a_splat() {
    let dir = scratch("materials-knobs");
    let run = |extra: &[&str], name: &str| {
        let out = dir.join(name);
        let mut args = vec!["ds", "--exponent", "6", "--seed", "3", "--out", text(&out)];
        args.extend_from_slice(extra);
        let (ok, _, stderr) = terrain(&args);
        (ok, stderr, out)
    };
    let share = |name: &str, layer: &str| {
        let (.., grey) = pixels(&dir.join(format!("{name}_{layer}.png")));
        grey.iter().map(|&v| f64::from(v)).sum::<f64>() / (grey.len() as f64 * 255.0)
    };
    let (ok, stderr, _) = run(&["--maps", "splat"], "a.r32");
    assert!(ok, "{stderr}");
    // Taken after a step, as --maps is.
    let (ok, stderr, _) = run(
        &[
            "--then",
            "terrace",
            "--maps",
            "splat",
            "--snow-line",
            "0.5",
            "--rock-slope",
            "20",
        ],
        "b.r32",
    );
    assert!(ok, "{stderr}");
    assert!(share("b", "snow") > share("a", "snow") + 0.05);
    let sidecar = sidecar_of(&dir.join("b.json"));
    assert_eq!(sidecar["materials"]["snow_line"], 0.5);
    assert_eq!(sidecar["materials"]["rock_slope"], 20);
    for (extra, says) in [
        (&["--maps", "splat", "--snow-line", "1.5"][..], "snow-line"),
        (
            &["--maps", "albedo", "--rock-slope", "-1"][..],
            "rock-slope",
        ),
        (
            &["--maps", "slope", "--tree-line", "0.5"][..],
            "need --maps splat or albedo",
        ),
    ] {
        let (ok, stderr, out) = run(extra, "bad.r32");
        assert!(!ok && stderr.contains(says), "{extra:?}: {stderr}");
        assert!(!out.exists(), "{extra:?}: nothing written");
    }
}

#[test]
fn each_tiles_maps_are_the_crops_of_the_whole_maps_maps() {
    let dir = scratch("materials-tiles");
    let base = [
        "ds",
        "--exponent",
        "6",
        "--seed",
        "5",
        "--then",
        "erode",
        "--droplets",
        "2000",
    ];
    let maps = ["--maps", "splat,normal,wear"];
    for (engine, extension, name) in [(None, "png", "{x}_{y}"), (Some("unity"), "r16", "{x}_{y}")] {
        let label = engine.unwrap_or("none");
        let run = |out: &std::path::Path, tiles: bool| {
            let mut args: Vec<&str> = base.to_vec();
            args.extend(["--out", text(out)]);
            args.extend(maps);
            if let Some(engine) = engine {
                args.extend(["--for", engine]);
            }
            if tiles {
                args.extend(["--tiles", "2x2"]);
            }
            let (ok, _, stderr) = terrain(&args);
            assert!(ok, "{label}: {stderr}");
        };
        let whole = dir.join(format!("whole-{label}.{extension}"));
        run(&whole, false);
        let tiled = dir.join(format!("tile-{label}.{extension}"));
        run(&tiled, true);
        let sidecar = sidecar_of(&dir.join(format!("tile-{label}.json")));
        let files = sidecar["tiles"]["files"].as_array().expect("tiles");
        assert_eq!(files.len(), 4);
        for suffix in ["splat0", "splat1", "rock", "normal", "wear"] {
            let (width, _, channels, _, all) =
                pixels(&dir.join(format!("whole-{label}_{suffix}.png")));
            assert_eq!(width, 65);
            for entry in files {
                let (x, y) = (
                    entry["x"].as_u64().expect("x"),
                    entry["y"].as_u64().expect("y"),
                );
                let stem = name
                    .replace("{x}", &x.to_string())
                    .replace("{y}", &y.to_string());
                let file = format!("tile-{label}_{stem}_{suffix}.png");
                let listed = entry["maps"].as_array().expect("maps");
                assert!(listed.iter().any(|m| m == &file), "{file} in {listed:?}");
                let (w, h, c, _, tile) = pixels(&dir.join(&file));
                assert_eq!((w, h, c), (33, 33, channels));
                let (x0, y0) = (x as usize * 32, y as usize * 32);
                for row in 0..33 {
                    for col in 0..33 * channels {
                        let whole_at = ((y0 + row) * 65 + x0) * channels + col;
                        assert_eq!(tile[row * 33 * channels + col], all[whole_at], "{file}");
                    }
                }
            }
        }
        // The sidecar describes the maps once, with the layers' channels.
        assert!(sidecar["maps"]["splat"]["value"].is_string());
        assert_eq!(sidecar["layers"][3]["channel"], "A");
    }
}

#[test]
fn the_shadow_map_darkens_the_land_behind_a_ridge() {
    // A flat map with a north-south ridge down its middle column, read as it is (`terrace` at
    // sharpness 0 leaves it unchanged). The sun stands 35 degrees high in the south-east, so
    // the ridge (0.6 x 64 = 38.4 cells tall in the page's relief) shades the land west of it
    // for 38.4 / tan 35 = 55 cells towards the north-west, and none east of it.
    let dir = scratch("shadow");
    let side = 65;
    let heights: Vec<u8> = (0..side * side)
        .flat_map(|i| f32::to_le_bytes(if i % side == 32 { 1.0 } else { 0.0 }))
        .collect();
    let wall = dir.join("wall.r32");
    std::fs::write(&wall, heights).expect("written");
    let out = dir.join("lit.r32");
    let (ok, _, stderr) = terrain(&[
        "terrace",
        "--in",
        text(&wall),
        "--sharpness",
        "0",
        "--out",
        text(&out),
        "--maps",
        "shadow",
    ]);
    assert!(ok, "{stderr}");
    let (w, h, channels, depth, lit) = pixels(&dir.join("lit_shadow.png"));
    assert_eq!((w, h, channels, depth), (65, 65, 1, 8));
    let at = |x: usize, y: usize| lit[y * side + x];
    for y in [10, 32, 60] {
        assert_eq!(at(32, y), 255, "the ridge's top is in the sun");
        for x in [40, 50, 64] {
            assert_eq!(
                at(x, y),
                255,
                "east of the ridge, towards the sun: ({x}, {y})"
            );
        }
    }
    // West of the ridge, away from the sun and within the shadow's reach (its line runs north
    // as it runs west, so only rows it has reached from the ridge).
    for (x, y) in [(28, 40), (20, 50), (10, 40)] {
        assert_eq!(at(x, y), 0, "in the ridge's shadow: ({x}, {y})");
    }
    let sidecar = sidecar_of(&dir.join("lit.json"));
    let said = sidecar["maps"]["shadow"]["value"]
        .as_str()
        .expect("described");
    assert!(
        said.contains("35 degrees") && said.contains("124"),
        "{said}"
    );
    assert_eq!(sidecar["maps"]["shadow"]["file"], "lit_shadow.png");
}
