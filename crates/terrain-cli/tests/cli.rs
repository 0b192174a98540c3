//! Runs the real `terrain` binary and checks its files, exit codes and messages.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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
            "use a .png, .r32 or .pgm",
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
