//! Starting the page: [`mount_all`] builds every demo, one per task so loading never blocks
//! the page for long, restores a share link's demo and a pinned `?seed=`, wires the events, and
//! hands the demos to the app; each then starts as it comes into view.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, NodeList};

use super::app::{fresh_seed, App, Message};
use super::queue::Scheduler;
use super::view::DemoView;
use super::widget;
use super::wiring::{start_when_near, weak_sender, wire_page, wire_view};
use crate::gpu::renderer::Renderer;
use crate::model::demos;
use crate::model::fields::sentences;
use crate::model::links;
use crate::worker::client::Generator;

/// The page address's query and fragment.
fn address() -> (String, String) {
    let location = web_sys::window().map(|w| w.location());
    let part = |f: fn(&web_sys::Location) -> Result<String, JsValue>| {
        location
            .as_ref()
            .and_then(|l| f(l).ok())
            .unwrap_or_default()
    };
    (
        part(web_sys::Location::search),
        part(web_sys::Location::hash),
    )
}

/// The value of a link, percent-decoded as the browser encoded it.
fn decode(text: &str) -> String {
    js_sys::decode_uri_component(text)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| text.to_string())
}

/// Where the page cannot even make a canvas to draw with, it still reads well: every demo says
/// why it is missing.
fn explain_missing(sections: &NodeList, message: &str) {
    for i in 0..sections.length() {
        if let Some(section) = sections.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            section.set_text_content(Some(message));
        }
    }
}

/// Whether this is the embed page (`embed.html`, whose body has `data-embed`).
fn is_embed_page(document: &Document) -> bool {
    document
        .body()
        .is_some_and(|body| body.has_attribute("data-embed"))
}

/// On the embed page (`<body data-embed>`, `embed.html#ID?FIELDS`), names its one section's
/// demo after the address's fragment and points its link to the full page at the same fragment.
/// Returns false, with a message in the section, when the fragment names no demo; true on the
/// full page.
pub fn prepare_embed(document: &Document) -> Result<bool, JsValue> {
    if !is_embed_page(document) {
        return Ok(true);
    }
    let Some(section) = document.query_selector("section[data-demo]")? else {
        return Ok(false);
    };
    let (_, fragment) = address();
    let Some(linked) = links::parse_fragment(&fragment) else {
        section.set_text_content(Some(
            "This page shows one demo named after # in its address, for example \
             embed.html#ds-final.",
        ));
        return Ok(false);
    };
    section.set_attribute("data-demo", linked.demo.id)?;
    if let Some(full) = document.query_selector(".full-page a")? {
        full.set_attribute("href", &format!("./{fragment}"))?;
    }
    document.set_title(&format!("{} · Terrain generation, live", linked.demo.id));
    Ok(true)
}

/// Mounts the widget on every `section[data-demo]` of the page and asks for each demo's first
/// terrain.
pub fn mount_all(document: &Document, sections: &NodeList) -> Result<(), JsValue> {
    let renderer = match Renderer::new(document) {
        Ok(renderer) => renderer,
        Err(message) => {
            explain_missing(sections, &message);
            return Ok(());
        }
    };
    let scheduler = Scheduler::new();
    let generator = Generator::start(
        weak_sender(&scheduler, |reply| Message::Reply(Box::new(reply))),
        weak_sender(&scheduler, Message::Trouble),
        weak_sender(&scheduler, |(ticket, share)| {
            Message::Progress(ticket, share)
        }),
    );
    let (query, fragment) = address();
    let (pinned_seed, seed_notice) = match links::seed_from_query(&query) {
        Some(Ok(seed)) => (Some(seed), None),
        Some(Err(error)) => (
            None,
            Some(format!(
                "The page address's seed was not allowed: {} A random seed is used instead.",
                sentences(&[error])
            )),
        ),
        None => (None, None),
    };
    let mount = Mount {
        document: document.clone(),
        sections: (0..sections.length())
            .filter_map(|i| sections.item(i).and_then(|n| n.dyn_into::<Element>().ok()))
            .collect(),
        next: 0,
        pinned_seed,
        seed_notice,
        linked: links::parse_fragment(&fragment),
        scroll_to: None,
        views: Vec::new(),
        scheduler,
        renderer,
        generator,
    };
    mount.build_later();
    Ok(())
}

