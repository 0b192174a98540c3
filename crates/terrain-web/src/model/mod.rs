//! The page's plain data: no DOM, no GPU, compiled and unit-tested natively. Most of it is the
//! `terrain-model` crate, which the page's other wasm modules share, re-exported here under its
//! old names; the input gestures, which speak three-d's events, stay with the page.
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

pub mod gestures;

pub use terrain_model::{
    answer, demos, fields, links, newest, pace, panning, plot, requests, stepping, view_mode,
    watchdog,
};
