//! The "How real is it?" panel under every 2-D demo: the eight realism measures of the terrain on
//! screen beside real land's, each with what it means, the published range and what would move
//! it. Opening it asks the worker to measure the full-resolution map (`terrain::realism::report`,
//! run by the file encoders' module, so the measures cost the first load nothing); the section's
//! `data-realism` then holds what `terrain stats --json` prints for that map.

use js_sys::{Reflect, JSON};
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

use super::dom::{append, element};

/// The panel's elements.
pub struct RealismPanel {
    /// `<details class="realism">`: its summary opens it.
    pub container: Element,
    /// What the measures show: the report's text and table, made in the encoders' module.
    body: Element,
    /// Says what is on its way, or why the measures are missing.
    status: Element,
}

/// Builds the closed panel.
pub fn panel(document: &Document) -> Result<RealismPanel, JsValue> {
    let container = element(document, "details", &[("class", "realism")])?;
    let summary = element(document, "summary", &[])?;
    summary.set_text_content(Some("How real is it? This terrain beside real land"));
    let body = element(document, "div", &[])?;
    let status = element(document, "p", &[("class", "status"), ("role", "status")])?;
    append(&container, &[&summary, &body, &status])?;
    Ok(RealismPanel {
        container,
        body,
        status,
    })
}

impl RealismPanel {
    /// Whether the reader has opened it.
    pub fn is_open(&self) -> bool {
        self.container.has_attribute("open")
    }

    /// Says the measures are on their way.
    pub fn measuring(&self) {
        self.status
            .set_text_content(Some("Measuring the full map…"));
    }

    /// Says why there are no measures.
    pub fn failed(&self, message: &str) {
        self.status
            .set_text_content(Some(&format!("The map could not be measured ({message}).")));
    }

    /// Shows a report (`terrain::realism::report` as JSON text: its `html` is the panel's text
    /// and table, made in the encoders' module); returns the `stats` object's JSON, for
    /// `data-realism`.
    pub fn show(&self, report: &str) -> Result<String, JsValue> {
        let report = JSON::parse(report)?;
        let stats = JSON::stringify(&Reflect::get(&report, &"stats".into())?)?;
        let html = Reflect::get(&report, &"html".into())?;
        self.body
            .set_inner_html(&html.as_string().unwrap_or_default());
        self.status.set_text_content(Some(""));
        Ok(stats.as_string().unwrap_or_default())
    }
}
