//! What a request makes, in the generator worker: the worker's own module (`crates/terrain-worker`)
//! for most demos, the later chapters' module (`crates/terrain-chapters`) for fault lines, fBm,
//! erosion and the steps, whose code the worker's module leaves out ([`terrain::Recipe::linked`]).
//! The page's own module makes no terrain: it sends requests and draws what comes back.

use terrain::downloads::Download;
use terrain::Heightmap;

#[cfg(feature = "keep")]
use crate::kept::{fingerprint, KEPT};
use crate::protocol::{Body, Request};
#[cfg(target_arch = "wasm32")]
use crate::protocol::{Reply, Ticket};
use terrain::ParamError;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::{JsCast, JsValue};

/// Answers a request the worker's module handed on ([`Body::Later`], the message `worker.js` got
/// from it): `[reply, transfer]`, as that module's `answer_next` gives them. The later chapters'
/// module calls this.
#[cfg(target_arch = "wasm32")]
pub fn answer_later(later: &JsValue) -> js_sys::Array {
    let (message, transfer) = answer_handed_on(Reply::from_js(later)).to_js();
    js_sys::Array::of2(&message, &transfer)
}

/// [`answer_later`] for the handed-on message already read ([`Reply::from_js`]), so a module
/// that looks at it first (rain at scale's GPU) does not read its arrays twice.
#[cfg(target_arch = "wasm32")]
pub fn answer_handed_on(handed: Option<Reply>) -> Reply {
    match handed {
        Some(Reply {
            ticket,
            body: Body::Later { request, held },
            ..
        }) => answer_request(ticket, &request, held.as_ref()),
        Some(Reply {
            ticket,
            body: Body::Terrain(Err(error)),
            ..
        }) => reply(ticket, Body::Terrain(Err(error))),
        other => reply(
            other.map_or(Ticket { view: 0, token: 0 }, |r| r.ticket),
            Body::Terrain(Err("the worker's module handed on no request".into())),
        ),
    }
}

/// The reply to `request` (of `ticket`), made on the CPU: the progress said on the way, the
/// rain's engine and time said. `held` is the map the request's
/// view holds, for a demo whose map is read.
#[cfg(target_arch = "wasm32")]
pub fn answer_request(ticket: Ticket, request: &Request, held: Option<&Heightmap>) -> Reply {
    let began = js_sys::Date::now();
    let mut body = reporting(ticket, || answer(request, held));
    timed_on_cpu(request, &mut body, js_sys::Date::now() - began);
    reply(ticket, body)
}

/// Says on a terrain of rain at scale that the CPU made it in `millis`.
pub fn timed_on_cpu(request: &Request, body: &mut Body, millis: f64) {
    if let (true, Body::Terrain(Ok(answer))) = (request.demo.rains(), body) {
        answer.engine = Some(crate::answer::Engine::ran(false, millis, None));
    }
}

/// Makes what `request` asks for: the terrain's shown points (and fault batches and
/// variogram), or for a download the full map, checked against the format's limits before it is
/// generated. `held` is the map the request's view holds, for a demo whose map is read.
///
/// With the feature `keep` (the later chapters' module) the map behind a terrain stays in this
/// module (`kept::KEPT`), and a download of the same view and setup writes that map instead of
/// generating it again.
pub fn answer(request: &Request, held: Option<&Heightmap>) -> Body {
    let setup = &request.setup;
    let Some(download) = request.download else {
        return Body::Terrain(terrain_kept(request, held).map_err(|e| e.message));
    };
    if matches!(download, Download::Strokes | Download::Mask) {
        return Body::File(strokes_file(setup, download == Download::Mask));
    }
    if download == Download::Water {
        // The points the view shows, as the page sent them (holes not a number): routed by the
        // later chapters' module (`terrain-chapters`' routing.rs).
        let grid = request.grid.as_ref().filter(|(c, _)| *c > 0);
        let map = grid.and_then(|(c, h)| Heightmap::from_data(*c, h.len() / c, h.clone()).ok());
        return match map {
            Some(map) => Body::Map {
                download,
                map,
                asked: None,
                moved: None,
            },
            None => Body::File(Err("no points to route".into())),
        };
    }
    let (width, height) = crate::answer::read_size(setup, held);
    if let Err(error) = download.check_size(width, height) {
        return Body::File(Err(error.to_string()));
    }
    if matches!(download, Download::Splat | Download::Engine(_)) {
        // Made again with what its steps moved, measured as the command line measures them:
        // the splat's sand and scree are where the chain laid material down (an engine's zip
        // holds the splat too).
        return match setup.recipe.made_measured(held, setup.seed) {
            Ok((map, moved)) => Body::Map {
                download,
                map,
                asked: Some(Box::new(request.clone())),
                moved,
            },
            Err(error) => Body::File(Err(error.message)),
        };
    }
    let map = match map_kept(request, held) {
        Ok(map) => map,
        Err(error) => return Body::File(Err(error.message)),
    };
    match download {
        // Tiles: the encoders check the grid and the format, cut the map and write the sidecar
        // of what made it (so they get what was asked too); the realism report's legend draws
        // the layers with the recipe's material lines.
        Download::Tiles { .. } | Download::Engine(_) | Download::Realism => Body::Map {
            download,
            map,
            asked: Some(Box::new(request.clone())),
            moved: None,
        },
        // The map in a format, a derived map, the realism report, the flow and the rivers are
        // written, measured or routed from the full map by the encoders' module (routing is no
        // part of the worker's own module).
        Download::Map(_)
        | Download::Derived(_)
        | Download::Flow(_)
        | Download::Rivers
        | Download::Water
        | Download::Strokes
        | Download::Mask
        | Download::Splat => Body::Map {
            download,
            map,
            asked: None,
            moved: None,
        },
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
        runs: runs(ticket.view),
    }
}

