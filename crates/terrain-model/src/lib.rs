//! # terrain-model: what the page's five wasm modules share
//!
//! The page's plain data and the generator worker's messages, with no DOM and no GPU, compiled
//! and unit-tested natively. The page's module (`terrain-web`), the worker's own module
//! (`terrain-worker`), its later chapters' module (`terrain-chapters`), its file encoders'
//! module (`terrain-files`) and its heightmap readers' module (`terrain-readers`) all read
//! requests and replies through this crate, so none of them imports the page.
//!
//! - [`demos`]: the demo table, one row per demo, and [`answer`]: what the worker makes for one;
//! - [`fields`]: the form fields and the [`fields::Setup`] they fill in;
//! - [`links`]: share links, made from a setup and read back;
//! - [`requests`]: one demo's terrain requests (tokens, busy, errors);
//! - [`newest`]: the "newest wins" rule every request queue follows;
//! - [`pace`]: a long job's words in the busy box (what, how many done, the time left);
//! - [`stepping`]: the stepper, and [`view_mode`]: the view choice;
//! - [`plot`]: the variogram plot as an SVG;
//! - [`watchdog`]: what the page waits for from the worker;
//! - [`protocol`]: every message key, and both directions' encoding and decoding;
//! - `kept` (feature `keep`, the later chapters' module): the maps on screen, kept in the
//!   worker for downloads;
//! - [`maker`]: what a request makes (the terrain's shown points, or the full map for a file),
//!   in whichever module answers it.

pub mod answer;
pub mod demos;
pub mod fields;
#[cfg(any(test, feature = "keep"))]
pub mod kept;
pub mod links;
pub mod maker;
pub mod newest;
pub mod pace;
pub mod panning;
pub mod plot;
pub mod protocol;
pub mod requests;
pub mod stepping;
pub mod view_mode;
pub mod watchdog;
