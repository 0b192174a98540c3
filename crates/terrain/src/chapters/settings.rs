//! The knobs several chapters share, read and shown once: the subdivision's size, spread and
//! reduction (midpoint displacement, its recursive rewrite, Diamond-Square, the eroded map) and
//! the erosion's droplets and constants (the eroded map, a map read from a file).

use crate::algorithms::erosion::ErosionParams;
use crate::algorithms::midpoint::MpdParams;
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

/// The text a subdivision knob shows; `None` for any other knob.
pub fn show_subdivision(params: &MpdParams, knob: &Knob) -> Option<String> {
    Some(match knob.name {
        "exponent" => params.exponent.to_string(),
        "spread" => params.spread.to_string(),
        "reduction" => params.reduction.to_string(),
        _ => return None,
    })
}

/// Reads `text` into the subdivision's knob; `None` for any other knob.
pub fn apply_subdivision(
    params: &mut MpdParams,
    knob: &Knob,
    text: &str,
    read: ReadDecimal,
) -> Option<Result<(), ParamError>> {
    Some(match knob.name {
        "exponent" => knob.parse_u32(text).map(|v| params.exponent = v),
        "spread" => knob.parse_f32_with(text, read).map(|v| params.spread = v),
        "reduction" => knob
            .parse_f32_with(text, read)
            .map(|v| params.reduction = v),
        _ => return None,
    })
}

/// The text an erosion knob shows (the droplets under either name); `None` for any other knob.
pub fn show_erosion(params: &ErosionParams, knob: &Knob) -> Option<String> {
    Some(match knob.name {
        "droplets" | "erode" => params.droplets.to_string(),
        "lifetime" => params.lifetime.to_string(),
        "inertia" => params.inertia.to_string(),
        "capacity" => params.capacity.to_string(),
        "min-capacity" => params.min_capacity.to_string(),
        "erosion" => params.erosion.to_string(),
        "deposition" => params.deposition.to_string(),
        "evaporation" => params.evaporation.to_string(),
        "gravity" => params.gravity.to_string(),
        "radius" => params.radius.to_string(),
        _ => return None,
    })
}

/// Reads `text` into the erosion's knob; `None` for any other knob.
pub fn apply_erosion(
    params: &mut ErosionParams,
    knob: &Knob,
    text: &str,
    read: ReadDecimal,
) -> Option<Result<(), ParamError>> {
    let whole = |slot: &mut u32| knob.parse_u32(text).map(|v| *slot = v);
    let number = |slot: &mut f32| knob.parse_f32_with(text, read).map(|v| *slot = v);
    Some(match knob.name {
        "droplets" | "erode" => whole(&mut params.droplets),
        "lifetime" => whole(&mut params.lifetime),
        "radius" => whole(&mut params.radius),
        "inertia" => number(&mut params.inertia),
        "capacity" => number(&mut params.capacity),
        "min-capacity" => number(&mut params.min_capacity),
        "erosion" => number(&mut params.erosion),
        "deposition" => number(&mut params.deposition),
        "evaporation" => number(&mut params.evaporation),
        "gravity" => number(&mut params.gravity),
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
