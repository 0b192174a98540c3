//! The controls every demo row can switch on beside its fields: the view choice, the stepper
//! (step back, play, step, a scrubber and a caption line saying what the step did), and the
//! roughness panel (the Hurst exponent in words and the variogram plot).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlInputElement, HtmlSelectElement};

use terrain::downloads::Download;
use terrain::formats;
use terrain::variogram::{self, Variogram};

use super::dom::{append, button, element, listen};
use super::flood::{flood_controls, FloodControls};
use crate::model::demos::Demo;
use crate::model::fields::Setup;
use crate::model::stepping::Stepper;
use crate::model::view_mode::ViewMode;

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
    /// The `<div class="toolbar">` holding them, placed under the canvas.
    pub container: Element,
    /// `<select name="view">`.
    pub view: HtmlSelectElement,
    /// Its options, one per view mode.
    view_options: Vec<(ViewMode, Element)>,
    /// The stepper, on rows whose algorithm has steps.
    pub stepper: Option<StepControls>,
    /// The flood stepper, on rows with a Water view.
    pub flood: Option<FloodControls>,
    /// The sun's height (`<input type="range" name="sun">`) in its label, on rows with a view a
    /// sun lights (the Land view), shown while that view is.
    pub sun: Option<(Element, HtmlInputElement)>,
    /// The line saying what the step on screen did (or what the step demo shows).
    pub caption: Element,
    /// `<select name="format">`, `<select name="tiles">` and `data-action="download"`, on 2-D
    /// demos.
    pub download: Option<(HtmlSelectElement, HtmlSelectElement, Element)>,
    /// `data-action="reset-view"`: the camera back where it started.
    pub reset: Element,
    /// `data-action="share"`.
    pub share: Element,
    /// Says what share and download did ("Link copied").
    pub status: Element,
    /// The `<iframe>` code that embeds the demo in another page, shown once Share was pressed.
    pub embed: HtmlInputElement,
}

impl Toolbar {
    /// Shows `mode` as the chosen view.
    pub fn show_view(&self, mode: ViewMode) {
        self.view.set_value(mode.name());
    }

    /// Takes the views that draw the lit terrain off the view choice, saying why (`reason`) in
    /// their text and title.
    pub fn disable_lit_views(&self, reason: &str) {
        for (mode, option) in self.view_options.iter().filter(|(m, _)| m.lit()) {
            let _ = option.set_attribute("disabled", "");
            let _ = option.set_attribute("title", reason);
            option.set_text_content(Some(&format!("{} (needs WebGL2)", mode.label())));
        }
    }

    /// Offers `snippet`, the `<iframe>` code for the demo as shared.
    pub fn offer_embed(&self, snippet: &str) {
        self.embed.set_value(snippet);
        self.embed.set_hidden(false);
    }

    /// Shows `caption`, and the stepper's step, range and play state; disables the stepper while
    /// a field is `rejected`.
    pub fn show_step(&self, caption: &str, stepper: &Stepper, rejected: bool) {
        self.caption.set_text_content(Some(caption));
        let Some(controls) = &self.stepper else {
            return;
        };
        let (step, count) = (stepper.step(), stepper.count());
        controls.scrubber.set_max(&count.to_string());
        controls.scrubber.set_value(&step.to_string());
        let playing = stepper.playing;
        let (text, label, pressed) = if playing {
            ("❚❚ Pause", "Pause", "true")
        } else {
            ("▶ Play", "Play the steps", "false")
        };
        controls.play.set_text_content(Some(text));
        let _ = controls.play.set_attribute("aria-label", label);
        let _ = controls.play.set_attribute("aria-pressed", pressed);
        for part in [&controls.back, &controls.play, &controls.forward] {
            let _ = if rejected {
                part.set_attribute("disabled", "")
            } else {
                part.remove_attribute("disabled")
            };
        }
        controls.scrubber.set_disabled(rejected);
    }
}

/// The roughness panel of rows with a spread reduction.
pub struct Roughness {
    /// The `<div class="roughness">` holding the sentence and the plot.
    pub container: Element,
    /// "H = 1.00: smooth hills" for the reduction in the field.
    pub hurst: Element,
    /// Holds the variogram's log-log plot (an SVG).
    pub plot: Element,
    /// Why the measured H differs from the one the reduction aims at, in one sentence.
    pub why: Element,
}

