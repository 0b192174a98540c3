//! `--batch`: erosion in batches, the same bytes on any number of threads, from `terrain erode` and
//! from `--erode N` alike; `--batch` with no number is the default batch; bad batches are refused
//! in one line before anything is written.

use crate::common::{scratch, terrain, text};

/// Runs `terrain` with `args`, expecting success, and returns the bytes written to `out`.
fn written(args: &[&str], out: &std::path::Path) -> Vec<u8> {
    let mut all = args.to_vec();
    all.extend(["--out", text(out)]);
    let (ok, _, err) = terrain(&all);
    assert!(ok, "{args:?}: {err}");
    std::fs::read(out).expect("written")
}

#[test]
fn batched_erosion_writes_the_same_bytes_on_any_number_of_threads() {
    let dir = scratch("rain");
    let out = dir.join("a.r32");
    let made = |threads: &str, batch: &[&str]| {
        let mut args = vec!["ds", "--exponent", "8", "--seed", "4", "--erode", "6000"];
        args.extend(batch);
        args.extend(["--threads", threads]);
        written(&args, &out)
    };
    let one = made("1", &["--batch", "256"]);
    for threads in ["2", "7"] {
        assert!(
            one == made(threads, &["--batch", "256"]),
            "{threads} threads"
        );
    }
    // Batched is its own mode: not the sequential erosion's bytes.
    assert!(one != made("2", &[]));
    // `--batch` alone is the default batch, 1024.
    assert!(made("2", &["--batch"]) == made("1", &["--batch", "1024"]));
    // `terrain erode` on the generated map, with the same seed: the same bytes.
    let start = dir.join("start.r32");
    written(&["ds", "--exponent", "8", "--seed", "4"], &start);
    let read = written(
        &[
            "erode",
            "--in",
            text(&start),
            "--seed",
            "4",
            "--droplets",
            "6000",
            "--batch",
            "256",
        ],
        &out,
    );
    assert!(
        read == one,
        "terrain erode --batch differs from ds --erode --batch"
    );
}

#[test]
fn bad_batches_are_refused_in_one_line() {
    let dir = scratch("rain-bad");
    let out = dir.join("bad.r32");
    for bad in ["0", "-1", "1.5", "x", "2000001"] {
        let (ok, _, err) = terrain(&[
            "ds",
            "--exponent",
            "5",
            "--erode",
            "10",
            "--batch",
            bad,
            "--out",
            text(&out),
        ]);
        assert!(!ok, "--batch {bad}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(
            err.contains("batch must be a whole number from 1 to 2000000"),
            "{err}"
        );
        assert!(!out.exists(), "--batch {bad} wrote a file");
    }
}
