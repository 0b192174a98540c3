//! Generating terrains off the page's main thread.
//!
//! Exponent 12 (16.8 million points) or 100000 faults take longer than a page may stall, so the
//! page hands every generation to one Web Worker running this same wasm module. Both ends of that
//! conversation live here:
//!
//! - the page end, [`Generator`], sends a [`Request`] and routes each reply back to its view; a
//!   view only takes the reply to its newest request (the token);
//! - the worker end, [`answer_request`], runs the request's recipe and replies with the shown
//!   points only (an [`Answer`]: a display grid of at most 257 x 257, fault batches, the
//!   variogram), moved rather than copied.
//!
//! The worker's start-up script is `worker.js`; the page sends it the wasm-bindgen module's URL
//! and the already compiled `WebAssembly.Module`, so nothing is fetched or compiled twice.
//! Where a worker cannot be created, the page generates in place instead, and the answer still
//! comes back later, through the same callback (from a microtask): callers have one path. (Files
//! are then refused with a reason: the file encoders are a module the worker loads.)

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use js_sys::{Array, Float32Array, Object, Reflect};
use terrain::mesh::DisplayGrid;
use terrain::variogram::Variogram;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Blob, BlobPropertyBag, ErrorEvent, MessageEvent, Url, Worker, WorkerOptions, WorkerType,
};

use terrain::export;
use terrain::params;
use terrain::Heightmap;

use crate::demos::{self, Answer, Demo};
use crate::fields::Setup;
use crate::links;
use crate::watchdog::{Watchdog, ANSWER_LIMIT_MS};

/// The worker's start-up script.
const BOOTSTRAP: &str = include_str!("worker.js");

/// A request from the page to the worker. It travels as a plain object of strings and numbers
/// (see [`Request::to_js`]): the setup as the demo's share-link query, read back by the same
/// field parsers, so the page needs no serialisation library.
#[derive(Debug)]
pub struct Request {
    /// Index of the view that asks; the reply carries it back.
    pub view: u32,
    /// The view's token for this request; the reply carries it back.
    pub token: u32,
    /// The demo: says how the terrain is shown (its look) and which fields the setup has.
    pub demo: &'static Demo,
    /// What to generate.
    pub setup: Setup,
    /// When set, the reply is the full map written in the format with this extension (`png`,
    /// `r16`, `r32`, `glb`), byte for byte what `terrain` writes, instead of the shown points.
    pub download: Option<String>,
}

impl Request {
    /// The message: `{view, token, demo, setup, seed, download}`, where `setup` is the demo's
    /// fields as a share link's query (`exponent=9&spread=0.3`) and `seed` is decimal text (a
    /// JS number cannot hold every 64-bit seed). `download` is left out for a terrain.
    pub fn to_js(&self) -> JsValue {
        let demo = self.demo;
        let message = Object::new();
        set(&message, VIEW, &JsValue::from(self.view));
        set(&message, TOKEN, &JsValue::from(self.token));
        set(&message, DEMO, &JsValue::from_str(demo.id));
        set(
            &message,
            SETUP,
            &JsValue::from_str(&links::query(demo, &self.setup)),
        );
        set(
            &message,
            SEED,
            &JsValue::from_str(&self.setup.seed.to_string()),
        );
        if let Some(extension) = &self.download {
            set(&message, DOWNLOAD, &JsValue::from_str(extension));
        }
        message.into()
    }

    /// Reads a message made by [`Request::to_js`], or says what is wrong with it.
    pub fn from_js(message: &JsValue) -> Result<Self, String> {
        let text = |key: &str| {
            get(message, key)
                .as_string()
                .ok_or_else(|| format!("the request has no {key}"))
        };
        let number = |key: &str| {
            index(&get(message, key)).ok_or_else(|| format!("the request has no {key}"))
        };
        let id = text(DEMO)?;
        let demo = demos::find(&id).ok_or_else(|| format!("no demo called {id:?}"))?;
        let seed = params::parse_seed(&text(SEED)?).map_err(|e| e.message)?;
        let setup = links::setup_from_query(demo, &text(SETUP)?, seed).map_err(|errors| {
            let messages: Vec<String> = errors.into_iter().map(|e| e.message).collect();
            messages.join("; ")
        })?;
        Ok(Self {
            view: number(VIEW)?,
            token: number(TOKEN)?,
            demo,
            setup,
            download: get(message, DOWNLOAD).as_string(),
        })
    }

    /// Makes what was asked for: the terrain's shown points, or the full map to write as a file.
    pub(crate) fn answer(&self) -> Made {
        match &self.download {
            Some(extension) => Made::Map(self.map(extension)),
            None => Made::Terrain(self.terrain()),
        }
    }

    /// The terrain's shown points (and fault batches and variogram), or why there are none.
    fn terrain(&self) -> Result<Answer, String> {
        self.demo.answer(&self.setup).map_err(|e| e.message)
    }

