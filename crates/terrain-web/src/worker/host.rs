//! The worker end of the generator: what `worker.js` calls. Requests wait in a mailbox that
//! keeps only the newest per view and kind ([`Newest`]), so a reader pressing Refresh ten times
//! gets the terrain asked for last, not a backlog; each is answered with the shown points, or,
//! for a download, the full map, which `worker.js` has the file encoders write.

use std::cell::RefCell;

use js_sys::Array;
use terrain::water::{self, Water};
use terrain::{derived, export, import, realism, tiles, Heightmap};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::protocol::{Body, Kind, Reply, Request, Ticket};
use crate::model::newest::Newest;

/// A request as read: answerable, or why not (answered with that message).
type Mail = Result<Request, String>;

thread_local! {
    /// The worker's waiting requests, the newest per view and kind.
    static MAILBOX: RefCell<Newest<(usize, Kind), Mail>> = RefCell::default();
    /// The map each view with a read map holds (real land, or the reader's own file).
    /// (A few views at most: a list, rather than a hash map and its random keys in the page's
    /// first load.)
    static HELD: RefCell<Vec<(usize, Heightmap)>> = RefCell::default();
}

/// Why a map file of `bytes` bytes named `name` is not read (too large), checked by
/// `worker.js` before it reads the file; `None` when it may be read.
#[wasm_bindgen]
pub fn refuse_size(name: &str, bytes: f64) -> Option<String> {
    import::check_brought_size(name, bytes as u64)
        .err()
        .map(|e| e.message)
}

/// Holds the map `worker.js` read from a request's map file (`width` x `height` points, row by
/// row) for the request's view, and files the request; or, with the reason the file was refused
/// in `heights`' place, answers the request with it (the view keeps the map it held).
#[wasm_bindgen]
pub fn hold(message: JsValue, width: usize, height: usize, heights: Vec<f32>) {
    match Heightmap::from_data(width, height, heights) {
        Ok(map) => {
            if let Ok(ticket) = Ticket::from_js(&message) {
                HELD.with_borrow_mut(|held| {
                    held.retain(|(view, _)| *view != ticket.view);
                    held.push((ticket.view, map));
                });
            }
            take_request(message);
        }
        Err(error) => refuse(message, error.message),
    }
}

/// Answers a request whose map file was refused with `why`; the view keeps the map it held.
#[wasm_bindgen]
pub fn refuse(message: JsValue, why: String) {
    if let Ok(ticket) = Ticket::from_js(&message) {
        MAILBOX.with_borrow_mut(|mailbox| {
            mailbox.file((ticket.view, Kind::Terrain), ticket.token, Err(why));
        });
    }
}

/// Puts a request message from the page in the mailbox, replacing an older one of the same
/// view and kind. A message without a view and token cannot be answered and is dropped.
#[wasm_bindgen]
pub fn take_request(message: JsValue) {
    let Ok(ticket) = Ticket::from_js(&message) else {
        web_sys::console::warn_1(&"the generator dropped a request with no view or token".into());
        return;
    };
    let mail = Request::from_js(&message).map_err(|e| format!("malformed request: {e}"));
    let key = (ticket.view, Kind::of_request(&message));
    MAILBOX.with_borrow_mut(|mailbox| mailbox.file(key, ticket.token, mail));
}

/// True while requests wait.
#[wasm_bindgen]
pub fn has_request() -> bool {
    MAILBOX.with_borrow(|mailbox| !mailbox.is_empty())
}

/// Answers the request that has waited longest: `[reply, transfer]`, the buffers in `transfer`
/// to be moved with the reply. A download's reply is a map (`kind: "map"`), for the file
/// encoders; `worker.js` then makes the file's reply with [`file_reply`].
#[wasm_bindgen]
pub fn answer_next() -> Array {
    let next = MAILBOX.with_borrow_mut(Newest::pop_oldest);
    let reply = match next {
        Some(((view, kind), token, mail)) => {
            let ticket = Ticket { view, token };
            let body = match (mail, kind) {
                (Ok(request), _) => HELD.with_borrow(|held| {
                    let map = held.iter().find(|(v, _)| *v == view).map(|(_, m)| m);
                    answer(&request, map)
                }),
                (Err(message), Kind::Terrain) => Body::Terrain(Err(message)),
                (Err(message), Kind::File | Kind::Measure) => Body::File(Err(message)),
            };
            reply(ticket, body)
        }
        None => reply(
            Ticket { view: 0, token: 0 },
            Body::Terrain(Err("no request waits".into())),
        ),
    };
    let (message, transfer) = reply.to_js();
    Array::of2(&message, &transfer)
}

