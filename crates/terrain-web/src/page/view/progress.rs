//! A demo's long work as the reader sees it: the progress the worker reports, Cancel, the
//! camera framed and put back, and the count of maps the worker generated for it (`data-runs`).

use super::takehome::TakeHome;
use super::DemoView;
use crate::gpu::camera;
use crate::model::pace;

impl DemoView {
    /// The worker says `share` of request `token` is done: shown while that request (a terrain
    /// or a file) is the one this demo waits for, with what it makes (a terrain's droplets or
    /// faults and size; a file's map is the one shown) and about how long is left.
    pub fn show_progress(&mut self, token: u32, share: f32) {
        let terrain = self.requests.pending().filter(|p| p.token == token);
        let file = self
            .downloads
            .get(&TakeHome::File)
            .is_some_and(|(t, _)| t == token);
        let recipe = match (terrain, file) {
            (Some(p), _) => p.setup.recipe,
            (None, true) => match &self.shown {
                Some(shown) => shown.setup.recipe.clone(),
                None => return,
            },
            (None, false) => return,
        };
        let left = self.pace.left(token, share, js_sys::Date::now());
        let note = pace::job_note(&recipe, share, left);
        self.elements.busy.show(share, &note);
    }

    /// Whether a terrain or a file of this demo is on its way (what Cancel stops).
    pub fn is_working(&self) -> bool {
        self.requests.is_busy() || self.downloads.get(&TakeHome::File).is_some()
    }

    /// The worker was replaced (`cancelled`: by this demo's Cancel). A cancelled demo drops
    /// what it asked for and keeps its terrain; every demo sends its map file again with its
    /// next request (the fresh worker holds none), and a file on its way is lost.
    pub fn worker_replaced(&mut self, cancelled: bool) {
        self.source_again();
        if cancelled {
            let dropped = self.requests.cancel();
            self.abandon_download("cancelled");
            self.set_attribute("data-download", "ready");
            // The fields go back to the terrain on screen, so fields and picture agree.
            let shown = self.shown.as_ref().map(|shown| shown.setup.clone());
            if let (true, Some(setup)) = (dropped, &shown) {
                self.show_fields(setup);
            }
            let said = match (dropped, shown.is_some()) {
                (true, true) => {
                    "Cancelled: the terrain shown is the last one made; the fields show its \
                     settings again."
                }
                (true, false) => "Cancelled: press Refresh or change a field to make a terrain.",
                (false, _) => "Cancelled.",
            };
            self.elements.alert.set_text_content(None);
            self.set_status(said);
            self.said_cancelled = true;
            self.show_state();
            self.show_step();
        } else {
            self.abandon_download("another demo's Cancel stopped it; press Download again");
        }
        self.elements.busy.reset();
    }

    /// The worker has generated `runs` maps for this demo from scratch so far.
    pub fn show_runs(&self, runs: u32) {
        self.set_attribute("data-runs", &runs.to_string());
    }

    /// Puts the camera back where it started, and draws.
    pub fn reset_view(&mut self) {
        let viewport = self.camera.viewport();
        self.camera = camera::new_camera(viewport.width, viewport.height, self.demo.look);
        self.control = camera::new_control();
        self.home = true;
        self.frame_home();
        self.needs_draw = true;
    }

    /// While the camera stands where the demo put it, frames the terrain on screen
    /// ([`camera::frame`]); once the reader has moved it, leaves it where they put it.
    pub(super) fn frame_home(&mut self) {
        if let Some(shown) = self.shown.as_ref().filter(|_| self.home) {
            // The finished map (so stepping never moves the camera).
            let eye = (&mut self.camera, &mut self.control);
            camera::frame(eye, shown.look, &shown.answer.grid, shown.height_scale());
            self.needs_draw = true;
        }
    }
}
