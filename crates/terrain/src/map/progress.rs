//! How far long work has got, for whoever is watching: the page's worker turns it into the
//! progress bar under a demo that takes a while (erosion at 2049² with millions of droplets).
//!
//! The long loops call [`report`] with how much of their work is done; it costs a comparison
//! unless someone watches this thread ([`watching`]), and calls the watcher at most about a
//! thousand times a loop, whatever the loop's length. Natively nobody watches, and the loops
//! that run on several threads report from the thread that started them only, so nothing here
//! can change a byte of what the loops make.

use std::cell::{Cell, RefCell};

/// What a watcher is handed: the share of the work done, from 0 to 1.
type Watcher = Box<dyn FnMut(f32)>;

thread_local! {
    static WATCHER: RefCell<Option<Watcher>> = RefCell::new(None);
    /// Whether [`WATCHER`] holds one: read on every [`report`], so it is a plain cell.
    static WATCHED: Cell<bool> = const { Cell::new(false) };
}

/// How many reports a loop makes at most (one every `total / STEPS` items).
const STEPS: u64 = 1000;

/// `done` of `total` items of the loop are done. Cheap when nobody watches; the watcher hears
/// of every thousandth part at most, and of the last item.
pub fn report(done: u64, total: u64) {
    if !WATCHED.get() || total == 0 {
        return;
    }
    let stride = (total / STEPS).max(1);
    if !done.is_multiple_of(stride) && done != total {
        return;
    }
    let share = (done.min(total) as f64 / total as f64) as f32;
    WATCHER.with_borrow_mut(|watcher| {
        if let Some(watcher) = watcher.as_mut() {
            watcher(share);
        }
    });
}

/// Runs `work` with `watcher` hearing its [`report`]s on this thread, and returns what it made.
/// The watcher before it (if any) is restored after.
pub fn watching<T>(watcher: impl FnMut(f32) + 'static, work: impl FnOnce() -> T) -> T {
    let before = WATCHER.replace(Some(Box::new(watcher)));
    let was = WATCHED.replace(true);
    let made = work();
    WATCHER.set(before);
    WATCHED.set(was);
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn a_watcher_hears_a_thousand_reports_at_most_ending_at_one() {
        let heard = Rc::new(RefCell::new(Vec::new()));
        let into = Rc::clone(&heard);
        watching(
            move |share| into.borrow_mut().push(share),
            || {
                for done in 1..=1_000_000 {
                    report(done, 1_000_000);
                }
            },
        );
        let heard = heard.borrow();
        assert_eq!(heard.len(), 1000);
        assert!(heard.windows(2).all(|w| w[0] < w[1]), "rising");
        assert_eq!(heard.last(), Some(&1.0));
    }

    #[test]
    fn nobody_hears_outside_watching_and_a_short_loop_reports_each_item() {
        report(1, 2);
        let count = Rc::new(Cell::new(0));
        let into = Rc::clone(&count);
        let made = watching(
            move |_| into.set(into.get() + 1),
            || {
                (1..=3).for_each(|done| report(done, 3));
                7
            },
        );
        assert_eq!((made, count.get()), (7, 3));
        report(3, 3);
        assert_eq!(count.get(), 3, "the watcher is gone after");
    }
}
