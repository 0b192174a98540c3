//! A request from the page to the worker, and its message.

use js_sys::{Array, Float32Array, Object, Reflect};
use terrain::downloads::Download;
use terrain::Heightmap;
use wasm_bindgen::JsValue;

use super::{
    floats, get, set, whole, Kind, Ticket, DEMO, DOWNLOAD, HEIGHT, HEIGHTS, KIND, KIND_LATER, SEED,
    SETUP, SOURCE, WIDTH,
};
use crate::demos::{self, Demo};
use crate::fields::Setup;
use crate::links;

/// A request from the page to the worker.
#[derive(Debug, Clone)]
pub struct Request {
    /// Where the reply goes.
    pub ticket: Ticket,
    /// The demo: which fields the setup has, and how the terrain is shown.
    pub demo: &'static Demo,
    /// What to generate.
    pub setup: Setup,
    /// For a download, what is downloaded (a map in a format, a derived map, the flow, tiles,
    /// the realism report): the reply is then the full map, written by the file encoders byte
    /// for byte as `terrain` writes it, instead of the shown points.
    pub download: Option<Download>,
    /// For a demo whose map is read: a new map file (a `File`, or a URL as a string), which
    /// `worker.js` reads and the worker holds for this view before answering; `None` keeps the
    /// map it holds. Only the page sends it; the worker's Rust end never reads it.
    pub source: Option<wasm_bindgen::JsValue>,
    /// For the Water view's routing ([`Download::Water`]): the shown points to route, as the
    /// number of columns and the heights row by row (not a number: a hole).
    pub grid: Option<(usize, Vec<f32>)>,
    /// The setup as the page wrote it (its share link's query, strokes and all), kept as it
    /// came by the worker's modules that read it: each reads it once and passes these very
    /// bytes on, never writing the setup back to text. `None` on the page, which writes it.
    pub query: Option<String>,
}

impl Request {
    /// Terrain or file.
    pub fn kind(&self) -> Kind {
        match self.download {
            Some(Download::Realism) => Kind::Measure,
            Some(Download::Water) => Kind::Water,
            Some(_) => Kind::File,
            None => Kind::Terrain,
        }
    }

    /// The message: `{view, token, demo, setup, seed, download}`; `download` is left out for a
    /// terrain.
    pub fn to_js(&self) -> JsValue {
        let message = Object::new();
        self.write(&message);
        message.into()
    }

    /// Writes the request's keys into `message`.
    pub(super) fn write(&self, message: &Object) {
        self.ticket.write(message);
        self.write_setup(message);
        if let Some(download) = &self.download {
            set(message, DOWNLOAD, &JsValue::from_str(&download.name()));
        }
        if let Some(source) = &self.source {
            set(message, SOURCE, source);
        }
        if let Some((columns, heights)) = &self.grid {
            set(message, WIDTH, &JsValue::from(*columns as u32));
            set(message, HEIGHTS, &Float32Array::from(heights.as_slice()));
        }
    }

    /// Writes what was asked into `message`: the demo, the setup's text (as it came, where it
    /// came in a message) and the seed.
    pub(super) fn write_setup(&self, message: &Object) {
        set(message, DEMO, &JsValue::from_str(self.demo.id));
        let query = match &self.query {
            Some(query) => query.clone(),
            None => links::query_with_strokes(self.demo, &self.setup),
        };
        set(message, SETUP, &JsValue::from_str(&query));
        set(
            message,
            SEED,
            &JsValue::from_str(&self.setup.seed.to_string()),
        );
    }

    /// Whether the later chapters' module answers it rather than the worker's own: its
    /// recipe's code is not linked in this module ([`terrain::Recipe::linked`]: fault lines,
    /// erosion, a held map with droplets on it), or it asks for the Water view's routing.
    pub fn answered_later(&self) -> bool {
        self.download == Some(Download::Water) || !self.setup.recipe.linked()
    }

    /// The request `message`, as the page sent it, handed on to the later chapters' module
    /// (a reply of kind `later`, read back as [`super::Body::Later`]) with `held`, the map its
    /// view holds: `[message, transfer]`. Its keys are passed on as they came, the setup's
    /// text included; the map file the page sent is left out (`held` is what was read
    /// from it).
    pub fn hand_on(message: &JsValue, held: Option<&Heightmap>) -> Array {
        let onward = Object::assign(&Object::new(), &Object::from(message.clone()));
        let _ = Reflect::delete_property(&onward, &JsValue::from_str(SOURCE));
        set(&onward, KIND, &JsValue::from_str(KIND_LATER));
        let transfer = Array::new();
        if let Some(map) = held {
            let heights = Float32Array::from(map.data());
            transfer.push(&heights.buffer());
            set(&onward, WIDTH, &JsValue::from(map.width() as u32));
            set(&onward, HEIGHT, &JsValue::from(map.height() as u32));
            set(&onward, HEIGHTS, &heights);
        }
        Array::of2(&onward, &transfer)
    }

    /// Reads a message made by [`Request::to_js`], or says what is wrong with it.
    pub fn from_js(message: &JsValue) -> Result<Self, String> {
        let text = |key: &str| {
            get(message, key)
                .as_string()
                .ok_or_else(|| format!("the request has no {key}"))
        };
        let id = text(DEMO)?;
        let demo = demos::find(&id).ok_or_else(|| format!("no demo called {id:?}"))?;
        let seed = terrain::knobs::SEED
            .parse_whole(&text(SEED)?)
            .map_err(|e| e.message)?;
        let query = text(SETUP)?;
        let setup = links::setup_from_query(demo, &query, seed).map_err(|errors| {
            let messages: Vec<String> = errors.into_iter().map(|e| e.message).collect();
            messages.join("; ")
        })?;
        Ok(Self {
            ticket: Ticket::from_js(message).map_err(|e| e.replace("message", "request"))?,
            demo,
            setup,
            download: match get(message, DOWNLOAD).as_string() {
                Some(name) => Some(
                    Download::parse(&name).ok_or_else(|| format!("no download called {name:?}"))?,
                ),
                None => None,
            },
            source: None,
            grid: whole(&get(message, WIDTH))
                .zip(floats(&get(message, HEIGHTS)))
                .map(|(columns, heights)| (columns as usize, heights)),
            query: Some(query),
        })
    }
}
