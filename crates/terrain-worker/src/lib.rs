//! The generator worker's own module: the first one `worker.js` imports.
//!
//! The page's module (`crates/terrain-web`) builds the demos, sends requests and draws what comes
//! back; it makes no terrain, so no generator is part of the page's first load. This module
//! holds the worker's mailbox (`host.rs`: the newest request per view wins, the maps read from
//! files) and answers the page's quick chapters (the skyline, midpoint displacement, its
//! recursive reading, Diamond-Square, real land and the reader's own map) with
//! [`terrain_model::maker::answer`], built at opt-level 3. A request of a later chapter (fault
//! lines, fBm, erosion, the steps: [`terrain::Recipe::linked`] says which) it hands on to the
//! later chapters' module (`crates/terrain-chapters`), which `worker.js` imports when the first
//! such request comes, so a reader who stays near the top never fetches it.

#[cfg(target_arch = "wasm32")]
pub mod host;
