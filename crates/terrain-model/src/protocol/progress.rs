//! The worker's word between replies: how far a request has got ([`progress`]), and that it is
//! still at work on something that reports no share, such as the GPU's rain or a module being
//! fetched ([`ALIVE`]). Either tells the page's watchdog that the worker is answering.

use js_sys::Object;
use wasm_bindgen::JsValue;

use super::{get, set, whole, Ticket, ALIVE, PROGRESS, RUNS};

/// The message saying that `share` (0 to 1) of `ticket`'s request is done.
pub fn progress_message(ticket: Ticket, share: f32) -> Object {
    let message = Object::new();
    ticket.write(&message);
    set(&message, PROGRESS, &JsValue::from(share));
    message
}

/// What a progress message says: whose request, and the share done (clamped to 0 to 1);
/// `None` for any other message.
pub fn progress(data: &JsValue) -> Option<(Ticket, f32)> {
    let share = get(data, PROGRESS).as_f64()?;
    let ticket = Ticket::from_js(data).ok()?;
    Some((ticket, (share as f32).clamp(0.0, 1.0)))
}

/// Whether `data` is the worker saying it is still at work (`{alive: true}`, from worker.js).
pub fn alive(data: &JsValue) -> bool {
    get(data, ALIVE).is_truthy()
}

/// The runs a reply counts (`runs`), read off a map on its way to the file encoders: the file's
/// reply is made by the worker's own module, and must say what the module that made the map
/// counted.
pub fn runs(data: &JsValue) -> Option<u32> {
    whole(&get(data, RUNS))
}