    /// The full map for a file in the format with `extension`, checked against the format's
    /// limits before it is generated. The worker hands it to the file encoders
    /// ([`FILES_MODULE`]), which write it as `terrain` does.
    fn map(&self, extension: &str) -> Result<(String, Heightmap), String> {
        let (width, height) = self.setup.recipe.size();
        export::map_format(extension, width, height)?;
        let map = self
            .setup
            .recipe
            .generate(self.setup.seed)
            .map_err(|e| e.message)?;
        Ok((extension.to_string(), map))
    }
}

/// The file encoders' module (`crates/terrain-files`), which Trunk builds beside the page's
/// module under this name. The generator worker imports it the first time a file is asked for,
/// so the PNG and glTF writers are not part of the page's first download.
pub const FILES_MODULE: &str = "terrain-files.js";

/// The encoders' module with its content hash (`terrain-files.js?v=HASH`), as the build writes
/// it into the page's `<meta name="terrain-files">` (`scripts/stamp-files.mjs`), so a cached old
/// copy is never paired with a new page; plain [`FILES_MODULE`] where the page has no such tag
/// (the wasm tests' bare page).
fn files_module() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector("meta[name=\"terrain-files\"]")
                .ok()
                .flatten()
        })
        .and_then(|meta| meta.get_attribute("content"))
        .filter(|content| content.starts_with(FILES_MODULE))
        .unwrap_or_else(|| FILES_MODULE.to_string())
}

/// Why a page without a generator worker cannot write files: the encoders load in the worker.
pub const NO_WORKER_FILES: &str =
    "downloads need the page's background worker, which this browser could not start";

// Field names of the requests and replies.
pub(crate) const VIEW: &str = "view";
pub(crate) const DEMO: &str = "demo";
pub(crate) const SETUP: &str = "setup";
pub(crate) const SEED: &str = "seed";
pub(crate) const DOWNLOAD: &str = "download";
pub(crate) const TOKEN: &str = "token";
pub(crate) const XS: &str = "xs";
pub(crate) const ZS: &str = "zs";
pub(crate) const HEIGHTS: &str = "heights";
pub(crate) const BATCHES: &str = "batches";
pub(crate) const VARIOGRAM: &str = "variogram";
pub(crate) const SLOPE: &str = "slope";
pub(crate) const FILE: &str = "file";
pub(crate) const MAP: &str = "map";
pub(crate) const KIND: &str = "kind";
pub(crate) const ERROR: &str = "error";
pub(crate) const FATAL: &str = "fatal";
pub(crate) const MEMORY: &str = "memory";

#[wasm_bindgen]
extern "C" {
    type ImportMeta;

    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;

    /// `import.meta` of the wasm-bindgen module: its `url` is what the worker imports.
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
}

/// What a request brought back.
pub enum Payload {
    /// The points to show, or why there are none.
    Terrain(Result<Answer, String>),
    /// The file's bytes, or why there are none.
    File(Result<Vec<u8>, String>),
}

/// What [`Request::answer`] makes, in the worker.
pub enum Made {
    /// The points to show, or why there are none.
    Terrain(Result<Answer, String>),
    /// The full map for a file, with the format's extension, for the file encoders to write; or
    /// why there is none.
    Map(Result<(String, Heightmap), String>),
}

/// What became of one request.
pub struct Reply {
    /// Index of the view that asked.
    pub view: usize,
    /// The token the view sent with the request.
    pub token: u32,
    /// What came back.
    pub payload: Payload,
}

/// Something went wrong with the worker itself rather than with one request.
pub enum Trouble {
    /// The worker could not start; the page now generates in place.
    NoWorker(String),
    /// The worker stopped while generating (for example out of memory); it has been replaced,
    /// and every request it held is lost.
    Crashed(String),
}

type ReplyHandler = Rc<dyn Fn(Reply)>;
type TroubleHandler = Rc<dyn Fn(Trouble)>;

/// The page end: one worker shared by every demo.
pub struct Generator {
    worker: RefCell<Option<Worker>>,
    on_reply: ReplyHandler,
    on_trouble: TroubleHandler,
    /// What is waited for, to notice a worker that stopped answering.
    watchdog: RefCell<Watchdog>,
    /// This generator, for the watchdog's timers.
    me: RefCell<Weak<Generator>>,
}

pub(crate) fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

