//! Small DOM helpers the page's builders and wiring share.

use wasm_bindgen::convert::FromWasmAbi;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{AddEventListenerOptions, Document, Element, EventTarget};

/// Creates an element with attributes.
pub fn element(
    document: &Document,
    tag: &str,
    attributes: &[(&str, &str)],
) -> Result<Element, JsValue> {
    let el = document.create_element(tag)?;
    for (name, value) in attributes {
        el.set_attribute(name, value)?;
    }
    Ok(el)
}

/// Writes the command `line` into `code` a word to a `<span>` (spaces between them), so a
/// narrow screen wraps it between words only: a browser may otherwise break `--then` after its
/// first hyphen. Its text, what a reader copies, is the line itself (a word is escaped: a file
/// name the reader brought may hold any character).
pub fn show_command(code: &Element, line: &str) {
    let mut html = String::with_capacity(2 * line.len());
    for (i, word) in line.split(' ').enumerate() {
        if i > 0 {
            html.push(' ');
        }
        html.push_str("<span>");
        html.push_str(&crate::model::links::escape_attribute(word));
        html.push_str("</span>");
    }
    code.set_inner_html(&html);
}

/// Adds an event listener that lives as long as the page.
pub fn listen<E: FromWasmAbi + 'static>(
    target: &EventTarget,
    kind: &str,
    passive: bool,
    handler: impl FnMut(E) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(E)>::new(handler);
    let options = AddEventListenerOptions::new();
    options.set_passive(passive);
    target.add_event_listener_with_callback_and_add_event_listener_options(
        kind,
        closure.as_ref().unchecked_ref(),
        &options,
    )?;
    closure.forget();
    Ok(())
}

/// Appends `children` to `parent`.
pub fn append(parent: &Element, children: &[&Element]) -> Result<(), JsValue> {
    for child in children {
        parent.append_child(child)?;
    }
    Ok(())
}

/// A `<button type="button">` showing `text`, with `data-action` `action` and `label` as its
/// accessible name and title.
pub fn button(
    document: &Document,
    action: &str,
    text: &str,
    label: &str,
) -> Result<Element, JsValue> {
    let b = element(
        document,
        "button",
        &[
            ("type", "button"),
            ("data-action", action),
            ("aria-label", label),
            ("title", label),
        ],
    )?;
    b.set_text_content(Some(text));
    Ok(b)
}
