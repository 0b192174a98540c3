//! The box over a demo's canvas while its work takes a while: a `<progress>` bar (how far the
//! worker has got, when it says), a line saying what is made, and Cancel
//! (`data-action="cancel"`). The style sheet shows it only after half a second of work, so a quick
//! terrain never flashes it; the canvas keeps its last picture under it.

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

use super::dom::{append, button, element};

/// The busy box's parts.
pub struct Busy {
    /// The `<div class="busy">` over the canvas.
    pub container: Element,
    /// The `<progress>`: indeterminate until the worker says how far it has got.
    bar: Element,
    /// "Generating… 42 %".
    note: Element,
    /// `data-action="cancel"`.
    pub cancel: Element,
}

/// What the note says before any share is known.
const WORKING: &str = "Generating…";

impl Busy {
    /// Builds the box (hidden by the style sheet until the section is busy).
    pub fn new(document: &Document) -> Result<Self, JsValue> {
        let container = element(document, "div", &[("class", "busy")])?;
        let bar = element(
            document,
            "progress",
            &[("max", "1"), ("aria-label", "How far the work has got")],
        )?;
        let note = element(document, "span", &[("class", "busy-note")])?;
        note.set_text_content(Some(WORKING));
        let cancel = button(
            document,
            "cancel",
            "Cancel",
            "Cancel: stop this work and keep the terrain shown",
        )?;
        append(&container, &[&bar, &note, &cancel])?;
        Ok(Self {
            container,
            bar,
            note,
            cancel,
        })
    }

    /// Shows `share` (0 to 1) of the work done.
    pub fn show(&self, share: f32) {
        let _ = self.bar.set_attribute("value", &format!("{share:.3}"));
        let percent = (share * 100.0).floor() as u32;
        self.note.set_text_content(Some(&format!(
            "{} {percent} %",
            WORKING.trim_end_matches('…')
        )));
    }

    /// Back to "Generating…" with no share known, for the next piece of work.
    pub fn reset(&self) {
        let _ = self.bar.remove_attribute("value");
        self.note.set_text_content(Some(WORKING));
    }
}
