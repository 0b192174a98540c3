//! Helpers shared by the command line's test files: run the real binary, make a scratch folder.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `terrain` with `args`: whether it succeeded, its stdout and its stderr.
pub fn terrain(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_terrain"))
        .args(args)
        .output()
        .expect("the terrain binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh, empty folder for one test's files.
#[allow(dead_code)] // Not every test file writes files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("terrain-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `path` as an argument.
#[allow(dead_code)]
pub fn text(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

/// The mask's flags, which every step's command lists after its own (DESIGN's contract).
#[allow(dead_code)]
pub const MASK_FLAGS: [&str; 6] = [
    "--mask",
    "--mask-height",
    "--mask-slope",
    "--mask-strokes",
    "--mask-soft",
    "--mask-invert",
];
