//! A demo's stepper: moving it, playing it, and showing the step (`data-step`, `data-steps`,
//! the scrubber, the caption line).

use terrain::creases;

use crate::model::demos::Look;

use super::DemoView;
use crate::model::requests::State;
use crate::model::stepping::StepAction;

impl DemoView {
    /// Whether the stepper may move now: not while a terrain is on its way (the step would
    /// belong to the old one) nor while a field is rejected (the caption says so).
    pub fn steppable(&self) -> bool {
        let ready = !self.requests.is_busy() && self.requests.state() != State::Error;
        if !ready {
            self.show_step();
        }
        ready
    }

    /// A stepper control was used: play stops and the stepper moves.
    pub fn step(&mut self, action: StepAction) {
        self.stepper.playing = false;
        let moved = self.stepper.apply(action);
        self.after_step(moved);
    }

    /// Play pressed: plays, pauses, or (with reduced motion) jumps to the end. True while it
    /// plays (its timer is then wanted).
    pub fn toggle_play(&mut self, reduced_motion: bool) -> bool {
        let moved = self.stepper.toggle_play(reduced_motion);
        self.after_step(moved);
        self.stepper.playing
    }

    /// Play's timer went off: one step, unless a terrain is on its way (then it waits). True
    /// while it keeps playing.
    pub fn tick(&mut self) -> bool {
        if self.stepper.playing && !self.requests.is_busy() {
            let moved = self.stepper.tick();
            self.after_step(moved);
        }
        self.stepper.playing
    }

    fn after_step(&mut self, moved: bool) {
        if moved {
            self.restage();
        }
        self.show_step();
    }

    /// Rebuilds the grid and marks for the step on screen; the 3-D model follows when drawn.
    fn restage(&mut self) {
        if let Some(shown) = self.shown.as_mut() {
            let (staged, marks) = self.stepper.staged(&shown.setup, &shown.answer);
            shown.staged = staged;
            shown.marks = marks;
            shown.stale = true;
        }
        self.forget_routing();
        self.needs_draw = true;
    }

    /// Shows the step in `data-step`, `data-steps`, the scrubber, the play button and the
    /// caption line; disables the stepper, saying why, while a field is rejected.
    pub(super) fn show_step(&self) {
        let toolbar = &self.elements.toolbar;
        let rejected = self.requests.state() == State::Error;
        let water_caption = self.water_caption();
        let caption = match (&self.shown, self.stepper.schedule()) {
            (Some(_), Some(_)) if rejected => {
                "Stepping is paused until every field in the settings below holds an allowed value."
                    .to_string()
            }
            (Some(_), _) if water_caption.is_some() => water_caption.unwrap_or_default(),
            (Some(shown), _) => match (shown.answer.creases, self.demo.look) {
                (Some([mpd, ds]), _) => creases::caption(mpd, ds),
                (None, Look::Pair) => shown.setup.recipe.pair_caption().unwrap_or_default(),
                // A stepping recipe shown whole (the endless map): no step to name.
                (None, _)
                    if self.stepper.schedule().is_none()
                        && shown.setup.recipe.schedule().is_some() =>
                {
                    String::new()
                }
                (None, _) => {
                    let at = self.stepper.step();
                    let step = shown.setup.recipe.caption(at);
                    // Rain at scale says which engine rained, and how long it took; weathering
                    // what the worker measured at the step.
                    let said = shown.answer.engine.as_ref().map(|e| e.said.as_str());
                    match (step, said.or(shown.answer.note(at))) {
                        (Some(step), Some(said)) => step + ". " + said,
                        (step, _) => step.unwrap_or_default(),
                    }
                }
            },
            (None, _) => String::new(),
        };
        toolbar.show_step(&caption, &self.stepper, rejected);
        let alt = self
            .mode
            .alt_text(self.demo.caption, &caption, self.demo.pans());
        let _ = self.elements.canvas.set_attribute("aria-label", &alt);
        self.show_flood();
        if let Some(engine) = self.shown.as_ref().and_then(|s| s.answer.engine.as_ref()) {
            self.set_attribute("data-engine", engine.name());
        }
        if toolbar.stepper.is_some() {
            self.set_attribute("data-step", &self.stepper.step().to_string());
            self.set_attribute("data-steps", &self.stepper.count().to_string());
        }
    }
}
