//! The wiring of a demo's fields: a change applies them (a new setup makes a new terrain);
//! Enter in a field runs its settings again, with the same seed; a composed demo's steps.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};

use super::{composer, sender};
use crate::page::app::Message;
use crate::page::dom::listen;
use crate::page::queue::Scheduler;
use crate::page::widget::Elements;

/// Demo `index`'s fields, its form and (a composed demo) its steps.
pub(super) fn wire(
    scheduler: &Rc<Scheduler>,
    elements: &Elements,
    index: usize,
) -> Result<(), JsValue> {
    for (_, control) in &elements.controls {
        for input in control.inputs() {
            let apply = sender(scheduler, move |_: web_sys::Event| {
                Some(Message::Apply(index))
            });
            listen(input, "change", true, apply)?;
        }
    }
    if let Some(composer) = &elements.composer {
        composer::wire(scheduler, (composer, &elements.section), index)?;
    }
    // Enter in a field runs its settings again. A form of several fields and no submit button
    // is not submitted by Enter, so the key itself is heard; a form of one field would be.
    // A brush field only takes its value: the brush shapes the next stroke, not the terrain.
    let submit = sender(scheduler, move |event: web_sys::Event| {
        event.prevent_default();
        Some(Message::Rerun(index))
    });
    listen(&elements.form, "submit", false, submit)?;
    let enter = sender(scheduler, move |event: KeyboardEvent| {
        let field = event.target()?.dyn_into::<HtmlInputElement>().ok()?;
        if event.key() != "Enter" || field.type_() == "checkbox" {
            return None;
        }
        event.prevent_default();
        match field.closest("fieldset[data-brush]") {
            Ok(Some(_)) => Some(Message::Apply(index)),
            _ => Some(Message::Rerun(index)),
        }
    });
    listen(&elements.form, "keydown", false, enter)
}
