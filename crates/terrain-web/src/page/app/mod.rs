//! What happens on the page, as [`Message`]s, and what each one does to the demos ([`App`]).
//!
//! Every event (a click, a field change, a pointer move, a reply from the generator, a frame)
//! becomes a message ([`super::wiring`]); the [`super::queue`] hands them here one at a time, so
//! an event never finds the app busy and is never dropped.

use std::rc::Rc;

use rand::TryRngCore;
use terrain::downloads::Download;

mod recovery;

use super::composer::Edit;
pub use super::message::Message;
use super::view::{self, DemoView};
use crate::gpu::renderer::Renderer;
use crate::model::fields::Setup;
use crate::model::requests::Ask;
use crate::worker::client::Generator;
use crate::worker::protocol::{Body, Reply, Request, Ticket};

/// Time between two steps while playing, in milliseconds.
pub const PLAY_INTERVAL_MS: i32 = 700;

/// Everything on the page: the shared renderer, the generator and every demo.
pub struct App {
    renderer: Renderer,
    generator: Rc<Generator>,
    views: Vec<DemoView>,
    /// Views whose play needs a timer for its next step.
    timers: Vec<usize>,
    /// WebGL has a piece of getting ready left ([`Message::WarmUp`] in a task of its own).
    warming: bool,
    /// Terrains that arrived for the 3-D view before WebGL was ready, shown once it is.
    held: Vec<Reply>,
    /// The demos were told that this browser cannot draw 3-D.
    without_3d: bool,
}

/// A fresh seed from the browser's crypto source (through `rand`); kept to 32 bits so it is
/// easy to read and retype.
pub fn fresh_seed() -> u64 {
    rand::rngs::OsRng
        .try_next_u32()
        .map(u64::from)
        .unwrap_or_else(|_| (js_sys::Math::random() * 4294967296.0) as u64)
}

impl App {
    /// The app over built views; nothing is generated until their first [`Message::Apply`].
    pub fn new(renderer: Renderer, generator: Rc<Generator>, views: Vec<DemoView>) -> Self {
        Self {
            renderer,
            generator,
            views,
            timers: Vec::new(),
            warming: false,
            held: Vec::new(),
            without_3d: false,
        }
    }

    /// True when WebGL wants its next piece of getting ready, in a task of its own.
    pub fn take_warm_up(&mut self) -> bool {
        std::mem::take(&mut self.warming)
    }

    /// The views that want a [`Message::Tick`] in [`PLAY_INTERVAL_MS`].
    pub fn take_timers(&mut self) -> Vec<usize> {
        std::mem::take(&mut self.timers)
    }

    /// The views, in page order.
    pub fn views(&self) -> &[DemoView] {
        &self.views
    }

    /// True when some view must be drawn on the next frame.
    pub fn wants_frame(&self) -> bool {
        self.views.iter().any(DemoView::needs_draw)
    }

    /// Brings every section's `data-picture` up to date (after a run of messages).
    pub fn publish_pictures(&mut self) {
        self.views.iter_mut().for_each(DemoView::publish_picture);
    }

