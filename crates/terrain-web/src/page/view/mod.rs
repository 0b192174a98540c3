//! One mounted demo: its elements, camera and terrain on screen, and how its state shows in the
//! DOM (`data-generation`, `data-seed`, `data-state`, `data-step`, `data-steps`, `aria-busy`,
//! the alert, invalid marks). What to do when is decided by the app ([`super::app`]); a view
//! keeps its own state and shows it. Drawing is in `draw` (each view's picture in `drawing`, one
//! file a view), the stepper in `stepper`, downloads
//! and share links in `takehome`.

mod brush;
mod draw;
mod drawing;
mod form;
mod painting;
mod panning;
mod picking;
mod progress;
mod routing;
mod source;
mod stepper;
mod takehome;

pub use draw::{draw_due, fit_all};
use takehome::TakeHome;

use terrain::display::{DisplayGrid, Mark};
use terrain::mesh::MeshData;
use terrain::water::routed::Routed;
use three_d::{Camera, OrbitControl};

use super::widget::Elements;
use crate::gpu::camera;
use crate::gpu::renderer::Model;
use crate::model::answer::Answer;
use crate::model::demos::{Demo, Look};
use crate::model::fields::Setup;
use crate::model::gestures::Gestures;
use crate::model::newest::Newest;
use crate::model::panning::Drag;
use crate::model::requests::{Ask, Pending, Requests};
use crate::model::stepping::Stepper;
use crate::model::view_mode::ViewMode;

impl Shown {
    /// How tall a shown height of 1 stands on screen.
    fn height_scale(&self) -> f32 {
        camera::height_scale(&self.setup, self.look) * self.answer.relief
    }
}

/// The terrain a demo shows: what it was made from, what the worker sent, the grid and marks at
/// the step on screen, and its mesh (kept to upload again after a lost context) and model.
struct Shown {
    setup: Setup,
    /// How the demo shows it (a pair's two maps share the width).
    look: Look,
    answer: Answer,
    staged: DisplayGrid,
    marks: Vec<Mark>,
    mesh: MeshData,
    /// On the GPU once the 3-D view has drawn it (the map and wireframe views need no GPU).
    model: Option<Model>,
    /// The mesh and model still show an earlier step (rebuilt when the 3-D view next draws).
    stale: bool,
    /// The view the mesh was built for, and the sun's height it was lit by (the `water-3d` and
    /// `land` views build their own; the others share the bare terrain's).
    built_for: (ViewMode, u8),
    /// Where the water of `staged` goes, once the worker has routed it (`routing`); inside,
    /// `None` where it could not.
    routed: Option<Option<Routed>>,
}

/// One mounted demo.
pub struct DemoView {
    /// Its row in the demo table.
    demo: &'static Demo,
    /// What it asked for and what it shows.
    requests: Requests<Setup>,
    /// Pointer gestures in progress on its canvas.
    gestures: Gestures,
    /// Whether its picture must be drawn again on the next frame.
    needs_draw: bool,
    /// What `data-picture` says: whether a picture was still to be drawn.
    picture_pending: bool,
    /// Where its stepping stands.
    stepper: Stepper,
    /// How it is drawn.
    mode: ViewMode,
    /// The shown point under the pointer in the map view.
    hover: Option<usize>,
    /// A drag of a map that pans, in progress.
    drag: Option<Drag>,
    /// The Water view's picked point and flood step.
    water: routing::WaterView,
    /// The sun's height over the Land view, in degrees (`<input type="range" name="sun">`).
    sun: u8,
    /// The strokes painted on a composed terrain with a `paint` step.
    painting: painting::Painting,
    /// A message from the page address (a refused link value) shown until the reader changes
    /// something.
    notice: Option<String>,
    /// The file (or realism report) on its way, if any: its name under its token.
    downloads: Newest<TakeHome, String>,
    elements: Elements,
    camera: Camera,
    control: OrbitControl,
    /// Whether the camera stands where the demo frames it (not moved by the reader since it
    /// started or was reset): it is framed again on the next terrain and on a resize.
    home: bool,
    /// The status says a job was cancelled: cleared with the next terrain.
    said_cancelled: bool,
    /// The pace of the job on its way, for the time left the busy box says.
    pace: crate::model::pace::Pace,
    shown: Option<Shown>,
    /// For a map that is read: the map file to send with its next terrain request (the real
    /// land's or the first map's address, or a file the reader brought), until sent.
    source: Option<wasm_bindgen::JsValue>,
    /// The file the reader brought (or the one the worker last read of theirs, after a refusal).
    brought: Option<wasm_bindgen::JsValue>,
    /// The map file last sent, with its request's token, until a reply says how it went.
    sent_source: Option<(u32, wasm_bindgen::JsValue)>,
    /// The map file of the map the worker holds for this view (a terrain came back after it
    /// was read): sent again when a fresh worker replaces one that crashed, which held it.
    held_source: Option<wasm_bindgen::JsValue>,
}

