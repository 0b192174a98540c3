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
//! `page` and `gpu` need a browser and exist only on `wasm32`, as do the worker's two ends; all
//! three come with the `page` feature (on by default). Without it the crate is its model and
//! message protocol only, which the file encoders' module links to read a request's demo and
//! fields (no entry point, no exports of the page's).

#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod gpu;
pub mod model;
#[cfg(all(target_arch = "wasm32", feature = "page"))]
pub mod page;
pub mod worker;

#[cfg(all(target_arch = "wasm32", feature = "page"))]
use wasm_bindgen::prelude::*;

/// Entry point, run by the generated JavaScript as soon as the module loads.
#[cfg(all(target_arch = "wasm32", feature = "page"))]
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
