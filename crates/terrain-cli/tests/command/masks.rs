//! Masks on the command line: `--mask FILE`, `--mask-height`, `--mask-slope`, `--mask-strokes`,
//! `--mask-soft` and `--mask-invert` after any step's flags, each cell blended between the
//! map the step was given and the step's own bytes.

use std::path::Path;

use crate::common::{scratch, terrain, text};

/// The heights of a `.r32` file.
fn heights(path: &Path) -> Vec<f32> {
    let bytes = std::fs::read(path).expect("written");
    let words = bytes.chunks_exact(4);
    words
        .map(|w| f32::from_le_bytes([w[0], w[1], w[2], w[3]]))
        .collect()
}

/// Writes a `side` x `side` `.r32` file: 0 left of `split` columns, 1 from there on.
fn halves(path: &Path, side: usize, split: usize) {
    let mut bytes = Vec::with_capacity(side * side * 4);
    for _ in 0..side {
        for x in 0..side {
            let v: f32 = if x < split { 0.0 } else { 1.0 };
            bytes.extend_from_slice(&v.to_le_bytes());
        }
    }
    std::fs::write(path, bytes).expect("a mask file");
}

/// Runs `terrain` and insists it succeeds.
fn made(args: &[&str]) {
    let (ok, _, err) = terrain(args);
    assert!(ok, "{args:?}: {err}");
}

#[test]
fn a_half_mask_keeps_the_base_on_its_black_half_and_the_step_on_its_white() {
    let dir = scratch("mask-half");
    let (half, base, full, masked, inverted, high) = (
        dir.join("half.r32"),
        dir.join("base.r32"),
        dir.join("full.r32"),
        dir.join("m.r32"),
        dir.join("mi.r32"),
        dir.join("high.r32"),
    );
    let side = 513;
    halves(&half, side, side / 2);
    let ds = ["ds", "--exponent", "9", "--seed", "7"];
    let erode = ["--then", "erode", "--droplets", "30000"];
    made(&[&ds[..], &["--out", text(&base)]].concat());
    made(&[&ds[..], &erode, &["--out", text(&full)]].concat());
    let mask = ["--mask", text(&half)];
    made(&[&ds[..], &erode, &mask, &["--out", text(&masked)]].concat());
    let invert = ["--mask-invert"];
    made(&[&ds[..], &erode, &mask, &invert, &["--out", text(&inverted)]].concat());
    let (b, f, m, mi) = (
        heights(&base),
        heights(&full),
        heights(&masked),
        heights(&inverted),
    );
    let changed = (0..b.len()).filter(|&i| f[i] != b[i]).count();
    assert!(changed > b.len() / 4, "erosion changed {changed} cells");
    for i in 0..b.len() {
        let (left, kept, eroded) = (i % side < side / 2, b[i].to_bits(), f[i].to_bits());
        let (on, off) = if left { (kept, eroded) } else { (eroded, kept) };
        assert_eq!(m[i].to_bits(), on, "masked, cell {i}");
        assert_eq!(mi[i].to_bits(), off, "inverted, cell {i}");
    }

    // A height band: every cell below its low end minus the soft edge stays the base's.
    let band = ["--mask-height", "0.5:1", "--mask-soft", "0.05"];
    made(&[&ds[..], &erode, &band, &["--out", text(&high)]].concat());
    let h = heights(&high);
    let lo = b.iter().copied().fold(f32::INFINITY, f32::min);
    let hi = b.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut below = 0;
    for i in 0..b.len() {
        if (b[i] - lo) / (hi - lo) < 0.45 - 1e-4 {
            assert_eq!(h[i].to_bits(), b[i].to_bits(), "cell {i}");
            below += 1;
        }
    }
    assert!(
        below > 1000 && h != f && h != b,
        "{below} cells below the band"
    );
}