/// The maps generated for `view` from scratch, where this module keeps count (feature `keep`);
/// each view's maps are made in one module, so where the count is 0 the reply says nothing.
#[cfg(target_arch = "wasm32")]
fn runs(view: usize) -> Option<u32> {
    #[cfg(feature = "keep")]
    return Some(KEPT.with_borrow(|kept| kept.runs(view))).filter(|&runs| runs > 0);
    #[cfg(not(feature = "keep"))]
    return {
        let _ = view;
        None
    };
}

/// The terrain for `request` (its answer), its map kept for a later file (feature `keep`).
fn terrain_kept(
    request: &Request,
    held: Option<&Heightmap>,
) -> Result<crate::answer::Answer, ParamError> {
    #[cfg(feature = "keep")]
    {
        let view = request.ticket.view;
        KEPT.with_borrow_mut(|kept| kept.generating(view));
        let (answer, map) = request.demo.answer_with_map(&request.setup, held)?;
        let from = fingerprint(held);
        KEPT.with_borrow_mut(|kept| kept.keep(view, request.setup.clone(), from, map));
        Ok(answer)
    }
    #[cfg(not(feature = "keep"))]
    request.demo.answer(&request.setup, held)
}

/// The full map for `request`'s file: the kept one when its view shows this setup (feature
/// `keep`), else generated.
fn map_kept(request: &Request, held: Option<&Heightmap>) -> Result<Heightmap, ParamError> {
    let setup = &request.setup;
    #[cfg(feature = "keep")]
    {
        let from = fingerprint(held);
        let view = request.ticket.view;
        if let Some(map) = KEPT.with_borrow(|kept| kept.find(view, setup, from).cloned()) {
            return Ok(map);
        }
        KEPT.with_borrow_mut(|kept| kept.generating(view));
    }
    setup.recipe.made_from(held, setup.seed)
}

/// The strokes file of `setup`'s painting: the strokes its chain's `paint` step holds, as
/// `--then paint --strokes` reads them (or, `mask`, a painted mask's strokes as
/// `--mask-strokes` reads them); refused where the recipe paints nothing of the kind or its
/// strokes do not read.
#[cfg(feature = "keep")]
fn strokes_file(setup: &crate::fields::Setup, mask: bool) -> Result<Vec<u8>, String> {
    let steps = setup.recipe.step_list();
    let drawn = steps.and_then(|steps| steps.drawn_step());
    let written = match (drawn, mask) {
        (Some(link), false) if link.row().drawn() => {
            terrain::chain::paint::strokes_file(link.drawn())
        }
        (Some(link), true) if link.paints_mask() => terrain::chain::mask::mask_file(link.drawn()),
        (_, false) => return Err("only a composed terrain with a paint step has strokes".into()),
        (_, true) => {
            return Err("only a composed terrain with a painted mask has its strokes".into())
        }
    };
    written.map(String::into_bytes).map_err(|e| e.message)
}

/// Without the chain's code (the worker's own module) there are no strokes to write.
#[cfg(not(feature = "keep"))]
fn strokes_file(_setup: &crate::fields::Setup, _mask: bool) -> Result<Vec<u8>, String> {
    Err("only a composed terrain with a paint step or a painted mask has strokes".into())
}

/// Whether `request` (from the read map `held`) would write a kept map rather than generate one.
#[cfg(feature = "keep")]
pub fn is_kept(request: &Request, held: Option<&Heightmap>) -> bool {
    let from = fingerprint(held);
    let (view, setup) = (request.ticket.view, &request.setup);
    KEPT.with_borrow(|kept| kept.find(view, setup, from).is_some())
}

/// Runs `work` (answering `ticket`'s request) with its progress posted to the page as it goes,
/// at most every [`PROGRESS_EVERY_MS`]: the bar under the demo, and word for the page's
/// watchdog that the worker is at work. Only in a worker (whose global scope posts to the page).
#[cfg(target_arch = "wasm32")]
pub fn reporting<T>(ticket: Ticket, work: impl FnOnce() -> T) -> T {
    let mut last = js_sys::Date::now();
    let watcher = move |share: f32| {
        let now = js_sys::Date::now();
        if now - last >= PROGRESS_EVERY_MS {
            last = now;
            post_progress(ticket, share);
        }
    };
    terrain::progress::watching(watcher, work)
}

/// Posts to the page that `share` of `ticket`'s request is done (from a worker; work that is not
/// one loop in the core, such as the GPU's rain, says so itself).
#[cfg(target_arch = "wasm32")]
pub fn post_progress(ticket: Ticket, share: f32) {
    let global = js_sys::global();
    let post = js_sys::Reflect::get(&global, &JsValue::from_str("postMessage"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(post) = post {
        let _ = post.call1(&global, &crate::protocol::progress_message(ticket, share));
    }
}

/// The least time between two progress messages, in milliseconds.
pub const PROGRESS_EVERY_MS: f64 = 150.0;
