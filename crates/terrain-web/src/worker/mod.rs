//! The generator worker: terrains and files are made off the page's main thread.
//!
//! - [`protocol`]: every message key, and both directions' encoding and decoding (in the
//!   `terrain-model` crate, which the five wasm modules share);
//! - `client`: the page end, `Generator`, which sends requests and replaces a worker
//!   that crashed or went silent;
//! - [`maker`]: what a request makes (the terrain's shown points, or the full map for a file;
//!   `terrain-model` too), run by the worker's modules alone;
//! - `worker.js`: the worker's start-up script; it loads the worker's own module
//!   (`crates/terrain-worker`: the mailbox, where the newest request per view wins, and the
//!   quick chapters) as soon as it starts, the later chapters' module (`crates/terrain-chapters`)
//!   the first time a fault-line, fBm, erosion or steps demo asks, the heightmap readers' module
//!   (`crates/terrain-readers`) the first time a map file is read, and the file encoders' module
//!   (`crates/terrain-files`) on the first download (and for an `.exr` or `.tif` file, whose
//!   readers are large).
//!
//! This module (the page's) makes no terrain: it sends requests and draws replies, so no
//! generator is part of the page's first load.

#[cfg(target_arch = "wasm32")]
pub mod client;

pub use terrain_model::{maker, protocol};

/// The worker's start-up script, behind the keys it reads and writes: worker.js without its
/// comments, blank lines and indentation (`build.rs`).
const WORKER_JS: &str = include_str!(concat!(env!("OUT_DIR"), "/worker.js"));

/// The worker's whole script: `const KEY` and `const KIND` made from [`protocol::KEYS`] and [`protocol::KINDS`],
/// then worker.js.
pub fn worker_script() -> String {
    let table = |names: &[&str]| {
        let pairs: Vec<String> = names.iter().map(|k| format!("{k}: '{k}'")).collect();
        format!("Object.freeze({{ {} }})", pairs.join(", "))
    };
    format!(
        "const KEY = {};\nconst KIND = {};\n{WORKER_JS}",
        table(protocol::KEYS),
        table(&protocol::KINDS)
    )
}
