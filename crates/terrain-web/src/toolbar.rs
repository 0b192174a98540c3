//! The controls every demo row can switch on beside its fields: the view choice, the stepper
//! (step back, play, step, a scrubber and a caption line saying what the step did), and the
//! roughness panel (the Hurst exponent in words and the variogram plot).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement};

use crate::element::element;
use crate::stepping::ViewMode;

/// The stepper's controls.
pub struct StepControls {
    /// `data-action="step-back"`.
    pub back: Element,
    /// `data-action="play"` (play / pause).
    pub play: Element,
    /// `data-action="step"`.
    pub forward: Element,
    /// `<input type="range" name="step">`.
    pub scrubber: HtmlInputElement,
}

/// The row of view and step controls under a demo's canvas.
pub struct Toolbar {
    /// The toolbar itself.
    pub container: Element,
    /// `<select name="view">`.
    pub view: HtmlSelectElement,
    /// The stepper, on rows whose algorithm has steps.
    pub stepper: Option<StepControls>,
    /// The line saying what the step on screen did (or what the step demo shows).
    pub caption: Element,
}

/// The roughness panel of rows with a spread reduction.
pub struct Roughness {
    /// The panel.
    pub container: Element,
    /// "H = 1.00: smooth hills" for the reduction in the field.
    pub hurst: Element,
    /// Holds the variogram's log-log plot (an SVG).
    pub plot: Element,
}

fn button(document: &Document, action: &str, text: &str, label: &str) -> Result<Element, JsValue> {
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

/// Builds the toolbar of demo `id`, with a stepper when `stepping`.
pub fn toolbar(document: &Document, id: &str, stepping: bool) -> Result<Toolbar, JsValue> {
    let container = element(document, "div", &[("class", "toolbar")])?;
    let stepper = if stepping {
        let group = element(
            document,
            "div",
            &[
                ("class", "stepper"),
                ("role", "group"),
                ("aria-label", "Steps"),
            ],
        )?;
        let back = button(document, "step-back", "◀", "Step back")?;
        let play = button(document, "play", "▶ Play", "Play the steps")?;
        let forward = button(document, "step", "▶", "Step forward")?;
        let scrubber: HtmlInputElement = element(
            document,
            "input",
            &[
                ("type", "range"),
                ("name", "step"),
                ("min", "0"),
                ("step", "1"),
                ("aria-label", "Step"),
            ],
        )?
        .dyn_into()?;
        for part in [&back, &play, &forward] {
            group.append_child(part)?;
        }
        group.append_child(&scrubber)?;
        container.append_child(&group)?;
        Some(StepControls {
            back,
            play,
            forward,
            scrubber,
        })
    } else {
        None
    };
    let select_id = format!("{id}-view");
    let wrapper = element(document, "span", &[("class", "view-choice")])?;
    let label = element(document, "label", &[("for", &select_id)])?;
    label.set_text_content(Some("View"));
    let view: HtmlSelectElement =
        element(document, "select", &[("id", &select_id), ("name", "view")])?.dyn_into()?;
    for mode in ViewMode::ALL {
        let option = element(document, "option", &[("value", mode.name())])?;
        option.set_text_content(Some(mode.label()));
        view.append_child(&option)?;
    }
    wrapper.append_child(&label)?;
    wrapper.append_child(&view)?;
    container.append_child(&wrapper)?;
    let caption = element(
        document,
        "p",
        &[("class", "step-caption"), ("aria-live", "polite")],
    )?;
    Ok(Toolbar {
        container,
        view,
        stepper,
        caption,
    })
}

/// Builds the roughness panel.
pub fn roughness(document: &Document) -> Result<Roughness, JsValue> {
    let container = element(document, "div", &[("class", "roughness")])?;
    let hurst = element(document, "p", &[("class", "hurst")])?;
    let plot = element(document, "div", &[("class", "variogram")])?;
    container.append_child(&hurst)?;
    container.append_child(&plot)?;
    Ok(Roughness {
        container,
        hurst,
        plot,
    })
}
