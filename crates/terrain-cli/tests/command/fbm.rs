//! `terrain fbm`: maps that are windows of one endless plane. A tile made at its corner holds
//! the same floats as those cells of a larger map, whatever the shape and the threads; its
//! knobs are refused in one line when out of range.

use crate::common::{scratch, terrain};

/// The floats of an `.r32` file.
fn floats(path: &std::path::Path) -> Vec<f32> {
    let bytes = std::fs::read(path).expect("written");
    bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

#[test]
fn a_tile_at_its_corner_is_those_cells_of_the_larger_map() {
    let dir = scratch("fbm-tiles");
    for shape in ["plain", "ridged", "billow"] {
        let whole = dir.join(format!("{shape}-whole.r32"));
        let tile = dir.join(format!("{shape}-tile.r32"));
        let common = ["--seed", "9", "--shape", shape, "--warp", "0.5"];
        let w = whole.to_str().expect("path");
        let t = tile.to_str().expect("path");
        let (ok, _, err) = terrain(
            &[
                &["fbm", "--width", "300", "--height", "200", "--out", w],
                &common[..],
            ]
            .concat(),
        );
        assert!(ok, "{err}");
        let (ok, _, err) = terrain(
            &[
                &[
                    "fbm",
                    "--width",
                    "100",
                    "--height",
                    "80",
                    "--x",
                    "200",
                    "--y",
                    "120",
                    "--threads",
                    "1",
                    "--out",
                    t,
                ],
                &common[..],
            ]
            .concat(),
        );
        assert!(ok, "{err}");
        let (whole, tile) = (floats(&whole), floats(&tile));
        for y in 0..80 {
            let row = &whole[(120 + y) * 300 + 200..(120 + y) * 300 + 300];
            assert_eq!(&tile[y * 100..(y + 1) * 100], row, "{shape} row {y}");
        }
    }
}

#[test]
fn bad_fbm_settings_are_refused_in_one_line() {
    let dir = scratch("fbm-bad");
    let out = dir.join("x.png");
    let out = out.to_str().expect("path");
    for (flag, value, said) in [
        (
            "--octaves",
            "0",
            "octaves must be a whole number from 1 to 12",
        ),
        ("--gain", "1.5", "gain must be a number from 0.1 to 0.95"),
        (
            "--shape",
            "wavy",
            "shape must be one of plain, ridged or billow",
        ),
        ("--frequency", "NaN", "frequency"),
        ("--x", "-3", "x"),
    ] {
        let (ok, _, err) = terrain(&["fbm", flag, value, "--out", out]);
        assert!(!ok, "{flag} {value}");
        assert!(err.contains(said), "{flag} {value}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    assert!(!dir.join("x.png").exists());
}
