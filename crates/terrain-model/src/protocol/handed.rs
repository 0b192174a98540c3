//! Reading the parts of the replies the worker's modules hand each other and the page never
//! receives (feature `handed`): a map for the encoders and what its chain moved, the heights a
//! request handed on carries.

use terrain::chain::moved::Moved;
use terrain::downloads::Download;
use terrain::Heightmap;
use wasm_bindgen::JsValue;

use super::*;

/// The map in a map reply; `None` when a part is missing or malformed.
pub(super) fn map(data: &JsValue) -> Option<(Download, Heightmap)> {
    let download = Download::parse(&get(data, EXTENSION).as_string()?)?;
    let map = heights(data)?;
    let range = get(data, LOW).as_f64().zip(get(data, HIGH).as_f64());
    let map = map.with_range_before_normalising(range.map(|(l, h)| (l as f32, h as f32)));
    Some((download, map))
}

/// The map under [`WIDTH`], [`HEIGHT`] and [`HEIGHTS`], if whole.
pub(super) fn heights(data: &JsValue) -> Option<Heightmap> {
    let width = whole(&get(data, WIDTH))? as usize;
    let height = whole(&get(data, HEIGHT))? as usize;
    Heightmap::from_data(width, height, floats(&get(data, HEIGHTS))?).ok()
}

/// What a map reply's chain moved (its wear and deposit), if it carries both, one value a cell.
pub(super) fn moved(data: &JsValue) -> Option<Moved> {
    let wear = floats(&get(data, WEAR))?;
    let deposit = floats(&get(data, DEPOSIT))?;
    (wear.len() == deposit.len()).then_some(Moved { wear, deposit })
}
