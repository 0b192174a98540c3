//! The brush a reader paints with on the page: which brush, its radius and its strength, as a
//! `paint` step's fields hold them. They shape the next stroke; the strokes already drawn keep
//! their own (a stroke records its brush).

use super::knobs::{BRUSH, BRUSH_NAMES, RADIUS, STRENGTH};
use super::Brush;
use crate::chain::row::Settings;
use crate::knobs::Knob;

/// The brush settings of a page's `paint` step.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Brushing {
    /// Which brush, by place in [`BRUSH_NAMES`]: raise, lower, smooth or flatten.
    pub brush: u8,
    /// How far from the pointer a dab reaches, in cells: a wider ridge or valley.
    pub radius: f32,
    /// How much one dab does at its centre: a steeper ridge, a quicker smoothing.
    pub strength: f32,
}

/// The fields the page offers for a `paint` step.
pub const KNOBS: [&Knob; 3] = [&BRUSH, &RADIUS, &STRENGTH];

impl Brushing {
    /// Raise, 8 cells, 0.1 (the knobs' defaults).
    pub const DEFAULT: Brushing = Brushing {
        brush: 0,
        radius: 8.0,
        strength: 0.1,
    };

    /// The brush `settings` (a `paint` link's fields) hold.
    pub fn of(settings: &Settings) -> Brushing {
        Brushing {
            brush: settings.choice(&BRUSH),
            radius: settings.number(&RADIUS),
            strength: settings.number(&STRENGTH),
        }
    }

    /// The brush itself.
    pub fn brush(&self) -> Brush {
        BRUSH_NAMES
            .get(usize::from(self.brush))
            .and_then(|name| Brush::named(name))
            .unwrap_or(Brush::Raise)
    }
}
