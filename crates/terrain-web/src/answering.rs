//! The worker end of the generator: the function `worker.js` calls with each request message.
//! It makes what the request asks for and hands back the reply with the arrays to move, not
//! copy; `worker.js` posts it (after the file encoders have written a requested file).

use js_sys::{Array, Float32Array, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::generator::{
    get, set, Made, Request, BATCHES, ERROR, FILE, HEIGHTS, KIND, MAP, MEMORY, SLOPE, TOKEN,
    VARIOGRAM, VIEW, XS, ZS,
};

/// The worker end: answers one request message from the page. Returns `[reply, transfer]`: the
/// reply carries the shown points of the terrain (or an error), or, for a download, the full
/// map (`kind: "map"`, with `extension`, `width`, `height` and `heights`) for `worker.js` to
/// have the file encoders write; `transfer` lists the buffers to move with it. The reply also
/// gives the size of the worker's wasm memory (`memory`, in bytes, for watching it stay flat).
/// Called by `worker.js`, which posts the reply.
#[wasm_bindgen]
pub fn answer_request(request: JsValue) -> Array {
    let reply = Object::new();
    set(&reply, VIEW, &get(&request, VIEW));
    set(&reply, TOKEN, &get(&request, TOKEN));
    let transfer = Array::new();
    let send = |key: &str, values: &[f32]| {
        let array = Float32Array::from(values);
        transfer.push(&array.buffer());
        set(&reply, key, &array);
    };
    match generate(request) {
        Made::Terrain(Ok(answer)) => {
            let pairs: Vec<f32> = answer
                .variogram
                .points
                .iter()
                .flat_map(|&(d, g)| [d, g])
                .collect();
            set(&reply, SLOPE, &JsValue::from(answer.variogram.slope));
            let grid = &answer.grid;
            send(XS, &grid.xs);
            send(ZS, &grid.zs);
            send(HEIGHTS, &grid.heights);
            send(BATCHES, &answer.batches);
            send(VARIOGRAM, &pairs);
        }
        Made::Map(Ok((extension, map))) => {
            set(&reply, KIND, &JsValue::from_str(MAP));
            set(&reply, "extension", &JsValue::from_str(&extension));
            set(&reply, "width", &JsValue::from(map.width()));
            set(&reply, "height", &JsValue::from(map.height()));
            send(HEIGHTS, map.data());
        }
        Made::Map(Err(message)) => {
            set(&reply, KIND, &JsValue::from_str(FILE));
            set(&reply, ERROR, &JsValue::from_str(&message));
        }
        Made::Terrain(Err(message)) => set(&reply, ERROR, &JsValue::from_str(&message)),
    }
    if let Ok(memory) = wasm_bindgen::memory().dyn_into::<js_sys::WebAssembly::Memory>() {
        if let Ok(buffer) = memory.buffer().dyn_into::<js_sys::ArrayBuffer>() {
            set(&reply, MEMORY, &JsValue::from(buffer.byte_length()));
        }
    }
    Array::of2(&reply, &transfer)
}

/// Reads a request and generates its terrain.
fn generate(request: JsValue) -> Made {
    match Request::from_js(&request) {
        Ok(request) => request.answer(),
        Err(e) => Made::Terrain(Err(format!("malformed request: {e}"))),
    }
}
