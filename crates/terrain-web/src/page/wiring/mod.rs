//! The page's events as [`Message`]s: every listener a demo, its toolbar, the shared WebGL
//! canvas and the window need, and the observer that starts each demo as it comes into view.
//! Each listener only builds a message and sends it to the [`Scheduler`].

mod composer;
mod fields;

use std::rc::{Rc, Weak};

use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlInputElement, IntersectionObserver, IntersectionObserverEntry,
    IntersectionObserverInit, KeyboardEvent, PointerEvent, WheelEvent,
};

use super::app::Message;
use super::dom::listen;
use super::queue::Scheduler;
use super::view::DemoView;
use crate::gpu::renderer::Renderer;
use crate::model::gestures;
use crate::model::stepping::StepAction;
use crate::model::view_mode::ViewMode;

/// A DOM listener that sends `make(event)` to the scheduler. Listeners live as long as the page,
/// and so, through them, does the scheduler.
pub fn sender<E>(
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
pub fn weak_sender<T>(
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

/// Canvas-relative CSS pixel position of a pointer event: from its client position and the
/// canvas's box (WebKit gives an event made by a script an `offsetX` from elsewhere).
fn canvas_position(event: &PointerEvent) -> (f32, f32) {
    let target = event
        .current_target()
        .and_then(|t| t.dyn_into::<Element>().ok());
    let (left, top) = target.map_or((0.0, 0.0), |canvas| {
        let rect = canvas.get_bounding_client_rect();
        (rect.left(), rect.top())
    });
    (
        (event.client_x() - left) as f32,
        (event.client_y() - top) as f32,
    )
}

/// Turns view `index`'s DOM events into messages.
pub fn wire_view(scheduler: &Rc<Scheduler>, view: &DemoView, index: usize) -> Result<(), JsValue> {
    let elements = view.elements();
    let refresh = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Refresh(index))
    });
    listen(&elements.refresh, "click", true, refresh)?;
    fields::wire(scheduler, elements, index)?;

    wire_toolbar(scheduler, view, index)?;
    if let Some(input) = &elements.file {
        wire_file(scheduler, &elements.section, input, index)?;
    }

    let cancel = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Cancel(index))
    });
    listen(&elements.busy.cancel, "click", true, cancel)?;

    let canvas = elements.canvas.clone();
    let target = canvas.clone();
    let press = sender(scheduler, move |event: PointerEvent| {
        let _ = target.set_pointer_capture(event.pointer_id());
        // Clicked into: the wheel zooms this demo until the pointer leaves it.
        let _ = target.set_attribute(ENGAGED, "");
        let (view, pointer, at) = (index, event.pointer_id(), canvas_position(&event));
        let touch = event.pointer_type() == "touch";
        Some(Message::Press {
            view,
            pointer,
            at,
            touch,
            orbit: event.shift_key(),
        })
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
    // The pointer leaving the canvas (a mouse or pen: a touch ends by leaving) or the focus
    // going elsewhere lets go.
    let gone = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Leave(index))
    });
    listen(&canvas, "pointerleave", true, gone)?;
    let left = Rc::new(canvas.clone());
    for kind in ["pointerleave", "blur"] {
        let left = Rc::clone(&left);
        listen(&canvas, kind, true, move |event: web_sys::Event| {
            let touch = event
                .dyn_ref::<PointerEvent>()
                .is_some_and(|p| p.pointer_type() == "touch");
            if !touch {
                let _ = left.remove_attribute(ENGAGED);
            }
        })?;
    }
    let wheeled = canvas.clone();
    let wheel = sender(scheduler, move |event: WheelEvent| {
        // A plain wheel scrolls the page; Ctrl or ⌘ (and a trackpad's pinch, which arrives as
        // a wheel with Ctrl) zooms, as does any wheel once the reader has clicked into the demo.
        let zooms = event.ctrl_key() || event.meta_key() || wheeled.has_attribute(ENGAGED);
        if !zooms {
            hint_once(&wheeled);
            return None;
        }
        event.prevent_default();
        let zoom = gestures::wheel(event.delta_y(), event.delta_mode());
        Some(Message::Steer(index, zoom))
    });
    listen(&canvas, "wheel", false, wheel)?;
    let key = sender(scheduler, move |event: KeyboardEvent| {
        let key = event.key();
        // Every key that pans or moves a pick (the arrows) also steers the camera; Escape
        // lets a pick go.
        if gestures::key(&key).is_none() && key != "Escape" {
            return None;
        }
        event.prevent_default();
        Some(Message::Key(index, key))
    });
    listen(&canvas, "keydown", false, key)
}

/// The canvas attribute set while the reader has clicked into a demo (its wheel then zooms).
const ENGAGED: &str = "data-engaged";

