//! # terrain-web: the live demos of the terrain-generation page
//!
//! A thin front end over the `terrain` core. The page's HTML holds one
//! `<section data-demo="ID">` per demo; on start this crate looks each ID up in the demo table
//! ([`demos::DEMOS`]) and mounts the one generic widget ([`widget`]) on it. Every demo renders
//! through a single shared WebGL2 context ([`renderer`]) and only when something changed.

//!
//! The demo table, fields and gesture logic are plain Rust, compiled and unit-tested natively;
//! the renderer and widget need a browser and exist only on `wasm32`.

pub mod demos;
pub mod fields;
#[cfg(target_arch = "wasm32")]
pub mod generator;
pub mod gestures;
#[cfg(target_arch = "wasm32")]
pub mod renderer;
#[cfg(target_arch = "wasm32")]
pub mod widget;

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
    widget::mount_all(&document, &sections)
}
