//! Every message between the page and the generator worker, in one place: the keys, and the
//! encoding and decoding of both directions.
//!
//! Messages are plain JS objects of strings, numbers and typed arrays, so the page needs no
//! serialisation library, and big arrays are moved, not copied. A request carries its setup as
//! the demo's share-link query (`exponent=9&spread=0.3`), read back by the same field parsers as
//! a link; a seed travels as decimal text, since a JS number cannot hold every 64-bit seed.
//! The page writes that text once; in the worker each module that needs the setup reads it once
//! and passes the same text on ([`Request::query`], [`Request::hand_on`]), never writing a
//! setup back to text.
//!
//! `worker.js` spells no key itself: the page starts the worker from `worker_script` (in the
//! page's `worker` module, beside worker.js), which
//! puts `const KEY = {…}` (every key of [`KEYS`]) and `const KIND = {…}` in front of it, and
//! worker.js writes `data[KEY.view]`. A native test checks that every `KEY.…` and `KIND.…`
//! worker.js names is defined here.

use js_sys::{Array, Float32Array, Object, Reflect, Uint8Array};
use terrain::chain::moved::Moved;
use terrain::downloads::Download;
use terrain::Heightmap;
use wasm_bindgen::{JsCast, JsValue};

use crate::answer::Answer;

#[cfg(feature = "handed")]
mod handed;
mod keys;
mod progress;
mod read;
mod request;

pub use keys::*;
pub use progress::{alive, progress, progress_message, runs};
pub use request::Request;

/// The view a reply goes to, and its token for the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ticket {
    /// Index of the view, in page order.
    pub view: usize,
    /// The view's token for this request; only the newest is shown.
    pub token: u32,
}

impl Ticket {
    /// Reads the ticket of a request or reply.
    pub fn from_js(message: &JsValue) -> Result<Self, String> {
        let number =
            |key: &str| whole(&get(message, key)).ok_or(format!("the message has no {key}"));
        Ok(Self {
            view: number(VIEW)? as usize,
            token: number(TOKEN)?,
        })
    }

    fn write(&self, message: &Object) {
        set(message, VIEW, &JsValue::from(self.view as u32));
        set(message, TOKEN, &JsValue::from(self.token));
    }
}

/// What a request asks for: its view's waiting terrain and waiting file are apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The points to show.
    Terrain,
    /// A file of the full map.
    File,
    /// The realism report of the full map (a "file" named `realism`): apart from the files, so
    /// opening the panel never drops a download on its way.
    Measure,
    /// The Water view's routing of the points it shows (a "file" named `water`), apart too.
    Water,
}

impl Kind {
    /// The kind of a request message, readable or not.
    pub fn of_request(message: &JsValue) -> Self {
        let download = get(message, DOWNLOAD);
        if download.is_undefined() {
            Kind::Terrain
        } else {
            match download.as_string().as_deref().and_then(Download::parse) {
                Some(Download::Realism) => Kind::Measure,
                Some(Download::Water) => Kind::Water,
                _ => Kind::File,
            }
        }
    }
}

/// What came back for one request.
#[derive(Debug)]
// One a reply, moved, not copied: a map's recipe (a composed one keeps room for five steps'
// settings) is not worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Body {
    /// The points to show, or why there are none.
    Terrain(Result<Answer, String>),
    /// The full map for a file, on its way in the worker from the generator to the file
    /// encoders (which turn it into [`Body::File`]); the page never receives it.
    Map {
        /// What to write of it.
        download: Download,
        /// The map at full resolution.
        map: Heightmap,
        /// For a file made from what was asked as well as from the map (a zip of tiles, whose
        /// sidecar says what made them): the request, its setup's text passed on as it came.
        asked: Option<Box<Request>>,
        /// For the splat: what the chain's erosion steps moved (its sand and scree).
        moved: Option<Moved>,
    },
    /// The file's bytes, or why there are none.
    File(Result<Vec<u8>, String>),
    /// A request whose demo's code is in the later chapters' module (fault lines, erosion:
    /// [`terrain::Recipe::linked`]), handed on to it in the worker with the map its view holds;
    /// the page never receives it.
    Later {
        /// The request, as the page sent it (its map file apart).
        request: Box<Request>,
        /// The map the request's view holds, for a demo whose map is read.
        held: Option<Heightmap>,
    },
}

