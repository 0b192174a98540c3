//! Everything that can happen on the page, as one [`Message`] addressed to the app
//! ([`super::app::App`]), which does what each says.

use three_d::Event;

use crate::model::stepping::StepAction;
use crate::model::view_mode::ViewMode;
use crate::worker::client::Trouble;
use crate::worker::protocol::{Reply, Ticket};

/// Something that happened, addressed to the app.
pub enum Message {
    /// Refresh was pressed in view `.0`: a new terrain from a new seed.
    Refresh(usize),
    /// A step of view `.0` (a composed demo) was added, moved or removed.
    Compose(usize, super::composer::Edit),
    /// A field of view `.0` was changed: apply the fields.
    Apply(usize),
    /// Enter in a field of view `.0` (its form submitted): run its settings again, with the
    /// same seed, unless they are on their way already.
    Rerun(usize),
    /// View `.0`'s first terrain: apply its fields, keeping any notice from the page address.
    Start(usize),
    /// The "How real is it?" panel of view `.0` was opened, or a new terrain came while it was
    /// open: its full map is measured.
    Measure(usize),
    /// Download was pressed in view `.0` with the format choice's value `.1`, the name of a
    /// download (`png`, `flow.r32`, `tiles-2x2.png`), read once by the view.
    Download(usize, String),
    /// Share was pressed in view `.0`.
    Share(usize),
    /// The reader chose or dropped a map file for view `.0`: it is read, and shown if it can be.
    Bring(usize, web_sys::File),
    /// A pointer (`pointer` is its id; `touch` for a finger) went down on view `view`'s canvas
    /// at `at`, in CSS pixels from the canvas's corner; `orbit` with Shift held (it turns the
    /// camera even where a drag would paint).
    #[allow(missing_docs)]
    Press {
        view: usize,
        pointer: i32,
        at: (f32, f32),
        touch: bool,
        orbit: bool,
    },
    /// A pointer moved over a view's canvas, to `at`.
    #[allow(missing_docs)]
    Move {
        view: usize,
        pointer: i32,
        at: (f32, f32),
    },
    /// A pointer went up or was cancelled.
    #[allow(missing_docs)]
    Release { view: usize, pointer: i32 },
    /// A camera event (the wheel) for view `.0`.
    Steer(usize, Event),
    /// The pointer left view `.0`'s canvas.
    Leave(usize),
    /// A key (`KeyboardEvent.key`) was pressed on view `.0`'s canvas: it steers the camera, or
    /// moves a map that pans.
    Key(usize, String),
    /// A stepper control of view `.0` was used.
    Step(usize, StepAction),
    /// View `.0`'s flood stepper (the Water view's) moved.
    Flood(usize, StepAction),
    /// View `.0`'s sun was set to `.1` degrees over the horizon (the Land view's).
    Sun(usize, u8),
    /// Play (or pause) was pressed in view `.0`; `.1` is true when the reader prefers reduced
    /// motion.
    Play(usize, bool),
    /// Play's timer for view `.0` went off.
    Tick(usize),
    /// View `.0` is to be drawn another way.
    View(usize, ViewMode),
    /// The generator answered a request.
    Reply(Box<Reply>),
    /// The generator says how far a request (its ticket) has got: the share done, 0 to 1.
    Progress(Ticket, f32),
    /// Cancel was pressed in view `.0`: its work stops, and the terrain shown stays.
    Cancel(usize),
    /// Reset view was pressed in view `.0`: its camera goes back where it started.
    ResetView(usize),
    /// The generator itself could not start or stopped.
    Trouble(Trouble),
    /// The browser took the shared WebGL context away: drawing pauses, the terrains are kept.
    ContextLost,
    /// The browser gave the shared WebGL context back.
    ContextRestored,
    /// The window changed size.
    Resize,
    /// Time to do the next piece of getting WebGL ready (see [`crate::gpu::renderer::Renderer::warm_up`]).
    WarmUp,
    /// An animation frame: draw what changed.
    Frame,
}