/// The demos being mounted, one per task so that loading the page never blocks it for long:
/// each [`Mount::build_next`] builds and wires one demo and hands the rest to a new task; after
/// the last, the app starts and the demos wait to come into view.
struct Mount {
    document: Document,
    sections: Vec<Element>,
    /// The next section to build.
    next: usize,
    pinned_seed: Option<u64>,
    seed_notice: Option<String>,
    linked: Option<links::Linked>,
    scroll_to: Option<Element>,
    views: Vec<DemoView>,
    scheduler: Rc<Scheduler>,
    renderer: Renderer,
    generator: Rc<Generator>,
}

impl Mount {
    /// Builds the next demo in a task of its own.
    fn build_later(self) {
        let callback = Closure::once_into_js(move || self.build_next());
        if let Some(window) = web_sys::window() {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 0);
        }
    }

    /// Builds the next demo, then yields to the browser before the one after (or finishes).
    fn build_next(mut self) {
        if let Err(error) = self.build_one() {
            web_sys::console::error_1(&error);
        }
        if self.next < self.sections.len() {
            self.build_later();
        } else if let Err(error) = self.finish() {
            web_sys::console::error_1(&error);
        }
    }

    /// Builds and wires section `next`'s demo (skipping a section that names no demo).
    fn build_one(&mut self) -> Result<(), JsValue> {
        let Some(section) = self.sections.get(self.next).cloned() else {
            return Ok(());
        };
        self.next += 1;
        let id = section.get_attribute("data-demo").unwrap_or_default();
        let Some(demo) = demos::find(&id) else {
            web_sys::console::warn_1(&format!("no demo called {id:?}").into());
            return Ok(());
        };
        let mut setup = demo.setup(self.pinned_seed.unwrap_or_else(fresh_seed));
        let mut notice = self.seed_notice.clone();
        if let Some(link) = self.linked.as_ref().filter(|l| l.demo.id == demo.id) {
            let values: Vec<(String, String)> = link
                .values
                .iter()
                .map(|(n, v)| (n.clone(), decode(v)))
                .collect();
            let (restored, errors) = links::restore(demo, &values, setup.seed);
            setup = restored;
            if !errors.is_empty() {
                notice = Some(format!(
                    "This link's value was not allowed: {} The demo starts at its defaults.",
                    sentences(&errors)
                ));
            }
            self.scroll_to = Some(section.clone());
        }
        let elements = widget::build(&self.document, section, demo, &setup)?;
        let mut view = DemoView::new(demo, elements);
        if let Some(link) = self.linked.as_ref().filter(|l| l.demo.id == demo.id) {
            let values = link.values.iter().map(|(n, v)| (n.clone(), decode(v)));
            let values: Vec<(String, String)> = values.collect();
            if let Some(strokes) = links::strokes(&values) {
                view.hold_strokes(strokes);
            }
        }
        view.set_notice(notice);
        wire_view(&self.scheduler, &view, self.views.len())?;
        self.views.push(view);
        Ok(())
    }

    /// Every demo is built: starts the app and watches for demos coming into view.
    fn finish(self) -> Result<(), JsValue> {
        wire_page(&self.scheduler, &self.renderer)?;
        let shown: Vec<Element> = self
            .views
            .iter()
            .map(|v| v.elements().section.clone())
            .collect();
        self.scheduler
            .start(App::new(self.renderer, self.generator, self.views));
        start_when_near(&self.scheduler, shown)?;
        // An embedded demo fills its frame already; scrolling it into view would scroll the
        // page around the frame too.
        let embedded = is_embed_page(&self.document);
        if let Some(section) = self.scroll_to.filter(|_| !embedded) {
            section.scroll_into_view();
        }
        Ok(())
    }
}
