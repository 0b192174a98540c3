//! What a request makes, in whichever module answers it: the page's own for most demos, the
//! later chapters' module (`crates/terrain-chapters`) for fault lines and erosion, whose code the
//! page's first module leaves out ([`terrain::Recipe::linked`]).

use terrain::export::Holds;
use terrain::water::{self, Water};
use terrain::{derived, export, realism, tiles, Heightmap};

use super::protocol::{Body, Request};
#[cfg(target_arch = "wasm32")]
use super::protocol::{Reply, Ticket};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::{JsCast, JsValue};

/// Answers a request the page's module handed on ([`Body::Later`], the message `worker.js`
/// got from it): `[reply, transfer]`, as the page's `answer_next` gives them. The later
/// chapters' module calls this.
#[cfg(target_arch = "wasm32")]
pub fn answer_later(later: &JsValue) -> js_sys::Array {
    let reply = match Reply::from_js(later) {
        Some(Reply {
            ticket,
            body: Body::Later { request, held },
            ..
        }) => reply(ticket, answer(&request, held.as_ref())),
        Some(Reply {
            ticket,
            body: Body::Terrain(Err(error)),
            ..
        }) => reply(ticket, Body::Terrain(Err(error))),
        other => reply(
            other.map_or(Ticket { view: 0, token: 0 }, |r| r.ticket),
            Body::Terrain(Err("the page's module handed on no request".into())),
        ),
    };
    let (message, transfer) = reply.to_js();
    js_sys::Array::of2(&message, &transfer)
}

/// Makes what `request` asks for: the terrain's shown points (and fault batches and
/// variogram), or for a download the full map, checked against the format's limits before it is
/// generated. `held` is the map the request's view holds, for a demo whose map is read.
pub fn answer(request: &Request, held: Option<&Heightmap>) -> Body {
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
        Some(facts) => facts.extension,
        None if derived => "png",
        None => extension.as_str(),
    };
    if let Err(error) = export::download_format(file_extension, width, height) {
        return Body::File(Err(error.to_string()));
    }
    let map = match setup.recipe.made_from(held, setup.seed) {
        Ok(map) => map,
        Err(error) => return Body::File(Err(error.message)),
    };
    let map = match flow {
        Some(facts) => match Water::of(&map) {
            Ok(water) => water.flow_map(facts.holds == Holds::Floats),
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

/// A reply from this module, with the size of its wasm memory.
#[cfg(target_arch = "wasm32")]
pub fn reply(ticket: Ticket, body: Body) -> Reply {
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