impl Body {
    /// The failure of a request of `kind`, saying `why`: a terrain's, or a file's (a report is
    /// a file).
    pub fn failed(kind: Kind, why: String) -> Self {
        match kind {
            Kind::Terrain => Body::Terrain(Err(why)),
            Kind::File | Kind::Measure | Kind::Water => Body::File(Err(why)),
        }
    }
}

/// The one reply type, for every kind of request.
#[derive(Debug)]
pub struct Reply {
    /// The view that asked and its token.
    pub ticket: Ticket,
    /// What came back.
    pub body: Body,
    /// The worker's wasm memory in bytes when it answered (tests watch it stay flat).
    pub memory: Option<u32>,
    /// How many maps the worker has generated for the view from scratch (`data-runs`).
    pub runs: Option<u32>,
}

impl Reply {
    /// The message, and the buffers to move with it rather than copy.
    pub fn to_js(&self) -> (Object, Array) {
        let message = Object::new();
        let transfer = Array::new();
        self.ticket.write(&message);
        let floats = |key: &str, values: &[f32]| {
            let array = Float32Array::from(values);
            transfer.push(&array.buffer());
            set(&message, key, &array);
        };
        let kind = match &self.body {
            Body::Terrain(Ok(answer)) => {
                let grid = &answer.grid;
                floats(XS, &grid.xs);
                floats(ZS, &grid.zs);
                floats(HEIGHTS, &grid.heights);
                floats(BATCHES, &answer.batches);
                let pairs: Vec<f32> = answer
                    .variogram
                    .points
                    .iter()
                    .flat_map(|&(d, g)| [d, g])
                    .collect();
                floats(VARIOGRAM, &pairs);
                set(&message, SLOPE, &JsValue::from(answer.variogram.slope));
                set(&message, RELIEF, &JsValue::from(answer.relief));
                if let Some(scores) = &answer.creases {
                    floats(CREASES, scores);
                }
                if let Some(engine) = &answer.engine {
                    set(&message, ENGINE, &JsValue::from_str(engine.name()));
                    set(&message, SAID, &JsValue::from_str(&engine.said));
                }
                if !answer.notes.is_empty() {
                    set(&message, NOTES, &JsValue::from_str(&answer.notes));
                }
                for (key, bytes) in [(TRAILS, &answer.trails), (MASKS, &answer.masks)] {
                    if !bytes.is_empty() {
                        let array = Uint8Array::from(bytes.as_slice());
                        transfer.push(&array.buffer());
                        set(&message, key, &array);
                    }
                }
                KIND_TERRAIN
            }
            Body::Map {
                download,
                map,
                asked,
                moved,
            } => {
                set(&message, EXTENSION, &JsValue::from_str(&download.name()));
                if let Some((low, high)) = map.range_before_normalising() {
                    set(&message, LOW, &JsValue::from(low));
                    set(&message, HIGH, &JsValue::from(high));
                }
                if let Some(request) = asked {
                    request.write_setup(&message);
                }
                if let Some(moved) = moved {
                    floats(WEAR, &moved.wear);
                    floats(DEPOSIT, &moved.deposit);
                }
                set(&message, WIDTH, &JsValue::from(map.width() as u32));
                set(&message, HEIGHT, &JsValue::from(map.height() as u32));
                floats(HEIGHTS, map.data());
                KIND_MAP
            }
            Body::Later { request, held } => {
                request.write(&message);
                if let Some(map) = held {
                    set(&message, WIDTH, &JsValue::from(map.width() as u32));
                    set(&message, HEIGHT, &JsValue::from(map.height() as u32));
                    floats(HEIGHTS, map.data());
                }
                KIND_LATER
            }
            Body::File(Ok(bytes)) => {
                let array = Uint8Array::from(bytes.as_slice());
                transfer.push(&array.buffer());
                set(&message, FILE, &array);
                KIND_FILE
            }
            Body::Terrain(Err(error)) => {
                set(&message, ERROR, &JsValue::from_str(error));
                KIND_TERRAIN
            }
            Body::File(Err(error)) => {
                set(&message, ERROR, &JsValue::from_str(error));
                KIND_FILE
            }
        };
        set(&message, KIND, &JsValue::from_str(kind));
        for (key, number) in [(MEMORY, self.memory), (RUNS, self.runs)] {
            if let Some(number) = number {
                set(&message, key, &JsValue::from(number));
            }
        }
        (message, transfer)
    }

