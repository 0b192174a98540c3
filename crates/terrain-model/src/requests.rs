//! The life of one demo's terrain requests, as plain data: which setup is on screen, which one
//! is on its way (and under which token), and whether something is wrong. The widget asks it
//! what to do and shows what it says; it never touches the DOM, so it is tested natively.
//!
//! Rules:
//! - every request gets a fresh token, and only the reply to the newest token is shown (the
//!   [`Newest`] rule);
//! - a rejected field generates nothing and keeps the terrain on screen;
//! - a failed generation is reported and keeps the terrain on screen;
//! - asking for the setup already on screen (or on its way) does nothing unless forced
//!   (Refresh forces, since its new seed is the point); asking again (Enter in a field) runs
//!   the setup on screen once more, but not one already on its way.

use super::newest::Newest;

/// What the demo's section says about itself (its `data-state`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// Nothing wrong and nothing on its way.
    Ready,
    /// A terrain is on its way.
    Busy,
    /// A field holds a rejected value, or the last generation failed.
    Error,
}

impl State {
    /// The `data-state` attribute's value.
    pub fn name(self) -> &'static str {
        match self {
            State::Ready => "ready",
            State::Busy => "busy",
            State::Error => "error",
        }
    }
}

/// When the fields' setup is sent ([`Requests::ask`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Only when it is not the setup on screen or on its way (a field changed).
    IfNew,
    /// Unless it is the setup on its way: Enter in a field runs the settings again, with
    /// the same seed (after a Cancel, say), and does not start a job running twice.
    Again,
    /// Always (Refresh, whose new seed is the point; undo and redo of a stroke).
    Always,
}

/// A request sent and not yet answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending<S> {
    /// The token sent with it.
    pub token: u32,
    /// What was asked for.
    pub setup: S,
}

/// One demo's requests. `S` is what a request asks for (the page's `Setup`).
#[derive(Debug, Clone)]
pub struct Requests<S> {
    pending: Newest<(), S>,
    shown: Option<S>,
    troubled: bool,
    generation: u64,
}

impl<S> Default for Requests<S> {
    fn default() -> Self {
        Self {
            pending: Newest::default(),
            shown: None,
            troubled: false,
            generation: 0,
        }
    }
}

impl<S: Clone + PartialEq> Requests<S> {
    /// The fields were read and hold `setup`: clears any rejection, and returns the request to
    /// send, if `when` says one is needed.
    pub fn ask(&mut self, setup: S, when: Ask) -> Option<Pending<S>> {
        self.troubled = false;
        let on_its_way = self.pending().map(|p| p.setup);
        let needless = match when {
            Ask::IfNew => on_its_way.or_else(|| self.shown.clone()).as_ref() == Some(&setup),
            Ask::Again => on_its_way.as_ref() == Some(&setup),
            Ask::Always => false,
        };
        if needless {
            return None;
        }
        let token = self.pending.issue((), setup.clone());
        Some(Pending { token, setup })
    }

    /// A field holds a value that is not allowed: nothing is generated, the terrain stays, and
    /// a request already on its way still lands.
    pub fn reject(&mut self) {
        self.troubled = true;
    }

    /// The reply to `token` arrived with a terrain. Returns what it shows and the new generation
    /// count when it answers the newest request; `None` (ignore it) otherwise.
    pub fn receive(&mut self, token: u32) -> Option<(S, u64)> {
        let setup = self.pending.take(&(), token)?;
        self.shown = Some(setup.clone());
        self.generation += 1;
        Some((setup, self.generation))
    }

    /// The reply to `token` says the terrain could not be made. True when that was the newest
    /// request (report it); the terrain on screen stays.
    pub fn fail(&mut self, token: u32) -> bool {
        // Not `self.troubled |= newest`: rustc 1.95 miscompiles that shape at opt-level 2 and 3
        // (BUILD.md, "The rustc 1.95 miscompile"; scripts/mir_guard.py keeps it out).
        let newest = self.pending.take(&(), token).is_some();
        if newest {
            self.troubled = true;
        }
        newest
    }

    /// The generator lost every request it held: true when one of this demo's was among them
    /// (report it).
    pub fn lose(&mut self) -> bool {
        self.pending().is_some_and(|p| self.fail(p.token))
    }

    /// The reader cancelled the request on its way: it is dropped without a word of failure,
    /// and the terrain on screen stays. True when one was on its way.
    pub fn cancel(&mut self) -> bool {
        match self.pending() {
            Some(p) => self.pending.take(&(), p.token).is_some(),
            None => false,
        }
    }

    /// The request on its way, to send again to a generator that replaced the one it went to.
    pub fn pending(&self) -> Option<Pending<S>> {
        let (token, setup) = self.pending.get(&())?;
        Some(Pending {
            token,
            setup: setup.clone(),
        })
    }

    /// The setup on screen.
    pub fn shown(&self) -> Option<S> {
        self.shown.clone()
    }

    /// Terrains shown so far (the section's `data-generation`).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The section's state: an error wins over busy, busy over ready.
    pub fn state(&self) -> State {
        if self.troubled {
            State::Error
        } else if self.is_busy() {
            State::Busy
        } else {
            State::Ready
        }
    }

