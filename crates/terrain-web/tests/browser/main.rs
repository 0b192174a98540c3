//! The front end's tests in headless Chromium, one test binary (so each profile builds, links and
//! starts the browser once, not once a file): rendering through the real shared WebGL2 context
//! (`render`), the worker's requests and replies made and read in the browser's JS engine
//! (`messages`, `replies`), typed numbers read by the browser's `parseFloat` against Rust's own
//! reader (`numbers`), and the page's demo marks held to the demo table (`marks`). Run with
//! `cargo test -p terrain-web --target wasm32-unknown-unknown --test browser`.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod marks;
mod messages;
mod numbers;
mod render;
mod replies;