    /// Does what `message` asks.
    pub fn handle(&mut self, message: Message) {
        self.check_webgl();
        match message {
            Message::Refresh(index) => {
                if let Some(view) = self.views.get_mut(index) {
                    view.set_notice(None);
                    view.show_seed(fresh_seed());
                }
                self.apply(index, Ask::Always);
            }
            Message::Compose(index, edit) => {
                let changed = self.views.get_mut(index).is_some_and(|view| {
                    let changed = view.edit_steps(edit);
                    if changed {
                        view.set_notice(None);
                    }
                    changed
                });
                if changed {
                    // Undo and redo keep the fields: the strokes changed, not the setup.
                    let when = match edit {
                        Edit::Undo | Edit::Redo => Ask::Always,
                        _ => Ask::IfNew,
                    };
                    self.apply(index, when);
                }
            }
            Message::Apply(index) | Message::Rerun(index) => {
                if let Some(view) = self.views.get_mut(index) {
                    view.set_notice(None);
                }
                let again = matches!(message, Message::Rerun(_));
                self.apply(index, if again { Ask::Again } else { Ask::IfNew });
            }
            Message::Start(index) => {
                // Sized now, as it comes into view, rather than all at once while loading.
                if let Some(view) = self.views.get_mut(index) {
                    let size = view.css_size();
                    view.fit_canvas(size);
                }
                // While its terrain is generated, WebGL gets ready for the picture.
                if self.wants_webgl(index) {
                    self.warming = true;
                }
                self.apply(index, Ask::IfNew);
            }
            Message::Download(index, name) => {
                let asked = self
                    .views
                    .get_mut(index)
                    .and_then(|v| v.ask_download(&name));
                if let Some((token, setup, download)) = asked {
                    self.send(index, token, setup, Some(download));
                }
            }
            Message::Measure(index) => self.measure(index),
            Message::Bring(index, file) => {
                if let Some(view) = self.views.get_mut(index) {
                    view.bring(file);
                }
                self.apply(index, Ask::Always);
            }
            Message::Share(index) => {
                if let Some(view) = self.views.get(index) {
                    view.share();
                }
            }
            Message::Press {
                view,
                pointer,
                at,
                touch,
                orbit,
            } => {
                if let Some(v) = self.views.get_mut(view) {
                    v.press(pointer, at, touch, orbit);
                }
            }
            Message::Move { view, pointer, at } => {
                let panned = self.views.get_mut(view);
                if panned.is_some_and(|v| v.pointer_moved(pointer, at)) {
                    self.apply(view, Ask::IfNew);
                }
            }
            Message::Key(view, key) => {
                if self.views.get_mut(view).is_some_and(|v| v.key(&key)) {
                    self.apply(view, Ask::IfNew);
                }
            }
            Message::Release { view, pointer } => {
                if self.views.get_mut(view).is_some_and(|v| v.release(pointer)) {
                    self.apply(view, Ask::Always);
                }
            }
            Message::Leave(view) => {
                if let Some(v) = self.views.get_mut(view) {
                    v.leave();
                }
            }
            Message::Steer(view, event) => {
                if let Some(v) = self.views.get_mut(view) {
                    v.steer(vec![event]);
                }
            }
            Message::Step(index, action) => {
                if let Some(v) = self.views.get_mut(index).filter(|v| v.steppable()) {
                    v.step(action);
                }
            }
            Message::Flood(index, action) => {
                if let Some(v) = self.views.get_mut(index) {
                    v.step_flood(action);
                }
            }
            Message::Sun(index, degrees) => {
                if let Some(v) = self.views.get_mut(index) {
                    v.set_sun(degrees);
                }
            }
            Message::Play(index, reduced_motion) => {
                if let Some(v) = self.views.get_mut(index).filter(|v| v.steppable()) {
                    if v.toggle_play(reduced_motion) {
                        self.timers.push(index);
                    }
                }
            }
            Message::Tick(index) => {
                if self.views.get_mut(index).is_some_and(DemoView::tick) {
                    self.timers.push(index);
                }
            }
            Message::View(index, mode) => {
                if let Some(v) = self.views.get_mut(index) {
                    v.set_mode(mode);
                }
            }
            Message::Reply(reply) if self.waits_for_webgl(&reply) => {
                // Shown once WebGL is ready, so that getting it ready and drawing the terrain
                // are not one long task.
                self.held.push(*reply);
                self.warming = true;
            }
            Message::Reply(reply) => self.receive(*reply),
            Message::Progress(ticket, share) => {
                if let Some(v) = self.views.get_mut(ticket.view) {
                    v.show_progress(ticket.token, share);
                }
            }
            Message::Cancel(index) => self.cancel(index),
            Message::ResetView(index) => {
                if let Some(v) = self.views.get_mut(index) {
                    v.reset_view();
                }
            }
            Message::Trouble(trouble) => self.recover(trouble),
            Message::ContextLost => self.views.iter().for_each(|v| v.show_paused(true)),
            Message::ContextRestored => self.context_restored(),
            Message::Resize => view::fit_all(&mut self.views),
            Message::WarmUp => {
                self.warming = self.renderer.warm_up();
                if !self.warming {
                    self.check_webgl();
                    for reply in std::mem::take(&mut self.held) {
                        self.receive(reply);
                    }
                }
            }
            Message::Frame => {
                // While the GPU is still busy with the last 3-D picture every picture waits
                // (still wanted, for the next frame): the demos' 2-D canvases are drawn by the
                // GPU too, behind that picture.
                let renderer = &self.renderer;
                if renderer.ready() {
                    view::draw_due(&mut self.views, renderer);
                }
            }
        }
        self.route_water();
    }

