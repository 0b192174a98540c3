//! The queue between the page's events and the [`App`]: every listener turns its event into a
//! [`Message`] and sends it here (see [`super::wiring`]). Messages run one at a time, in order;
//! one sent while another runs (a reply, a re-entrant event) waits in the queue and runs right
//! after, never dropped. Timers and animation frames the app asks for come back as messages.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::app::{App, Message, PLAY_INTERVAL_MS};

/// The wait before each piece of WebGL's start ([`crate::gpu::renderer::Renderer::warm_up`]):
/// the browser readies a new context, and compiles a shader, in its GPU process after the call
/// that asks; the next call that needs an answer waits for that on the main thread (40 to 50 ms
/// on a page still loading). Asked this long after, the answer is there.
const WARM_UP_GAP_MS: i32 = 60;

/// The message queue and the app it feeds.
pub struct Scheduler {
    app: RefCell<Option<App>>,
    queue: RefCell<VecDeque<Message>>,
    frame_requested: Cell<bool>,
}

impl Scheduler {
    /// An empty queue; messages sent before [`Scheduler::start`] wait for the app.
    pub fn new() -> Rc<Self> {
        Rc::new(Self {
            app: RefCell::new(None),
            queue: RefCell::new(VecDeque::new()),
            frame_requested: Cell::new(false),
        })
    }

    /// Queues `message` and runs the queue, unless it is already running further up the stack
    /// (then that run takes it).
    pub fn send(self: &Rc<Self>, message: Message) {
        self.queue.borrow_mut().push_back(message);
        self.run();
    }

    fn run(self: &Rc<Self>) {
        let Ok(mut slot) = self.app.try_borrow_mut() else {
            return;
        };
        let Some(app) = slot.as_mut() else {
            // Not mounted yet: the messages wait for `start`.
            return;
        };
        loop {
            let next = self.queue.borrow_mut().pop_front();
            let Some(message) = next else { break };
            if matches!(message, Message::Frame) {
                self.frame_requested.set(false);
            }
            app.handle(message);
        }
        app.publish_pictures();
        for view in app.take_timers() {
            self.after(PLAY_INTERVAL_MS, Message::Tick(view));
        }
        if app.take_warm_up() {
            self.after(WARM_UP_GAP_MS, Message::WarmUp);
        }
        if app.wants_frame() {
            self.request_frame();
        }
    }

    /// Sends `message` in `delay` milliseconds.
    fn after(self: &Rc<Self>, delay: i32, message: Message) {
        let weak = Rc::downgrade(self);
        let callback = Closure::once_into_js(move || {
            if let Some(scheduler) = weak.upgrade() {
                scheduler.send(message);
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                callback.unchecked_ref(),
                delay,
            );
        }
    }

    /// Hands the scheduler its app and runs whatever was sent before.
    pub fn start(self: &Rc<Self>, app: App) {
        *self.app.borrow_mut() = Some(app);
        self.run();
    }

    fn request_frame(self: &Rc<Self>) {
        if self.frame_requested.replace(true) {
            return;
        }
        let weak = Rc::downgrade(self);
        let callback = Closure::once_into_js(move || {
            if let Some(scheduler) = weak.upgrade() {
                scheduler.send(Message::Frame);
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window.request_animation_frame(callback.unchecked_ref());
        }
    }
}
