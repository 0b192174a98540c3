//! The page's plain data: no DOM, no GPU, compiled and unit-tested natively.
//!
//! - [`demos`]: the demo table, one row per demo, and [`answer`]: what the worker makes for one;
//! - [`fields`]: the form fields and the [`fields::Setup`] they fill in;
//! - [`links`]: share links, made from a setup and read back;
//! - [`requests`]: one demo's terrain requests (tokens, busy, errors);
//! - [`newest`]: the "newest wins" rule every request queue follows;
//! - [`stepping`]: the stepper, and [`view_mode`]: the view choice;
//! - [`gestures`]: pointer, wheel and key input as camera events;
//! - [`plot`]: the variogram plot as an SVG;
//! - [`watchdog`]: what the page waits for from the worker.

pub mod answer;
pub mod demos;
pub mod fields;
pub mod gestures;
pub mod links;
pub mod newest;
pub mod plot;
pub mod requests;
pub mod stepping;
pub mod view_mode;
pub mod watchdog;
