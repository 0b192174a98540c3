//! `terrace` on the command line: the step the registry's proof added, as `--then terrace` and
//! as `terrain terrace --in FILE`.

use crate::common::{scratch, terrain, text, MASK_FLAGS};

/// The heights of a `.r32` file.
fn heights(path: &std::path::Path) -> Vec<f32> {
    let bytes = std::fs::read(path).expect("written");
    let words = bytes.chunks_exact(4);
    words
        .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

#[test]
fn sharp_terraces_leave_only_the_level_heights_and_none_leaves_the_bytes() {
    let dir = scratch("terrace");
    let (base, sharp, none) = (
        dir.join("base.r32"),
        dir.join("t.r32"),
        dir.join("none.r32"),
    );
    let ds = ["ds", "--exponent", "9", "--seed", "7"];
    let (ok, _, err) = terrain(&[&ds[..], &["--out", text(&base)]].concat());
    assert!(ok, "{err}");
    let then = ["--then", "terrace", "--levels", "6", "--sharpness", "1"];
    let (ok, _, err) = terrain(&[&ds[..], &then, &["--out", text(&sharp)]].concat());
    assert!(ok, "{err}");
    let before = heights(&base);
    let after = heights(&sharp);
    let mut levels: Vec<u32> = after.iter().map(|h| h.to_bits()).collect();
    levels.sort_unstable();
    levels.dedup();
    assert!(levels.len() <= 7, "{} heights", levels.len());
    let lo = before.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = before.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    assert!(levels.contains(&lo.to_bits()) && levels.contains(&hi.to_bits()));

    let zero = ["--then", "terrace", "--sharpness", "0"];
    let (ok, _, err) = terrain(&[&ds[..], &zero, &["--out", text(&none)]].concat());
    assert!(ok, "{err}");
    assert_eq!(std::fs::read(&none).ok(), std::fs::read(&base).ok());

    // The chain equals the step's own command on the base's file.
    let on_file = dir.join("on-file.r32");
    let (ok, _, err) = terrain(&[
        "terrace",
        "--in",
        text(&base),
        "--levels",
        "6",
        "--sharpness",
        "1",
        "--out",
        text(&on_file),
    ]);
    assert!(ok, "{err}");
    assert_eq!(std::fs::read(&on_file).ok(), std::fs::read(&sharp).ok());
}

#[test]
fn bad_terraces_are_refused_in_one_line_with_nothing_written() {
    let dir = scratch("terrace-bad");
    let out = dir.join("t.r32");
    for (flag, value, said) in [
        (
            "--levels",
            "1",
            "levels must be a whole number from 2 to 64",
        ),
        ("--sharpness", "2", "sharpness must be a number from 0 to 1"),
        ("--levels", "2.5", "levels"),
        ("--sharpness", "NaN", "sharpness"),
    ] {
        let (ok, _, err) = terrain(&[
            "ds",
            "--exponent",
            "5",
            "--out",
            text(&out),
            "--then",
            "terrace",
            flag,
            value,
        ]);
        assert!(!ok, "{flag} {value}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(said), "{flag} {value}: {err}");
        assert!(!out.exists());
    }
}

#[test]
fn its_help_lists_exactly_its_flags_and_the_sidecar_records_them() {
    let (ok, help, err) = terrain(&["ds", "--then", "terrace", "--help"]);
    assert!(ok, "{err}");
    let listed: Vec<&str> = help
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| word.starts_with("--") && *word != "--help")
        .collect();
    // Its table, then the mask's flags, which every step takes.
    let flags = [&["--levels", "--sharpness"][..], &MASK_FLAGS].concat();
    assert_eq!(listed, flags, "{help}");
    let dir = scratch("terrace-sidecar");
    let out = dir.join("t.r16");
    let (ok, _, err) = terrain(&[
        "ds",
        "--exponent",
        "6",
        "--seed",
        "3",
        "--for",
        "unity",
        "--out",
        text(&out),
        "--then",
        "terrace",
        "--levels",
        "5",
    ]);
    assert!(ok, "{err}");
    let sidecar = std::fs::read_to_string(dir.join("t.json")).expect("a sidecar");
    let value: serde_json::Value = serde_json::from_str(&sidecar).expect("JSON");
    assert_eq!(value["steps"][0]["step"], "terrace");
    assert_eq!(value["steps"][0]["levels"], 5);
    assert_eq!(value["steps"][0]["sharpness"], 0.8);
}
