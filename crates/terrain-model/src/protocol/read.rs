//! Reading a terrain reply's answer, the one reply the page reads whole.

use js_sys::Uint8Array;
use terrain::display::DisplayGrid;
use terrain::variogram::Variogram;
use wasm_bindgen::{JsCast, JsValue};

use super::*;
use crate::answer::{Answer, Engine};

/// The answer in a terrain reply; `None` when a part is missing or malformed.
pub(super) fn answer(data: &JsValue) -> Option<Answer> {
    let grid = DisplayGrid::from_parts(
        floats(&get(data, XS))?,
        floats(&get(data, ZS))?,
        floats(&get(data, HEIGHTS))?,
    )?;
    let pairs = floats(&get(data, VARIOGRAM))?;
    let variogram = Variogram {
        points: pairs.chunks_exact(2).map(|p| (p[0], p[1])).collect(),
        slope: get(data, SLOPE).as_f64()? as f32,
    };
    let creases = match floats(&get(data, CREASES)) {
        Some(scores) => Some(<[f32; 2]>::try_from(scores).ok()?),
        None => None,
    };
    let bytes = |key| match get(data, key) {
        v if v.is_undefined() => Some(Vec::new()),
        v => v.dyn_into::<Uint8Array>().ok().map(|a| a.to_vec()),
    };
    let trails = bytes(TRAILS)?;
    Some(Answer {
        grid,
        batches: floats(&get(data, BATCHES))?,
        variogram,
        creases,
        relief: get(data, RELIEF).as_f64()? as f32,
        trails,
        engine: get(data, SAID).as_string().map(|said| Engine {
            gpu: get(data, ENGINE).as_string().as_deref() == Some("webgpu"),
            said,
        }),
        notes: get(data, NOTES).as_string().unwrap_or_default(),
        masks: bytes(MASKS)?,
    })
}
