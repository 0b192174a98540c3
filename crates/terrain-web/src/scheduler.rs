//! The queue between the page's events and the [`App`]: every listener turns its event into a
//! [`Message`] and sends it here. Messages run one at a time, in order; one sent while another
//! runs (a reply, a re-entrant event) waits in the queue and runs right after, never dropped.
//! Drawing happens on animation frames, asked for only when a view needs it.
//!
//! [`mount_all`] builds every demo, wires its events, and sends each its first `Start` once the
//! reader scrolls near it.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Document, Element, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit,
    KeyboardEvent, NodeList, PointerEvent, WheelEvent,
};

use crate::controller::{fresh_seed, App, Message, PLAY_INTERVAL_MS};
use crate::demos;
use crate::element::{self, listen};
use crate::fields::sentences;
use crate::generator::Generator;
use crate::gestures;
use crate::links;
use crate::renderer::Renderer;
use crate::stepping::{StepAction, ViewMode};
use crate::view::DemoView;

/// The message queue and the app it feeds.
pub struct Scheduler {
    app: RefCell<Option<App>>,
    queue: RefCell<VecDeque<Message>>,
    frame_requested: Cell<bool>,
}

impl Scheduler {
    fn new() -> Rc<Self> {
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
            self.after(0, Message::WarmUp);
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
    fn start(self: &Rc<Self>, app: App) {
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

/// A DOM listener that sends `make(event)` to the scheduler. Listeners live as long as the page,
/// and so, through them, does the scheduler.
fn sender<E>(
    scheduler: &Rc<Scheduler>,
    make: impl Fn(E) -> Option<Message> + 'static,
) -> impl Fn(E) + 'static {
    let scheduler = Rc::clone(scheduler);
    move |event| {
        if let Some(message) = make(event) {
            scheduler.send(message);
        }
    }
}

/// A generator callback that sends `make(value)` to the scheduler. It holds the scheduler weakly:
/// the app owns the generator, and a strong hold would make a cycle.
fn weak_sender<T>(
    scheduler: &Rc<Scheduler>,
    make: impl Fn(T) -> Message + 'static,
) -> impl Fn(T) + 'static {
    let weak: Weak<Scheduler> = Rc::downgrade(scheduler);
    move |value| {
        if let Some(scheduler) = weak.upgrade() {
            scheduler.send(make(value));
        }
    }
}

/// Canvas-relative CSS pixel position of a pointer event.
fn canvas_position(event: &PointerEvent) -> (f32, f32) {
    (event.offset_x() as f32, event.offset_y() as f32)
}

/// Turns view `index`'s DOM events into messages.
fn wire_view(scheduler: &Rc<Scheduler>, view: &DemoView, index: usize) -> Result<(), JsValue> {
    let elements = view.elements();
    let refresh = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Refresh(index))
    });
    listen(&elements.refresh, "click", true, refresh)?;
    for (_, control) in &elements.controls {
        for input in control.inputs() {
            let apply = sender(scheduler, move |_: web_sys::Event| {
                Some(Message::Apply(index))
            });
            listen(input, "change", true, apply)?;
        }
    }
    let submit = sender(scheduler, move |event: web_sys::Event| {
        event.prevent_default();
        Some(Message::Apply(index))
    });
    listen(&elements.form, "submit", false, submit)?;

    wire_toolbar(scheduler, view, index)?;

    let canvas = elements.canvas.clone();
    let target = canvas.clone();
    let press = sender(scheduler, move |event: PointerEvent| {
        let _ = target.set_pointer_capture(event.pointer_id());
        let (view, pointer, at) = (index, event.pointer_id(), canvas_position(&event));
        Some(Message::Press { view, pointer, at })
    });
    listen(&canvas, "pointerdown", true, press)?;
    let motion = sender(scheduler, move |event: PointerEvent| {
        let (view, pointer, at) = (index, event.pointer_id(), canvas_position(&event));
        Some(Message::Move { view, pointer, at })
    });
    listen(&canvas, "pointermove", true, motion)?;
    for kind in ["pointerup", "pointercancel"] {
        let release = sender(scheduler, move |event: PointerEvent| {
            let (view, pointer) = (index, event.pointer_id());
            Some(Message::Release { view, pointer })
        });
        listen(&canvas, kind, true, release)?;
    }
    let wheel = sender(scheduler, move |event: WheelEvent| {
        event.prevent_default();
        let zoom = gestures::wheel(event.delta_y(), event.delta_mode());
        Some(Message::Steer(index, zoom))
    });
    listen(&canvas, "wheel", false, wheel)?;
    let key = sender(scheduler, move |event: KeyboardEvent| {
        let action = gestures::key(&event.key())?;
        event.prevent_default();
        Some(Message::Steer(index, action))
    });
    listen(&canvas, "keydown", false, key)
}

