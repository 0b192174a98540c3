//! Noticing a generator worker that stopped answering (terminated, or stuck), as plain data.
//!
//! The page keeps, per view and kind (terrain or file), the token of the request it waits for.
//! Every request sent and every reply counts as activity. A timer armed with the activity count
//! that finds the count unchanged and requests still waiting means the worker said nothing for
//! the whole wait: it is replaced and the requests it held are reported lost. One timer is set
//! at a time; one that finds activity checks again [`ANSWER_LIMIT_MS`] after the last of it, so
//! silence is noticed that long after the worker's last word, never later.

use super::newest::Newest;

/// How long the worker may stay silent while requests wait, in milliseconds. A long job is not
/// silent: the core's loops report how far they have got and worker.js says it is at work
/// while it awaits the GPU or a module, so only a worker that stopped answering stays silent
/// this long.
pub const ANSWER_LIMIT_MS: i32 = 30_000;

/// What the page waits for from the worker.
#[derive(Debug, Default)]
pub struct Watchdog {
    /// Per view and kind (`true`: a file), the newest request's token.
    waiting: Newest<(usize, bool), ()>,
    activity: u32,
    /// When the last activity happened, in the caller's milliseconds.
    last: f64,
}

impl Watchdog {
    /// A request went out for `view` (`file`: a download) at `now` (milliseconds); returns the
    /// activity count to arm a timer with.
    pub fn sent(&mut self, view: usize, file: bool, token: u32, now: f64) -> u32 {
        self.waiting.file((view, file), token, ());
        self.active(now);
        self.activity
    }

    fn active(&mut self, now: f64) {
        self.activity = self.activity.wrapping_add(1);
        self.last = now;
    }

    /// A reply came for `view`; returns the activity count to arm a timer with while requests
    /// still wait.
    pub fn answered(&mut self, view: usize, file: bool, token: u32, now: f64) -> Option<u32> {
        self.waiting.take(&(view, file), token);
        self.active(now);
        (!self.waiting.is_empty()).then_some(self.activity)
    }

    /// The worker said something other than a reply (how far a request has got, or that it is
    /// still at work): activity, so a timer armed before it finds no stall.
    pub fn heard(&mut self, now: f64) {
        self.active(now);
    }

    /// Whether a timer armed at `armed` finds the worker silent with requests waiting.
    pub fn stalled(&self, armed: u32) -> bool {
        armed == self.activity && !self.waiting.is_empty()
    }

    /// What a timer that found no stall at `now` does: `Some((count, delay))` to check again
    /// `delay` milliseconds later, [`ANSWER_LIMIT_MS`] after the last activity (requests still
    /// wait, so silence from then on must still be noticed); `None` when nothing waits.
    pub fn rearm(&self, now: f64) -> Option<(u32, i32)> {
        let left =
            (self.last + f64::from(ANSWER_LIMIT_MS) - now).clamp(0.0, f64::from(ANSWER_LIMIT_MS));
        (!self.waiting.is_empty()).then_some((self.activity, left.ceil() as i32))
    }

    /// The worker was replaced: nothing is waited for any more.
    pub fn reset(&mut self) {
        self.waiting.clear();
        self.activity = self.activity.wrapping_add(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silence_with_requests_waiting_is_a_stall_and_anything_heard_is_not() {
        let mut dog = Watchdog::default();
        let armed = dog.sent(0, false, 1, 0.0);
        assert!(dog.stalled(armed), "nothing heard since");
        let later = dog.sent(1, true, 1, 10.0);
        assert!(!dog.stalled(armed), "an older timer is stale");
        assert!(dog.stalled(later));
        let rearmed = dog.answered(1, true, 1, 20.0).expect("view 0 still waits");
        assert!(!dog.stalled(later), "a reply is activity");
        assert!(dog.stalled(rearmed));
        assert_eq!(dog.answered(0, false, 1, 30.0), None, "nothing waits");
        assert!(!dog.stalled(rearmed + 1));
    }

    #[test]
    fn progress_is_activity_and_a_timer_checks_again_while_requests_wait() {
        let mut dog = Watchdog::default();
        let armed = dog.sent(2, false, 1, 1_000.0);
        dog.heard(25_000.0);
        assert!(
            !dog.stalled(armed),
            "a progress message is word from the worker"
        );
        // The timer set at 1 s fires at 31 s: the next check is 30 s after the last word.
        let (again, delay) = dog.rearm(31_000.0).expect("the request still waits");
        assert_eq!(delay, 24_000, "checked again at 55 s, not 61 s");
        assert!(dog.stalled(again), "silence from then on is a stall");
        dog.answered(2, false, 1, 40_000.0);
        assert_eq!(dog.rearm(41_000.0), None, "nothing waits: no more checks");
    }

    #[test]
    fn a_superseded_request_waits_no_longer_and_a_reset_forgets_all() {
        let mut dog = Watchdog::default();
        dog.sent(3, false, 1, 0.0);
        dog.sent(3, false, 2, 0.0);
        // The worker answers only the newest of a view's requests.
        assert_eq!(dog.answered(3, false, 2, 0.0), None);
        let armed = dog.sent(4, false, 7, 0.0);
        dog.reset();
        assert!(!dog.stalled(armed));
        let fresh = dog.sent(4, false, 8, 0.0);
        assert!(!dog.stalled(fresh - 1), "an older count is stale");
        assert!(dog.stalled(fresh));
    }
}
