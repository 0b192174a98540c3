//! The worker end of the generator: what `worker.js` calls. Requests wait in a mailbox that
//! keeps only the newest per view and kind ([`Newest`]), so a reader pressing Refresh ten times
//! gets the terrain asked for last, not a backlog; each is answered with the shown points, or,
//! for a download, the full map, which `worker.js` has the file encoders write.
//!
//! The page's own module sends requests and draws replies: the quick chapters are made here, the
//! later ones handed on to the later chapters' module.

use std::cell::RefCell;

use js_sys::Array;
use terrain::{import, Heightmap};
use terrain_model::maker::{answer_request, reply};
use terrain_model::newest::Newest;
use terrain_model::protocol::{self, Body, Kind, Request, Ticket};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A request as filed: answerable, or why not (answered with that message).
type Mail = Result<Letter, String>;

/// A request in the mailbox: read, for this module to answer; or, for the later chapters'
/// module, the page's message as it came (that module reads it again, in its own memory, from
/// the same text: nothing here writes the setup back to text).
// A letter is filed once and answered once, moved not copied: the read request is not worth a box.
#[allow(clippy::large_enum_variant)]
enum Letter {
    /// One of the quick chapters' requests, read.
    Here(Request),
    /// A request the later chapters' module answers ([`Request::answered_later`]): a later
    /// chapter's, or the Water and Land views' routing, which needs no generator, only the points
    /// the page sent (made there, where the land demos' code is, so the encoders' module stays
    /// unloaded until a file is asked for).
    Later(JsValue),
}

thread_local! {
    /// The worker's waiting requests, the newest per view and kind.
    static MAILBOX: RefCell<Newest<(usize, Kind), Mail>> = RefCell::default();
    /// The map each view with a read map holds (real land, or the reader's own file): a few
    /// views at most, so a list.
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
    let mail = match Request::from_js(&message) {
        Ok(request) if request.answered_later() => Ok(Letter::Later(message.clone())),
        Ok(request) => Ok(Letter::Here(request)),
        Err(error) => Err(format!("malformed request: {error}")),
    };
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
/// encoders; `worker.js` then makes the file's reply with [`file_reply`]. A request of a later
/// chapter comes back as a `later` reply with the map its view holds, for the later chapters'
/// module to answer: the page's message as it came.
#[wasm_bindgen]
pub fn answer_next() -> Array {
    let next = MAILBOX.with_borrow_mut(Newest::pop_oldest);
    let reply = match next {
        Some(((view, _), token, Ok(Letter::Here(request)))) => {
            let ticket = Ticket { view, token };
            HELD.with_borrow(|held| answer_request(ticket, &request, held_by(held, view)))
        }
        Some(((view, _), _, Ok(Letter::Later(message)))) => {
            // The points to route travel in the request; a held map would overwrite them.
            let routes = Kind::of_request(&message) == Kind::Water;
            return HELD.with_borrow(|held| {
                let held = held_by(held, view).filter(|_| !routes);
                Request::hand_on(&message, held)
            });
        }
        Some(((view, kind), token, Err(message))) => {
            reply(Ticket { view, token }, Body::failed(kind, message))
        }
        None => reply(
            Ticket { view: 0, token: 0 },
            Body::Terrain(Err("no request waits".into())),
        ),
    };
    let (message, transfer) = reply.to_js();
    Array::of2(&message, &transfer)
}

/// The map `view` holds, among the `held` ones.
fn held_by(held: &[(usize, Heightmap)], view: usize) -> Option<&Heightmap> {
    held.iter().find(|(v, _)| *v == view).map(|(_, m)| m)
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
    let mut made = reply(ticket, Body::File(file));
    made.runs = protocol::runs(&map);
    let (message, transfer) = made.to_js();
    Array::of2(&message, &transfer)
}
