//! The one demo widget. It builds a demo's canvas, fields, refresh button and alert inside its
//! `<section data-demo>`, wires the events, and keeps the section's `data-generation`,
//! `data-seed` and `data-state` attributes in step (DOM contracts the end-to-end tests rely on).

use std::cell::RefCell;
use std::rc::Rc;

use terrain::mesh::{self, MeshData};
use terrain::ParamError;
use three_d::{Camera, Event, OrbitControl, Viewport};
use wasm_bindgen::convert::FromWasmAbi;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    AddEventListenerOptions, CanvasRenderingContext2d, Document, Element, EventTarget,
    HtmlCanvasElement, HtmlInputElement, HtmlOptionElement, HtmlSelectElement, KeyboardEvent,
    NodeList, PointerEvent, WheelEvent,
};

use crate::demos::{self, Demo, Look};
use crate::fields::{self, Field, Settings};
use crate::gestures::{self, Gestures};
use crate::renderer::{self, Model, Renderer};

/// A field's form control: a text box, or a multiple-choice list whose value is the chosen
/// names joined by commas (the same text the command line takes).
#[derive(Clone)]
enum Control {
    Text(HtmlInputElement),
    Choice(HtmlSelectElement),
}

impl Control {
    fn element(&self) -> &Element {
        match self {
            Control::Text(input) => input,
            Control::Choice(select) => select,
        }
    }

    fn value(&self) -> String {
        match self {
            Control::Text(input) => input.value(),
            Control::Choice(select) => {
                let chosen = select.selected_options();
                (0..chosen.length())
                    .filter_map(|i| chosen.item(i))
                    .filter_map(|option| option.dyn_into::<HtmlOptionElement>().ok())
                    .map(|option| option.value())
                    .collect::<Vec<_>>()
                    .join(",")
            }
        }
    }

    fn set_value(&self, text: &str) {
        match self {
            Control::Text(input) => input.set_value(text),
            Control::Choice(select) => {
                let wanted: Vec<&str> = text.split(',').collect();
                for i in 0..select.length() {
                    if let Some(option) = select
                        .item(i)
                        .and_then(|o| o.dyn_into::<HtmlOptionElement>().ok())
                    {
                        option.set_selected(wanted.contains(&option.value().as_str()));
                    }
                }
            }
        }
    }
}

/// Width over height of every demo canvas.
const ASPECT: f64 = 16.0 / 10.0;

/// The terrain a demo currently shows.
struct Shown {
    settings: Settings,
    mesh: MeshData,
    model: Model,
}

/// One mounted demo: its row, its elements and its view state.
struct DemoView {
    demo: &'static Demo,
    section: Element,
    canvas: HtmlCanvasElement,
    canvas_2d: CanvasRenderingContext2d,
    inputs: Vec<(Field, Control)>,
    alert: Element,
    camera: Camera,
    control: OrbitControl,
    gestures: Gestures,
    shown: Option<Shown>,
    generation: u64,
    needs_draw: bool,
}

/// Everything on the page: the shared renderer and every demo.
struct App {
    renderer: Renderer,
    views: Vec<DemoView>,
    frame_requested: bool,
}

type Shared = Rc<RefCell<App>>;

/// Creates an element with attributes.
fn element(
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

/// Adds an event listener that lives as long as the page.
fn listen<E: FromWasmAbi + 'static>(
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

/// A fresh seed from the browser's crypto source; kept to 32 bits so it is easy to read and retype.
fn random_seed() -> u64 {
    getrandom::u32()
        .map(u64::from)
        .unwrap_or_else(|_| (js_sys::Math::random() * 4294967296.0) as u64)
}

/// A seed given in the page address (`?seed=123`), which pins every demo's first terrain.
fn seed_from_address() -> Option<u64> {
    let search = web_sys::window()?.location().search().ok()?;
    let query = search.strip_prefix('?').unwrap_or(&search);
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("seed="))
        .and_then(|text| terrain::params::parse_seed(text).ok())
}