thread_local! {
    /// Whether the wheel's hint was shown on this page already (it is shown once).
    static HINTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The first time a plain wheel scrolls the page over a demo, says over that canvas how to
/// zoom instead, for a moment: the style sheet shows the words while the figure has
/// `data-wheel-hint` (a fading `::after`), so the page's module holds no timer for it.
fn hint_once(canvas: &Element) {
    if !HINTED.replace(true) {
        if let Some(figure) = canvas.parent_element() {
            let _ = figure.set_attribute("data-wheel-hint", "");
        }
    }
}

/// A file chosen in `input`, or dropped on `section`, is brought to view `index`.
fn wire_file(
    scheduler: &Rc<Scheduler>,
    section: &Element,
    input: &web_sys::HtmlInputElement,
    index: usize,
) -> Result<(), JsValue> {
    // One handler for the three events: a change of the picker, and a drag over or a drop on
    // the section, whose default (the browser opening the file) it refuses.
    let picker = input.clone();
    let brought = move |event: web_sys::Event| {
        let files = match event.dyn_ref::<web_sys::DragEvent>() {
            Some(drag) => {
                event.prevent_default();
                let files = drag.data_transfer()?.files()?;
                // The picker names the file dropped, as it names one chosen.
                if event.type_() == "drop" {
                    picker.set_files(Some(&files));
                }
                files
            }
            None => picker.files()?,
        };
        Some(Message::Bring(index, files.get(0)?))
    };
    let brought = Rc::new(sender(scheduler, brought));
    for (target, kind) in [
        (input.as_ref(), "change"),
        (section, "dragover"),
        (section, "drop"),
    ] {
        let handler = Rc::clone(&brought);
        listen(target, kind, kind == "change", move |event| handler(event))?;
    }
    Ok(())
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
    let reset = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::ResetView(index))
    });
    listen(&toolbar.reset, "click", true, reset)?;
    if let Some((format, tiles, button)) = &toolbar.download {
        let (format, tiles) = (format.clone(), tiles.clone());
        let download = sender(scheduler, move |_: web_sys::Event| {
            let (grid, format) = (tiles.value(), format.value());
            let name = match grid.as_str() {
                "1x1" | "" => format,
                grid => terrain::tiles::download_name(grid, &format),
            };
            Some(Message::Download(index, name))
        });
        listen(button, "click", true, download)?;
    }
    if let Some(panel) = &view.elements().realism {
        let details = panel.container.clone();
        // Opening it measures the terrain on screen; closing it asks for nothing.
        let toggle = sender(scheduler, move |_: web_sys::Event| {
            details
                .has_attribute("open")
                .then_some(Message::Measure(index))
        });
        listen(&panel.container, "toggle", true, toggle)?;
    }
    if let Some(flood) = &toolbar.flood {
        let steps = (&flood.back, &flood.forward, &flood.scrubber);
        wire_steps(scheduler, steps, ("flood", 64), move |a| {
            Message::Flood(index, a)
        })?;
    }
    if let Some((_, input)) = &toolbar.sun {
        let read = input.clone();
        let moved = sender(scheduler, move |_: web_sys::Event| {
            // The range only offers whole degrees from 5 to 85; anything else is refused.
            let degrees = terrain::params::parse_whole("sun", &read.value(), 5, 85).ok()?;
            Some(Message::Sun(index, degrees as u8))
        });
        listen(input, "input", true, moved)?;
    }
    let Some(controls) = &toolbar.stepper else {
        return Ok(());
    };
    let play = sender(scheduler, move |_: web_sys::Event| {
        Some(Message::Play(index, prefers_reduced_motion()))
    });
    listen(&controls.play, "click", true, play)?;
    let steps = (&controls.back, &controls.forward, &controls.scrubber);
    wire_steps(scheduler, steps, ("step", u64::from(u32::MAX)), move |a| {
        Message::Step(index, a)
    })
}

/// Turns a stepper's back and forward buttons and its scrubber (named and bounded by `range`)
/// into the messages `message` makes of a step action.
fn wire_steps(
    scheduler: &Rc<Scheduler>,
    (back, forward, scrubber): (&Element, &Element, &HtmlInputElement),
    (name, most): (&'static str, u64),
    message: impl Fn(StepAction) -> Message + Copy + 'static,
) -> Result<(), JsValue> {
    for (button, action) in [(back, StepAction::Back), (forward, StepAction::Forward)] {
        let press = sender(scheduler, move |_: web_sys::Event| Some(message(action)));
        listen(button, "click", true, press)?;
    }
    let input = scrubber.clone();
    let scrub = sender(scheduler, move |_: web_sys::Event| {
        // The range only offers whole steps; anything else is refused by the core's parser.
        let step = terrain::params::parse_whole(name, &input.value(), 0, most).ok()?;
        Some(message(StepAction::To(step as u32)))
    });
    listen(scrubber, "input", true, scrub)
}

/// Watches the shared context (drawing pauses while it is lost and every terrain is uploaded
/// again when it comes back) and the window's size.
pub fn wire_page(scheduler: &Rc<Scheduler>, renderer: &Renderer) -> Result<(), JsValue> {
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

/// How far outside the window a demo starts: not before it shows. Starting a screen ahead would
/// start WebGL while the page loads on a phone, whose first screen holds only text; a demo that
/// scrolls into view draws within a frame or two of generating.
const START_MARGIN: &str = "0px";

/// Sends each demo its `Start` when its section first comes into the window. Demos down the page
/// cost nothing until the reader gets to them: loading the page starts neither WebGL nor any
/// generation nobody sees.
pub fn start_when_near(scheduler: &Rc<Scheduler>, sections: Vec<Element>) -> Result<(), JsValue> {
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