/// Whether the reader asked the system for reduced motion.
fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|query| query.matches())
}

/// Turns view `index`'s view choice and stepper into messages.
fn wire_toolbar(scheduler: &Rc<Scheduler>, view: &DemoView, index: usize) -> Result<(), JsValue> {
    let toolbar = &view.elements().toolbar;
    let select = toolbar.view.clone();
    let change = sender(scheduler, move |_: web_sys::Event| {
        ViewMode::from_name(&select.value()).map(|mode| Message::View(index, mode))
    });
    listen(&toolbar.view, "change", true, change)?;
    let share = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Share(index))
    });
    listen(&toolbar.share, "click", true, share)?;
    if let Some((format, button)) = &toolbar.download {
        let format = format.clone();
        let download = sender(scheduler, move |_: web_sys::Event| {
            Some(Message::Download(index, format.value()))
        });
        listen(button, "click", true, download)?;
    }
    let Some(controls) = &toolbar.stepper else {
        return Ok(());
    };
    for (button, action) in [
        (&controls.back, StepAction::Back),
        (&controls.forward, StepAction::Forward),
    ] {
        let press = sender(scheduler, move |_: web_sys::Event| {
            Some(Message::Step(index, action))
        });
        listen(button, "click", true, press)?;
    }
    let play = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Play(index, prefers_reduced_motion()))
    });
    listen(&controls.play, "click", true, play)?;
    let scrubber = controls.scrubber.clone();
    let scrub = sender(scheduler, move |_: web_sys::Event| {
        // The range only offers whole steps; anything else is refused by the core's parser.
        let step =
            terrain::params::parse_whole("step", &scrubber.value(), 0, u64::from(u32::MAX)).ok()?;
        Some(Message::Step(index, StepAction::To(step as u32)))
    });
    listen(&controls.scrubber, "input", true, scrub)
}

/// Watches the shared context (drawing pauses while it is lost and every terrain is uploaded
/// again when it comes back) and the window's size.
fn wire_page(scheduler: &Rc<Scheduler>, renderer: &Renderer) -> Result<(), JsValue> {
    let canvas = renderer.canvas();
    // Without preventDefault the browser would never give the context back.
    let lost = sender(scheduler, |event: web_sys::Event| {
        event.prevent_default();
        Some(Message::ContextLost)
    });
    listen(canvas, "webglcontextlost", false, lost)?;
    let restored = sender(scheduler, |_: web_sys::Event| {
        Some(Message::ContextRestored)
    });
    listen(canvas, "webglcontextrestored", true, restored)?;
    let window = web_sys::window().ok_or("no window")?;
    let resize = sender(scheduler, |_: web_sys::Event| Some(Message::Resize));
    listen(&window, "resize", true, resize)
}

/// The page address's query and fragment.
fn address() -> (String, String) {
    let location = web_sys::window().map(|w| w.location());
    let part = |f: fn(&web_sys::Location) -> Result<String, JsValue>| {
        location
            .as_ref()
            .and_then(|l| f(l).ok())
            .unwrap_or_default()
    };
    (
        part(web_sys::Location::search),
        part(web_sys::Location::hash),
    )
}

/// The value of a link, percent-decoded as the browser encoded it.
fn decode(text: &str) -> String {
    js_sys::decode_uri_component(text)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| text.to_string())
}

/// Without WebGL2 the page still reads well; every demo says why it is missing.
fn explain_missing(sections: &NodeList, message: &str) {
    for i in 0..sections.length() {
        if let Some(section) = sections.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            section.set_text_content(Some(message));
        }
    }
}

/// Mounts the widget on every `section[data-demo]` of the page and asks for each demo's first
/// terrain.
pub fn mount_all(document: &Document, sections: &NodeList) -> Result<(), JsValue> {
    let renderer = match Renderer::new(document) {
        Ok(renderer) => renderer,
        Err(message) => {
            explain_missing(sections, &message);
            return Ok(());
        }
    };
    let scheduler = Scheduler::new();
    let generator = Generator::start(
        weak_sender(&scheduler, Message::Reply),
        weak_sender(&scheduler, Message::Trouble),
    );
    let (query, fragment) = address();
    let (pinned_seed, seed_notice) = match links::seed_from_query(&query) {
        Some(Ok(seed)) => (Some(seed), None),
        Some(Err(error)) => (
            None,
            Some(format!(
                "The page address's seed was not allowed: {} A random seed is used instead.",
                sentences(&[error])
            )),
        ),
        None => (None, None),
    };
    let mount = Mount {
        document: document.clone(),
        sections: (0..sections.length())
            .filter_map(|i| sections.item(i).and_then(|n| n.dyn_into::<Element>().ok()))
            .collect(),
        next: 0,
        pinned_seed,
        seed_notice,
        linked: links::parse_fragment(&fragment),
        scroll_to: None,
        views: Vec::new(),
        scheduler,
        renderer,
        generator,
    };
    mount.build_later();
    Ok(())
}

