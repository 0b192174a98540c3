//! The Land view's sun: its height over the land, which the reader sets with a slider under
//! the canvas (`<input type="range" name="sun">`), shown while a view it lights is on screen.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement};

use super::dom::element;

/// The sun's height over the Land view before the reader moves it, in degrees (`--maps shadow`'s).
pub const SUN_DEFAULT: u8 = terrain::materials::light::SUN.elevation as u8;

/// The sun's height, 5 to 85 degrees, in a label that says so (hidden until a view it lights is
/// on screen).
pub fn sun_control(document: &Document) -> Result<(Element, HtmlInputElement), JsValue> {
    let label = element(document, "label", &[("class", "sun"), ("hidden", "")])?;
    label.set_text_content(Some("Sun "));
    let value = SUN_DEFAULT.to_string();
    let input: HtmlInputElement = element(
        document,
        "input",
        &[
            ("type", "range"),
            ("name", "sun"),
            ("min", "5"),
            ("max", "85"),
            ("step", "1"),
            ("value", &value),
            ("aria-label", "The sun's height over the land, in degrees"),
        ],
    )?
    .dyn_into()?;
    label.append_child(&input)?;
    Ok((label, input))
}
