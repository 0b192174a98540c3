//! The strokes in a share link and in the page's requests to its worker: `BRUSH_RADIUS_STRENGTH_
//! X-Y-X-Y...`, one stroke after another joined by `~`, every character one a URL carries as it
//! is (`raise_8_0.1_120-64-121-64~smooth_4_0.5_30-30`). Points are whole cells, as the page
//! paints them. [`Strokes::from_text`] reads it with the same checks as the strokes file.

use super::strokes::Gathering;
use super::{Stroke, Strokes};
use crate::knobs::params::ParamError;

/// Between two strokes.
pub const STROKE_SEPARATOR: char = '~';

/// The strokes file (`--then paint --strokes FILE` reads it) of the strokes whose link text is
/// `text`: what the page downloads as format `strokes`; refused where the text does not read.
pub fn strokes_file(text: &str) -> Result<String, ParamError> {
    Strokes::from_text(text).map(|strokes| strokes.to_json())
}

impl Strokes {
    /// Reads strokes from their link text (empty: none), checked as a strokes file is.
    pub fn from_text(text: &str) -> Result<Strokes, ParamError> {
        let refused = |at: usize, what: &str| {
            ParamError::new("strokes", format!("stroke {at} in the link: {what}"))
        };
        let mut gathering = Gathering::default();
        for (at, stroke) in text
            .split(STROKE_SEPARATOR)
            .filter(|s| !s.is_empty())
            .enumerate()
        {
            let at = at + 1;
            let mut parts = stroke.split('_');
            let brush =
                Gathering::brush(parts.next().unwrap_or("")).map_err(|why| refused(at, &why))?;
            let mut number = |what: &str| {
                parts
                    .next()
                    .and_then(|v| v.parse::<f32>().ok())
                    .ok_or_else(|| refused(at, &format!("{what} must be a number")))
            };
            let radius = number("radius")?;
            let strength = number("strength")?;
            let coordinates: Option<Vec<f32>> = parts
                .next()
                .unwrap_or("")
                .split('-')
                .map(|v| v.parse::<f32>().ok())
                .collect();
            let coordinates = coordinates
                .filter(|c| c.len() % 2 == 0 && parts.next().is_none())
                .ok_or_else(|| refused(at, "its points must be X-Y pairs of numbers"))?;
            let points = coordinates.chunks(2).map(|p| (p[0], p[1])).collect();
            let stroke = Stroke {
                brush,
                radius,
                strength,
                points,
            };
            gathering.push(stroke).map_err(|why| refused(at, &why))?;
        }
        gathering.finish()
    }

    /// The link text of these strokes: what [`Strokes::from_text`] reads back as them.
    pub fn to_text(&self) -> String {
        let strokes: Vec<String> = self.strokes.iter().map(Stroke::to_text).collect();
        strokes.join(STROKE_SEPARATOR.encode_utf8(&mut [0; 4]))
    }
}

impl Stroke {
    /// This stroke's link text (see the module).
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut text = format!("{}_{}_{}_", self.brush.name(), self.radius, self.strength);
        for (at, &(x, y)) in self.points.iter().enumerate() {
            let dash = if at == 0 { "" } else { "-" };
            let _ = write!(text, "{dash}{x}-{y}");
        }
        text
    }
}
