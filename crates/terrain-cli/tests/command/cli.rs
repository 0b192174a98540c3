//! Runs the real `terrain` binary and checks its files, exit codes and messages.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use terrain::formats;

fn terrain(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_terrain"))
        .args(args)
        .output()
        .expect("the terrain binary runs")
}

/// A fresh, empty directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrain-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn path_arg(path: &Path) -> &str {
    path.to_str().expect("utf-8 temp path")
}

#[test]
fn mpd_exponent_9_writes_a_513_square_16_bit_png_byte_identical_per_seed() {
    let dir = scratch("png");
    let (a, b, c) = (dir.join("a.png"), dir.join("b.png"), dir.join("c.png"));
    for (path, seed) in [(&a, "1"), (&b, "1"), (&c, "2")] {
        let out = terrain(&[
            "mpd",
            "--exponent",
            "9",
            "--seed",
            seed,
            "--out",
            path_arg(path),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let bytes = std::fs::read(&a).expect("a.png written");
    let decoder = png::Decoder::new(bytes.as_slice());
    let reader = decoder.read_info().expect("valid png");
    let info = reader.info();
    assert_eq!((info.width, info.height), (513, 513));
    assert_eq!(info.bit_depth, png::BitDepth::Sixteen);
    assert_eq!(info.color_type, png::ColorType::Grayscale);
    assert_eq!(
        bytes,
        std::fs::read(&b).expect("b.png written"),
        "same seed, same bytes"
    );
    assert_ne!(
        bytes,
        std::fs::read(&c).expect("c.png written"),
        "other seed, other bytes"
    );
}

#[test]
fn r32_and_pgm_hold_every_point() {
    let dir = scratch("formats");
    let r32 = dir.join("m.r32");
    let pgm = dir.join("m.PGM");
    assert!(terrain(&[
        "mpd",
        "--exponent",
        "4",
        "--seed",
        "3",
        "--out",
        path_arg(&r32)
    ])
    .status
    .success());
    assert!(terrain(&[
        "noise",
        "--width",
        "20",
        "--height",
        "10",
        "--seed",
        "3",
        "--out",
        path_arg(&pgm)
    ])
    .status
    .success());
    let raw = std::fs::read(&r32).expect("r32 written");
    assert_eq!(raw.len(), 17 * 17 * 4);
    let heights: Vec<f32> = raw
        .chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let expected = terrain::midpoint::generate(
        &terrain::midpoint::MpdParams {
            exponent: 4,
            ..Default::default()
        },
        3,
    )
    .expect("valid");
    assert_eq!(
        heights,
        expected.data(),
        "the file holds exactly the core's map"
    );
    let greymap = std::fs::read(&pgm).expect("pgm written");
    assert!(greymap.starts_with(b"P5\n20 10\n65535\n"));
    assert_eq!(greymap.len(), b"P5\n20 10\n65535\n".len() + 20 * 10 * 2);
}

#[test]
fn bad_arguments_exit_non_zero_with_one_line_and_no_file() {
    let dir = scratch("bad");
    let out_file = dir.join("never.png");
    let out = path_arg(&out_file);
    let cases: &[(&[&str], &str)] = &[
        (
            &["mpd", "--exponent", "40", "--out", out],
            "exponent must be a whole number from 1 to 14",
        ),
        (
            &["mpd", "--exponent", "0", "--out", out],
            "exponent must be",
        ),
        (
            &["mpd", "--exponent", "2.5", "--out", out],
            "exponent must be",
        ),
        (&["mpd", "--exponent", "", "--out", out], "exponent must be"),
        (
            &["mpd", "--spread", "NaN", "--out", out],
            "spread must be a number",
        ),
        (
            &["mpd", "--spread", "-1", "--out", out],
            "spread must be a number",
        ),
        (
            &["mpd", "--reduction", "1e400", "--out", out],
            "reduction must be a number",
        ),
        (
            &["mpd", "--seed", "-5", "--out", out],
            "seed must be a whole number",
        ),
        (
            &[
                "noise", "--width", "100000", "--height", "100000", "--out", out,
            ],
            "at most",
        ),
        (
            &["noise", "--spread", "0.3", "--out", out],
            "unexpected argument '--spread' found",
        ),
        (
            &["mpd", "--width", "9", "--out", out],
            "unexpected argument '--width' found",
        ),
        (&["dunes", "--out", out], "unrecognized subcommand 'dunes'"),
        (&["mpd"], "--out"),
        (
            &["mpd", "--out", &format!("{out}.jpg")],
            &format!("use a {} file name", formats::names(&formats::MAPS)),
        ),
    ];
    for (args, expected) in cases {
        let result = terrain(args);
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr.lines().count(),
            1,
            "{args:?}: one line, got {stderr:?}"
        );
        assert!(
            stderr.contains(expected),
            "{args:?}: {stderr:?} lacks {expected:?}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(&dir).expect("scratch dir").collect();
    assert!(left.is_empty(), "no file, not even a partial one: {left:?}");
}

#[test]
fn missing_directory_is_a_clear_error() {
    let dir = scratch("nodir");
    let target = dir.join("missing").join("x.png");
    let out = terrain(&["mpd", "--seed", "1", "--out", path_arg(&target)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot write"));
}

#[test]
fn without_a_seed_the_chosen_seed_is_reported() {
    let dir = scratch("seedless");
    let file = dir.join("s.png");
    let out = terrain(&["mpd", "--out", path_arg(&file)]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let seed = stdout
        .trim()
        .rsplit("seed ")
        .next()
        .and_then(|s| s.trim_end_matches(')').parse::<u64>().ok());
    let seed = seed.expect("summary names the seed");
    let again = dir.join("again.png");
    assert!(terrain(&[
        "mpd",
        "--seed",
        &seed.to_string(),
        "--out",
        path_arg(&again)
    ])
    .status
    .success());
    assert_eq!(
        std::fs::read(&file).expect("written"),
        std::fs::read(&again).expect("written")
    );
}

#[test]
fn every_square_algorithm_is_deterministic_per_seed() {
    let dir = scratch("algorithms");
    let runs: &[&[&str]] = &[
        &["mpd-recursive", "--exponent", "6", "--reduction", "0.6"],
        &["ds", "--exponent", "6", "--spread", "0.4"],
        &[
            "fault",
            "--width",
            "64",
            "--height",
            "48",
            "--iterations",
            "300",
            "--shapes",
            "line,circle,rect,triangle",
            "--fuzziness",
            "2",
        ],
    ];
    for (i, args) in runs.iter().enumerate() {
        let read = |name: &str, seed: &str| {
            let path = dir.join(format!("{i}-{name}.pgm"));
            let mut all: Vec<&str> = args.to_vec();
            all.extend(["--seed", seed, "--out", path_arg(&path)]);
            let out = terrain(&all);
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            std::fs::read(&path).expect("written")
        };
        let a = read("a", "5");
        assert_eq!(a, read("b", "5"), "{args:?}: same seed, same bytes");
        assert_ne!(a, read("c", "6"), "{args:?}: other seed, other bytes");
    }
    let fault = std::fs::read(dir.join("2-a.pgm")).expect("written");
    assert!(fault.starts_with(b"P5\n64 48\n65535\n"));
}

#[test]
fn line_writes_two_to_the_n_plus_one_heights() {
    let dir = scratch("line");
    let file = dir.join("profile.txt");
    let out = terrain(&[
        "line",
        "--iterations",
        "6",
        "--roughness",
        "0.8",
        "--seed",
        "2",
        "--out",
        path_arg(&file),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).expect("written");
    let heights: Vec<f32> = text
        .lines()
        .map(|l| l.parse().expect("a number per line"))
        .collect();
    assert_eq!(heights.len(), 65);
    assert!(heights.iter().all(|h| (0.0..=1.0).contains(h)));
    let bad = terrain(&[
        "line",
        "--iterations",
        "21",
        "--out",
        path_arg(&dir.join("x.txt")),
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = terrain(&["line", "--out", path_arg(&dir.join("x.png"))]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains(".txt or .csv"));
    let bad = terrain(&[
        "fault",
        "--shapes",
        "hexagon",
        "--out",
        path_arg(&dir.join("x.png")),
    ]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("shapes must be chosen from"));
    assert!(!dir.join("x.txt").exists() && !dir.join("x.png").exists());
}

#[test]
fn each_algorithm_lists_and_takes_only_its_own_options() {
    let help = terrain(&["ds", "--help"]);
    assert!(help.status.success());
    let text = String::from_utf8_lossy(&help.stdout);
    for option in ["--exponent", "--spread", "--reduction", "--seed", "--out"] {
        assert!(text.contains(option), "ds --help lists {option}:\n{text}");
    }
    for option in [
        "--shapes",
        "--fuzziness",
        "--iterations",
        "--roughness",
        "--width",
    ] {
        assert!(!text.contains(option), "ds --help lists {option}:\n{text}");
    }
    let recursive = terrain(&["mpd-recursive", "--help"]);
    assert!(
        String::from_utf8_lossy(&recursive.stdout).contains("[default: 0.55]"),
        "the recursive post's reduction is the default"
    );

    let dir = scratch("only-own");
    let target = dir.join("x.r32");
    let out = terrain(&["ds", "--shapes", "line", "--out", path_arg(&target)]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr:?}");
    assert!(
        stderr.contains("unexpected argument '--shapes'"),
        "{stderr:?}"
    );
    assert!(!target.exists());
}

#[test]
fn shapes_in_any_order_make_the_same_map() {
    let dir = scratch("shape-order");
    let read = |list: &str, name: &str| {
        let path = dir.join(name);
        let out = terrain(&[
            "fault",
            "--shapes",
            list,
            "--seed",
            "4",
            "--out",
            path_arg(&path),
        ]);
        assert!(out.status.success());
        std::fs::read(&path).expect("written")
    };
    assert_eq!(
        read("triangle,line", "a.pgm"),
        read("line,triangle", "b.pgm")
    );
}

#[test]
fn wrap_makes_a_tile_whose_opposite_edges_are_equal_and_only_ds_takes_it() {
    let dir = scratch("wrap");
    let tile = dir.join("w.r32");
    let out = terrain(&[
        "ds",
        "--exponent",
        "8",
        "--seed",
        "5",
        "--wrap",
        "--out",
        path_arg(&tile),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let heights: Vec<f32> = std::fs::read(&tile)
        .expect("written")
        .chunks(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let side = 257;
    assert_eq!(heights.len(), side * side);
    for i in 0..side {
        assert_eq!(heights[i], heights[(side - 1) * side + i], "column {i}");
        assert_eq!(heights[i * side], heights[i * side + side - 1], "row {i}");
    }
    let plain = dir.join("p.r32");
    terrain(&[
        "ds",
        "--exponent",
        "8",
        "--seed",
        "5",
        "--out",
        path_arg(&plain),
    ]);
    assert_ne!(
        std::fs::read(&plain).expect("written"),
        std::fs::read(&tile).expect("written")
    );
    let refused = terrain(&["mpd", "--wrap", "--out", path_arg(&dir.join("m.r32"))]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(stderr.lines().count(), 1);
    assert!(stderr.contains("unexpected argument '--wrap'"), "{stderr}");
    assert!(!dir.join("m.r32").exists());
}

#[test]
fn r16_is_two_bytes_per_point_little_endian_spanning_the_whole_range() {
    let dir = scratch("r16");
    let file = dir.join("m.r16");
    let out = terrain(&[
        "ds",
        "--exponent",
        "6",
        "--seed",
        "2",
        "--out",
        path_arg(&file),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&file).expect("written");
    assert_eq!(bytes.len(), 2 * 65 * 65);
    let samples: Vec<u16> = bytes
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    assert_eq!(samples.iter().min(), Some(&0));
    assert_eq!(samples.iter().max(), Some(&65535));
    let reference = terrain::diamond_square::generate(
        &terrain::midpoint::MpdParams {
            exponent: 6,
            ..terrain::diamond_square::DEFAULT
        },
        2,
    )
    .expect("valid");
    let expected: Vec<u16> = reference
        .data()
        .iter()
        .map(|&h| terrain::export::to_u16(h))
        .collect();
    assert_eq!(samples, expected, "row-major, the core's map");
}

/// Runs `args` and returns the parsed sidecar next to `file`.
fn with_sidecar(args: &[&str], file: &Path) -> serde_json::Value {
    let out = terrain(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(file.with_extension("json")).expect("sidecar written");
    serde_json::from_str(&text).expect("the sidecar is JSON")
}

#[test]
fn each_engine_preset_writes_its_size_format_and_sidecar() {
    let dir = scratch("engines");
    let unreal = dir.join("unreal.png");
    let sidecar = with_sidecar(
        &[
            "ds",
            "--exponent",
            "10",
            "--seed",
            "5",
            "--for",
            "unreal",
            "--out",
            path_arg(&unreal),
        ],
        &unreal,
    );
    let bytes = std::fs::read(&unreal).expect("png written");
    let reader = png::Decoder::new(bytes.as_slice())
        .read_info()
        .expect("png");
    let info = reader.info();
    assert_eq!(
        (info.width, info.height),
        (1009, 1009),
        "cropped, not resampled"
    );
    assert_eq!(info.bit_depth, png::BitDepth::Sixteen);
    assert_eq!(sidecar["engine"], "unreal");
    assert_eq!(sidecar["seed"], 5);
    assert_eq!(sidecar["algorithm"], "ds");
    assert_eq!(sidecar["parameters"]["params"]["exponent"], 10);
    assert_eq!(sidecar["import"]["size"], 1009);
    assert_eq!(sidecar["import"]["cropped_from"], 1025);
    assert_eq!(sidecar["import"]["z_scale"], 100);
    let (lo, hi) = (
        sidecar["min_before_normalising"].as_f64().expect("min"),
        sidecar["max_before_normalising"].as_f64().expect("max"),
    );
    assert!(lo < hi, "{lo} < {hi}");

    let unity = dir.join("unity.r16");
    let sidecar = with_sidecar(
        &[
            "mpd",
            "--exponent",
            "6",
            "--seed",
            "3",
            "--for",
            "unity",
            "--out",
            path_arg(&unity),
        ],
        &unity,
    );
    assert_eq!(std::fs::read(&unity).expect("r16").len(), 2 * 65 * 65);
    assert_eq!(sidecar["import"]["resolution"], 65);
    assert_eq!(sidecar["width"], 65);
    // Unity's first row is the terrain's z = 0 edge: the map's last row comes first.
    let plain = dir.join("plain.r16");
    terrain(&[
        "mpd",
        "--exponent",
        "6",
        "--seed",
        "3",
        "--out",
        path_arg(&plain),
    ]);
    let (a, b) = (
        std::fs::read(&unity).expect("r16"),
        std::fs::read(&plain).expect("r16"),
    );
    assert_eq!(&a[..130], &b[64 * 130..], "rows written bottom to top");

    let godot = dir.join("godot.r16");
    let sidecar = with_sidecar(
        &[
            "fault",
            "--width",
            "129",
            "--height",
            "129",
            "--seed",
            "1",
            "--for",
            "godot",
            "--out",
            path_arg(&godot),
        ],
        &godot,
    );
    assert_eq!(sidecar["import"]["region_size"], 128);
    assert_eq!(sidecar["parameters"]["algorithm"], "fault");

    let blender = dir.join("blender.png");
    let sidecar = with_sidecar(
        &[
            "noise",
            "--width",
            "40",
            "--height",
            "30",
            "--seed",
            "1",
            "--for",
            "blender",
            "--out",
            path_arg(&blender),
        ],
        &blender,
    );
    assert_eq!(sidecar["import"]["color_space"], "Non-Color");
    assert_eq!(
        (sidecar["width"].as_u64(), sidecar["height"].as_u64()),
        (Some(40), Some(30))
    );
}

#[test]
fn the_sidecar_shows_numbers_as_typed_and_the_engines_vertical_scale() {
    let dir = scratch("typed");
    let file = dir.join("typed.png");
    let sidecar = with_sidecar(
        &[
            "ds",
            "--exponent",
            "7",
            "--spread",
            "0.3",
            "--reduction",
            "0.55",
            "--seed",
            "2",
            "--for",
            "unreal",
            "--height-m",
            "300",
            "--out",
            path_arg(&file),
        ],
        &file,
    );
    let text = std::fs::read_to_string(file.with_extension("json")).expect("sidecar");
    assert!(text.contains("\"spread\": 0.3\n"), "{text}");
    assert!(text.contains("\"reduction\": 0.55,\n"), "{text}");
    assert_eq!(sidecar["height_m"], 300);
    // Unreal: a Z scale of 100 spans 512 m, so 300 m is 300 x 100 / 512 (58.59375), written
    // to 6 significant digits.
    assert_eq!(sidecar["import"]["z_scale"].as_f64(), Some(58.5938));
    assert_eq!(
        sidecar["import"]["z_range_m"],
        serde_json::json!([-150, 150])
    );
    let unity = dir.join("typed.r16");
    let sidecar = with_sidecar(
        &[
            "mpd",
            "--exponent",
            "6",
            "--seed",
            "1",
            "--for",
            "unity",
            "--height-m",
            "600.5",
            "--out",
            path_arg(&unity),
        ],
        &unity,
    );
    assert_eq!(sidecar["import"]["terrain_height_m"].as_f64(), Some(600.5));
    // Unity's Import Raw asks for all three sizes: 64 gaps of a metre across and down.
    assert_eq!(sidecar["import"]["terrain_width_m"], 64);
    assert_eq!(sidecar["import"]["terrain_length_m"], 64);
    // Without --for there is no engine to scale for; a height of 0 spans nothing.
    for (args, says) in [
        (vec!["--height-m", "300"], "--for"),
        (
            vec!["--for", "unity", "--height-m", "0"],
            "height-m must be a number from 0.001",
        ),
        (
            vec!["--for", "unity", "--height-m", "tall"],
            "height-m must be",
        ),
    ] {
        let bad = dir.join("bad.r16");
        let mut all = vec!["mpd", "--exponent", "6", "--out", path_arg(&bad)];
        all.extend(args);
        let out = terrain(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && stderr.contains(says),
            "{all:?}: {stderr}"
        );
        assert!(!bad.exists(), "no file");
    }
}

#[test]
fn glb_is_a_mesh_with_a_vertex_per_point() {
    let dir = scratch("glb");
    let file = dir.join("t.glb");
    let out = terrain(&[
        "ds",
        "--exponent",
        "5",
        "--seed",
        "9",
        "--out",
        path_arg(&file),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&file).expect("written");
    let glb = gltf::Gltf::from_slice(&bytes).expect("a glTF reader takes it");
    let blob = glb.blob.as_deref().expect("binary chunk");
    let primitive = glb
        .meshes()
        .next()
        .and_then(|m| m.primitives().next())
        .expect("a mesh");
    let reader = primitive.reader(|_| Some(blob));
    assert_eq!(reader.read_positions().expect("positions").count(), 33 * 33);
    assert_eq!(reader.read_normals().expect("normals").count(), 33 * 33);
    let again = dir.join("u.glb");
    terrain(&[
        "ds",
        "--exponent",
        "5",
        "--seed",
        "9",
        "--out",
        path_arg(&again),
    ]);
    assert_eq!(
        bytes,
        std::fs::read(&again).expect("written"),
        "byte-identical"
    );
}

#[test]
fn presets_and_formats_that_cannot_be_are_refused_with_one_line_and_no_file() {
    let dir = scratch("refusals");
    let out = |name: &str| dir.join(name);
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "ds".into(),
                "--for".into(),
                "cryengine".into(),
                "--out".into(),
                path_arg(&out("a.r16")).into(),
            ],
            "for must be one of unity, unreal, godot, blender",
        ),
        (
            vec![
                "ds".into(),
                "--exponent".into(),
                "3".into(),
                "--for".into(),
                "unity".into(),
                "--out".into(),
                path_arg(&out("b.r16")).into(),
            ],
            "unity imports square maps of 33",
        ),
        (
            vec![
                "ds".into(),
                "--exponent".into(),
                "6".into(),
                "--for".into(),
                "unreal".into(),
                "--out".into(),
                path_arg(&out("c.png")).into(),
            ],
            "unreal takes 127 to 8129 points per side",
        ),
        (
            vec![
                "ds".into(),
                "--for".into(),
                "unity".into(),
                "--out".into(),
                path_arg(&out("d.png")).into(),
            ],
            "unity imports .r16 files, not .png",
        ),
        (
            vec![
                "line".into(),
                "--for".into(),
                "unity".into(),
                "--out".into(),
                path_arg(&out("e.txt")).into(),
            ],
            "unexpected argument '--for'",
        ),
        (
            vec![
                "line".into(),
                "--out".into(),
                path_arg(&out("f.glb")).into(),
            ],
            "a line profile has no surface",
        ),
        (
            vec![
                "ds".into(),
                "--exponent".into(),
                "13".into(),
                "--out".into(),
                path_arg(&out("g.glb")).into(),
            ],
            "a .glb mesh holds at most 4097 x 4097 points",
        ),
        (
            vec![
                "ds".into(),
                "--for".into(),
                "unity".into(),
                "--out".into(),
                path_arg(&dir.join("missing").join("h.r16")).into(),
            ],
            "cannot write",
        ),
    ];
    for (args, expected) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let result = terrain(&args);
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(result.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
        assert!(
            stderr.contains(expected),
            "{args:?}: {stderr:?} lacks {expected:?}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
    assert!(left.is_empty(), "no file, no sidecar: {left:?}");
}

/// The heights of a raw little-endian f32 file.
fn r32(path: &Path) -> Vec<f32> {
    std::fs::read(path)
        .expect("r32 written")
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

#[test]
fn tiles_reassemble_into_the_map_and_share_their_edges() {
    let dir = scratch("tiles");
    let whole = dir.join("whole.r32");
    terrain(&[
        "ds",
        "--exponent",
        "7",
        "--seed",
        "9",
        "--out",
        path_arg(&whole),
    ]);
    let map = r32(&whole);
    for (grid, side) in [("2x2", 65usize), ("3x3", 43)] {
        let out = dir.join(format!("world{grid}.r32"));
        let result = terrain(&[
            "ds",
            "--exponent",
            "7",
            "--seed",
            "9",
            "--tiles",
            grid,
            "--out",
            path_arg(&out),
        ]);
        assert!(
            result.status.success(),
            "{}",
            String::from_utf8_lossy(&result.stderr)
        );
        let sidecar: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(out.with_extension("json")).expect("sidecar"),
        )
        .expect("json");
        assert_eq!(sidecar["tiles"]["side"], side);
        let n: usize = grid[..1].parse().expect("n");
        let files = sidecar["tiles"]["files"].as_array().expect("files");
        assert_eq!(files.len(), n * n);
        for file in files {
            let name = file["file"].as_str().expect("name");
            let (x, y) = (
                file["x"].as_u64().expect("x") as usize,
                file["y"].as_u64().expect("y") as usize,
            );
            assert_eq!(name, format!("world{grid}_{x}_{y}.r32"));
            let tile = r32(&dir.join(name));
            assert_eq!(tile.len(), side * side);
            // Every point of the tile is the map's point at its offset: put together, the tiles
            // are the map, and neighbours hold the same shared edge.
            let (left, top) = (x * (side - 1), y * (side - 1));
            for row in 0..side {
                for column in 0..side {
                    assert_eq!(
                        tile[row * side + column].to_bits(),
                        map[(top + row) * 129 + left + column].to_bits(),
                        "{grid} tile ({x}, {y}) at ({column}, {row})"
                    );
                }
            }
        }
    }
    // Unreal's names, and a grid its tile sizes cannot fit: one line, no file.
    let unreal = dir.join("big.png");
    let ok = terrain(&[
        "ds",
        "--exponent",
        "10",
        "--seed",
        "1",
        "--tiles",
        "2x2",
        "--for",
        "unreal",
        "--out",
        path_arg(&unreal),
    ]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(dir.join("big_x1_y1.png").exists(), "unreal's tile names");
    let refused = dir.join("small.png");
    let out = terrain(&[
        "ds",
        "--exponent",
        "8",
        "--tiles",
        "3x3",
        "--for",
        "unreal",
        "--out",
        path_arg(&refused),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("3x3 tiles do not fit a 257 x 257 map: unreal tiles are 127"),
        "{stderr}"
    );
    assert!(!dir.join("small_x0_y0.png").exists() && !dir.join("small.json").exists());
    let bad = terrain(&["ds", "--tiles", "2by2", "--out", path_arg(&refused)]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("tiles must be two whole numbers"));
}

#[test]
fn erode_reads_a_map_and_matches_erode_on_ds() {
    let dir = scratch("erode");
    let base = dir.join("base.r32");
    terrain(&[
        "ds",
        "--exponent",
        "7",
        "--seed",
        "4",
        "--out",
        path_arg(&base),
    ]);
    let via_file = dir.join("via-file.png");
    let out = terrain(&[
        "erode",
        "--in",
        path_arg(&base),
        "--droplets",
        "4000",
        "--seed",
        "4",
        "--out",
        path_arg(&via_file),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("then erode (4000 droplets)"));
    let direct = dir.join("direct.png");
    terrain(&[
        "ds",
        "--exponent",
        "7",
        "--seed",
        "4",
        "--erode",
        "4000",
        "--out",
        path_arg(&direct),
    ]);
    let plain = dir.join("plain.png");
    terrain(&[
        "ds",
        "--exponent",
        "7",
        "--seed",
        "4",
        "--out",
        path_arg(&plain),
    ]);
    let read = |p: &Path| std::fs::read(p).expect("written");
    assert_eq!(
        read(&via_file),
        read(&direct),
        "terrain erode = ds --erode, same seed"
    );
    assert_ne!(read(&direct), read(&plain), "erosion changed the map");
    // From .r16 and 16-bit PNG too; a map of another size needs its width.
    for input in [&plain, &dir.join("r16.r16")] {
        if !input.exists() {
            terrain(&[
                "ds",
                "--exponent",
                "6",
                "--seed",
                "1",
                "--out",
                path_arg(input),
            ]);
        }
        let out = terrain(&[
            "erode",
            "--in",
            path_arg(input),
            "--droplets",
            "100",
            "--out",
            path_arg(&dir.join("x.r32")),
        ]);
        assert!(
            out.status.success(),
            "{input:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Every constant in the sidecar, as typed.
    let unity = dir.join("eroded.r16");
    let sidecar = with_sidecar(
        &[
            "erode",
            "--in",
            path_arg(&base),
            "--droplets",
            "500",
            "--inertia",
            "0.3",
            "--seed",
            "2",
            "--for",
            "unity",
            "--out",
            path_arg(&unity),
        ],
        &unity,
    );
    // A map read, then the step erode, as `terrain read --in FILE --then erode` records it.
    assert_eq!(sidecar["algorithm"], "read");
    assert!(
        sidecar.get("erosion").is_none(),
        "erosion is a step: {sidecar}"
    );
    let erode = &sidecar["steps"][0];
    assert_eq!(erode["step"], "erode");
    let text = std::fs::read_to_string(unity.with_extension("json")).expect("sidecar");
    assert!(text.contains("\"inertia\": 0.3,"), "{text}");
    for name in [
        "droplets",
        "lifetime",
        "capacity",
        "min-capacity",
        "erosion",
        "deposition",
        "evaporation",
        "gravity",
        "radius",
    ] {
        assert!(erode[name].is_number(), "{name} recorded: {text}");
    }
    // Bad constants and files: one line naming the limit, no file.
    for (args, says) in [
        (
            vec!["--inertia", "2"],
            "inertia must be a number from 0 to 1, got \"2\"",
        ),
        (
            vec!["--radius", "9"],
            "radius must be a whole number from 1 to 8, got \"9\"",
        ),
        (
            vec!["--droplets", "0"],
            "droplets must be a whole number from 1 to 100000000",
        ),
        // One droplet after another stops at 2 000 000; batches go on to 100 000 000.
        (
            vec!["--droplets", "2000001"],
            "droplets must be a whole number from 1 to 2000000, got 2000001",
        ),
        (vec!["--evaporation", "NaN"], "evaporation must be"),
    ] {
        let bad = dir.join("bad.png");
        let mut all = vec!["erode", "--in", path_arg(&base), "--out", path_arg(&bad)];
        all.extend(args);
        let out = terrain(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && stderr.contains(says),
            "{all:?}: {stderr}"
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(!bad.exists());
    }
    let missing = terrain(&[
        "erode",
        "--in",
        "/nonexistent.r32",
        "--out",
        path_arg(&dir.join("m.png")),
    ]);
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read /nonexistent.r32"));
}

#[test]
fn any_number_of_threads_writes_the_same_bytes() {
    let dir = scratch("threads");
    // Exponent 10: 1025 rows, cut into 2 to 4 bands of rows (fine_levels/bands.rs).
    for algorithm in ["ds", "mpd"] {
        let files: Vec<Vec<u8>> = ["1", "2", "3", "4"]
            .iter()
            .map(|threads| {
                let path = dir.join(format!("{algorithm}-{threads}.r32"));
                let out = terrain(&[
                    algorithm,
                    "--exponent",
                    "10",
                    "--seed",
                    "9",
                    "--threads",
                    threads,
                    "--out",
                    path_arg(&path),
                ]);
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                std::fs::read(&path).expect("written")
            })
            .collect();
        assert_eq!(files[0].len(), 1025 * 1025 * 4);
        for (i, other) in files.iter().enumerate().skip(1) {
            assert!(
                *other == files[0],
                "{algorithm}: {} threads differ from 1",
                i + 1
            );
        }
    }
    for bad in ["0", "-2", "1.5", "x", "5000", ""] {
        let path = dir.join("bad.r32");
        let out = terrain(&["ds", "--threads", bad, "--out", path_arg(&path)]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "--threads {bad:?}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("threads must be a whole number from 1 to 1024"),
            "{stderr}"
        );
        assert!(!path.exists(), "--threads {bad:?} wrote a file");
    }
}

#[test]
fn flow_writes_counts_a_log_scale_the_filled_map_and_lakes() {
    let dir = scratch("flow");
    let map = dir.join("map.r32");
    let out = terrain(&[
        "ds",
        "--exponent",
        "6",
        "--seed",
        "7",
        "--out",
        path_arg(&map),
    ]);
    assert!(out.status.success());
    let (counts, scaled, again) = (dir.join("f.r32"), dir.join("f.png"), dir.join("g.png"));
    let (filled, lakes) = (dir.join("filled.r32"), dir.join("lakes.r32"));
    for args in [
        vec!["flow", "--in", path_arg(&map), "--out", path_arg(&counts)],
        vec![
            "flow",
            "--in",
            path_arg(&map),
            "--out",
            path_arg(&scaled),
            "--filled",
            path_arg(&filled),
            "--lakes",
            path_arg(&lakes),
        ],
        vec!["flow", "--in", path_arg(&map), "--out", path_arg(&again)],
    ] {
        let out = terrain(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Counts: every cell at least itself; what reaches the border is every cell of the map.
    let flow = r32(&counts);
    let heights = r32(&map);
    assert_eq!(flow.len(), 65 * 65);
    assert!(flow.iter().all(|&c| c >= 1.0 && c.fract() == 0.0));
    let border: f32 = (0..65 * 65)
        .filter(|i| i % 65 == 0 || i / 65 == 0 || i % 65 == 64 || i / 65 == 64)
        .map(|i| flow[i])
        .sum();
    assert_eq!(
        border,
        (65 * 65) as f32,
        "all the water leaves over the border"
    );
    // The filled map is never lower than the map; the lakes are the difference.
    let (filled, lakes) = (r32(&filled), r32(&lakes));
    for i in 0..heights.len() {
        assert!(filled[i] >= heights[i]);
        assert_eq!(lakes[i], filled[i] - heights[i]);
    }
    assert!(
        lakes.iter().any(|&d| d > 0.0),
        "a Diamond-Square map has hollows"
    );
    // The log scale's sidecar names the busiest cell's count; the same input, the same bytes.
    let sidecar: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("f.json")).expect("sidecar")).expect("json");
    let most = flow.iter().copied().fold(0.0, f32::max);
    assert_eq!(sidecar["flow"]["most_cells"], most as u64);
    assert_eq!(
        std::fs::read(&scaled).expect("f.png"),
        std::fs::read(&again).expect("g.png")
    );
}

#[test]
fn flow_refuses_bad_input_in_one_line_and_writes_nothing() {
    let dir = scratch("flow-bad");
    let map = dir.join("map.r32");
    let out = terrain(&[
        "ds",
        "--exponent",
        "4",
        "--seed",
        "1",
        "--out",
        path_arg(&map),
    ]);
    assert!(out.status.success());
    let not_a_map = dir.join("text.png");
    std::fs::write(&not_a_map, "hello").expect("write");
    let mut holed = std::fs::read(&map).expect("map");
    holed[40..44].copy_from_slice(&f32::NAN.to_le_bytes());
    let hole = dir.join("hole.r32");
    std::fs::write(&hole, holed).expect("write");
    let out_file = dir.join("out.png");
    for (args, said) in [
        (
            vec![
                "flow",
                "--in",
                path_arg(&map),
                "--out",
                path_arg(&dir.join("o.glb")),
            ],
            "not .glb",
        ),
        (
            vec![
                "flow",
                "--in",
                path_arg(&not_a_map),
                "--out",
                path_arg(&out_file),
            ],
            "not a PNG",
        ),
        (
            vec![
                "flow",
                "--in",
                path_arg(&hole),
                "--out",
                path_arg(&out_file),
            ],
            "not a number",
        ),
        (
            vec![
                "flow",
                "--in",
                path_arg(&dir.join("none.r32")),
                "--out",
                path_arg(&out_file),
            ],
            "cannot read",
        ),
    ] {
        let out = terrain(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(said), "{stderr}");
    }
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("o") || n.contains("partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