impl DemoView {
    /// A view over the elements [`super::widget::build`] made for `demo`; its canvas is sized
    /// when the demo starts (`Message::Start`) and again on every resize ([`fit_all`]).
    pub fn new(demo: &'static Demo, elements: Elements) -> Self {
        elements.toolbar.show_view(demo.first_view());
        Self {
            demo,
            requests: Requests::default(),
            gestures: Gestures::default(),
            // Nothing to draw before the first terrain: the canvas's CSS background is the sky.
            needs_draw: false,
            picture_pending: false,
            stepper: Stepper::default(),
            mode: demo.first_view(),
            hover: None,
            drag: None,
            water: routing::WaterView::default(),
            sun: super::sun::SUN_DEFAULT,
            painting: painting::Painting::default(),
            notice: None,
            downloads: Newest::default(),
            elements,
            camera: camera::new_camera(1, 1, demo.look),
            control: camera::new_control(),
            home: true,
            said_cancelled: false,
            pace: Default::default(),
            shown: None,
            source: None,
            brought: None,
            sent_source: None,
            held_source: None,
        }
    }

    /// Its row in the demo table.
    pub fn demo(&self) -> &'static Demo {
        self.demo
    }

    /// The elements of this demo.
    pub fn elements(&self) -> &Elements {
        &self.elements
    }

    /// How it is drawn now.
    pub fn mode(&self) -> ViewMode {
        self.mode
    }

    /// Whether its picture must be drawn again on the next frame.
    pub fn needs_draw(&self) -> bool {
        self.needs_draw
    }

    /// Whether its next picture is a 3-D one through WebGL (a terrain shown in a lit view).
    pub fn draws_lit(&self) -> bool {
        self.mode.lit() && self.shown.is_some()
    }

    /// Shows or hides the notice that drawing is paused (the browser took the 3-D context away).
    pub fn show_paused(&self, paused: bool) {
        self.set_attribute("data-drawing", ["ready", "paused"][usize::from(paused)]);
    }

    /// Says what share or download did, beside their buttons.
    fn set_status(&self, text: &str) {
        self.elements.toolbar.status.set_text_content(Some(text));
    }

    /// Says that the terrain could not be made (`file`: the map file it read was refused); the
    /// one on screen stays.
    fn show_failure(&self, message: &str, file: bool) {
        let read = file || self.demo.held.is_some();
        let next = match (self.shown.is_some(), read) {
            (true, true) => "The map shown is the last good one.",
            (true, false) => "The one shown is the last good one; try smaller values or Refresh.",
            (false, _) => "Try smaller values or press Refresh.",
        };
        let said = match read {
            true => format!("Not shown: {message}. {next}"),
            false => format!("This terrain could not be generated ({message}). {next}"),
        };
        self.elements.alert.set_text_content(Some(&said));
    }

    /// Sets `data-state` and `aria-busy` from the requests.
    fn show_state(&self) {
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
    fn show_terrain(&mut self, setup: &Setup, generation: u64, answer: Answer) {
        self.stepper = if self.demo.steps() {
            Stepper::for_setup(setup)
        } else {
            Stepper::default()
        };
        if let Some([mpd, ds]) = answer.creases {
            self.set_attribute("data-crease-mpd", &format!("{mpd:.3}"));
            self.set_attribute("data-crease-ds", &format!("{ds:.3}"));
        }
        self.show_origin(setup);
        // A status about a cancelled job does not outlive the next terrain.
        if std::mem::take(&mut self.said_cancelled) {
            self.set_status("");
        }
        if let (Some(code), Some(line)) = (
            &self.elements.command,
            setup
                .recipe
                .command_line(setup.seed, self.your_file().as_deref()),
        ) {
            crate::page::dom::show_command(code, &line);
            self.set_attribute("data-command", &line);
        }
        let (staged, marks) = self.stepper.staged(setup, &answer);
        let look = self.demo.look;
        let mesh = look.mesh(
            &staged,
            &marks,
            camera::height_scale(setup, look) * answer.relief,
        );
        if let Some(panel) = &self.elements.roughness {
            panel.show(setup, &answer.variogram);
        }
        self.shown = Some(Shown {
            setup: setup.clone(),
            look,
            answer,
            staged,
            marks,
            mesh,
            model: None,
            stale: false,
            built_for: (ViewMode::TERRAIN, 0),
            routed: None,
        });
        self.forget_routing();
        self.frame_home();
        self.set_attribute("data-generation", &generation.to_string());
        self.set_attribute("data-seed", &setup.seed.to_string());
        self.show_step();
        self.needs_draw = true;
    }

    /// Reads the fields. When they hold allowed values, returns the request to send, if one is
    /// needed as `when` says (see [`Ask`]: a new setup, the one on screen again, always); otherwise marks
    /// the bad fields, and the terrain on screen stays. Shows the state and step either way.
    pub fn apply_fields(&mut self, when: Ask) -> Option<Pending<Setup>> {
        let pending = match self.read_fields().map(|setup| self.with_strokes(setup)) {
            Ok(setup) => {
                self.clear_errors();
                self.show_read_map(&setup);
                self.requests.ask(setup, when)
            }
            Err(errors) => {
                self.requests.reject();
                self.show_errors(&errors);
                None
            }
        };
        self.show_state();
        self.show_step();
        pending
    }

    /// The terrain request on its way, to send again to a generator that replaced the one it
    /// went to.
    pub fn pending_request(&self) -> Option<Pending<Setup>> {
        self.requests.pending()
    }

    /// The generator lost every request it held (it crashed or went silent): says so where this
    /// demo's terrain or file was among them.
    pub fn lose_requests(&mut self, message: &str) {
        self.source_again();
        if self.requests.lose() {
            self.show_failure(message, false);
            self.show_state();
        }
        self.abandon_download(message);
    }

    /// The reply to terrain request `token`. Shows the terrain when it answers the newest
    /// request and returns true (draw it now); says why when it could not be made.
    pub fn receive_terrain(&mut self, token: u32, answer: Result<Answer, String>) -> bool {
        let refused = self.source_answered(token, answer.is_ok());
        let shown = match answer {
            Ok(answer) => match self.requests.receive(token) {
                Some((setup, generation)) => {
                    self.show_terrain(&setup, generation, answer);
                    self.painting.linked = false;
                    self.show_painting();
                    true
                }
                None => false,
            },
            Err(message) => {
                if self.requests.fail(token) {
                    self.show_failure(&message, refused);
                }
                false
            }
        };
        self.show_state();
        shown
    }

    /// Draws the demo another way.
    pub fn set_mode(&mut self, mode: ViewMode) {
        if mode != self.mode {
            self.mode = mode;
            self.mark_routing_due();
            self.needs_draw = true;
            self.show_step();
            self.show_painting();
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

    fn set_attribute(&self, name: &str, value: &str) {
        // Setting a plain data attribute on a live element does not fail.
        let _ = self.elements.section.set_attribute(name, value);
    }
}
