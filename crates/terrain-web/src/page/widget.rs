//! Building a demo's elements: canvas, busy indicator, caption, fields, refresh button and alert,
//! inside its `<section data-demo>`. [`build`] returns every element it made, so nothing is
//! looked up again by selector.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, Document, Element, HtmlCanvasElement, HtmlInputElement};

use terrain::formats;

use super::busy::Busy;
use super::composer::Composer;
use super::controls::{field, hint, Control};
use super::dom::{append, element};
use super::realism::{self, RealismPanel};
use super::toolbar::{self, Roughness, Toolbar};
use crate::model::demos::{Demo, Held};
use crate::model::fields::{Field, Setup};

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
    for f in demo.fields() {
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
    // The map file picker, on rows that read the reader's own map (a composed row's base may
    // be theirs: shown while it is): under the canvas, never folded away with the settings.
    let (picker, file) = match (demo.held, &composer) {
        (Some(Held::Brought { .. }), _) | (_, Some(_)) => {
            let (wrapper, input) = file_field(document, id, &alert_id)?;
            if !matches!(demo.held_for(setup), Some(Held::Brought { .. })) {
                wrapper.set_attribute("hidden", "")?;
            }
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
    let command = match setup.recipe.command_line(setup.seed, None) {
        Some(text) => {
            let line = element(document, "p", &[("class", "command")])?;
            let code = element(document, "code", &[])?;
            // The row's own command until the first terrain brings its own: its lines are there
            // from the start, so nothing under them moves when the terrain arrives.
            crate::page::dom::show_command(&code, &text);
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