#[test]
fn a_masked_chain_equals_its_steps_run_one_by_one_through_files_on_every_step() {
    let dir = scratch("mask-steps");
    let mask = dir.join("half.r32");
    halves(&mask, 33, 20);
    let strokes = dir.join("mask.json");
    let painted = r#"{"strokes": [{"brush": "add", "radius": 6, "strength": 0.8,
        "points": [[20, 30], [40, 34], [60, 30]]}]}"#;
    std::fs::write(&strokes, painted).expect("a strokes file");
    let paint = dir.join("paint.json");
    let ridge = r#"{"strokes": [{"brush": "raise", "radius": 8, "strength": 0.2,
        "points": [[60, 60], [100, 60]]}]}"#;
    std::fs::write(&paint, ridge).expect("a strokes file");
    let base = dir.join("base.r32");
    let ds = ["ds", "--exponent", "7", "--seed", "11"];
    made(&[&ds[..], &["--out", text(&base)]].concat());
    let steps: [(&str, Vec<&str>); 6] = [
        ("erode", vec!["--droplets", "4000"]),
        ("thermal", vec!["--iterations", "20"]),
        ("redistribute", vec!["--power", "2"]),
        ("uplift", vec!["--steps", "20"]),
        ("paint", vec!["--strokes", text(&paint)]),
        ("terrace", vec!["--levels", "5"]),
    ];
    let masks: [Vec<&str>; 4] = [
        vec!["--mask", text(&mask)],
        vec!["--mask-height", "0.3:0.8", "--mask-soft", "0.1"],
        vec!["--mask-slope", "10:90", "--mask-invert"],
        vec!["--mask-strokes", text(&strokes)],
    ];
    let unmasked = dir.join("plain.r32");
    for (at, (step, flags)) in steps.iter().enumerate() {
        let mask = &masks[at % masks.len()];
        let then = [&["--then", step][..], flags, mask].concat();
        let chained = dir.join(format!("{step}-chain.r32"));
        made(&[&ds[..], &then, &["--out", text(&chained)]].concat());
        let on_file = dir.join(format!("{step}-file.r32"));
        // The recipe's seed, which erosion's droplets are keyed by; uplift's own command is
        // its chapter's, so the file is read and the step follows.
        let own = match *step {
            "uplift" => vec!["read", "--in", text(&base), "--seed", "11", "--then", step],
            _ => vec![*step, "--in", text(&base), "--seed", "11"],
        };
        let own = [&own[..], flags, mask].concat();
        made(&[&own[..], &["--out", text(&on_file)]].concat());
        assert_eq!(
            std::fs::read(&chained).ok(),
            std::fs::read(&on_file).ok(),
            "{step} {mask:?}"
        );
        // The mask changed what the step did, and kept some of it.
        let plain = [&["--then", step][..], flags].concat();
        made(&[&ds[..], &plain, &["--out", text(&unmasked)]].concat());
        let (b, p, m) = (heights(&base), heights(&unmasked), heights(&chained));
        assert!(m != p && m != b, "{step} {mask:?}: the mask did nothing");
    }

    // Two masked steps in one chain equal them run one after another through a file.
    let (two, first, second) = (
        dir.join("two.r32"),
        dir.join("first.r32"),
        dir.join("second.r32"),
    );
    let thermal = ["--then", "thermal", "--mask-height", "0.5:1"];
    let terrace = ["--then", "terrace", "--mask-slope", "0:20"];
    made(&[&ds[..], &thermal, &terrace, &["--out", text(&two)]].concat());
    made(&[&ds[..], &thermal, &["--out", text(&first)]].concat());
    let on_file = [
        "terrace",
        "--in",
        text(&first),
        "--seed",
        "11",
        "--mask-slope",
        "0:20",
    ];
    made(&[&on_file[..], &["--out", text(&second)]].concat());
    assert_eq!(std::fs::read(&two).ok(), std::fs::read(&second).ok());
}

#[test]
fn bad_masks_are_refused_in_one_line_with_nothing_written() {
    let dir = scratch("mask-bad");
    let out = dir.join("t.r32");
    let not_a_map = dir.join("notes.png");
    std::fs::write(&not_a_map, "not a picture").expect("a file");
    let not_strokes = dir.join("strokes.json");
    std::fs::write(&not_strokes, r#"{"lines": []}"#).expect("a file");
    let paint_brush = dir.join("paint.json");
    let raise =
        r#"{"strokes": [{"brush": "raise", "radius": 4, "strength": 1, "points": [[1, 1]]}]}"#;
    std::fs::write(&paint_brush, raise).expect("a file");
    for (mask, said) in [
        (vec!["--mask", text(&not_a_map)], "--mask"),
        (vec!["--mask", "missing.png"], "--mask"),
        (vec!["--mask-height", "0.8:0.2"], "LO must not be above HI"),
        (vec!["--mask-height", "0:1.5"], "two numbers from 0 to 1"),
        (vec!["--mask-height", "half"], "LO:HI"),
        (vec!["--mask-slope", "0:95"], "from 0 to 90 degrees"),
        (vec!["--mask-slope", "40:NaN"], "--mask-slope"),
        (
            vec!["--mask-strokes", text(&not_strokes)],
            "no \"strokes\" list",
        ),
        (
            vec!["--mask-strokes", text(&paint_brush)],
            "add, remove or soften",
        ),
        (vec!["--mask-soft", "0.1"], "--mask-soft shapes the edge"),
        (
            vec!["--mask-height", "0:1", "--mask-soft", "-1"],
            "--mask-soft",
        ),
        (vec!["--mask-invert"], "--mask-invert turns a mask round"),
    ] {
        let args = [
            &["ds", "--exponent", "5", "--out", text(&out)][..],
            &["--then", "thermal"],
            &mask,
        ]
        .concat();
        let (ok, _, err) = terrain(&args);
        assert!(!ok, "{mask:?}");
        assert_eq!(err.trim().lines().count(), 1, "{mask:?}: {err}");
        assert!(err.contains(said), "{mask:?}: {err}");
        assert!(!out.exists(), "{mask:?}: nothing written");
    }
}

#[test]
fn the_sidecar_records_the_mask_and_the_summary_says_masked() {
    let dir = scratch("mask-sidecar");
    let (mask, out) = (dir.join("half.r32"), dir.join("t.r16"));
    halves(&mask, 65, 30);
    let (ok, said, err) = terrain(&[
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
        "thermal",
        "--mask",
        text(&mask),
        "--mask-slope",
        "30:90",
    ]);
    assert!(ok, "{err}");
    assert!(said.contains("then thermal (masked)"), "{said}");
    let sidecar = std::fs::read_to_string(dir.join("t.json")).expect("a sidecar");
    let value: serde_json::Value = serde_json::from_str(&sidecar).expect("JSON");
    let step = &value["steps"][0];
    assert_eq!(step["mask"], text(&mask));
    assert_eq!(step["mask-slope"], "30:90");
    assert_eq!(step["mask-soft"], 0.05);
    assert_eq!(step["mask-crc32"].as_str().map(str::len), Some(8));
}
