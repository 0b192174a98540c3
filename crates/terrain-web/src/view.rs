//! One mounted demo: its elements, camera and terrain on screen, and how its state shows in the
//! DOM (`data-generation`, `data-seed`, `data-state`, `data-step`, `data-steps`, `aria-busy`,
//! the alert, invalid marks, the step caption). What to do when is decided by the
//! [`crate::controller`]; this module only shows it.

use terrain::mesh::{DisplayGrid, Mark, MeshData};
use terrain::steps;
use terrain::ParamError;
use three_d::{Camera, Event, OrbitControl, Viewport};

use crate::demos::{Answer, Demo, Look};
use crate::element::Elements;
use crate::fields::{self, Field, Setup};
use crate::flat::{self, MapLayout};
use crate::gestures::Gestures;
use crate::links;
use crate::renderer::{self, Model, Renderer};
use crate::requests::{Requests, State};
use crate::stepping::{StepAction, Stepper, ViewMode};
use crate::takehome;

/// Width over height of every demo canvas.
const ASPECT: f64 = 16.0 / 10.0;

/// The terrain a demo shows: what it was made from, what the worker sent, the grid and marks at
/// the step on screen, and its mesh (kept to upload again after a lost context) and model.
struct Shown {
    setup: Setup,
    answer: Answer,
    staged: DisplayGrid,
    marks: Vec<Mark>,
    mesh: MeshData,
    /// On the GPU once the 3-D view has drawn it (the map and wireframe views need no GPU).
    model: Option<Model>,
    /// The mesh and model still show an earlier step (rebuilt when the 3-D view next draws).
    stale: bool,
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
    /// What `data-picture` says: whether a picture was still to be drawn.
    picture_pending: bool,
    /// Where its stepping stands.
    pub stepper: Stepper,
    /// How it is drawn.
    pub mode: ViewMode,
    /// The shown point under the pointer in the map view.
    hover: Option<usize>,
    /// A message from the page address (a refused link value) shown until the reader changes
    /// something.
    notice: Option<String>,
    /// The file on its way, if any.
    downloads: takehome::Downloads,
    elements: Elements,
    camera: Camera,
    control: OrbitControl,
    shown: Option<Shown>,
}

impl DemoView {
    /// A view over the elements [`crate::element::build`] made for `demo`; its canvas is sized
    /// when the demo starts (`Message::Start`) and again on every resize ([`fit_all`]).
    pub fn new(demo: &'static Demo, elements: Elements) -> Self {
        Self {
            demo,
            requests: Requests::default(),
            gestures: Gestures::default(),
            // Nothing to draw before the first terrain: the canvas's CSS background is the sky.
            needs_draw: false,
            picture_pending: false,
            stepper: Stepper::default(),
            mode: ViewMode::Terrain,
            hover: None,
            notice: None,
            downloads: takehome::Downloads::default(),
            elements,
            camera: renderer::new_camera(1, 1, demo.look),
            control: renderer::new_control(),
            shown: None,
        }
    }

    /// The elements of this demo.
    pub fn elements(&self) -> &Elements {
        &self.elements
    }

    /// The canvas's on-screen width in CSS pixels (reading it lays the page out, so read every
    /// view's before resizing any: see [`fit_all`]).
    pub fn css_width(&self) -> i32 {
        self.elements.canvas.client_width()
    }

