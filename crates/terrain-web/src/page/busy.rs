//! The box over a demo's canvas while its work takes a while: a `<progress>` bar (how far the
//! worker has got, when it says), what is being made and about how long is left (at first
//! "Generating…"; `terrain_model::pace`), and Cancel
//! (`data-action="cancel"`). The style sheet shows it only after half a second of work, so a quick
//! terrain never flashes it; the canvas keeps its last picture under it.

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

use super::dom::element;

/// The busy box's parts.
pub struct Busy {
    /// The `<div class="busy">` over the canvas.
    pub container: Element,
    /// The `<progress>`: indeterminate until the worker says how far it has got.
    bar: Element,
    /// The words beside it.
    note: Element,
    /// `data-action="cancel"`.
    pub cancel: Element,
}

impl Busy {
    /// Builds the box (hidden by the style sheet until the section is busy), from one piece of
    /// markup: the same for every demo, and less code in the page's first load than building it
    /// element by element.
    pub fn new(document: &Document) -> Result<Self, JsValue> {
        let container = element(document, "div", &[("class", "busy")])?;
        container.set_inner_html(
            "<progress max=\"1000\" aria-label=\"How far the work has got\"></progress>\
             <span class=\"busy-note\">Generating…</span>\
             <button type=\"button\" data-action=\"cancel\" aria-label=\"Cancel: stop this \
             work and keep the terrain shown\" title=\"Cancel: stop this work and keep the \
             terrain shown\">Cancel</button>",
        );
        let part = |at: u32| container.children().item(at).ok_or("no busy part");
        Ok(Self {
            bar: part(0)?,
            note: part(1)?,
            cancel: part(2)?,
            container,
        })
    }

    /// Shows `share` (0 to 1) of the work done on the bar (in thousandths, its `max`), and
    /// `note` beside it.
    pub fn show(&self, share: f32, note: &str) {
        let thousandths = JsValue::from((share.clamp(0.0, 1.0) * 1000.0).floor());
        let _ = js_sys::Reflect::set(&self.bar, &JsValue::from_str("value"), &thousandths);
        self.note.set_text_content(Some(note));
    }

    /// Back to no share known (the bar moving to and fro), for the next piece of work.
    pub fn reset(&self) {
        let _ = self.bar.remove_attribute("value");
        self.note.set_text_content(Some("Generating…"));
    }
}
