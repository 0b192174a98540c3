//! Taking a terrain home: a demo's download (asked of the worker, then handed to the browser's
//! downloads) and its share link (copied to the clipboard where the browser allows it).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::DemoView;
use crate::model::demos::Held;
use crate::model::fields::Setup;
use crate::model::links;
use terrain::downloads::Download;

/// What a take-home request asks the worker for: a file, or the realism report. Each kind waits
/// for its own newest, under tokens from one count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakeHome {
    /// A file to download.
    File,
    /// The "How real is it?" panel's report.
    Realism,
    /// The Water views' routing of the points on screen (`routing.rs`).
    Water,
}

impl DemoView {
    /// The download the format choice's value `name` names, started ([`DemoView::start_download`]):
    /// read once here; a name no download has (a page edited in the browser's tools) is refused
    /// in the alert, as a file that could not be made is.
    pub fn ask_download(&mut self, name: &str) -> Option<(u32, Setup, Download)> {
        let Some(download) = Download::parse(name) else {
            self.refuse_download(&format!("no file format called {name:?}"));
            return None;
        };
        let (token, setup) = self.start_download(download)?;
        Some((token, setup, download))
    }

    /// The setup on screen and a fresh token for its `download`, now on its way (the section
    /// shows `data-download="busy"` and the progress display); `None` with nothing on screen.
    pub fn start_download(&mut self, download: Download) -> Option<(u32, Setup)> {
        let Some(setup) = self.shown.as_ref().map(|shown| shown.setup.clone()) else {
            self.set_status("Nothing to download yet: no terrain is shown.");
            return None;
        };
        let name = match download {
            Download::Tiles { grid, format } => terrain::tiles::zip_name(
                &setup.recipe.file_name(setup.seed, format.extension),
                grid,
            ),
            // The name the page's command line reads them from.
            Download::Strokes => terrain::chain::paint::STROKES_FILE.to_string(),
            Download::Mask => terrain::chain::mask::fields::MASK_FILE.to_string(),
            // A zip of the heights, the splat maps, the albedo and their sidecar.
            Download::Splat => setup.recipe.file_name(setup.seed, "splat.zip"),
            // A zip of the engine's file and its sidecar.
            Download::Engine(engine) => {
                let zip = format!("{}.zip", engine.name());
                setup.recipe.file_name(setup.seed, &zip)
            }
            other => setup.recipe.file_name(setup.seed, &other.name()),
        };
        let token = self.downloads.issue(TakeHome::File, name);
        self.set_attribute("data-download", "busy");
        self.set_status("Preparing the file…");
        Some((token, setup))
    }

    /// The file asked for under `token` arrived (or could not be made): saves it, or says why in
    /// the alert; the terrain stays either way. Returns false for a stale token.
    pub fn finish_download(&mut self, token: u32, file: Result<Vec<u8>, String>) -> bool {
        if self.downloads.take(&TakeHome::Realism, token).is_some() {
            self.finish_measure(file);
            return true;
        }
        if self.downloads.take(&TakeHome::Water, token).is_some() {
            self.finish_routing(file);
            return true;
        }
        let Some(name) = self.downloads.take(&TakeHome::File, token) else {
            return false;
        };
        self.set_attribute("data-download", "ready");
        match file.and_then(|bytes| save(&name, &bytes).map(|()| bytes.len())) {
            Ok(size) => self.set_status(&format!("Downloaded {name} ({size} bytes)")),
            Err(message) => {
                self.set_status("");
                self.elements.alert.set_text_content(Some(&format!(
                    "The file could not be made ({message}). The terrain shown stays."
                )));
            }
        }
        true
    }

    /// A download that cannot be asked for (`message` says why): said in the alert, as a file
    /// that could not be made; the terrain stays.
    pub fn refuse_download(&mut self, message: &str) {
        self.set_attribute("data-download", "ready");
        self.set_status("");
        self.elements.alert.set_text_content(Some(&format!(
            "The file could not be made ({message}). The terrain shown stays."
        )));
    }

    /// The file on its way is lost (the generator stopped): says so. A routing on its way is
    /// asked for again.
    pub fn abandon_download(&mut self, message: &str) {
        self.forget_routing();
        for kind in [TakeHome::File, TakeHome::Realism] {
            if let Some((token, _)) = self.downloads.get(&kind) {
                self.finish_download(token, Err(message.to_string()));
            }
        }
    }

    /// Whether the "How real is it?" panel is open (its measures then follow the terrain).
    pub fn realism_open(&self) -> bool {
        self.elements.realism.as_ref().is_some_and(|p| p.is_open())
    }