    /// Whether a terrain is on its way (`aria-busy`), even while an error is shown.
    pub fn is_busy(&self) -> bool {
        !self.pending.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_request_is_dropped_quietly_and_its_late_reply_ignored() {
        let mut requests = Requests::default();
        let first = requests.ask(1, Ask::IfNew).expect("a first request");
        assert_eq!(requests.receive(first.token), Some((1, 1)));
        let second = requests.ask(2, Ask::IfNew).expect("a new setup");
        assert!(requests.cancel());
        assert_eq!(
            requests.state(),
            State::Ready,
            "no error: the reader chose it"
        );
        assert_eq!(requests.shown(), Some(1), "the terrain on screen stays");
        assert_eq!(
            requests.receive(second.token),
            None,
            "a late reply is not shown"
        );
        assert!(!requests.cancel(), "nothing left to cancel");
        assert!(
            requests.ask(2, Ask::IfNew).is_some(),
            "the same setup may be asked again"
        );
    }

    #[test]
    fn the_newest_token_wins() {
        let mut requests = Requests::default();
        let first = requests.ask(1, Ask::IfNew).expect("first request");
        let second = requests.ask(2, Ask::IfNew).expect("a different setup");
        assert_ne!(first.token, second.token);
        assert_eq!(requests.state(), State::Busy);
        assert_eq!(requests.receive(first.token), None, "stale reply ignored");
        assert_eq!(requests.state(), State::Busy);
        assert_eq!(requests.receive(second.token), Some((2, 1)));
        assert_eq!(requests.state(), State::Ready);
        assert_eq!(requests.shown(), Some(2));
        assert_eq!(requests.receive(second.token), None, "answered only once");
    }

    #[test]
    fn a_rejected_field_keeps_the_terrain_and_generates_nothing() {
        let mut requests = Requests::default();
        let first = requests.ask(1, Ask::IfNew).expect("request");
        requests.receive(first.token);
        requests.reject();
        assert_eq!(requests.state(), State::Error);
        assert_eq!((requests.shown(), requests.generation()), (Some(1), 1));
        // Typing the same value back clears the error without generating again.
        assert_eq!(requests.ask(1, Ask::IfNew), None);
        assert_eq!(requests.state(), State::Ready);
        assert_eq!(requests.generation(), 1);
    }

    #[test]
    fn a_request_on_its_way_still_lands_after_a_rejection() {
        let mut requests = Requests::default();
        let sent = requests.ask(1, Ask::IfNew).expect("request");
        requests.reject();
        assert_eq!(requests.state(), State::Error);
        assert!(requests.is_busy());
        assert_eq!(requests.receive(sent.token), Some((1, 1)));
        assert_eq!(requests.state(), State::Error, "the field is still wrong");
    }

    #[test]
    fn a_failed_generation_is_reported_and_the_terrain_stays() {
        let mut requests = Requests::default();
        let first = requests.ask(1, Ask::IfNew).expect("request");
        requests.receive(first.token);
        let big = requests.ask(2, Ask::IfNew).expect("request");
        assert!(!requests.fail(big.token + 7), "not ours");
        assert!(requests.fail(big.token));
        assert_eq!(requests.state(), State::Error);
        assert_eq!(requests.shown(), Some(1));
        // Asking again for what failed sends it again.
        assert!(requests.ask(2, Ask::IfNew).is_some());
        assert!(requests.lose(), "the generator stopped");
        assert!(!requests.lose(), "nothing left to lose");
        assert_eq!(requests.state(), State::Error);
    }

    #[test]
    fn refresh_while_busy_supersedes_the_request_on_its_way() {
        let mut requests = Requests::default();
        let slow = requests.ask(1, Ask::IfNew).expect("request");
        assert_eq!(
            requests.ask(1, Ask::IfNew),
            None,
            "the same setup is on its way"
        );
        let forced = requests
            .ask(1, Ask::Always)
            .expect("refresh forces a request");
        assert_eq!(requests.pending(), Some(forced.clone()));
        assert_eq!(requests.receive(slow.token), None);
        assert!(
            !requests.fail(slow.token),
            "a stale failure is not reported"
        );
        assert_eq!(requests.receive(forced.token), Some((1, 1)));
        assert_eq!(requests.state(), State::Ready);
    }

    #[test]
    fn asking_again_runs_the_setup_on_screen_once_more_but_not_one_on_its_way() {
        let mut requests = Requests::default();
        let first = requests.ask(1, Ask::IfNew).expect("request");
        assert_eq!(
            requests.ask(1, Ask::Again),
            None,
            "the same setup is on its way"
        );
        assert_eq!(requests.receive(first.token), Some((1, 1)));
        assert_eq!(requests.ask(1, Ask::IfNew), None, "the setup on screen");
        let again = requests
            .ask(1, Ask::Again)
            .expect("Enter runs it once more");
        assert_eq!(requests.ask(1, Ask::Again), None, "and not twice");
        // After a Cancel the setup on screen is run again, with its own seed.
        requests.cancel();
        let after = requests.ask(1, Ask::Again).expect("again after a cancel");
        assert_ne!(after.token, again.token);
        assert_eq!(requests.receive(after.token), Some((1, 2)));
    }
}
