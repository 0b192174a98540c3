//! The knobs several chapters share, read and shown once: the subdivision's size, spread and
//! reduction (midpoint displacement, its recursive rewrite, Diamond-Square, the eroded map) and
//! the erosion's droplets and constants (the eroded map, a map read from a file).

use crate::chain::thermal::{self, Thermal};
use crate::chapters::eroded::algorithm::ErosionParams;
use crate::chapters::faults::algorithm::{self as faults, ShapeSet};
use crate::chapters::fbm::algorithm::OctaveShape;
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::{self, Knob};

/// The subdivision's knobs, in the order they are listed.
pub const SUBDIVISION: [&Knob; 3] = [&knobs::EXPONENT, &knobs::SPREAD, &knobs::REDUCTION];

/// The erosion constants a reader may set, beside the droplets.
pub const EROSION: [&Knob; 9] = [
    &knobs::LIFETIME,
    &knobs::INERTIA,
    &knobs::CAPACITY,
    &knobs::MIN_CAPACITY,
    &knobs::EROSION,
    &knobs::DEPOSITION,
    &knobs::EVAPORATION,
    &knobs::GRAVITY,
    &knobs::RADIUS,
];

/// Where a setting lives in a chapter's parameters, by the kind of value it takes: one place
/// shows it and reads it for every chapter ([`Slot::shown`], [`Slot::read`]), so a chapter only
/// says where each of its knobs is (`Chapter::slot`).
pub enum Slot<'a> {
    /// A whole number.
    Whole(&'a mut u32),
    /// A size in points.
    Side(&'a mut usize),
    /// A decimal.
    Number(&'a mut f32),
    /// True or false.
    Toggle(&'a mut bool),
    /// A set of fault shapes, by name.
    Shapes(&'a mut ShapeSet),
    /// What each fBm octave becomes, by name.
    OctaveShape(&'a mut OctaveShape),
    /// One of the knob's names (`Values::Choice`), kept as its place in the list.
    Choice(&'a mut u8, &'static [&'static str]),
    /// A square's exponent, setting both sides (`2^n + 1` points each) of a free-sized map
    /// (the command line's `noise --exponent`; the page offers no size for noise).
    #[cfg(feature = "cli")]
    Square(&'a mut usize, &'a mut usize),
}

impl Slot<'_> {
    /// The text the setting shows (a free-sized map's exponent only when it is a square of
    /// 2^n + 1 points a side).
    pub fn shown(&self) -> Option<String> {
        Some(match self {
            Slot::Whole(v) => v.to_string(),
            Slot::Side(v) => v.to_string(),
            Slot::Number(v) => v.to_string(),
            Slot::Toggle(v) => v.to_string(),
            Slot::Shapes(v) => v.to_string(),
            Slot::OctaveShape(v) => v.name().to_string(),
            Slot::Choice(at, names) => names.get(usize::from(**at))?.to_string(),
            #[cfg(feature = "cli")]
            Slot::Square(width, height) => (1..=crate::knobs::limits::CLI_MAX_EXPONENT)
                .find(|&n| {
                    (**width, **height) == (crate::knobs::limits::side_for_exponent(n), **width)
                })?
                .to_string(),
        })
    }

    /// Reads `text` into the setting with `knob`'s range and messages (`read` reads a decimal
    /// once it passed the syntax check).
    pub fn read(self, knob: &Knob, text: &str, read: ReadDecimal) -> Result<(), ParamError> {
        match self {
            Slot::Whole(v) => knob.parse_u32(text).map(|n| *v = n),
            Slot::Side(v) => knob.parse_whole(text).map(|n| *v = n as usize),
            Slot::Number(v) => knob.parse_f32_with(text, read).map(|n| *v = n),
            Slot::Toggle(v) => toggle(knob, text).map(|b| *v = b),
            Slot::Shapes(v) => faults::parse_shapes(text).map(|set| *v = set),
            Slot::OctaveShape(v) => OctaveShape::parse(knob, text).map(|shape| *v = shape),
            Slot::Choice(at, names) => match names.iter().position(|&n| n == text.trim()) {
                Some(found) => {
                    *at = found as u8;
                    Ok(())
                }
                None => Err(ParamError::new(
                    knob.name,
                    format!(
                        "{} must be {}, got \"{}\"",
                        knob.name,
                        knob.range(),
                        text.trim()
                    ),
                )),
            },
            #[cfg(feature = "cli")]
            Slot::Square(width, height) => knob.parse_u32(text).map(|n| {
                let side = crate::knobs::limits::side_for_exponent(n);
                (*width, *height) = (side, side);
            }),
        }
    }
}

/// Where a subdivision knob lives; `None` for any other knob.
pub fn subdivision_slot<'a>(params: &'a mut MpdParams, knob: &Knob) -> Option<Slot<'a>> {
    Some(match knob.name {
        "exponent" => Slot::Whole(&mut params.exponent),
        "spread" => Slot::Number(&mut params.spread),
        "reduction" => Slot::Number(&mut params.reduction),
        _ => return None,
    })
}

/// Where an erosion knob lives (the droplets under either name, the batch); `None` for any
/// other knob.
pub fn erosion_slot<'a>(params: &'a mut ErosionParams, knob: &Knob) -> Option<Slot<'a>> {
    Some(match knob.name {
        "droplets" | "erode" => Slot::Whole(&mut params.droplets),
        "lifetime" => Slot::Whole(&mut params.lifetime),
        "radius" => Slot::Whole(&mut params.radius),
        "inertia" => Slot::Number(&mut params.inertia),
        "capacity" => Slot::Number(&mut params.capacity),
        "min-capacity" => Slot::Number(&mut params.min_capacity),
        "erosion" => Slot::Number(&mut params.erosion),
        "deposition" => Slot::Number(&mut params.deposition),
        "evaporation" => Slot::Number(&mut params.evaporation),
        "gravity" => Slot::Number(&mut params.gravity),
        "batch" => Slot::Whole(&mut params.batch),
        _ => return None,
    })
}

/// Where a knob of an eroded subdivision lives (the erosion chapters: droplet by droplet and in
/// batches); `None` for any other knob.
pub fn eroded_slot<'a>(
    params: &'a mut MpdParams,
    erosion: &'a mut ErosionParams,
    knob: &Knob,
) -> Option<Slot<'a>> {
    match subdivision_slot(params, knob) {
        Some(slot) => Some(slot),
        None => erosion_slot(erosion, knob),
    }
}

/// Where a knob of thermal erosion lives; `None` for any other knob.
pub fn thermal_slot<'a>(settings: &'a mut Thermal, knob: &Knob) -> Option<Slot<'a>> {
    let [iterations, talus, rate] = thermal::knobs::KNOBS;
    Some(match knob.name {
        name if name == iterations.name => Slot::Whole(&mut settings.iterations),
        name if name == talus.name => Slot::Number(&mut settings.talus),
        name if name == rate.name => Slot::Number(&mut settings.rate),
        _ => return None,
    })
}

/// Reads a toggle's `true` or `false`, or says what it takes.
pub fn toggle(knob: &Knob, text: &str) -> Result<bool, ParamError> {
    match text.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        other => Err(ParamError::new(
            knob.name,
            format!("{} must be {}, got \"{other}\"", knob.name, knob.range()),
        )),
    }
}
