//! The page end of the generator worker: [`Generator`] sends a [`Request`] to one worker shared
//! by every demo and hands each [`Reply`] back to the app; a stalled or crashed worker is
//! replaced ([`Watchdog`]).
//!
//! Exponent 12 (16.8 million points) or 100000 faults take longer than a page may stall, so every
//! generation happens in the worker, which runs modules of its own (`crates/terrain-worker` and,
//! for the later chapters, `crates/terrain-chapters`).
//! Where a worker cannot be created, every request is refused with a reason, and the refusal
//! still comes back later, through the same callback (from a microtask): callers have one path.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::{Array, Date};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Blob, BlobPropertyBag, ErrorEvent, MessageEvent, Url, Worker, WorkerOptions, WorkerType,
};

use super::protocol::{self, Body, Kind, Reply, Request, Ticket};
use crate::model::watchdog::{Watchdog, ANSWER_LIMIT_MS};

/// The file encoders' module (`crates/terrain-files`), which Trunk builds beside the page's
/// module under this name. The generator worker imports it the first time a file is asked for,
/// so the PNG and glTF writers are not part of the page's first download.
pub const FILES_MODULE: &str = "terrain-files.js";

/// The heightmap readers' module (`crates/terrain-readers`): imported by the generator worker the
/// first time a map file is read (the real land, "Your map"), so reading a PNG does not fetch
/// every writer.
pub const READERS_MODULE: &str = "terrain-readers.js";

/// The worker's own module (`crates/terrain-worker`): its mailbox and the quick chapters,
/// imported by the generator worker as soon as it starts.
pub const WORKER_MODULE: &str = "terrain-worker.js";

/// The later chapters' module (`crates/terrain-chapters`): fault lines, fBm, erosion and the
/// steps, imported by the generator worker the first time one of their demos asks (its section
/// has come near).
pub const CHAPTERS_MODULE: &str = "terrain-chapters.js";

