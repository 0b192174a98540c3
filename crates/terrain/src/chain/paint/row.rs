//! Paint's row in the step registry: on the command line a strokes file; on the page the brush
//! of the next stroke, the strokes drawn on the canvas.

use super::{KNOBS, STROKES_FILE};
#[cfg(feature = "cli")]
use crate::chain::row::{Extra, ExtraKind};
use crate::chain::row::{Settings, StepRow};
use crate::knobs::Knob;

/// `paint`'s row.
#[derive(Debug)]
pub struct PaintRow;

/// The row the registry lists.
pub static ROW: PaintRow = PaintRow;

/// The strokes file's flag.
pub const STROKES: &str = "strokes";

/// The flag beside the (empty) table: the strokes file.
#[cfg(feature = "cli")]
const EXTRAS: [Extra; 1] = [Extra {
    name: STROKES,
    value_name: "FILE.json",
    help: "The strokes to paint, in order: {\"strokes\": [{\"brush\": \"raise\" | \"lower\" | \
           \"smooth\" | \"flatten\", \"radius\": R, \"strength\": S, \"points\": [[x, y], ...]}, \
           ...]}, in map cells (x right, y down)",
    kind: ExtraKind::Text,
    conflicts_with: None,
}];

impl StepRow for PaintRow {
    fn name(&self) -> &'static str {
        "paint"
    }

    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "Strokes painted by hand: brushes that raise, lower, smooth and flatten, in order"
    }

    /// No setting of its own on the command line: each stroke in the file carries its brush.
    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        &[]
    }

    /// The brush of the next stroke.
    fn fields(&self) -> &'static [&'static Knob] {
        &KNOBS
    }

    #[cfg(feature = "cli")]
    fn extras(&self) -> &'static [Extra] {
        &EXTRAS
    }

    /// The strokes file's strokes, or on the page those drawn on the canvas (the chain's link
    /// holds them as their link text); none without either.
    #[cfg(feature = "erosion")]
    fn step(
        &self,
        _settings: &Settings,
        given: &crate::chain::row::Given,
    ) -> crate::chain::row::Made {
        use super::{Paint, Strokes, STROKES_FILE};
        use crate::knobs::params::ParamError;
        let Some((text, file)) = given.text(STROKES) else {
            let drawn = given.drawn.as_deref().unwrap_or("");
            return Ok(Box::new(Paint {
                strokes: Strokes::from_text(drawn)?,
                file: STROKES_FILE.to_string(),
            }));
        };
        let strokes = Strokes::from_json(text)
            .map_err(|e| ParamError::new(STROKES, format!("--{STROKES}: {file}: {}", e.message)))?;
        Ok(Box::new(Paint {
            strokes,
            file: file.to_string(),
        }))
    }

    fn drawn(&self) -> bool {
        true
    }

    fn page_flags(&self, _settings: &Settings) -> Vec<String> {
        vec![format!("--{STROKES} {STROKES_FILE}")]
    }
}
