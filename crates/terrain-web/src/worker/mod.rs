//! The generator worker: terrains and files are made off the page's main thread.
//!
//! - [`protocol`]: every message key, and both directions' encoding and decoding;
//! - `client`: the page end, `Generator`, which sends requests and replaces a worker
//!   that crashed or went silent;
//! - `host`: the worker end, which `worker.js` calls: a mailbox where the newest request per
//!   view wins, and the answers;
//! - [`maker`]: what a request makes (the terrain's shown points, or the full map for a file),
//!   in this module or in the later chapters' one;
//! - `worker.js`: the worker's start-up script; it loads this same wasm module, the later
//!   chapters' module (`crates/terrain-chapters`) the first time a fault-line or erosion demo asks,
//!   and the file encoders' module (`crates/terrain-files`) on the first download.

#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod client;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod host;
pub mod maker;
pub mod protocol;
