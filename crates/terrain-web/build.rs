//! Strips `src/worker/worker.js` of its comments, blank lines and indentation before the page's
//! module embeds it (`worker::worker_script`): the comments are for whoever reads the file, and
//! they were half of its 7 KB in the first load. Lines stay lines, so automatic semicolons and
//! every statement read as written. Hand-written rather than a JS minifier because the script is
//! plain: a kept line with a comment after code, or a template string over several lines, would
//! change meaning here, so the build stops with a message when it meets either.

use std::{env, fs, path::Path};

fn main() {
    let source = Path::new("src/worker/worker.js");
    println!("cargo:rerun-if-changed={}", source.display());
    let text = fs::read_to_string(source).expect("src/worker/worker.js is readable");
    let mut kept = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let ticks = line.matches('`').count();
        if line.contains("//") || line.contains("/*") || ticks % 2 == 1 {
            panic!(
                "worker.js line {}: a comment after code or a template string over several \
                 lines; put the comment on a line of its own, or keep the string on one line",
                number + 1
            );
        }
        kept.push(line);
    }
    let out = Path::new(&env::var("OUT_DIR").expect("Cargo sets OUT_DIR")).join("worker.js");
    fs::write(out, kept.join("\n") + "\n").expect("OUT_DIR is writable");
}
