//! The Water view's flood stepper (`terrain::water::flood`): step back, step, and a scrubber
//! `<input type="range" name="flood">` over the steps of Priority-Flood, on every demo with a
//! Water view, shown only while that view is.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement};

use super::dom::{append, button, element};
use terrain::water::flood::FLOOD_STEPS;

/// The flood stepper's controls.
pub struct FloodControls {
    /// `<div class="flood" role="group">` holding them.
    pub group: Element,
    /// `data-action="flood-back"`.
    pub back: Element,
    /// `data-action="flood-step"`.
    pub forward: Element,
    /// `<input type="range" name="flood">`.
    pub scrubber: HtmlInputElement,
}

/// Builds the flood stepper, hidden (at the last step: the finished Water view).
pub fn flood_controls(document: &Document) -> Result<FloodControls, JsValue> {
    let group = element(
        document,
        "div",
        &[
            ("class", "flood"),
            ("role", "group"),
            ("aria-label", "Flood steps"),
            ("hidden", ""),
        ],
    )?;
    let back = button(document, "flood-back", "◀", "Flood: step back")?;
    let forward = button(document, "flood-step", "▶", "Flood: step forward")?;
    let max = FLOOD_STEPS.to_string();
    let scrubber: HtmlInputElement = element(
        document,
        "input",
        &[
            ("type", "range"),
            ("name", "flood"),
            ("min", "0"),
            ("max", &max),
            ("step", "1"),
            ("value", &max),
            ("aria-label", "Flood step"),
        ],
    )?
    .dyn_into()?;
    let label = element(document, "span", &[("class", "flood-label")])?;
    label.set_text_content(Some("Flood"));
    append(&group, &[&label, &back, &forward, &scrubber])?;
    Ok(FloodControls {
        group,
        back,
        forward,
        scrubber,
    })
}

impl FloodControls {
    /// Shows step `step`, and the controls only when `shown` (the Water view is on screen).
    pub fn show(&self, step: u32, shown: bool) {
        let _ = if shown {
            self.group.remove_attribute("hidden")
        } else {
            self.group.set_attribute("hidden", "")
        };
        self.scrubber.set_value(&step.to_string());
    }
}