pub(crate) fn set(object: &Object, key: &str, value: &JsValue) {
    // Setting a property on a plain object made here does not fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

fn index(value: &JsValue) -> Option<u32> {
    value
        .as_f64()
        .filter(|x| x.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(x))
        .map(|x| x as u32)
}

fn floats(value: &JsValue) -> Option<Vec<f32>> {
    value.dyn_ref::<Float32Array>().map(Float32Array::to_vec)
}

/// Reads a reply message; `None` for a message that is not a reply.
fn read_reply(data: &JsValue) -> Option<Reply> {
    let view = index(&get(data, VIEW))? as usize;
    let token = index(&get(data, TOKEN))?;
    let error = get(data, ERROR).as_string();
    let payload = if get(data, KIND).as_string().as_deref() == Some(FILE) {
        Payload::File(match error {
            Some(message) => Err(message),
            None => get(data, FILE)
                .dyn_ref::<js_sys::Uint8Array>()
                .map(js_sys::Uint8Array::to_vec)
                .ok_or_else(|| "the generator sent no file".to_string()),
        })
    } else {
        Payload::Terrain(match error {
            Some(message) => Err(message),
            None => read_answer(data)
                .ok_or_else(|| "the generator sent a malformed terrain".to_string()),
        })
    };
    Some(Reply {
        view,
        token,
        payload,
    })
}

/// The answer in a reply message; `None` when a part is missing or malformed.
fn read_answer(data: &JsValue) -> Option<Answer> {
    let grid = DisplayGrid::from_parts(
        floats(&get(data, XS))?,
        floats(&get(data, ZS))?,
        floats(&get(data, HEIGHTS))?,
    )?;
    let pairs = floats(&get(data, VARIOGRAM))?;
    let variogram = Variogram {
        points: pairs.chunks_exact(2).map(|p| (p[0], p[1])).collect(),
        slope: get(data, SLOPE).as_f64()? as f32,
    };
    Some(Answer {
        grid,
        batches: floats(&get(data, BATCHES))?,
        variogram,
    })
}

impl Generator {
    /// Starts the worker. `on_reply` receives every answer; `on_trouble` hears when the worker
    /// could not start or stopped.
    pub fn start(
        on_reply: impl Fn(Reply) + 'static,
        on_trouble: impl Fn(Trouble) + 'static,
    ) -> Rc<Self> {
        let generator = Rc::new(Self {
            worker: RefCell::new(None),
            on_reply: Rc::new(on_reply),
            on_trouble: Rc::new(on_trouble),
            watchdog: RefCell::default(),
            me: RefCell::default(),
        });
        *generator.me.borrow_mut() = Rc::downgrade(&generator);
        if let Err(error) = Self::spawn(&generator) {
            (generator.on_trouble)(Trouble::NoWorker(describe(&error)));
        }
        generator
    }

    /// Creates a worker from [`BOOTSTRAP`], wires its messages and errors, and sends it the module.
    fn spawn(this: &Rc<Self>) -> Result<(), JsValue> {
        let parts = Array::of1(&JsValue::from_str(BOOTSTRAP));
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
            if let Some(message) = get(&data, FATAL).as_string() {
                generator.stop();
                (generator.on_trouble)(Trouble::NoWorker(message));
            } else if let Some(reply) = read_reply(&data) {
                let file = matches!(reply.payload, Payload::File(_));
                let waiting =
                    generator
                        .watchdog
                        .borrow_mut()
                        .answered(reply.view, file, reply.token);
                if let Some(armed) = waiting {
                    generator.arm(armed);
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

        let hello = Object::new();
        let glue = IMPORT_META.with(ImportMeta::url);
        set(&hello, "glue", &JsValue::from_str(&glue));
        set(&hello, "module", &wasm_bindgen::module());
        set(
            &hello,
            "files",
            &JsValue::from_str(&Url::new_with_base(&files_module(), &glue)?.href()),
        );
        worker.post_message(&hello)?;
        *this.worker.borrow_mut() = Some(worker);
        Ok(())
    }

    /// Checks in [`ANSWER_LIMIT_MS`] whether the worker said anything since activity `armed`;
    /// if not, while requests wait, it is replaced and what it held is reported lost.
    fn arm(&self, armed: u32) {
        let weak = self.me.borrow().clone();
        let check = Closure::once_into_js(move || {
            let Some(generator) = weak.upgrade() else {
                return;
            };
            if !generator.watchdog.borrow().stalled(armed) {
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
                ANSWER_LIMIT_MS,
            );
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

    /// Asks for view `view`'s terrain (or, with `download`, its file in that format); the answer
    /// comes later, through `on_reply`, made by the worker or, without one, here in a microtask.
    pub fn request(
        &self,
        (view, token): (usize, u32),
        demo: &'static Demo,
        setup: &Setup,
        download: Option<&str>,
    ) {
        let request = Request {
            view: view as u32,
            token,
            demo,
            setup: *setup,
            download: download.map(str::to_string),
        };
        if let Some(worker) = self.worker.borrow().as_ref() {
            if worker.post_message(&request.to_js()).is_ok() {
                let armed = self
                    .watchdog
                    .borrow_mut()
                    .sent(view, download.is_some(), token);
                self.arm(armed);
                return;
            }
        }
        let on_reply = Rc::clone(&self.on_reply);
        let answer = Closure::once_into_js(move || {
            // Without the worker there are no file encoders: a download is refused before
            // anything is generated.
            let payload = match request.download {
                Some(_) => Payload::File(Err(NO_WORKER_FILES.to_string())),
                None => Payload::Terrain(request.terrain()),
            };
            on_reply(Reply {
                view,
                token,
                payload,
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
