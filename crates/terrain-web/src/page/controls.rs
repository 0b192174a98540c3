//! A form field's control, built once for the base's fields (`widget`) and each step's
//! (`composer`): a label, the input (text box, checkboxes, toggle or drop-down list) and the
//! hint under it, named by `aria-describedby` after the alert.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement};

use super::dom::{append, element};
use super::toolbar::labelled_select;
use crate::model::fields::{Entry, Field};

/// A field's form control: a text box, or a group of checkboxes whose value is the checked
/// names joined by commas (the same text the command line takes).
#[derive(Clone)]
pub enum Control {
    /// A typed value.
    Text(HtmlInputElement),
    /// One checkbox per choice.
    Checkboxes(Vec<HtmlInputElement>),
    /// One checkbox: `true` or `false`.
    Toggle(HtmlInputElement),
    /// A drop-down list: the name chosen.
    Choice(HtmlSelectElement),
}

impl Control {
    /// The elements that make up the control (events are listened for on each).
    pub fn inputs(&self) -> Vec<&Element> {
        match self {
            Control::Text(input) | Control::Toggle(input) => vec![input],
            Control::Checkboxes(boxes) => boxes.iter().map(|b| -> &Element { b }).collect(),
            Control::Choice(select) => vec![select],
        }
    }

    /// The control's text.
    pub fn value(&self) -> String {
        match self {
            Control::Text(input) => input.value(),
            Control::Checkboxes(boxes) => boxes
                .iter()
                .filter(|b| b.checked())
                .map(HtmlInputElement::value)
                .collect::<Vec<_>>()
                .join(","),
            Control::Toggle(checkbox) => checkbox.checked().to_string(),
            Control::Choice(select) => select.value(),
        }
    }

    /// Shows `text` in the control.
    pub fn set_value(&self, text: &str) {
        match self {
            Control::Text(input) => input.set_value(text),
            Control::Checkboxes(boxes) => {
                let wanted: Vec<&str> = text.split(',').collect();
                for checkbox in boxes {
                    checkbox.set_checked(wanted.contains(&checkbox.value().as_str()));
                }
            }
            Control::Toggle(checkbox) => checkbox.set_checked(text == "true"),
            Control::Choice(select) => select.set_value(text),
        }
    }

    /// Marks the control as holding a rejected value, or clears the mark.
    pub fn mark_invalid(&self, invalid: bool) {
        for input in self.inputs() {
            // Setting or removing an attribute on a live element does not fail.
            let _ = if invalid {
                input.set_attribute("aria-invalid", "true")
            } else {
                input.remove_attribute("aria-invalid")
            };
        }
    }
}

/// The hint under a field, `<small class="hint" id="ID">`: what it does and its range, shown
/// without hovering (and read after the field's alert, which `aria-describedby` names first).
pub(super) fn hint(document: &Document, id: &str, text: &str) -> Result<Element, JsValue> {
    let hint = element(document, "small", &[("class", "hint"), ("id", id)])?;
    hint.set_text_content(Some(text));
    Ok(hint)
}

/// One field: a label and a text box, or a fieldset of labelled checkboxes, with its hint under
/// it.
pub(super) fn field(
    document: &Document,
    id: &str,
    field: Field,
    alert_id: &str,
) -> Result<(Element, Control), JsValue> {
    let input_id = format!("{id}-{}", field.name());
    let hint_id = format!("{input_id}-hint");
    let described = format!("{alert_id} {hint_id}");
    let hint = hint(document, &hint_id, &field.hint())?;
    let common = [
        ("name", field.name()),
        ("aria-describedby", described.as_str()),
    ];
    let (wrapper, control) = match field.entry() {
        Entry::Text(input_mode) => {
            let wrapper = element(document, "span", &[("class", "field")])?;
            let label = element(document, "label", &[("for", &input_id)])?;
            label.set_text_content(Some(field.label()));
            let input = element(document, "input", &common)?;
            for (name, value) in [
                ("id", input_id.as_str()),
                ("type", "text"),
                ("inputmode", input_mode),
                ("autocomplete", "off"),
                ("spellcheck", "false"),
            ] {
                input.set_attribute(name, value)?;
            }
            append(&wrapper, &[&label, &input])?;
            (wrapper, Control::Text(input.dyn_into()?))
        }
        Entry::Toggle => {
            let wrapper = element(document, "span", &[("class", "field toggle")])?;
            let label = element(document, "label", &[])?;
            let checkbox = element(document, "input", &common)?;
            checkbox.set_attribute("type", "checkbox")?;
            checkbox.set_attribute("id", &input_id)?;
            checkbox.set_attribute("value", "true")?;
            append(&label, &[&checkbox])?;
            label.append_with_str_1(field.label())?;
            wrapper.append_child(&label)?;
            (wrapper, Control::Toggle(checkbox.dyn_into()?))
        }
        Entry::Checkboxes(choices) => {
            let wrapper = element(document, "fieldset", &[("class", "field choices")])?;
            let legend = element(document, "legend", &[])?;
            legend.set_text_content(Some(field.label()));
            wrapper.append_child(&legend)?;
            let mut boxes = Vec::new();
            for &choice in choices {
                let label = element(document, "label", &[])?;
                let checkbox = element(document, "input", &common)?;
                checkbox.set_attribute("type", "checkbox")?;
                checkbox.set_attribute("value", choice)?;
                append(&label, &[&checkbox])?;
                label.append_with_str_1(choice)?;
                wrapper.append_child(&label)?;
                boxes.push(checkbox.dyn_into()?);
            }
            (wrapper, Control::Checkboxes(boxes))
        }
        Entry::Choice(names) => {
            let wrapper = element(document, "span", &[("class", "field")])?;
            let options: Vec<(&str, String)> = names.iter().map(|&n| (n, n.to_string())).collect();
            let (label, select, _) =
                labelled_select(document, id, field.name(), field.label(), None, &options)?;
            select.set_attribute("aria-describedby", &described)?;
            append(&wrapper, &[&label, &select])?;
            (wrapper, Control::Choice(select))
        }
    };
    wrapper.append_child(&hint)?;
    Ok((wrapper, control))
}
