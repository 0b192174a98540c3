//! The worker end of the generator: the function `worker.js` calls with each request message.
//! It makes what the request asks for and posts the reply, its arrays moved, not copied.

use js_sys::{Array, Float32Array, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

use crate::generator::{
    get, set, Payload, Request, BATCHES, ERROR, FILE, HEIGHTS, KIND, MEMORY, SLOPE, TOKEN,
    VARIOGRAM, VIEW, XS, ZS,
};

/// The worker end: answers one request message from the page by posting the shown points of the
/// terrain (or an error) back, with the arrays moved, not copied, and the size of the worker's
/// wasm memory (`memory`, in bytes, for watching it stay flat). Called by `worker.js`.
#[wasm_bindgen]
pub fn answer_request(request: JsValue) -> Result<(), JsValue> {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().dyn_into()?;
    let reply = Object::new();
    set(&reply, VIEW, &get(&request, VIEW));
    set(&reply, TOKEN, &get(&request, TOKEN));
    let transfer = Array::new();
    match generate(request) {
        Payload::Terrain(Ok(answer)) => {
            let grid = &answer.grid;
            let pairs: Vec<f32> = answer
                .variogram
                .points
                .iter()
                .flat_map(|&(d, g)| [d, g])
                .collect();
            set(&reply, SLOPE, &JsValue::from(answer.variogram.slope));
            let parts = [
                (XS, &grid.xs),
                (ZS, &grid.zs),
                (HEIGHTS, &grid.heights),
                (BATCHES, &answer.batches),
                (VARIOGRAM, &pairs),
            ];
            for (key, values) in parts {
                let array = Float32Array::from(&values[..]);
                transfer.push(&array.buffer());
                set(&reply, key, &array);
            }
        }
        Payload::File(Ok(bytes)) => {
            set(&reply, KIND, &JsValue::from_str(FILE));
            let array = js_sys::Uint8Array::from(&bytes[..]);
            transfer.push(&array.buffer());
            set(&reply, FILE, &array);
        }
        Payload::File(Err(message)) => {
            set(&reply, KIND, &JsValue::from_str(FILE));
            set(&reply, ERROR, &JsValue::from_str(&message));
        }
        Payload::Terrain(Err(message)) => set(&reply, ERROR, &JsValue::from_str(&message)),
    }
    if let Ok(memory) = wasm_bindgen::memory().dyn_into::<js_sys::WebAssembly::Memory>() {
        if let Ok(buffer) = memory.buffer().dyn_into::<js_sys::ArrayBuffer>() {
            set(&reply, MEMORY, &JsValue::from(buffer.byte_length()));
        }
    }
    scope.post_message_with_transfer(&reply, &transfer)
}

/// Reads a request and generates its terrain.
fn generate(request: JsValue) -> Payload {
    match Request::from_js(&request) {
        Ok(request) => request.answer(),
        Err(e) => Payload::Terrain(Err(format!("malformed request: {e}"))),
    }
}