impl DemoView {
    /// Builds the widget's elements inside `section`.
    fn build(
        document: &Document,
        section: Element,
        demo: &'static Demo,
        seed: u64,
    ) -> Result<Self, JsValue> {
        let id = demo.id;
        section.set_inner_html("");
        section.class_list().add_1("demo")?;
        let figure = element(document, "figure", &[])?;
        let canvas: HtmlCanvasElement = element(
            document,
            "canvas",
            &[
                ("tabindex", "0"),
                ("role", "img"),
                ("aria-label", "3-D terrain: drag to orbit, scroll or pinch to zoom, or use the arrow and +/- keys"),
            ],
        )?
        .dyn_into()?;
        figure.append_child(&canvas)?;
        let caption = element(document, "figcaption", &[])?;
        caption.set_text_content(Some(demo.caption));
        figure.append_child(&caption)?;
        section.append_child(&figure)?;

        let form = element(
            document,
            "form",
            &[("class", "controls"), ("novalidate", "")],
        )?;
        let alert_id = format!("{id}-alert");
        let defaults = Settings {
            seed,
            ..demo.defaults
        };
        let mut inputs = Vec::new();
        for &field in demo.fields {
            let input_id = format!("{id}-{}", field.name());
            let label = element(
                document,
                "label",
                &[("for", &input_id), ("title", field.hint())],
            )?;
            label.set_text_content(Some(field.label()));
            let common = [
                ("id", input_id.as_str()),
                ("name", field.name()),
                ("aria-describedby", alert_id.as_str()),
                ("title", field.hint()),
            ];
            let input = match field.choices() {
                Some(choices) => {
                    let select: HtmlSelectElement =
                        element(document, "select", &common)?.dyn_into()?;
                    select.set_multiple(true);
                    select.set_size(choices.len() as u32);
                    for choice in choices {
                        let option = element(document, "option", &[("value", choice)])?;
                        option.set_text_content(Some(choice));
                        select.append_child(&option)?;
                    }
                    Control::Choice(select)
                }
                None => {
                    let input = element(document, "input", &common)?;
                    for (name, value) in [
                        ("type", "text"),
                        ("inputmode", field.input_mode()),
                        ("autocomplete", "off"),
                        ("spellcheck", "false"),
                    ] {
                        input.set_attribute(name, value)?;
                    }
                    Control::Text(input.dyn_into()?)
                }
            };
            input.set_value(&field.show(&defaults));
            let pair = element(document, "span", &[("class", "field")])?;
            pair.append_child(&label)?;
            pair.append_child(input.element())?;
            form.append_child(&pair)?;
            inputs.push((field, input));
        }
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
        form.append_child(&refresh)?;
        section.append_child(&form)?;

        let alert = element(
            document,
            "p",
            &[("role", "alert"), ("id", &alert_id), ("class", "alert")],
        )?;
        section.append_child(&alert)?;
        section.set_attribute("data-generation", "0")?;
        section.set_attribute("data-state", "ready")?;

        let canvas_2d: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or("no 2-D canvas context")?
            .dyn_into()?;
        let mut view = Self {
            demo,
            section,
            canvas,
            canvas_2d,
            inputs,
            alert,
            camera: renderer::new_camera(1, 1, demo.look),
            control: renderer::new_control(),
            gestures: Gestures::default(),
            shown: None,
            generation: 0,
            needs_draw: true,
        };
        view.fit_canvas();
        Ok(view)
    }

    /// Sizes the canvas's pixel buffer to its on-screen size (sharp on high-DPI screens).
    fn fit_canvas(&mut self) {
        let ratio = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .clamp(1.0, 2.0);
        let css_width = match self.canvas.client_width() {
            0 => 640.0,
            w => f64::from(w),
        };
        let width = (css_width * ratio).round().max(1.0) as u32;
        let height = (css_width / ASPECT * ratio).round().max(1.0) as u32;
        if self.canvas.width() != width || self.canvas.height() != height {
            self.canvas.set_width(width);
            self.canvas.set_height(height);
            self.needs_draw = true;
        }
        self.camera
            .set_viewport(Viewport::new_at_origo(width, height));
    }

    /// Reads the fields; on success generates (when `force` or the settings changed) and shows
    /// the new terrain, on failure flags the bad fields and keeps the terrain on screen.
    fn update(&mut self, renderer: &Renderer, force: bool) {
        let texts: Vec<(Field, String)> = self
            .inputs
            .iter()
            .map(|(f, input)| (*f, input.value()))
            .collect();
        let settings = match fields::read_settings(
            self.demo.defaults,
            texts.iter().map(|(f, t)| (*f, t.as_str())),
        ) {
            Ok(settings) => settings,
            Err(errors) => return self.reject(&errors),
        };
        if !force
            && self
                .shown
                .as_ref()
                .is_some_and(|shown| shown.settings == settings)
        {
            // Same values as on screen (for example a mistake typed and then undone).
            return self.accept();
        }
        match (self.demo.generate)(&settings) {
            Ok(map) => {
                let mesh = match self.demo.look {
                    Look::Terrain => {
                        mesh::terrain_mesh(&map, mesh::DISPLAY_MAX_SIDE, renderer::HEIGHT_SCALE)
                    }
                    Look::Profile => {
                        mesh::profile_mesh(&map, mesh::PROFILE_MAX_POINTS, renderer::HEIGHT_SCALE)
                    }
                };
                let model = renderer.model(&mesh);
                self.shown = Some(Shown {
                    settings,
                    mesh,
                    model,
                });
                self.generation += 1;
                self.set_attribute("data-generation", &self.generation.to_string());
                self.set_attribute("data-seed", &settings.seed.to_string());
                self.accept();
                self.draw(renderer);
            }
            Err(error) => self.reject(&[error]),
        }
    }

