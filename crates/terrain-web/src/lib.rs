//! # terrain-web: the live demos of the terrain-generation page
//!
//! A thin front end over the `terrain` core. The page's HTML holds one
//! `<section data-demo="ID">` per demo; on start this crate looks each ID up in the demo table
//! ([`model::demos::DEMOS`]) and mounts the one generic widget on it.
//!
//! The folders say what each part does:
//!
//! - [`model`]: plain data, no DOM: the demo table, fields, share links, requests, stepping,
//!   gestures; compiled and tested natively;
//! - `page`: the app and the DOM: start-up, event wiring, the message queue, the demo's view,
//!   its toolbar (view choice, stepper, download, share);
//! - `gpu`: drawing: the one shared WebGL2 context, shading, cameras, the 2-D map and wireframe;
//! - [`worker`]: the generator worker: the message protocol, the page's client, the worker's
//!   host and `worker.js`.
//!
//! `page` and `gpu` need a browser and exist only on `wasm32`, as do the worker's two ends. The
//! model and the worker's messages are the `terrain-model` crate (re-exported as [`model`] and
//! [`worker::protocol`]), which the later chapters' and the file encoders' modules share, so
//! neither imports the page.

#[cfg(target_arch = "wasm32")]
pub mod gpu;
pub mod model;
#[cfg(target_arch = "wasm32")]
pub mod page;
pub mod worker;

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
    if !page::startup::prepare_embed(&document)? {
        return Ok(());
    }
    let sections = document.query_selector_all("section[data-demo]")?;
    if sections.length() == 0 {
        return Ok(());
    }
    page::startup::mount_all(&document, &sections)
}
