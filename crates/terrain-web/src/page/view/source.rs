//! The map file of a demo whose map is read (real land, "Your map"): sent with a terrain
//! request, for the worker to read and hold, and sent again to a fresh worker after a crash.

use wasm_bindgen::JsValue;

use super::DemoView;

impl DemoView {
    /// The map file to send with request `token`, taken (sent once); none with a download,
    /// which reads no file.
    pub fn take_source(&mut self, token: u32, download: bool) -> Option<JsValue> {
        if download {
            return None;
        }
        let source = self.source.take()?;
        self.sent_source = Some((token, source.clone()));
        Some(source)
    }

    /// A terrain of `setup` starts from the real land the page shows (a composed terrain on
    /// that base): its file goes with the next request, unless the worker holds it already or
    /// it is on its way.
    pub fn want_land(&mut self, setup: &crate::model::fields::Setup) {
        let known = self.source.is_some() || self.sent_source.is_some();
        if setup.recipe.reads_land() && !known && self.held_source.is_none() {
            self.source = Some(crate::model::demos::JACKSBORO.into());
        }
    }

    /// The reader brought `file` for this demo's map: sent with the next terrain request.
    pub fn bring(&mut self, file: web_sys::File) {
        if self.demo.held.is_some() {
            self.notice = None;
            self.source = Some(file.into());
        }
    }

    /// A terrain reply to request `token` came back, made (`ok`) or not: at or after the
    /// request that sent a map file, a made one says the worker read it and holds its map; the
    /// very request failing says the file was refused (the worker keeps the map it held).
    pub(super) fn source_answered(&mut self, token: u32, ok: bool) {
        let Some((sent, _)) = &self.sent_source else {
            return;
        };
        if *sent == token && !ok {
            self.sent_source = None;
        } else if *sent <= token && ok {
            self.held_source = self.sent_source.take().map(|(_, source)| source);
        }
    }

    /// The worker is gone, and the map it held for this view with it: the next terrain request
    /// brings the map file again (the one on its way, else the one last read).
    pub(super) fn source_again(&mut self) {
        if self.source.is_none() {
            let sent = self.sent_source.take().map(|(_, source)| source);
            self.source = sent.or_else(|| self.held_source.clone());
        }
    }
}