    /// Asks the worker to route the points on screen of every view that shows water and has
    /// them neither routed nor on their way (after a new terrain, step or view).
    fn route_water(&mut self) {
        for index in 0..self.views.len() {
            let asked = self
                .views
                .get_mut(index)
                .and_then(DemoView::routing_request);
            if let Some((token, setup, grid)) = asked {
                self.generator.request(Request {
                    ticket: Ticket { view: index, token },
                    demo: self.views[index].demo(),
                    setup,
                    download: Some(Download::Water),
                    source: None,
                    grid: Some(grid),
                    query: None,
                });
            }
        }
    }

    /// Reads view `index`'s fields and asks for a terrain as `when` says (a new setup only, the
    /// one on screen again, or always); bad fields are flagged and the terrain on screen stays.
    fn apply(&mut self, index: usize, when: Ask) {
        let pending = self.views.get_mut(index).and_then(|v| v.apply_fields(when));
        if let Some(pending) = pending {
            self.send(index, pending.token, pending.setup, None);
        }
    }

    /// Sends view `index`'s request under `token`: its terrain (and a new map file), or `download`.
    fn send(&mut self, index: usize, token: u32, setup: Setup, download: Option<Download>) {
        let Some(view) = self.views.get_mut(index) else {
            return;
        };
        view.want_source(&setup);
        let source = view.take_source(token, download.is_some());
        view.elements().busy.reset();
        self.generator.request(Request {
            ticket: Ticket { view: index, token },
            demo: view.demo(),
            setup,
            download,
            source,
            grid: None,
            query: None,
        });
    }

    /// Once it is known that this browser cannot draw 3-D, every demo switches to its map.
    fn check_webgl(&mut self) {
        if self.without_3d {
            return;
        }
        if let Some(reason) = self.renderer.missing() {
            self.without_3d = true;
            for view in &mut self.views {
                view.without_3d(&reason);
            }
        }
    }

    /// True when view `index` draws in 3-D and WebGL is not ready for it yet.
    fn wants_webgl(&self, index: usize) -> bool {
        self.views.get(index).is_some_and(|v| v.mode().lit()) && !self.renderer.is_warm()
    }

    /// True when `reply` is a terrain to draw in 3-D and WebGL is not ready for it yet.
    fn waits_for_webgl(&self, reply: &Reply) -> bool {
        matches!(reply.body, Body::Terrain(Ok(_))) && self.wants_webgl(reply.ticket.view)
    }

    /// Shows a reply, if it answers its view's newest request.
    fn receive(&mut self, reply: Reply) {
        let Ticket { view, token } = reply.ticket;
        let Some(v) = self.views.get_mut(view) else {
            return;
        };
        if let Some(runs) = reply.runs {
            v.show_runs(runs);
        }
        match reply.body {
            Body::Terrain(Err(message)) if v.drop_linked_strokes(&message) => {
                // The link's strokes were refused: the terrain without them.
                v.receive_terrain(token, Err(message));
                self.apply(view, Ask::Always);
            }
            Body::Terrain(answer) => {
                if v.receive_terrain(token, answer) {
                    // Drawn in the same task as `data-generation` changes, so the section's
                    // attributes never describe a picture that is not on screen yet.
                    v.draw(&self.renderer);
                    if v.realism_open() {
                        self.measure(view);
                    }
                }
            }
            Body::File(file) => {
                v.finish_download(token, file);
            }
            // Maps stay in the worker, on their way to the file encoders.
            Body::Map { .. } | Body::Later { .. } => {}
        }
    }

    /// Asks for view `index`'s realism report, if its panel can show one.
    fn measure(&mut self, index: usize) {
        if let Some(view) = self.views.get_mut(index) {
            if let Some((token, setup)) = view.start_measure() {
                self.send(index, token, setup, Some(Download::Realism));
            }
        }
    }

    /// Starts drawing again on a restored context: every terrain is uploaded anew.
    fn context_restored(&mut self) {
        if let Err(message) = self.renderer.rebuild() {
            web_sys::console::warn_1(&message.into());
            return;
        }
        for view in &mut self.views {
            view.upload_again();
            view.show_paused(false);
        }
    }
}