/// The format choice and download button.
/// The tile grids offered (`1x1`: the map whole, no tiles); one that does not fit the map is
/// refused with the reason when Download is pressed.
const TILE_GRIDS: [&str; 5] = ["1x1", "2x2", "3x3", "4x4", "8x8"];

/// A `<label>` and its `<select id="DEMO-NAME" name="NAME">` (with `title`, if any) offering
/// `options` as (value, text), and the option elements in order.
pub(super) fn labelled_select(
    document: &Document,
    id: &str,
    name: &str,
    text: &str,
    title: Option<&str>,
    options: &[(&str, String)],
) -> Result<(Element, HtmlSelectElement, Vec<Element>), JsValue> {
    let select_id = format!("{id}-{name}");
    let label = element(document, "label", &[("for", &select_id)])?;
    label.set_text_content(Some(text));
    let mut attributes = vec![("id", select_id.as_str()), ("name", name)];
    attributes.extend(title.map(|title| ("title", title)));
    let select: HtmlSelectElement = element(document, "select", &attributes)?.dyn_into()?;
    let mut made = Vec::new();
    for (value, text) in options {
        let option = element(document, "option", &[("value", value)])?;
        option.set_text_content(Some(text));
        select.append_child(&option)?;
        made.push(option);
    }
    Ok((label, select, made))
}

fn download(
    document: &Document,
    id: &str,
    (flows, composed, engines): (bool, bool, bool),
) -> Result<(Element, HtmlSelectElement, HtmlSelectElement, Element), JsValue> {
    let wrapper = element(document, "span", &[("class", "take-home")])?;
    // The map's formats; then the flow of water over the full map, as `terrain flow` writes it,
    // and the maps derived from the heights, as `--maps` writes them.
    let maps = formats::OFFERED
        .iter()
        .map(|f| (f.extension, format!(".{}", f.extension)));
    // A composed terrain's painting: the strokes file `--strokes` reads; its materials, as
    // `--maps splat,albedo` writes them; and (any map made here) the map for each game engine
    // with its import settings and materials, as `--for ENGINE` writes them.
    let engines = terrain::engines::Engine::ALL
        .map(Download::Engine)
        .into_iter()
        .filter(move |_| engines);
    let strokes = [Download::Strokes, Download::Mask, Download::Splat]
        .into_iter()
        .filter(|_| composed)
        .chain(engines);
    let more: Vec<(String, String)> = Download::beside_maps()
        .filter(|_| flows)
        .chain(strokes)
        .map(|download| {
            let name = download.name();
            let shown = match download {
                Download::Engine(engine) => format!("for {} (.zip)", engine.name()),
                Download::Splat => "splat maps (.zip)".into(),
                Download::Mask => "mask strokes (.json)".into(),
                _ => name.replacen('.', " .", 1),
            };
            (name, shown)
        })
        .collect();
    let (label, format, _) = labelled_select(
        document,
        id,
        "format",
        "File",
        Some(&format!(
            "{}; the flow, the rivers as GeoJSON lines, the normal and slope maps",
            formats::described(&formats::OFFERED, false)
        )),
        &maps
            .chain(
                more.iter()
                    .map(|(name, shown)| (name.as_str(), shown.clone())),
            )
            .collect::<Vec<_>>(),
    )?;
    // Tiles: one zip of what `--tiles NxM` writes (the tiles and their sidecar).
    let grids = TILE_GRIDS.map(|grid| (grid, if grid == "1x1" { "none" } else { grid }.into()));
    let (tiles_label, tiles, _) = labelled_select(
        document,
        id,
        "tiles",
        "Tiles",
        Some(
            "Cut the map into a grid of square tiles whose neighbours share their edge, in \
             one .zip with the sidecar that lists them",
        ),
        &grids,
    )?;
    let button = button(
        document,
        "download",
        "Download",
        "Download the full-resolution map of the terrain shown",
    )?;
    append(&wrapper, &[&label, &format, &tiles_label, &tiles, &button])?;
    Ok((wrapper, format, tiles, button))
}

