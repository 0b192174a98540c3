//! Building a demo's elements: canvas, busy indicator, caption, fields, refresh button and alert,
//! inside its `<section data-demo>`. [`build`] returns every element it made, so nothing is
//! looked up again by selector.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlInputElement,
    HtmlSelectElement,
};

use terrain::formats;

use super::busy::Busy;
use super::composer::Composer;
use super::dom::{append, element};
use super::realism::{self, RealismPanel};
use super::toolbar::{self, labelled_select, Roughness, Toolbar};
use crate::model::demos::{Demo, Held};
use crate::model::fields::{Entry, Field, Setup};

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

/// Everything [`build`] made for one demo.
pub struct Elements {
    /// The demo's `<section data-demo>`.
    pub section: Element,
    /// The visible canvas the demo's picture is copied into.
    pub canvas: HtmlCanvasElement,
    /// Its 2-D context.
    pub canvas_2d: CanvasRenderingContext2d,
    /// The form holding the fields (submitting it applies them).
    pub form: Element,
    /// Each field with its control, in display order.
    pub controls: Vec<(Field, Control)>,
    /// The refresh button.
    pub refresh: Element,
    /// The map file picker (`<input type="file" name="heightmap">`), on rows that read the
    /// reader's own map.
    pub file: Option<HtmlInputElement>,
    /// Says, where the browser cannot draw 3-D, that the map is shown instead (empty otherwise).
    pub no_3d: Element,
    /// The `role="alert"` paragraph: empty while all is well.
    pub alert: Element,
    /// The progress and Cancel over the canvas while work takes a while.
    pub busy: Busy,
    /// The view choice, the stepper (on rows with steps) and the step caption.
    pub toolbar: Toolbar,
    /// The roughness panel, on rows with a spread reduction.
    pub roughness: Option<Roughness>,
    /// The "How real is it?" panel, on 2-D rows.
    pub realism: Option<RealismPanel>,
    /// The steps' fieldsets, on a row a reader composes.
    pub composer: Option<Composer>,
    /// The `terrain` command that writes the map shown, as text to copy, on rows that say one.
    pub command: Option<Element>,
}

/// The canvas, the busy indicator and the caption, in a `<figure>`.
fn figure(
    document: &Document,
    demo: &Demo,
) -> Result<(Element, HtmlCanvasElement, Element, Busy), JsValue> {
    let figure = element(document, "figure", &[])?;
    // Kept current with the view and the step (`DemoView::show_step`).
    let alt = demo.first_view().alt_text(demo.caption, "", demo.pans());
    let canvas: HtmlCanvasElement = element(
        document,
        "canvas",
        &[("tabindex", "0"), ("role", "img"), ("aria-label", &alt)],
    )?
    .dyn_into()?;
    // Shown by the style sheet only once a generation has taken half a second.
    let busy = Busy::new(document)?;
    // Shown by the style sheet while the browser has taken the 3-D context away.
    let paused = element(document, "p", &[("class", "paused"), ("role", "status")])?;
    paused.set_text_content(Some(
        "Drawing is paused: the browser took the 3-D context away. The terrain is kept and comes \
         back when drawing resumes.",
    ));
    // Filled where the browser cannot draw 3-D: the demo then shows its map.
    let note = element(document, "p", &[("class", "no-3d"), ("role", "status")])?;
    let caption = element(document, "figcaption", &[])?;
    caption.set_text_content(Some(demo.caption));
    append(
        &figure,
        &[&canvas, &busy.container, &paused, &note, &caption],
    )?;
    Ok((figure, canvas, note, busy))
}

