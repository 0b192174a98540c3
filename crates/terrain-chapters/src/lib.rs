//! The page's later chapters, in a wasm module of their own.
//!
//! Fault lines (their sweep, shapes and ragged edges), fBm, droplet erosion and the steps are
//! most of the generators' code, and their demos sit far down the page. So the generator
//! worker's own module (`crates/terrain-worker`) is built without them ([`terrain::Recipe::linked`]
//! says what it cannot make), and hands such a request on; the worker (`worker.js`) imports this
//! module the first time one arrives, which is when the demo's section comes near the screen,
//! and asks it to answer. It answers with the same code the worker's own module uses for the
//! others ([`terrain_model::maker::answer`]), so its replies are the same in every way.
//!
//! The Water and Land views' routing of the points on screen is made here too (`routing.rs`),
//! so a page that draws land loads this module, not the file encoders'.
//!
//! Rain at scale runs here on the GPU where the worker's browser offers WebGPU (`gpu.rs`,
//! `rain.rs`), and on the CPU otherwise.

#[cfg(target_arch = "wasm32")]
mod gpu;
#[cfg(target_arch = "wasm32")]
mod rain;
#[cfg(target_arch = "wasm32")]
mod routing;

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::prelude::*;

/// Answers a request the worker's own module handed on (its reply of kind `later`, with the map
/// its view holds): a promise of `[reply, transfer]`, as that module's `answer_next` gives them.
/// A map for a file then goes to the file encoders, as that module's own do.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
pub fn answer(later: JsValue) -> js_sys::Promise {
    wasm_bindgen_futures::future_to_promise(async move {
        // Read once: a map the view holds comes with it, up to 4097 x 4097 floats.
        let handed = terrain_model::protocol::Reply::from_js(&later);
        let here = match &handed {
            Some(handed) => match routing::answer_routing(handed) {
                Some(routed) => Some(routed),
                None => rain::answer_on_gpu(handed).await,
            },
            None => None,
        };
        let reply = here.unwrap_or_else(|| terrain_model::maker::answer_handed_on(handed));
        let (message, transfer) = reply.to_js();
        Ok(js_sys::Array::of2(&message, &transfer).into())
    })
}
