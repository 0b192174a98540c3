//! The hostile-file corpus (`tests/hostile/`, made by its `make.py`): truncated files, a bad
//! CRC, an empty side, a header declaring 60 000 x 60 000 points over a tiny body, colour and
//! 8-bit images, heights that are not numbers, byte counts that are no whole number of points,
//! text. `terrain erode`, `flow` and `stats` each refuse every one in one line, write nothing and
//! do not abort, under a 4 GB limit on their memory.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{scratch, text};

/// The corpus: every file beside `make.py`.
fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/hostile");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the hostile corpus")
        .map(|entry| entry.expect("a file").path())
        .filter(|path| path.extension().is_some_and(|e| e != "py"))
        .collect();
    files.sort();
    files
}

/// Runs `terrain` with `args` under `ulimit -v` of 4 GB: its exit code (`None` when a signal
/// ended it) and its stderr.
fn limited(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4194304 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_terrain"))
        .args(args)
        .output()
        .expect("sh runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_hostile_file_is_refused_in_one_line_with_nothing_written() {
    let files = corpus();
    assert!(files.len() >= 20, "the corpus is there: {files:?}");
    let dir = scratch("hostile");
    for file in &files {
        let name = file.file_name().and_then(|n| n.to_str()).expect("a name");
        let (eroded, flow) = (dir.join("eroded.r32"), dir.join("flow.png"));
        for args in [
            vec!["erode", "--in", text(file), "--out", text(&eroded)],
            vec!["flow", "--in", text(file), "--out", text(&flow)],
            vec!["stats", text(file)],
        ] {
            let (code, stderr) = limited(&args);
            let said = stderr.trim_end();
            assert_eq!(code, Some(2), "{name} {}: {said}", args[0]);
            assert_eq!(
                said.lines().count(),
                1,
                "{name} {}: one line: {said}",
                args[0]
            );
            assert!(
                said.contains(name),
                "{name} {}: names the file: {said}",
                args[0]
            );
            let left: Vec<_> = std::fs::read_dir(&dir).expect("scratch").collect();
            assert!(left.is_empty(), "{name} {}: wrote {left:?}", args[0]);
        }
    }
}

#[test]
fn a_declared_size_past_the_limit_is_refused_naming_it() {
    for name in ["huge.png", "huge.exr", "huge.tif"] {
        let file = corpus()
            .into_iter()
            .find(|f| f.ends_with(name))
            .expect(name);
        let (code, stderr) = limited(&["stats", text(&file)]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(
            stderr.contains("declares 60000 x 60000 points, more than the 268435456"),
            "{name}: {stderr}"
        );
    }
}