    /// The setup on screen and a fresh token for its realism report, now on its way; `None`
    /// with nothing on screen or no panel.
    pub fn start_measure(&mut self) -> Option<(u32, Setup)> {
        let panel = self.elements.realism.as_ref()?;
        let setup = self.shown.as_ref()?.setup.clone();
        panel.measuring();
        let token = self
            .downloads
            .issue(TakeHome::Realism, Download::Realism.name());
        Some((token, setup))
    }

    /// The realism report arrived (or could not be made): shows it, and sets `data-realism` to
    /// what `terrain stats --json` prints for the same map.
    fn finish_measure(&mut self, report: Result<Vec<u8>, String>) {
        let Some(panel) = self.elements.realism.as_ref() else {
            return;
        };
        let shown = report
            .and_then(|bytes| String::from_utf8(bytes).map_err(|e| e.to_string()))
            .and_then(|text| panel.show(&text).map_err(|e| format!("{e:?}")));
        match shown {
            Ok(stats) => self.set_attribute("data-realism", &stats),
            Err(message) => panel.failed(&message),
        }
    }

    /// Builds the link to this demo as shown (always to the full page, also from an embedded
    /// demo), sets it as `data-link`, and copies it where the browser allows, saying which; sets
    /// the `<iframe>` code that embeds it as `data-embed` and offers it beside the buttons.
    pub fn share(&self) {
        let Some(shown) = &self.shown else {
            return;
        };
        let Some(location) = web_sys::window().map(|w| w.location()) else {
            return;
        };
        let page = format!(
            "{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        let folder = &page[..page.rfind('/').map_or(page.len(), |at| at + 1)];
        let base = if page.ends_with(links::EMBED_PAGE) {
            folder
        } else {
            &page
        };
        let mut url = links::link(base, self.demo, &shown.setup);
        // The strokes of the terrain shown ride at the end while the link stays short enough
        // to share.
        let mut strokes_left = false;
        if let Some(strokes) = links::strokes_pair(&shown.setup) {
            let with = format!("{url}{strokes}");
            if with.len() <= links::MOST_LINK {
                url = with;
            } else {
                strokes_left = true;
            }
        }
        self.set_attribute("data-link", &url);
        let code = links::embed_code(folder, self.demo, &shown.setup);
        self.set_attribute("data-embed", &code);
        self.elements.toolbar.offer_embed(&code);
        // A link carries the fields, never a map the reader brought: say so, not leave them to
        // find out.
        let file = if matches!(self.demo.held_for(&shown.setup), Some(Held::Brought { .. })) {
            "; it keeps the settings, not your file"
        } else if strokes_left {
            "; the strokes are too many for a link: download them (format strokes)"
        } else {
            ""
        };
        let status = self.elements.toolbar.status.clone();
        status.set_text_content(Some(&format!(
            "Link ready: it is in this demo's data-link{file}"
        )));
        copy_to_clipboard(&url, move |copied| {
            if copied {
                status.set_text_content(Some(&format!("Link copied{file}")));
            }
        });
    }
}

/// Hands `bytes` to the browser as a download named `name`.
fn save(name: &str, bytes: &[u8]) -> Result<(), String> {
    let failed = |_| "the browser refused the file".to_string();
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(failed)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Writes `text` to the clipboard where the browser allows; `done(true)` once it is there.
fn copy_to_clipboard(text: &str, done: impl FnOnce(bool) + 'static) {
    let clipboard = web_sys::window()
        .map(|w| w.navigator())
        .and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()).ok())
        .filter(|c| !c.is_undefined());
    let write = clipboard.as_ref().and_then(|c| {
        let function = js_sys::Reflect::get(c, &"writeText".into()).ok()?;
        let function: js_sys::Function = function.dyn_into().ok()?;
        let promise = function.call1(c, &text.into()).ok()?;
        promise.dyn_into::<js_sys::Promise>().ok()
    });
    let Some(promise) = write else {
        return done(false);
    };
    let done = Rc::new(RefCell::new(Some(done)));
    let (ok, err) = (Rc::clone(&done), done);
    let on_ok = Closure::once(move |_: JsValue| {
        if let Some(f) = ok.borrow_mut().take() {
            f(true)
        }
    });
    let on_err = Closure::once(move |_: JsValue| {
        if let Some(f) = err.borrow_mut().take() {
            f(false)
        }
    });
    let _ = promise.then2(&on_ok, &on_err);
    on_ok.forget();
    on_err.forget();
}
