//! A painted mask: paint's strokes file, with the mask's own brushes. `add` lays the mask on,
//! `remove` takes it off and `soften` blurs its edge (paint's raise, lower and smooth on a map
//! that starts at 0 everywhere, each dab held within 0 to 1, so a place painted over twice is
//! as masked as once).

use serde_json::Value;

use crate::chain::paint::{Brush, Strokes};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// The mask's brushes, by the names its strokes file gives them, and the paint brush each
/// paints with.
pub const MASK_BRUSHES: [(&str, Brush); 3] = [
    ("add", Brush::Raise),
    ("remove", Brush::Lower),
    ("soften", Brush::Smooth),
];

/// A painted mask: its strokes and the file they came from.
#[derive(Debug, Clone, PartialEq)]
pub struct PaintedMask {
    /// The strokes, in the order they were laid, with paint's brushes.
    pub strokes: Strokes,
    /// The file they came from, as the command line named it.
    pub file: String,
}

impl PaintedMask {
    /// The mask on a `width` x `height` map, each cell 0 to 1.
    pub fn on(&self, width: usize, height: usize) -> Result<Heightmap, ParamError> {
        paint(&self.strokes, width, height)
    }
}

/// The strokes of a mask's strokes file (`{"strokes": [{"brush": "add", "radius": 8,
/// "strength": 0.5, "points": [[x, y], ...]}, ...]}`), refused in one line as paint's are, or
/// for a brush that is not a mask's.
pub fn mask_strokes(text: &str) -> Result<Strokes, ParamError> {
    let refused = |why: String| ParamError::new(super::MASK_STROKES, why);
    let mut value: Value =
        serde_json::from_str(text).map_err(|e| refused(format!("is not JSON ({e})")))?;
    if let Some(list) = value.get_mut("strokes").and_then(Value::as_array_mut) {
        for (at, stroke) in list.iter_mut().enumerate() {
            let name = stroke.get("brush").and_then(Value::as_str).unwrap_or("");
            let Some((_, brush)) = MASK_BRUSHES.iter().find(|(n, _)| *n == name) else {
                return Err(refused(format!(
                    "stroke {}: no mask brush is named \"{name}\": add, remove or soften",
                    at + 1
                )));
            };
            stroke["brush"] = Value::from(brush.name());
        }
    }
    Strokes::from_json(&value.to_string()).map_err(|e| refused(e.message))
}

/// The strokes file of a mask painted on the page, from the strokes' link text (paint's, its
/// brushes raise, lower and smooth): what `--mask-strokes` reads, with the mask's brush names
/// (add, remove, soften); what the page downloads as format `mask`. Refused where the text
/// does not read or holds a brush a mask does not paint with.
pub fn mask_file(text: &str) -> Result<String, ParamError> {
    let refused = |why: String| ParamError::new(super::MASK_STROKES, why);
    let strokes = Strokes::from_text(text).map_err(|e| refused(e.message))?;
    let mut value: Value = serde_json::from_str(&strokes.to_json())
        .map_err(|e| refused(format!("the strokes did not write ({e})")))?;
    if let Some(list) = value.get_mut("strokes").and_then(Value::as_array_mut) {
        for (at, stroke) in list.iter_mut().enumerate() {
            let name = stroke.get("brush").and_then(Value::as_str).unwrap_or("");
            let Some((mask, _)) = MASK_BRUSHES.iter().find(|(_, b)| b.name() == name) else {
                return Err(refused(format!(
                    "stroke {} in the link: a mask is not painted with {name}",
                    at + 1
                )));
            };
            stroke["brush"] = Value::from(*mask);
        }
    }
    Ok(value.to_string())
}

/// The mask `strokes` paint on a `width` x `height` map, each cell 0 to 1.
pub fn paint(strokes: &Strokes, width: usize, height: usize) -> Result<Heightmap, ParamError> {
    strokes.validate(Some((width, height))).map_err(|e| {
        ParamError::new(
            super::MASK_STROKES,
            format!("--mask-strokes: {}", e.message),
        )
    })?;
    let mut mask = Heightmap::new(width, height)?;
    for stroke in &strokes.strokes {
        stroke.apply_within(&mut mask, Some((0.0, 1.0)));
    }
    Ok(mask)
}
