//! One mounted demo: its elements, camera and terrain on screen, and how its state shows in the
//! DOM (`data-generation`, `data-seed`, `data-state`, `aria-busy`, the alert, invalid marks).
//! What to do when is decided by the [`crate::controller`]; this module only shows it.

use terrain::mesh::{DisplayGrid, MeshData};
use terrain::ParamError;
use three_d::{Camera, Event, OrbitControl, Viewport};

use crate::demos::Demo;
use crate::element::Elements;
use crate::fields::{self, capitalise, Field, Setup};
use crate::gestures::Gestures;
use crate::renderer::{self, Model, Renderer};
use crate::requests::Requests;

/// Width over height of every demo canvas.
const ASPECT: f64 = 16.0 / 10.0;

/// The terrain a demo shows: its mesh (kept to upload again after a lost context) and model.
struct Shown {
    mesh: MeshData,
    model: Model,
}

/// One mounted demo.
pub struct DemoView {
    /// Its row in the demo table.
    pub demo: &'static Demo,
    /// What it asked for and what it shows.
    pub requests: Requests<Setup>,
    /// Pointer gestures in progress on its canvas.
    pub gestures: Gestures,
    /// Whether its picture must be drawn again on the next frame.
    pub needs_draw: bool,
    elements: Elements,
    camera: Camera,
    control: OrbitControl,
    shown: Option<Shown>,
}

impl DemoView {
    /// A view over the elements [`crate::element::build`] made for `demo`.
    pub fn new(demo: &'static Demo, elements: Elements) -> Self {
        let mut view = Self {
            demo,
            requests: Requests::default(),
            gestures: Gestures::default(),
            needs_draw: true,
            elements,
            camera: renderer::new_camera(1, 1, demo.look),
            control: renderer::new_control(),
            shown: None,
        };
        view.fit_canvas();
        view
    }

    /// The elements of this demo.
    pub fn elements(&self) -> &Elements {
        &self.elements
    }

    /// Sizes the canvas's pixel buffer to its on-screen size (sharp on high-DPI screens).
    pub fn fit_canvas(&mut self) {
        let canvas = &self.elements.canvas;
        let ratio = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .clamp(1.0, 2.0);
        let css_width = match canvas.client_width() {
            0 => 640.0,
            w => f64::from(w),
        };
        let width = (css_width * ratio).round().max(1.0) as u32;
        let height = (css_width / ASPECT * ratio).round().max(1.0) as u32;
        if canvas.width() != width || canvas.height() != height {
            canvas.set_width(width);
            canvas.set_height(height);
            self.needs_draw = true;
        }
        self.camera
            .set_viewport(Viewport::new_at_origo(width, height));
    }

    /// Reads every field, starting from the row's own recipe.
    pub fn read_fields(&self) -> Result<Setup, Vec<ParamError>> {
        let texts: Vec<(Field, String)> = self
            .elements
            .controls
            .iter()
            .map(|(f, control)| (*f, control.value()))
            .collect();
        fields::read_setup(
            self.demo.setup(0),
            texts.iter().map(|(f, t)| (*f, t.as_str())),
        )
    }

    /// Shows `seed` in the seed field.
    pub fn show_seed(&self, seed: u64) {
        let seed_field = self
            .elements
            .controls
            .iter()
            .find(|(f, _)| *f == Field::Seed);
        if let Some((_, control)) = seed_field {
            control.set_value(&seed.to_string());
        }
    }

    /// Shows what is wrong next to the fields and marks the bad ones.
    pub fn show_errors(&self, errors: &[ParamError]) {
        let message: Vec<String> = errors
            .iter()
            .map(|e| format!("{}.", capitalise(&e.message)))
            .collect();
        self.elements
            .alert
            .set_text_content(Some(&message.join(" ")));
        for (field, control) in &self.elements.controls {
            control.mark_invalid(errors.iter().any(|e| e.field == field.name()));
        }
    }

    /// Clears the alert and every invalid mark.
    pub fn clear_errors(&self) {
        self.show_errors(&[]);
    }

    /// Says that the terrain could not be made; the one on screen stays.
    pub fn show_failure(&self, message: &str) {
        self.elements.alert.set_text_content(Some(&format!(
            "This terrain could not be generated ({message}). The one shown is the last good one; \
             try smaller values or press Refresh."
        )));
    }

    /// Sets `data-state` and `aria-busy` from the requests.
    pub fn show_state(&self) {
        self.set_attribute("data-state", self.requests.state().name());
        let busy = if self.requests.is_busy() {
            "true"
        } else {
            "false"
        };
        self.set_attribute("aria-busy", busy);
    }

    /// Puts a newly arrived terrain on screen, counted as generation `generation`.
    pub fn show_terrain(
        &mut self,
        setup: &Setup,
        generation: u64,
        grid: &DisplayGrid,
        renderer: &Renderer,
    ) {
        let mesh = self.demo.look.mesh(grid, renderer::HEIGHT_SCALE);
        let model = renderer.model(&mesh);
        self.shown = Some(Shown { mesh, model });
        self.set_attribute("data-generation", &generation.to_string());
        self.set_attribute("data-seed", &setup.seed.to_string());
        self.needs_draw = true;
    }

    /// Uploads the terrain on screen again (after the context came back).
    pub fn upload_again(&mut self, renderer: &Renderer) {
        if let Some(shown) = self.shown.as_mut() {
            shown.model = renderer.model(&shown.mesh);
        }
        self.needs_draw = true;
    }

    /// Feeds camera events to the orbit control; marks the view for drawing if it moved.
    pub fn steer(&mut self, mut events: Vec<Event>) {
        let moved = self.control.handle_events(&mut self.camera, &mut events);
        self.needs_draw |= moved;
    }

    /// Draws the view now.
    pub fn draw(&mut self, renderer: &Renderer) {
        let canvas = &self.elements.canvas;
        renderer.draw(
            &self.camera,
            self.shown.as_ref().map(|s| &s.model),
            &self.elements.canvas_2d,
            canvas.width(),
            canvas.height(),
        );
        self.needs_draw = false;
    }

    fn set_attribute(&self, name: &str, value: &str) {
        // Setting a plain data attribute on a live element does not fail.
        let _ = self.elements.section.set_attribute(name, value);
    }
}