/// Builds the toolbar of `demo`: a stepper when its algorithm steps, its view choices, a
/// download when it takes home, and Share.
pub fn toolbar(document: &Document, demo: &Demo) -> Result<Toolbar, JsValue> {
    let id = demo.id;
    let container = element(document, "div", &[("class", "toolbar")])?;
    let stepper = if demo.steps() {
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
        append(&group, &[&back, &play, &forward, &scrubber])?;
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
    let flood = if demo.views().any(|view| view.row().floods) {
        let controls = flood_controls(document)?;
        container.append_child(&controls.group)?;
        Some(controls)
    } else {
        None
    };
    let sun = match demo.views().any(|view| view.row().sun) {
        true => {
            let control = super::sun::sun_control(document)?;
            container.append_child(&control.0)?;
            Some(control)
        }
        false => None,
    };
    let wrapper = element(document, "span", &[("class", "view-choice")])?;
    let modes: Vec<_> = demo.views().map(|m| (m.name(), m.label().into())).collect();
    let (label, view, options) = labelled_select(document, id, "view", "View", None, &modes)?;
    let view_options: Vec<_> = demo.views().zip(options).collect();
    let reset = button(
        document,
        "reset-view",
        "Reset view",
        "Reset view: the camera back where it started",
    )?;
    append(&wrapper, &[&label, &view, &reset])?;
    container.append_child(&wrapper)?;
    let download = if demo.takes_home() {
        let composed = demo.recipe.step_list().is_some();
        // Every map made here from its settings goes to a game engine; a map read from a file
        // (real land, your map) is the file's.
        let engines = composed || demo.held.is_none();
        let offers = (demo.is_map(), composed, engines);
        let (wrapper, format, tiles, button) = download(document, id, offers)?;
        container.append_child(&wrapper)?;
        Some((format, tiles, button))
    } else {
        None
    };
    let share = button(
        document,
        "share",
        "Share",
        "Share: copy a link that brings this demo back as it is",
    )?;
    let status = element(document, "span", &[("class", "status"), ("role", "status")])?;
    append(&container, &[&share, &status])?;
    let caption = element(
        document,
        "p",
        &[("class", "step-caption"), ("aria-live", "polite")],
    )?;
    // Selected whole on focus, for copying into a course page or a blog post.
    let embed: HtmlInputElement = element(
        document,
        "input",
        &[
            ("class", "embed-code"),
            ("name", "embed"),
            ("readonly", ""),
            ("hidden", ""),
            ("aria-label", "Code that embeds this demo in another page"),
            (
                "title",
                "Paste this into a web page to show this demo there",
            ),
        ],
    )?
    .dyn_into()?;
    let select = embed.clone();
    listen(&embed, "focus", true, move |_: web_sys::Event| {
        select.select()
    })?;
    container.append_child(&embed)?;
    Ok(Toolbar {
        container,
        view,
        view_options,
        stepper,
        flood,
        sun,
        caption,
        download,
        reset,
        share,
        status,
        embed,
    })
}

impl Roughness {
    /// Shows the Hurst exponent the setup aims at (its spread reduction's, its gain's), in
    /// words, and the plot of the variogram measured on its map.
    pub fn show(&self, setup: &Setup, measured: &Variogram) {
        if let Some(aim) = setup.recipe.roughness_aim() {
            self.hurst.set_text_content(Some(&format!(
                "Roughness: {} aims at {} ({}; at H = 0.5 ground is as rough as a random walk). Measured on \
                 this map, at full resolution:",
                aim.by,
                variogram::describe_hurst(aim.hurst),
                aim.rule
            )));
            self.why
                .set_text_content(Some(&variogram::why_measured_differs(measured, aim.hurst)));
        }
        self.plot
            .set_inner_html(&crate::model::plot::variogram_svg(measured));
    }
}

/// Builds the roughness panel.
pub fn roughness(document: &Document) -> Result<Roughness, JsValue> {
    let container = element(document, "div", &[("class", "roughness")])?;
    let hurst = element(document, "p", &[("class", "hurst")])?;
    let plot = element(document, "div", &[("class", "variogram")])?;
    let why = element(document, "p", &[("class", "why")])?;
    append(&container, &[&hurst, &plot, &why])?;
    Ok(Roughness {
        container,
        hurst,
        plot,
        why,
    })
}