/// A module the worker loads later, with its content hash (`terrain-files.js?v=HASH`), as the
/// build writes it into the page's `<meta name="terrain-files">` (`scripts/stamp-files.mjs`),
/// so a cached old copy is never paired with a new page; plain `module` where the page has no
/// such tag (the wasm tests' bare page).
fn stamped(module: &str) -> String {
    let name = module.trim_end_matches(".js");
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("meta[name=\"{name}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|meta| meta.get_attribute("content"))
        .filter(|content| content.starts_with(module))
        .unwrap_or_else(|| module.to_string())
}

/// Why a page without a generator worker cannot write files: the encoders load in the worker.
pub const NO_WORKER_FILES: &str =
    "downloads need the page's background worker, which this browser could not start";

/// Why a page without a generator worker shows no terrain: the generators are modules the worker
/// loads.
pub const NO_WORKER_TERRAINS: &str =
    "terrains are made by the page's background worker, which this browser could not start";

/// Why a page without a generator worker cannot show a map read from a file: the readers load
/// in the worker too.
pub const NO_WORKER_MAPS: &str =
    "reading a map file needs the page's background worker, which this browser could not start";

#[wasm_bindgen]
extern "C" {
    type ImportMeta;

    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;

    /// `import.meta` of the wasm-bindgen module: its `url` is what the worker imports.
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
}

/// Something went wrong with the worker itself rather than with one request.
pub enum Trouble {
    /// The worker could not start; every request is now refused, saying so.
    NoWorker(String),
    /// The worker stopped while generating (for example out of memory); it has been replaced,
    /// and every request it held is lost.
    Crashed(String),
}

type ReplyHandler = Rc<dyn Fn(Reply)>;
type TroubleHandler = Rc<dyn Fn(Trouble)>;
type ProgressHandler = Rc<dyn Fn((Ticket, f32))>;

/// The page end: one worker shared by every demo.
pub struct Generator {
    worker: RefCell<Option<Worker>>,
    on_reply: ReplyHandler,
    on_trouble: TroubleHandler,
    on_progress: ProgressHandler,
    /// What is waited for, to notice a worker that stopped answering.
    watchdog: RefCell<Watchdog>,
    /// This generator, for the watchdog's timers.
    me: RefCell<Weak<Generator>>,
    /// A watchdog timer is set (one at a time: it checks again when it finds activity).
    checking: std::cell::Cell<bool>,
}

impl Generator {
    /// Starts the worker. `on_reply` receives every answer; `on_trouble` hears when the worker
    /// could not start or stopped; `on_progress` how far a request has got.
    pub fn start(
        on_reply: impl Fn(Reply) + 'static,
        on_trouble: impl Fn(Trouble) + 'static,
        on_progress: impl Fn((Ticket, f32)) + 'static,
    ) -> Rc<Self> {
        let generator = Rc::new(Self {
            worker: RefCell::new(None),
            on_reply: Rc::new(on_reply),
            on_trouble: Rc::new(on_trouble),
            on_progress: Rc::new(on_progress),
            watchdog: RefCell::default(),
            me: RefCell::default(),
            checking: std::cell::Cell::new(false),
        });
        *generator.me.borrow_mut() = Rc::downgrade(&generator);
        if let Err(error) = Self::spawn(&generator) {
            (generator.on_trouble)(Trouble::NoWorker(describe(&error)));
        }
        generator
    }

    /// Creates a worker from [`super::worker_script`], wires its messages and errors, and
    /// sends it the modules' addresses.
    fn spawn(this: &Rc<Self>) -> Result<(), JsValue> {
        let parts = Array::of1(&JsValue::from_str(&super::worker_script()));
        let options = BlobPropertyBag::new();
        options.set_type("text/javascript");
        let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = Url::create_object_url_with_blob(&blob)?;
        let worker_options = WorkerOptions::new();
        worker_options.set_type(WorkerType::Module);
        worker_options.set_name("terrain generator");
        let worker = Worker::new_with_options(&url, &worker_options);
        // The worker has read its script once it runs; the URL is not needed after that.
        let _ = Url::revoke_object_url(&url);
        let worker = worker?;

        let weak = Rc::downgrade(this);
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(generator) = weak.upgrade() else {
                return;
            };
            let data = event.data();
            if let Some(progress) = protocol::progress(&data) {
                generator.watchdog.borrow_mut().heard(Date::now());
                (generator.on_progress)(progress);
            } else if protocol::alive(&data) {
                generator.watchdog.borrow_mut().heard(Date::now());
            } else if let Some(reply) = Reply::from_js(&data) {
                let file = matches!(reply.body, Body::File(_));
                let (view, token) = (reply.ticket.view, reply.ticket.token);
                let waiting =
                    generator
                        .watchdog
                        .borrow_mut()
                        .answered(view, file, token, Date::now());
                if let Some(armed) = waiting {
                    generator.arm(armed, ANSWER_LIMIT_MS);
                }
                (generator.on_reply)(reply);
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();

        let weak = Rc::downgrade(this);
        let on_error = Closure::<dyn Fn(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            let Some(generator) = weak.upgrade() else {
                return;
            };
            generator.stop();
            let message = event.message();
            match Self::spawn(&generator) {
                Ok(()) => (generator.on_trouble)(Trouble::Crashed(message)),
                Err(error) => (generator.on_trouble)(Trouble::NoWorker(describe(&error))),
            }
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();

        let glue = IMPORT_META.with(ImportMeta::url);
        let beside = |module| Url::new_with_base(&stamped(module), &glue).map(|url| url.href());
        let modules = protocol::Modules {
            worker: beside(WORKER_MODULE)?,
            files: beside(FILES_MODULE)?,
            readers: beside(READERS_MODULE)?,
            chapters: beside(CHAPTERS_MODULE)?,
        };
        let hello = protocol::hello(&modules);
        worker.post_message(&hello)?;
        *this.worker.borrow_mut() = Some(worker);
        Ok(())
    }

    /// Checks in `delay` milliseconds whether the worker said anything since activity `armed`;
    /// if not, while requests wait, it is replaced and what it held is reported lost.
    fn arm(&self, armed: u32, delay: i32) {
        if self.checking.replace(true) {
            // The timer already set checks again from the activity it finds.
            return;
        }
        let weak = self.me.borrow().clone();
        let check = Closure::once_into_js(move || {
            let Some(generator) = weak.upgrade() else {
                return;
            };
            generator.checking.set(false);
            if !generator.watchdog.borrow().stalled(armed) {
                // Heard from since: check again, while requests wait, from what was heard.
                let again = generator.watchdog.borrow().rearm(Date::now());
                if let Some((again, delay)) = again {
                    generator.arm(again, delay);
                }
                return;
            }
            generator.stop();
            let seconds = ANSWER_LIMIT_MS / 1000;
            match Self::spawn(&generator) {
                Ok(()) => (generator.on_trouble)(Trouble::Crashed(format!(
                    "the generator stopped answering for {seconds} s, so a fresh one was started"
                ))),
                Err(error) => (generator.on_trouble)(Trouble::NoWorker(describe(&error))),
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                check.unchecked_ref(),
                delay,
            );
        }
    }

    /// Stops the worker at once, whatever it is doing, and starts a fresh one (Cancel): every
    /// request it held is dropped, so the app sends again what it still wants. False where no
    /// fresh worker could start (every request is then refused, as `on_trouble` hears).
    pub fn restart(this: &Rc<Self>) -> bool {
        this.stop();
        match Self::spawn(this) {
            Ok(()) => true,
            Err(error) => {
                (this.on_trouble)(Trouble::NoWorker(describe(&error)));
                false
            }
        }
    }

    /// Stops the worker; nothing is waited for from it any more.
    fn stop(&self) {
        self.watchdog.borrow_mut().reset();
        if let Some(worker) = self.worker.borrow_mut().take() {
            worker.set_onmessage(None);
            worker.set_onerror(None);
            worker.terminate();
        }
    }

    /// Sends `request`; the reply comes later, through `on_reply`, made by the worker or,
    /// without one, here in a microtask.
    pub fn request(&self, request: Request) {
        let (ticket, file) = (request.ticket, request.kind() != Kind::Terrain);
        if let Some(worker) = self.worker.borrow().as_ref() {
            if worker.post_message(&request.to_js()).is_ok() {
                let armed =
                    self.watchdog
                        .borrow_mut()
                        .sent(ticket.view, file, ticket.token, Date::now());
                self.arm(armed, ANSWER_LIMIT_MS);
                return;
            }
        }
        let on_reply = Rc::clone(&self.on_reply);
        let answer = Closure::once_into_js(move || {
            // Without the worker there are no file encoders: a download is refused before
            // anything is generated.
            let body = if file {
                Body::File(Err(NO_WORKER_FILES.to_string()))
            } else if request.demo.held.is_some() {
                Body::Terrain(Err(NO_WORKER_MAPS.to_string()))
            } else {
                Body::Terrain(Err(NO_WORKER_TERRAINS.to_string()))
            };
            on_reply(Reply {
                ticket,
                body,
                memory: None,
                runs: None,
            });
        });
        // The closure runs once the current task is done, as a reply from the worker would.
        if let Some(window) = web_sys::window() {
            window.queue_microtask(answer.unchecked_ref());
        }
    }
}

fn describe(error: &JsValue) -> String {
    error
        .as_string()
        .or_else(|| {
            error
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| "unknown error".to_string())
}