/// The demos being mounted, one per task so that loading the page never blocks it for long:
/// each [`Mount::build_next`] builds and wires one demo and hands the rest to a new task; after
/// the last, the app starts and the demos wait to come into view.
struct Mount {
    document: Document,
    sections: Vec<Element>,
    /// The next section to build.
    next: usize,
    pinned_seed: Option<u64>,
    seed_notice: Option<String>,
    linked: Option<links::Linked>,
    scroll_to: Option<Element>,
    views: Vec<DemoView>,
    scheduler: Rc<Scheduler>,
    renderer: Renderer,
    generator: Rc<Generator>,
}

impl Mount {
    /// Builds the next demo in a task of its own.
    fn build_later(self) {
        let callback = Closure::once_into_js(move || self.build_next());
        if let Some(window) = web_sys::window() {
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 0);
        }
    }

    /// Builds the next demo, then yields to the browser before the one after (or finishes).
    fn build_next(mut self) {
        if let Err(error) = self.build_one() {
            web_sys::console::error_1(&error);
        }
        if self.next < self.sections.len() {
            self.build_later();
        } else if let Err(error) = self.finish() {
            web_sys::console::error_1(&error);
        }
    }

    /// Builds and wires section `next`'s demo (skipping a section that names no demo).
    fn build_one(&mut self) -> Result<(), JsValue> {
        let Some(section) = self.sections.get(self.next).cloned() else {
            return Ok(());
        };
        self.next += 1;
        let id = section.get_attribute("data-demo").unwrap_or_default();
        let Some(demo) = demos::find(&id) else {
            web_sys::console::warn_1(&format!("no demo called {id:?}").into());
            return Ok(());
        };
        let mut setup = demo.setup(self.pinned_seed.unwrap_or_else(fresh_seed));
        let mut notice = self.seed_notice.clone();
        if let Some(link) = self.linked.as_ref().filter(|l| l.demo.id == demo.id) {
            let values: Vec<(String, String)> = link
                .values
                .iter()
                .map(|(n, v)| (n.clone(), decode(v)))
                .collect();
            let (restored, errors) = links::restore(demo, &values, setup.seed);
            setup = restored;
            if !errors.is_empty() {
                notice = Some(format!(
                    "This link's value was not allowed: {} The demo starts at its defaults.",
                    sentences(&errors)
                ));
            }
            self.scroll_to = Some(section.clone());
        }
        let elements = element::build(&self.document, section, demo, &setup)?;
        let mut view = DemoView::new(demo, elements);
        view.set_notice(notice);
        wire_view(&self.scheduler, &view, self.views.len())?;
        self.views.push(view);
        Ok(())
    }

    /// Every demo is built: starts the app and watches for demos coming into view.
    fn finish(self) -> Result<(), JsValue> {
        wire_page(&self.scheduler, &self.renderer)?;
        let shown: Vec<Element> = self
            .views
            .iter()
            .map(|v| v.elements().section.clone())
            .collect();
        self.scheduler
            .start(App::new(self.renderer, self.generator, self.views));
        start_when_near(&self.scheduler, shown)?;
        if let Some(section) = self.scroll_to {
            section.scroll_into_view();
        }
        Ok(())
    }
}

/// How far outside the window a demo starts: not before it shows. Starting a screen ahead would
/// start WebGL while the page loads on a phone, whose first screen holds only text; a demo that
/// scrolls into view draws within a frame or two of generating.
const START_MARGIN: &str = "0px";

/// Sends each demo its `Start` when its section first comes into the window. Demos down the page
/// cost nothing until the reader gets to them: loading the page starts neither WebGL nor any
/// generation nobody sees.
fn start_when_near(scheduler: &Rc<Scheduler>, sections: Vec<Element>) -> Result<(), JsValue> {
    let scheduler = Rc::clone(scheduler);
    let watched = sections.clone();
    let callback = Closure::<dyn FnMut(Array, IntersectionObserver)>::new(
        move |entries: Array, observer: IntersectionObserver| {
            for entry in entries.iter() {
                let Ok(entry) = entry.dyn_into::<IntersectionObserverEntry>() else {
                    continue;
                };
                if !entry.is_intersecting() {
                    continue;
                }
                let target = entry.target();
                observer.unobserve(&target);
                if let Some(index) = watched.iter().position(|s| *s == target) {
                    scheduler.send(Message::Start(index));
                }
            }
        },
    );
    let options = IntersectionObserverInit::new();
    options.set_root_margin(START_MARGIN);
    let observer =
        IntersectionObserver::new_with_options(callback.as_ref().unchecked_ref(), &options)?;
    // The observer lives as long as the page; so does its callback.
    callback.forget();
    for section in &sections {
        observer.observe(section);
    }
    Ok(())
}