    fn set_attribute(&self, name: &str, value: &str) {
        // Setting a plain data attribute on a live element does not fail.
        let _ = self.section.set_attribute(name, value);
    }

    /// Clears every error mark.
    fn accept(&mut self) {
        self.alert.set_text_content(None);
        for (_, input) in &self.inputs {
            let _ = input.element().remove_attribute("aria-invalid");
        }
        self.set_attribute("data-state", "ready");
    }

    /// Shows what is wrong next to the fields and marks the bad ones; generates nothing.
    fn reject(&mut self, errors: &[ParamError]) {
        let message: Vec<String> = errors
            .iter()
            .map(|e| format!("{}.", capitalise(&e.message)))
            .collect();
        self.alert.set_text_content(Some(&message.join(" ")));
        for (field, input) in &self.inputs {
            let element = input.element();
            if errors.iter().any(|e| e.field == field.name()) {
                let _ = element.set_attribute("aria-invalid", "true");
            } else {
                let _ = element.remove_attribute("aria-invalid");
            }
        }
        self.set_attribute("data-state", "error");
    }

    /// A fresh terrain from a new seed, keeping the other fields.
    fn refresh(&mut self, renderer: &Renderer) {
        let seed = random_seed().to_string();
        if let Some((_, input)) = self.inputs.iter().find(|(f, _)| *f == Field::Seed) {
            input.set_value(&seed);
        }
        self.update(renderer, true);
    }

    /// Feeds camera events to the orbit control; true when the view changed.
    fn steer(&mut self, mut events: Vec<Event>) -> bool {
        let moved = self.control.handle_events(&mut self.camera, &mut events);
        self.needs_draw |= moved;
        moved
    }

    fn draw(&mut self, renderer: &Renderer) {
        renderer.draw(
            &self.camera,
            self.shown.as_ref().map(|s| &s.model),
            &self.canvas_2d,
            self.canvas.width(),
            self.canvas.height(),
        );
        self.needs_draw = false;
    }
}