    /// Sizes the canvas's pixel buffer to `css_width`, its on-screen width (sharp on high-DPI
    /// screens).
    pub fn fit_canvas(&mut self, css_width: i32) {
        let canvas = &self.elements.canvas;
        let ratio = web_sys::window()
            .map_or(1.0, |w| w.device_pixel_ratio())
            .clamp(1.0, 2.0);
        let css_width = match css_width {
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
        let message = fields::sentences(errors);
        self.elements.alert.set_text_content(Some(&message));
        for (field, control) in &self.elements.controls {
            control.mark_invalid(errors.iter().any(|e| e.field == field.name()));
        }
    }

    /// Clears every invalid mark, and the alert but for a notice from the page address.
    pub fn clear_errors(&self) {
        self.show_errors(&[]);
        if let Some(notice) = &self.notice {
            self.elements.alert.set_text_content(Some(notice));
        }
    }

    /// Keeps `notice` in the alert (while the fields are fine) until the reader changes something.
    pub fn set_notice(&mut self, notice: Option<String>) {
        self.notice = notice;
        self.clear_errors();
    }

    /// Shows or hides the notice that drawing is paused (the browser took the 3-D context away).
    pub fn show_paused(&self, paused: bool) {
        self.set_attribute("data-drawing", ["ready", "paused"][usize::from(paused)]);
    }

    /// Says what share or download did, beside their buttons.
    pub fn set_status(&self, text: &str) {
        self.elements.toolbar.status.set_text_content(Some(text));
    }

    /// The setup on screen and a fresh token for its file in `extension`, now on its way (the
    /// section shows `data-download="busy"` and the progress display); `None` with nothing on
    /// screen.
    pub fn start_download(&mut self, extension: &str) -> Option<(u32, Setup)> {
        let setup = self.shown.as_ref()?.setup;
        let token = self
            .downloads
            .start(setup.recipe.file_name(setup.seed, extension));
        self.set_attribute("data-download", "busy");
        self.set_status("Preparing the file…");
        Some((token, setup))
    }

    /// The file asked for under `token` arrived (or could not be made): saves it, or says why in
    /// the alert; the terrain stays either way. Returns false for a stale token.
    pub fn finish_download(&mut self, token: u32, file: Result<Vec<u8>, String>) -> bool {
        let Some(name) = self.downloads.finish(token) else {
            return false;
        };
        self.set_attribute("data-download", "ready");
        match file.and_then(|bytes| takehome::save(&name, &bytes).map(|()| bytes.len())) {
            Ok(size) => self.set_status(&format!("Downloaded {name} ({size} bytes)")),
            Err(message) => {
                self.set_status("");
                self.elements.alert.set_text_content(Some(&format!(
                    "The file could not be made ({message}). The terrain shown stays."
                )));
            }
        }
        true
    }

    /// The file on its way is lost (the generator stopped): says so.
    pub fn abandon_download(&mut self, message: &str) {
        if let Some(token) = self.downloads.pending() {
            self.finish_download(token, Err(message.to_string()));
        }
    }

    /// Builds the link to this demo as shown, sets it as `data-link`, and copies it where the
    /// browser allows, saying which.
    pub fn share(&self) {
        let Some(shown) = &self.shown else {
            return;
        };
        let Some(location) = web_sys::window().map(|w| w.location()) else {
            return;
        };
        let base = format!(
            "{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        let url = links::link(&base, self.demo, &shown.setup);
        self.set_attribute("data-link", &url);
        let status = self.elements.toolbar.status.clone();
        status.set_text_content(Some("Link ready: it is in this demo's data-link"));
        takehome::copy_to_clipboard(&url, move |copied| {
            if copied {
                status.set_text_content(Some("Link copied"));
            }
        });
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

    /// Puts a newly arrived terrain on screen, counted as generation `generation`, at its last
    /// step.
    pub fn show_terrain(&mut self, setup: &Setup, generation: u64, answer: Answer) {
        self.stepper = Stepper::for_setup(setup);
        let (staged, marks) = self.stepper.staged(setup, &answer.grid, &answer.batches);
        let mesh = self
            .demo
            .look
            .mesh(&staged, &marks, renderer::height_scale(setup));
        if let Some(panel) = &self.elements.roughness {
            panel.show(setup, &answer.variogram);
        }
        self.shown = Some(Shown {
            setup: *setup,
            answer,
            staged,
            marks,
            mesh,
            model: None,
            stale: false,
        });
        self.set_attribute("data-generation", &generation.to_string());
        self.set_attribute("data-seed", &setup.seed.to_string());
        self.show_step();
        self.needs_draw = true;
    }

    /// Moves the stepper; true when the step changed (and the picture with it).
    pub fn step(&mut self, action: StepAction) -> bool {
        let moved = self.stepper.apply(action);
        self.after_step(moved)
    }

    /// Play pressed: plays, pauses, or (with reduced motion) jumps to the end.
    pub fn toggle_play(&mut self, reduced_motion: bool) {
        let moved = self.stepper.toggle_play(reduced_motion);
        self.after_step(moved);
    }

    /// One tick of play; true while it keeps playing.
    pub fn tick(&mut self) -> bool {
        let moved = self.stepper.tick();
        self.after_step(moved);
        self.stepper.playing
    }

    fn after_step(&mut self, moved: bool) -> bool {
        if moved {
            self.restage();
        }
        self.show_step();
        moved
    }

    /// Rebuilds the grid and marks for the step on screen; the 3-D model follows when drawn.
    fn restage(&mut self) {
        if let Some(shown) = self.shown.as_mut() {
            let (staged, marks) =
                self.stepper
                    .staged(&shown.setup, &shown.answer.grid, &shown.answer.batches);
            shown.staged = staged;
            shown.marks = marks;
            shown.stale = true;
        }
        self.needs_draw = true;
    }

    /// Draws the demo another way.
    pub fn set_mode(&mut self, mode: ViewMode) {
        if mode != self.mode {
            self.mode = mode;
            self.needs_draw = true;
        }
    }

    /// The pointer moved to canvas position `at` (CSS pixels): in the map view, the point under
    /// it becomes the step's example.
    pub fn hover(&mut self, at: (f32, f32)) {
        let Some(shown) = self.shown.as_ref().filter(|_| self.mode == ViewMode::Map) else {
            return;
        };
        let canvas = &self.elements.canvas;
        let ratio = f64::from(canvas.width()) / f64::from(canvas.client_width().max(1));
        let size = (f64::from(canvas.width()), f64::from(canvas.height()));
        let layout = MapLayout::new(&shown.staged, size.0, size.1);
        let point = layout.point_at(
            &shown.staged,
            f64::from(at.0) * ratio,
            f64::from(at.1) * ratio,
        );
        if point != self.hover {
            self.hover = point;
            self.needs_draw = true;
        }
    }

    /// Shows the step in `data-step`, `data-steps`, the scrubber, the play button and the
    /// caption line; disables the stepper, saying why, while a field is rejected.
    pub fn show_step(&self) {
        let toolbar = &self.elements.toolbar;
        let rejected = self.requests.state() == State::Error;
        let caption = match (&self.shown, self.stepper.schedule()) {
            (Some(_), Some(_)) if rejected => {
                "Stepping is paused until the fields above hold allowed values.".to_string()
            }
            (Some(_), Some(schedule)) => schedule.caption(self.stepper.step()),
            (Some(shown), None) => steps::stage_caption(&shown.setup.recipe)
                .unwrap_or_default()
                .to_string(),
            (None, _) => String::new(),
        };
        toolbar.show_step(&caption, &self.stepper, rejected);
        if toolbar.stepper.is_some() {
            self.set_attribute("data-step", &self.stepper.step().to_string());
            self.set_attribute("data-steps", &self.stepper.count().to_string());
        }
    }

    /// Forgets the terrain's GPU copy (after the context came back): the next 3-D draw uploads
    /// it again.
    pub fn upload_again(&mut self) {
        if let Some(shown) = self.shown.as_mut() {
            // Its buffers belonged to the lost context: deleting them only makes WebGL warn
            // ("object does not belong to this context"); they went with that context.
            std::mem::forget(shown.model.take());
            shown.stale = true;
        }
        self.needs_draw = true;
    }

    /// Feeds camera events to the orbit control; marks the view for drawing if it moved.
    pub fn steer(&mut self, mut events: Vec<Event>) {
        let moved = self.control.handle_events(&mut self.camera, &mut events);
        self.needs_draw |= moved;
    }

    /// Says in the section's `data-picture` whether the canvas shows the view as it now is
    /// (`current`) or a picture is still to come (`pending`: on the next frame, or once the GPU
    /// has finished the last 3-D picture).
    pub fn publish_picture(&mut self) {
        if self.picture_pending != self.needs_draw {
            self.picture_pending = self.needs_draw;
            let state = if self.needs_draw {
                "pending"
            } else {
                "current"
            };
            self.set_attribute("data-picture", state);
        }
    }

    /// Draws the view now, the way its mode says. The 3-D view uploads the terrain first if the
    /// GPU does not have it yet (starting WebGL on the page's first 3-D picture); where that
    /// fails, the demo says why.
    pub fn draw(&mut self, renderer: &Renderer) {
        self.needs_draw = false;
        let canvas = &self.elements.canvas;
        let out = &self.elements.canvas_2d;
        let size = (f64::from(canvas.width()), f64::from(canvas.height()));
        let drawn = match (self.mode, &mut self.shown) {
            (ViewMode::Map, Some(shown)) => {
                let example = self
                    .stepper
                    .example(&shown.setup, &shown.answer.grid, self.hover);
                flat::draw_map(out, size, &shown.staged, &shown.marks, example.as_ref());
                Ok(())
            }
            (ViewMode::Wireframe, Some(shown)) => {
                flat::draw_wireframe(
                    out,
                    size,
                    &self.camera,
                    &shown.staged,
                    &shown.marks,
                    renderer::height_scale(&shown.setup),
                    self.demo.look == Look::Profile,
                );
                Ok(())
            }
            (_, None) => {
                flat::clear(out, size.0, size.1);
                Ok(())
            }
            (_, Some(shown)) => upload(shown, self.demo.look, renderer).and_then(|model| {
                renderer.draw(
                    &self.camera,
                    Some(model),
                    out,
                    canvas.width(),
                    canvas.height(),
                )
            }),
        };
        if let Err(message) = drawn {
            self.set_notice(Some(format!("{}.", fields::capitalise(&message))));
        }
    }

    fn set_attribute(&self, name: &str, value: &str) {
        // Setting a plain data attribute on a live element does not fail.
        let _ = self.elements.section.set_attribute(name, value);
    }
}

/// The GPU copy of `shown`'s terrain at its current step, uploaded or refilled if it is missing
/// or stale.
fn upload<'a>(shown: &'a mut Shown, look: Look, renderer: &Renderer) -> Result<&'a Model, String> {
    if shown.stale {
        let scale = renderer::height_scale(&shown.setup);
        shown.mesh = look.mesh(&shown.staged, &shown.marks, scale);
    }
    let model = match shown.model.take() {
        // The same grid at another step: the GPU buffers are refilled, not replaced.
        Some(mut model) if shown.stale => {
            renderer.refill(&mut model, &shown.mesh)?;
            model
        }
        Some(model) => model,
        None => renderer.model(&shown.mesh)?,
    };
    shown.stale = false;
    Ok(shown.model.insert(model))
}

/// Fits every view's canvas to its on-screen width: all widths are read first, then all buffers
/// resized, so the page is laid out once rather than once per demo.
pub fn fit_all(views: &mut [DemoView]) {
    let widths: Vec<i32> = views.iter().map(DemoView::css_width).collect();
    for (view, width) in views.iter_mut().zip(widths) {
        view.fit_canvas(width);
    }
}
