//! The strokes file: `{"strokes": [{"brush": "raise", "radius": 8, "strength": 0.1, "points":
//! [[x, y], ...]}, ...]}`, read from JSON and written back, each value checked against its knob
//! so a bad file is refused in one line naming what is wrong and where.

use serde_json::{json, Value};

use super::knobs::{MOST_POINTS, RADIUS, STRENGTH};
use crate::knobs::params::ParamError;

/// What a stroke does to the ground under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// Lifts the ground.
    Raise,
    /// Digs it down.
    Lower,
    /// Pulls each cell towards the mean of its neighbours.
    Smooth,
    /// Pulls each cell towards the height under the stroke's first point.
    Flatten,
}

impl Brush {
    /// Every brush, as the file and the page name them.
    pub const ALL: [(Brush, &'static str); 4] = [
        (Brush::Raise, "raise"),
        (Brush::Lower, "lower"),
        (Brush::Smooth, "smooth"),
        (Brush::Flatten, "flatten"),
    ];

    /// The brush named `name`.
    pub fn named(name: &str) -> Option<Brush> {
        Brush::ALL.iter().find(|(_, n)| *n == name).map(|(b, _)| *b)
    }

    /// Its name in the file.
    pub fn name(self) -> &'static str {
        Brush::ALL
            .iter()
            .find(|(b, _)| *b == self)
            .map_or("raise", |(_, n)| n)
    }
}

/// One stroke: a brush dragged through points.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    /// What it does.
    pub brush: Brush,
    /// How far from each point it reaches, in cells.
    pub radius: f32,
    /// How much one dab does at its centre.
    pub strength: f32,
    /// Where it was dragged, in map cells (x right, y down), in order.
    pub points: Vec<(f32, f32)>,
}

/// The strokes of one painting, in the order they were drawn.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Strokes {
    /// The strokes.
    pub strokes: Vec<Stroke>,
}

/// The refusal of a strokes file, naming where.
fn refused(message: String) -> ParamError {
    ParamError::new("strokes", message)
}

/// Strokes read one after another, from a file or a link: each stroke's brush found by name and
/// its points counted against [`MOST_POINTS`] as they come, then all of them checked at once
/// ([`Strokes::validate`]). The refusals are words for the reader to place (`stroke 2: ...`).
#[derive(Default)]
pub(super) struct Gathering {
    strokes: Vec<Stroke>,
    points: usize,
}

impl Gathering {
    /// The brush called `name`, or why not.
    pub(super) fn brush(name: &str) -> Result<Brush, String> {
        Brush::named(name)
            .ok_or_else(|| format!("no brush is named \"{name}\": raise, lower, smooth or flatten"))
    }

    /// Takes `stroke` as the next one; refused once the strokes hold too many points in all.
    pub(super) fn push(&mut self, stroke: Stroke) -> Result<(), String> {
        self.points += stroke.points.len();
        if self.points > MOST_POINTS {
            return Err(format!("more than {MOST_POINTS} points in all"));
        }
        self.strokes.push(stroke);
        Ok(())
    }

    /// The strokes gathered, checked as a whole.
    pub(super) fn finish(self) -> Result<Strokes, ParamError> {
        let strokes = Strokes {
            strokes: self.strokes,
        };
        strokes.validate(None)?;
        Ok(strokes)
    }
}

impl Strokes {
    /// Reads a strokes file. Refuses broken JSON, an unknown brush, a missing or non-number
    /// value, a radius or strength out of its range, and a stroke without points.
    pub fn from_json(text: &str) -> Result<Strokes, ParamError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| refused(format!("is not JSON ({e})")))?;
        let list = value
            .get("strokes")
            .and_then(Value::as_array)
            .ok_or_else(|| refused("has no \"strokes\" list".to_string()))?;
        let mut gathering = Gathering::default();
        for (at, stroke) in list.iter().enumerate() {
            let at = at + 1;
            let name = stroke.get("brush").and_then(Value::as_str).unwrap_or("");
            let brush =
                Gathering::brush(name).map_err(|why| refused(format!("stroke {at}: {why}")))?;
            let number = |key: &str| -> Result<f32, ParamError> {
                stroke
                    .get(key)
                    .and_then(Value::as_f64)
                    .map(|v| v as f32)
                    .ok_or_else(|| refused(format!("stroke {at}: {key} must be a number")))
            };
            let (radius, strength) = (number("radius")?, number("strength")?);
            let points = stroke
                .get("points")
                .and_then(Value::as_array)
                .ok_or_else(|| refused(format!("stroke {at}: points must be a list of [x, y]")))?;
            let points = points
                .iter()
                .map(|p| match p.as_array().map(Vec::as_slice) {
                    Some([x, y]) => match (x.as_f64(), y.as_f64()) {
                        (Some(x), Some(y)) => Ok((x as f32, y as f32)),
                        _ => Err(()),
                    },
                    _ => Err(()),
                })
                .collect::<Result<Vec<_>, ()>>()
                .map_err(|()| {
                    refused(format!(
                        "stroke {at}: each point must be [x, y], two numbers"
                    ))
                })?;
            let stroke = Stroke {
                brush,
                radius,
                strength,
                points,
            };
            gathering
                .push(stroke)
                .map_err(|why| refused(format!("stroke {at}: {why}")))?;
        }
        gathering.finish()
    }

    /// The file's text: what [`Strokes::from_json`] reads back as these strokes.
    pub fn to_json(&self) -> String {
        let strokes: Vec<Value> = self
            .strokes
            .iter()
            .map(|s| {
                json!({
                    "brush": s.brush.name(),
                    "radius": s.radius,
                    "strength": s.strength,
                    "points": s.points.iter().map(|&(x, y)| json!([x, y])).collect::<Vec<_>>(),
                })
            })
            .collect();
        json!({ "strokes": strokes }).to_string()
    }

    /// Checks every stroke's radius and strength against their knobs, that it has points, and,
    /// given the map's `size`, that every point lies on it.
    pub fn validate(&self, size: Option<(usize, usize)>) -> Result<(), ParamError> {
        for (at, stroke) in self.strokes.iter().enumerate() {
            let at = at + 1;
            let within = |knob: &crate::knobs::Knob, v: f32| {
                knob.check_number(f64::from(v))
                    .map_err(|e| refused(format!("stroke {at}: {}", e.message)))
            };
            within(&RADIUS, stroke.radius)?;
            within(&STRENGTH, stroke.strength)?;
            if stroke.points.is_empty() {
                return Err(refused(format!("stroke {at}: has no points")));
            }
            for &(x, y) in &stroke.points {
                let on = match size {
                    Some((w, h)) => {
                        x >= 0.0 && y >= 0.0 && x <= (w - 1) as f32 && y <= (h - 1) as f32
                    }
                    None => x.is_finite() && y.is_finite(),
                };
                if !on {
                    let size = size.map_or(String::new(), |(w, h)| format!(" of {w} x {h}"));
                    return Err(refused(format!(
                        "stroke {at}: the point [{x}, {y}] is off the map{size}"
                    )));
                }
            }
        }
        Ok(())
    }
}
