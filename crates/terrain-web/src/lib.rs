//! # terrain-web: the live demos of the terrain-generation page
//!
//! A thin front end over the `terrain` core. The page's HTML holds one
//! `<section data-demo="ID">` per demo; on start this crate looks each ID up in the demo table
//! ([`demos::DEMOS`]) and mounts the one generic widget on it. Every demo renders through a
//! single shared WebGL2 context ([`renderer`]) and only when something changed.
//!
//! The widget is split by job, as the wasm-bindgen `todomvc` example splits a web-sys UI:
//!
//! - [`element`] builds a demo's DOM and returns every element it made;
//! - [`view`] shows one demo's state in its elements and canvas;
//! - [`controller`] decides what each [`controller::Message`] does;
//! - [`scheduler`] turns DOM events into messages and runs them one at a time, in order;
//! - [`requests`] is the per-demo request state machine (tokens, busy, errors), plain data;
//! - [`generator`] sends requests to the generator worker and is the worker's entry point.
//!
//! The demo table, fields, request state machine and gesture logic are plain Rust, compiled and
//! unit-tested natively; the rest needs a browser and exists only on `wasm32`.

#[cfg(target_arch = "wasm32")]
pub mod answering;
#[cfg(target_arch = "wasm32")]
pub mod controller;
pub mod demos;
#[cfg(target_arch = "wasm32")]
pub mod element;
pub mod fields;
#[cfg(target_arch = "wasm32")]
pub mod flat;
#[cfg(target_arch = "wasm32")]
pub mod generator;
pub mod gestures;
pub mod links;
pub mod plot;
#[cfg(target_arch = "wasm32")]
pub mod renderer;
pub mod requests;
#[cfg(target_arch = "wasm32")]
pub mod scheduler;
pub mod stepping;
#[cfg(target_arch = "wasm32")]
pub mod takehome;
#[cfg(target_arch = "wasm32")]
pub mod toolbar;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod watchdog;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// Entry point, run by the generated JavaScript as soon as the module loads.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    // The test harness loads this module too; only mount when the page has demos.
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return Ok(());
    };
    let sections = document.query_selector_all("section[data-demo]")?;
    if sections.length() == 0 {
        return Ok(());
    }
    scheduler::mount_all(&document, &sections)
}
