//! When the worker goes: it could not start, it stopped, or the reader cancelled its work.

use super::{App, DemoView};
use crate::worker::client::{Generator, Trouble};

impl App {
    /// A worker that could not start: everything on its way is asked for again, and refused
    /// saying why (no terrain is made without it). A worker that stopped: what it held is lost;
    /// say so.
    pub(super) fn recover(&mut self, trouble: Trouble) {
        match trouble {
            Trouble::NoWorker(message) => {
                web_sys::console::warn_1(&format!("no generator worker: {message}").into());
                self.ask_again();
            }
            Trouble::Crashed(message) => {
                for view in &mut self.views {
                    view.lose_requests(&message);
                }
            }
        }
    }

    /// Cancel in view `index`: the worker is stopped where it stands and a fresh one started
    /// (work in wasm cannot be interrupted otherwise); view `index` drops what it asked for and
    /// keeps its terrain, and every other view asks the fresh worker again for what it was
    /// waiting for.
    pub(super) fn cancel(&mut self, index: usize) {
        if !self.views.get(index).is_some_and(DemoView::is_working) {
            return;
        }
        if !Generator::restart(&self.generator) {
            return;
        }
        for (at, view) in self.views.iter_mut().enumerate() {
            view.worker_replaced(at == index);
        }
        self.ask_again();
    }

    /// Sends every view's terrain request on its way again, to a generator that replaced the one
    /// it went to.
    fn ask_again(&mut self) {
        let pending: Vec<_> = self
            .views
            .iter()
            .enumerate()
            .filter_map(|(at, v)| Some((at, v.pending_request()?)))
            .collect();
        for (at, request) in pending {
            self.send(at, request.token, request.setup, None);
        }
    }
}