    /// Reads a message made by [`Reply::to_js`]; `None` for a message that is not a reply. A
    /// reply whose parts are damaged reads as a failure of its request.
    pub fn from_js(data: &JsValue) -> Option<Self> {
        let ticket = Ticket::from_js(data).ok()?;
        let kind = get(data, KIND).as_string()?;
        let error = get(data, ERROR).as_string();
        let body = match (kind.as_str(), error) {
            (KIND_TERRAIN, Some(error)) => Body::Terrain(Err(error)),
            (KIND_TERRAIN, None) => Body::Terrain(
                read::answer(data).ok_or_else(|| "the generator sent a malformed terrain".into()),
            ),
            (KIND_FILE, Some(error)) => Body::File(Err(error)),
            (KIND_FILE, None) => Body::File(
                get(data, FILE)
                    .dyn_ref::<Uint8Array>()
                    .map(Uint8Array::to_vec)
                    .ok_or_else(|| "the generator sent no file".to_string()),
            ),
            // Replies the worker's modules hand each other, never the page (feature `handed`).
            #[cfg(feature = "handed")]
            (KIND_LATER, _) => match Request::from_js(data) {
                Ok(request) => Body::Later {
                    request: Box::new(request),
                    held: handed::heights(data),
                },
                // A damaged message: refused as the worker's own module refuses one.
                Err(error) => Body::failed(
                    Kind::of_request(data),
                    format!("malformed request: {error}"),
                ),
            },
            #[cfg(feature = "handed")]
            (KIND_MAP, _) => match handed::map(data) {
                Some((download, map)) => Body::Map {
                    download,
                    map,
                    asked: Request::from_js(data).ok().map(Box::new),
                    moved: handed::moved(data),
                },
                None => Body::File(Err("the generator sent a malformed map".into())),
            },
            _ => return None,
        };
        Some(Self {
            ticket,
            body,
            memory: whole(&get(data, MEMORY)),
            runs: whole(&get(data, RUNS)),
        })
    }
}

/// The URLs of the modules the worker imports, each with its content hash.
pub struct Modules {
    /// The worker's own (`terrain-worker.js?v=HASH`): its mailbox and the quick chapters,
    /// imported as soon as it starts.
    pub worker: String,
    /// The file encoders' (`terrain-files.js?v=HASH`): the first download.
    pub files: String,
    /// The heightmap readers' (`terrain-readers.js?v=HASH`): the first map file read.
    pub readers: String,
    /// The later chapters' (`terrain-chapters.js?v=HASH`): the first of their demos.
    pub chapters: String,
}

/// The first message to a new worker: the URLs of the modules it imports.
pub fn hello(modules: &Modules) -> Object {
    let hello = Object::new();
    set(&hello, WORKER, &JsValue::from_str(&modules.worker));
    set(&hello, FILES, &JsValue::from_str(&modules.files));
    set(&hello, READERS, &JsValue::from_str(&modules.readers));
    set(&hello, CHAPTERS, &JsValue::from_str(&modules.chapters));
    hello
}

/// A map read from a file, as the readers hand it to the worker (`worker.js`, which passes it on
/// to `hold`): `[width, height, Float32Array]`.
pub fn map_read(map: &Heightmap) -> Array {
    Array::of3(
        &(map.width() as u32).into(),
        &(map.height() as u32).into(),
        &Float32Array::from(map.data()),
    )
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn set(object: &Object, key: &str, value: &JsValue) {
    // Setting a property on a plain object made here does not fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

/// A whole number from 0 to `u32::MAX`.
fn whole(value: &JsValue) -> Option<u32> {
    value
        .as_f64()
        .filter(|x| x.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(x))
        .map(|x| x as u32)
}

fn floats(value: &JsValue) -> Option<Vec<f32>> {
    value.dyn_ref::<Float32Array>().map(Float32Array::to_vec)
}
