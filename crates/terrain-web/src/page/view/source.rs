//! The map file a terrain is read from (real land, "Your map", or a composed terrain on either
//! base): sent with a terrain request, for the worker to read and hold, and sent again to a
//! fresh worker after a crash.

use wasm_bindgen::{JsCast, JsValue};

use super::DemoView;
use crate::model::demos::Held;
use crate::model::fields::{Field, Setup};
use terrain::chapters::composed::{LAND_FILE, YOUR_MAP_BASE};

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

    /// The map file a terrain of `setup` is read from: the real land's address, or the file the
    /// reader brought (the first map's address until they bring one); `None` for a generated map.
    fn wanted_source(&self, setup: &Setup) -> Option<JsValue> {
        Some(match self.demo.held_for(setup)? {
            Held::Land { url, .. } => url.into(),
            Held::Brought { first } => self.brought.clone().unwrap_or_else(|| first.into()),
        })
    }

    /// The file a terrain of `setup` is read from goes with the next request, unless it is on
    /// its way or the worker holds it already.
    pub fn want_source(&mut self, setup: &Setup) {
        let Some(wanted) = self.wanted_source(setup) else {
            return;
        };
        let sent = self.sent_source.as_ref().map(|(_, source)| source);
        let known = self.source.as_ref().or(sent).or(self.held_source.as_ref());
        if known != Some(&wanted) {
            self.source = Some(wanted);
        }
    }

    /// The reader brought `file` for this demo's map: read with the next terrain request. On a
    /// composed row the base becomes `your-map`, so the steps run on it.
    pub fn bring(&mut self, file: web_sys::File) {
        // Only where there is a picker: a row that reads the reader's map, or a composed row.
        if self.elements.file.is_none() {
            return;
        }
        if self.elements.composer.is_some() {
            let base = self
                .elements
                .controls
                .iter()
                .find(|(f, _)| f.name() == Field(&terrain::chapters::composed::BASE).name());
            if let Some((_, control)) = base {
                control.set_value(YOUR_MAP_BASE);
            }
        }
        self.notice = None;
        self.brought = Some(file.into());
    }

    /// Shows the file picker while the map shown is the reader's (a composed row shows it only
    /// on the `your-map` base), and turns off the size field while the map is read from a file,
    /// whose size is its own.
    pub(super) fn show_read_map(&self, setup: &Setup) {
        let held = self.demo.held_for(setup);
        let picker = self.elements.file.as_ref().and_then(|f| f.parent_element());
        if let Some(wrapper) = picker {
            let yours = matches!(held, Some(Held::Brought { .. }));
            turn(&wrapper, "hidden", !yours);
        }
        for (f, control) in &self.elements.controls {
            if f.name() == Field(&terrain::knobs::PAGE_EXPONENT).name() {
                control
                    .inputs()
                    .into_iter()
                    .for_each(|input| turn(input, "disabled", held.is_some()));
            }
        }
    }

    /// The name of the reader's file the map held was read from (the real land's until they
    /// bring one): what a command line on their map reads.
    pub(super) fn your_file(&self) -> Option<String> {
        Some(
            match self.held_source.as_ref()?.dyn_ref::<web_sys::File>() {
                Some(file) => file.name(),
                None => LAND_FILE.to_string(),
            },
        )
    }

    /// A terrain reply to request `token` came back, made (`ok`) or not: at or after the
    /// request that sent a map file, a made one says the worker read it and holds its map; the
    /// very request failing says the file was refused (the worker keeps the map it held, and a
    /// refused file of the reader's gives way to the one it held). `true` when it was.
    pub(super) fn source_answered(&mut self, token: u32, ok: bool) -> bool {
        let Some((sent, _)) = &self.sent_source else {
            return false;
        };
        if *sent == token && !ok {
            self.sent_source = None;
            let held_brought = self.held_source.as_ref().filter(|s| !s.is_string());
            self.brought = held_brought.cloned();
            return true;
        } else if *sent <= token && ok {
            self.held_source = self.sent_source.take().map(|(_, source)| source);
        }
        false
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

/// Sets boolean attribute `name` of `element` on or off.
fn turn(element: &web_sys::Element, name: &str, on: bool) {
    let _ = match on {
        true => element.set_attribute(name, ""),
        false => element.remove_attribute(name),
    };
}