/// The hint under a field, `<small class="hint" id="ID">`: what it does and its range, shown
/// without hovering (and read after the field's alert, which `aria-describedby` names first).
fn hint(document: &Document, id: &str, text: &str) -> Result<Element, JsValue> {
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

/// The map file picker: a label and `<input type="file" name="heightmap">`, described by the
/// alert that says why a file was refused.
fn file_field(
    document: &Document,
    id: &str,
    alert_id: &str,
) -> Result<(Element, HtmlInputElement), JsValue> {
    let input_id = format!("{id}-heightmap");
    let hint_id = format!("{input_id}-hint");
    let hint = hint(
        document,
        &hint_id,
        &format!(
            "A {} heightmap (or drop one on the demo)",
            formats::described(&formats::READABLE, true)
        ),
    )?;
    let accept = formats::accepted(&formats::READABLE);
    let wrapper = element(document, "span", &[("class", "field file")])?;
    let label = element(document, "label", &[("for", &input_id)])?;
    label.set_text_content(Some("Heightmap file"));
    let input = element(
        document,
        "input",
        &[
            ("type", "file"),
            ("id", &input_id),
            ("name", "heightmap"),
            ("accept", &format!("{accept},image/png")),
            ("aria-describedby", &format!("{alert_id} {hint_id}")),
        ],
    )?;
    append(&wrapper, &[&label, &input, &hint])?;
    Ok((wrapper, input.dyn_into()?))
}

/// The fields folded in `<details class="settings">`: open where the window is wider than a
/// phone's (the style sheet's 40rem), closed on a phone, so the canvas and its controls come
/// first there.
fn settings(document: &Document, form: &Element) -> Result<Element, JsValue> {
    let details = element(document, "details", &[("class", "settings")])?;
    let wide = web_sys::window()
        .and_then(|w| w.match_media("(min-width: 40rem)").ok().flatten())
        .is_some_and(|query| query.matches());
    if wide {
        details.set_attribute("open", "")?;
    }
    let summary = element(document, "summary", &[])?;
    summary.set_text_content(Some("Settings"));
    append(&details, &[&summary, form])?;
    Ok(details)
}

/// Builds the widget's elements inside `section` (emptied first), its fields showing `setup`.
pub fn build(
    document: &Document,
    section: Element,
    demo: &Demo,
    setup: &Setup,
) -> Result<Elements, JsValue> {
    let id = demo.id;
    section.set_inner_html("");
    section.class_list().add_1("demo")?;
    let (figure, canvas, no_3d, busy) = figure(document, demo)?;

    let form = element(
        document,
        "form",
        &[("class", "controls"), ("novalidate", "")],
    )?;
    let alert_id = format!("{id}-alert");
    let mut controls = Vec::new();
    for &f in demo.fields {
        let (wrapper, control) = field(document, id, f, &alert_id)?;
        control.set_value(&f.show(setup));
        form.append_child(&wrapper)?;
        controls.push((f, control));
    }
    // A composed row's steps, after its base's fields.
    let composer = match setup.recipe.step_list() {
        Some(steps) => {
            let composer = Composer::new(document, id, &alert_id, steps)?;
            append(&form, &[&composer.list, &composer.adder])?;
            Some(composer)
        }
        None => None,
    };
    // The map file picker, on rows that read the reader's own map: under the canvas, never
    // folded away with the settings.
    let (picker, file) = match demo.held {
        Some(Held::Brought { .. }) => {
            let (wrapper, input) = file_field(document, id, &alert_id)?;
            (Some(wrapper), Some(input))
        }
        _ => (None, None),
    };
    let refresh = element(
        document,
        "button",
        &[
            ("type", "button"),
            ("data-action", "refresh"),
            ("title", "New terrain from a new seed"),
        ],
    )?;
    refresh.set_text_content(Some("Refresh"));

    let alert = element(
        document,
        "p",
        &[("role", "alert"), ("id", &alert_id), ("class", "alert")],
    )?;
    let toolbar = toolbar::toolbar(document, demo)?;
    // The step caption sits under the canvas, above the demo's own caption.
    figure.insert_before(&toolbar.caption, figure.last_child().as_ref())?;
    // The command that writes the map, where the row says one, between the two.
    let command = match setup.recipe.command_line(setup.seed) {
        Some(_) => {
            let line = element(document, "p", &[("class", "command")])?;
            let code = element(document, "code", &[])?;
            line.append_child(&code)?;
            figure.insert_before(&line, figure.last_child().as_ref())?;
            Some(code)
        }
        None => None,
    };
    // Refresh stays in sight beside Share when the settings are folded away.
    toolbar
        .container
        .insert_before(&refresh, Some(&toolbar.share))?;
    let settings = settings(document, &form)?;
    append(&section, &[&figure])?;
    if let Some(picker) = &picker {
        section.append_child(picker)?;
    }
    append(&section, &[&toolbar.container, &settings, &alert])?;
    // The panels that fill in once the terrain is made come last, so filling them moves
    // nothing else in the demo (its room, kept by the style sheet, already holds them).
    let realism = if demo.takes_home() {
        let panel = realism::panel(document)?;
        section.append_child(&panel.container)?;
        Some(panel)
    } else {
        None
    };
    let roughness = if demo.measures_roughness() {
        let panel = toolbar::roughness(document)?;
        section.append_child(&panel.container)?;
        Some(panel)
    } else {
        None
    };
    section.set_attribute("data-generation", "0")?;
    section.set_attribute("data-state", "ready")?;
    section.set_attribute("data-picture", "current")?;

    let canvas_2d: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2-D canvas context")?
        .dyn_into()?;
    Ok(Elements {
        section,
        canvas,
        canvas_2d,
        form,
        controls,
        refresh,
        file,
        no_3d,
        alert,
        busy,
        toolbar,
        roughness,
        realism,
        composer,
        command,
    })
}
