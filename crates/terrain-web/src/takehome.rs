//! Taking a terrain home from the browser: handing a file to the browser's downloads, and copying
//! a share link to the clipboard where the browser allows it.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The file requests of one demo: a token per request, and the newest one's file name while it
/// is on its way.
#[derive(Debug, Default)]
pub struct Downloads {
    tokens: u32,
    waiting: Option<(u32, String)>,
}

impl Downloads {
    /// A file named `name` is asked for: its token.
    pub fn start(&mut self, name: String) -> u32 {
        self.tokens = self.tokens.wrapping_add(1);
        self.waiting = Some((self.tokens, name));
        self.tokens
    }

    /// The reply to `token` arrived: the file's name when it is the one awaited.
    pub fn finish(&mut self, token: u32) -> Option<String> {
        self.waiting
            .take_if(|(t, _)| *t == token)
            .map(|(_, name)| name)
    }

    /// The token of the file on its way, if any.
    pub fn pending(&self) -> Option<u32> {
        self.waiting.as_ref().map(|(t, _)| *t)
    }
}

/// Hands `bytes` to the browser as a download named `name`.
pub fn save(name: &str, bytes: &[u8]) -> Result<(), String> {
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
pub fn copy_to_clipboard(text: &str, done: impl FnOnce(bool) + 'static) {
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
