//! The wiring of a composed demo's steps: their fields, their buttons, the add button, and the
//! keys that undo and redo strokes.

use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};

use super::sender;
use crate::page::app::Message;
use crate::page::composer::{self, Composer, Edit};
use crate::page::dom::listen;
use crate::page::queue::Scheduler;

/// A composed demo's steps: a change in any step's field applies the fields; a step's buttons
/// and the add button edit the steps (the place from the fieldset's `data-place`).
pub(super) fn wire(
    scheduler: &Rc<Scheduler>,
    (composer, section): (&Composer, &Element),
    index: usize,
) -> Result<(), JsValue> {
    let apply = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Apply(index))
    });
    listen(&composer.list, "change", true, apply)?;
    let edit = move |event: web_sys::Event| {
        let (action, button) = composer::action_of(&event)?;
        let place = button
            .closest("fieldset[data-place]")
            .ok()
            .flatten()
            .and_then(|f| f.get_attribute("data-place"))
            .and_then(|p| p.parse().ok())
            .unwrap_or(0);
        Edit::of(&action, place).map(|edit| Message::Compose(index, edit))
    };
    listen(&composer.list, "click", true, sender(scheduler, edit))?;
    // Ctrl+Z (⌘Z) and Ctrl+Shift+Z over the demo undo and redo strokes; in a text field they
    // stay the field's.
    let keys = move |event: KeyboardEvent| {
        let command = event.ctrl_key() || event.meta_key();
        if !command || !event.key().eq_ignore_ascii_case("z") {
            return None;
        }
        let target = event.target()?.dyn_into::<Element>().ok()?;
        if target
            .closest("input, textarea, select")
            .ok()
            .flatten()
            .is_some()
        {
            return None;
        }
        event.prevent_default();
        let edit = if event.shift_key() {
            Edit::Redo
        } else {
            Edit::Undo
        };
        Some(Message::Compose(index, edit))
    };
    listen(section, "keydown", false, sender(scheduler, keys))?;
    let add = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Compose(index, Edit::Add))
    });
    listen(&composer.add, "click", true, add)
}