/// The reply for a file: `map` is the map reply [`answer_next`] gave, `outcome` the encoders'
/// bytes (a `Uint8Array`) or why they could not write them (a string). `[reply, transfer]`.
#[wasm_bindgen]
pub fn file_reply(map: JsValue, outcome: JsValue) -> Array {
    let ticket = Ticket::from_js(&map).unwrap_or(Ticket { view: 0, token: 0 });
    let file = match outcome.dyn_ref::<js_sys::Uint8Array>() {
        Some(bytes) => Ok(bytes.to_vec()),
        None => Err(outcome
            .as_string()
            .unwrap_or_else(|| "the file could not be written".into())),
    };
    let (message, transfer) = reply(ticket, Body::File(file)).to_js();
    Array::of2(&message, &transfer)
}

/// Makes what `request` asks for: the terrain's shown points (and fault batches and
/// variogram), or for a download the full map, checked against the format's limits before it is
/// generated. `held` is the map the request's view holds, for a demo whose map is read.
pub(crate) fn answer(request: &Request, held: Option<&Heightmap>) -> Body {
    let setup = &request.setup;
    let Some(extension) = &request.download else {
        return Body::Terrain(request.demo.answer(setup, held).map_err(|e| e.message));
    };
    let (width, height) = held.map_or(setup.recipe.size(), |m| (m.width(), m.height()));
    // The realism report: the full map, for the encoders' module to measure.
    if extension == realism::REPORT {
        return match setup.recipe.made_from(held, setup.seed) {
            Ok(map) => Body::Map {
                extension: extension.clone(),
                map,
                asked: None,
            },
            Err(error) => Body::File(Err(error.message)),
        };
    }
    // Tiles: the encoders check the grid and the format, cut the map and write the sidecar of
    // what made it (so they get what was asked too).
    if tiles::parse_download(extension).is_some() {
        return match setup.recipe.made_from(held, setup.seed) {
            Ok(map) => Body::Map {
                extension: extension.clone(),
                map,
                asked: Some((request.demo, request.setup)),
            },
            Err(error) => Body::File(Err(error.message)),
        };
    }
    // A flow download (`flow.png`) is the map's flow, written in the format after the dot; a
    // derived map (`normal.png`) is written from the map by the encoders, as a PNG.
    let flow = water::flow_download(extension);
    let derived = derived::download(extension).is_some();
    let file_extension = match flow {
        Some(format) => format.extension(),
        None if derived => "png",
        None => extension.as_str(),
    };
    if let Err(error) = export::map_format(file_extension, width, height) {
        return Body::File(Err(error.to_string()));
    }
    let map = match setup.recipe.made_from(held, setup.seed) {
        Ok(map) => map,
        Err(error) => return Body::File(Err(error.message)),
    };
    let map = match flow {
        Some(format) => match Water::of(&map) {
            Ok(water) => water.flow_map(format),
            Err(error) => return Body::File(Err(error.message)),
        },
        None => map,
    };
    let extension = if derived { extension } else { file_extension };
    Body::Map {
        extension: extension.to_string(),
        map,
        asked: None,
    }
}

/// A reply from this worker, with the size of its wasm memory.
fn reply(ticket: Ticket, body: Body) -> Reply {
    let memory = wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .ok()
        .and_then(|memory| memory.buffer().dyn_into::<js_sys::ArrayBuffer>().ok())
        .map(|buffer| buffer.byte_length());
    Reply {
        ticket,
        body,
        memory,
    }
}