/// "exponent must ..." becomes "Exponent must ...".
fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Asks for one animation frame that draws every view that changed.
fn request_frame(app: &Shared) {
    let Ok(mut state) = app.try_borrow_mut() else {
        return;
    };
    if state.frame_requested {
        return;
    }
    state.frame_requested = true;
    let app = Rc::clone(app);
    let callback = Closure::once_into_js(move || {
        let Ok(mut state) = app.try_borrow_mut() else {
            return;
        };
        state.frame_requested = false;
        let App {
            renderer, views, ..
        } = &mut *state;
        for view in views.iter_mut().filter(|v| v.needs_draw) {
            view.draw(renderer);
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(callback.unchecked_ref());
    }
}

/// Runs `action` on view `index` with the renderer, unless the app is busy (re-entrant event).
fn with_view(app: &Shared, index: usize, action: impl FnOnce(&mut DemoView, &Renderer)) {
    if let Ok(mut state) = app.try_borrow_mut() {
        let App {
            renderer, views, ..
        } = &mut *state;
        if let Some(view) = views.get_mut(index) {
            action(view, renderer);
        }
    }
}

/// Steers view `index` with camera events and schedules a redraw if it moved.
fn steer(app: &Shared, index: usize, events: Vec<Event>) {
    let mut moved = false;
    with_view(app, index, |view, _| moved = view.steer(events));
    if moved {
        request_frame(app);
    }
}

/// Canvas-relative CSS pixel position of a pointer event.
fn canvas_position(event: &PointerEvent) -> (f32, f32) {
    (event.offset_x() as f32, event.offset_y() as f32)
}

fn wire(app: &Shared, index: usize) -> Result<(), JsValue> {
    let (canvas, form, refresh, inputs) = {
        let state = app.borrow();
        let view = &state.views[index];
        let form = view
            .section
            .query_selector("form")?
            .ok_or("demo has no form")?;
        let refresh = view
            .section
            .query_selector("[data-action=refresh]")?
            .ok_or("demo has no refresh button")?;
        let inputs: Vec<Element> = view
            .inputs
            .iter()
            .map(|(_, i)| i.element().clone())
            .collect();
        (view.canvas.clone(), form, refresh, inputs)
    };

    let a = Rc::clone(app);
    listen(&refresh, "click", true, move |_: web_sys::Event| {
        with_view(&a, index, |v, r| v.refresh(r))
    })?;
    for input in &inputs {
        let a = Rc::clone(app);
        listen(input, "change", true, move |_: web_sys::Event| {
            with_view(&a, index, |v, r| v.update(r, false))
        })?;
    }
    let a = Rc::clone(app);
    listen(&form, "submit", false, move |event: web_sys::Event| {
        event.prevent_default();
        with_view(&a, index, |v, r| v.update(r, false));
    })?;

    let a = Rc::clone(app);
    let target = canvas.clone();
    listen(&canvas, "pointerdown", true, move |event: PointerEvent| {
        let _ = target.set_pointer_capture(event.pointer_id());
        let (x, y) = canvas_position(&event);
        with_view(&a, index, |v, _| v.gestures.press(event.pointer_id(), x, y));
    })?;
    let a = Rc::clone(app);
    listen(&canvas, "pointermove", true, move |event: PointerEvent| {
        let (x, y) = canvas_position(&event);
        let mut motion = None;
        with_view(&a, index, |v, _| {
            motion = v.gestures.motion(event.pointer_id(), x, y)
        });
        if let Some(motion) = motion {
            steer(&a, index, vec![motion]);
        }
    })?;
    for kind in ["pointerup", "pointercancel"] {
        let a = Rc::clone(app);
        listen(&canvas, kind, true, move |event: PointerEvent| {
            with_view(&a, index, |v, _| v.gestures.release(event.pointer_id()));
        })?;
    }
    let a = Rc::clone(app);
    listen(&canvas, "wheel", false, move |event: WheelEvent| {
        event.prevent_default();
        steer(
            &a,
            index,
            vec![gestures::wheel(event.delta_y(), event.delta_mode())],
        );
    })?;
    let a = Rc::clone(app);
    listen(&canvas, "keydown", false, move |event: KeyboardEvent| {
        if let Some(action) = gestures::key(&event.key()) {
            event.prevent_default();
            steer(&a, index, vec![action]);
        }
    })?;
    Ok(())
}

/// Watches the shared context: when the browser takes it away, drawing pauses; when it comes
/// back, every terrain is uploaded again and redrawn.
fn wire_context_loss(app: &Shared) -> Result<(), JsValue> {
    let canvas = app.borrow().renderer.canvas().clone();
    listen(
        &canvas,
        "webglcontextlost",
        false,
        |event: web_sys::Event| event.prevent_default(),
    )?;
    let a = Rc::clone(app);
    listen(
        &canvas,
        "webglcontextrestored",
        true,
        move |_: web_sys::Event| {
            if let Ok(mut state) = a.try_borrow_mut() {
                let App {
                    renderer, views, ..
                } = &mut *state;
                if let Err(message) = renderer.rebuild() {
                    web_sys::console::warn_1(&message.into());
                    return;
                }
                for view in views.iter_mut() {
                    if let Some(shown) = view.shown.as_mut() {
                        shown.model = renderer.model(&shown.mesh);
                    }
                    view.needs_draw = true;
                }
            }
            request_frame(&a);
        },
    )
}

/// Refits every canvas when the window changes size.
fn wire_resize(app: &Shared) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let a = Rc::clone(app);
    listen(&window, "resize", true, move |_: web_sys::Event| {
        if let Ok(mut state) = a.try_borrow_mut() {
            state.views.iter_mut().for_each(DemoView::fit_canvas);
        }
        request_frame(&a);
    })
}

/// Mounts the widget on every `section[data-demo]` of the page and shows each demo's first terrain.
pub fn mount_all(document: &Document, sections: &NodeList) -> Result<(), JsValue> {
    let renderer = match Renderer::new(document) {
        Ok(renderer) => renderer,
        Err(message) => {
            // Without WebGL2 the page still reads well; say why the demos are missing.
            for i in 0..sections.length() {
                if let Some(section) = sections.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    section.set_text_content(Some(&message));
                }
            }
            return Ok(());
        }
    };
    let pinned_seed = seed_from_address();
    let mut views = Vec::new();
    for i in 0..sections.length() {
        let Some(section) = sections.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let id = section.get_attribute("data-demo").unwrap_or_default();
        let Some(demo) = demos::find(&id) else {
            web_sys::console::warn_1(&format!("no demo called {id:?}").into());
            continue;
        };
        let seed = pinned_seed.unwrap_or_else(random_seed);
        views.push(DemoView::build(document, section, demo, seed)?);
    }
    let app: Shared = Rc::new(RefCell::new(App {
        renderer,
        views,
        frame_requested: false,
    }));
    let count = app.borrow().views.len();
    for index in 0..count {
        wire(&app, index)?;
        with_view(&app, index, |v, r| v.update(r, true));
    }
    wire_context_loss(&app)?;
    wire_resize(&app)?;
    Ok(())
}
