//! A mask's flags, the same after every step's own: what each takes, how it is read and
//! refused, and how a mask is written back as flags (for the sidecar and the command that
//! remakes it).

use super::{Band, Mask, MaskFile};
use crate::chain::row::{Extra, ExtraKind, Given};
#[cfg(feature = "erosion")]
use crate::chain::row::{Made, Settings, StepRow};
use crate::knobs::params::ParamError;
use crate::knobs::table::number;
use crate::knobs::Knob;

/// `--mask FILE`.
pub const MASK: &str = "mask";
/// `--mask-height LO:HI`.
pub const MASK_HEIGHT: &str = "mask-height";
/// `--mask-slope LO:HI`.
pub const MASK_SLOPE: &str = "mask-slope";
/// `--mask-strokes FILE.json`.
pub const MASK_STROKES: &str = "mask-strokes";
/// `--mask-invert`.
pub const INVERT: &str = "mask-invert";

/// How wide a band's soft edge is.
pub const SOFT: Knob = number(
    "mask-soft",
    "Soft edge",
    "How wide the edge of a height or slope mask is, as a share of its scale (the map's range; \
     90 degrees): 0 cuts the step off sharply at the band's edge, more fades it out",
    [0.0, 0.5, 0.05],
);

/// One end of a height band: 0 to 1 of the range.
const HEIGHT_END: Knob = number(MASK_HEIGHT, "Height", "", [0.0, 1.0, 0.0]);
/// One end of a slope band: 0 to 90 degrees.
const SLOPE_END: Knob = number(MASK_SLOPE, "Slope", "", [0.0, 90.0, 0.0]);

/// The mask's flags, after every step's own.
pub static EXTRAS: [Extra; 6] = [
    Extra {
        name: MASK,
        value_name: "FILE",
        help: "Acts only where this heightmap is high: its heights over their range are the \
               share of the step kept at each cell (black keeps the map as it was, white the \
               step's work), stretched over the map",
        kind: ExtraKind::Map,
        conflicts_with: None,
    },
    Extra {
        name: MASK_HEIGHT,
        value_name: "LO:HI",
        help: "Acts only where the map given to the step lies between LO and HI of its range \
               (0 to 1)",
        kind: ExtraKind::Value,
        conflicts_with: None,
    },
    Extra {
        name: MASK_SLOPE,
        value_name: "LO:HI",
        help: "Acts only where the ground slopes between LO and HI degrees (0 to 90), as --maps \
               slope measures it",
        kind: ExtraKind::Value,
        conflicts_with: None,
    },
    Extra {
        name: MASK_STROKES,
        value_name: "FILE.json",
        help: "Acts only where this painted mask is laid: paint's strokes file with the brushes \
               add, remove and soften, on a mask that starts empty",
        kind: ExtraKind::Text,
        conflicts_with: None,
    },
    Extra {
        name: SOFT.name,
        value_name: "F",
        help: "How wide the edge of a height or slope mask is, as a share of its scale (the \
               map's range; 90 degrees), 0 to 0.5 [default: 0.05]",
        kind: ExtraKind::Value,
        conflicts_with: None,
    },
    Extra {
        name: INVERT,
        value_name: "",
        help: "Turns the mask round: the step acts where the mask would keep the map",
        kind: ExtraKind::Switch,
        conflicts_with: None,
    },
];

/// The band `text` (`LO:HI`) gives `flag`, each end read and checked by `end`.
fn band(flag: &'static str, text: &str, end: &Knob) -> Result<Band, ParamError> {
    let (most, unit) = match end.values {
        crate::knobs::Values::Number { max, .. } if max > 1.0 => (max, " degrees"),
        _ => (1.0, ""),
    };
    let refused = || {
        ParamError::new(
            flag,
            format!("--{flag} must be LO:HI, two numbers from 0 to {most}{unit} (got \"{text}\")"),
        )
    };
    let (low, high) = text.split_once(':').ok_or_else(refused)?;
    let read = |t: &str| end.parse_f32(t.trim()).map_err(|_| refused());
    let (low, high) = (read(low)?, read(high)?);
    if low > high {
        return Err(ParamError::new(
            flag,
            format!("--{flag}: LO must not be above HI (got {low} and {high})"),
        ));
    }
    Ok(Band { low, high })
}

impl Mask {
    /// The mask the flags beside a step's table gave; `None` when they gave none. Refused in
    /// one line for a band that is not `LO:HI` within its scale, strokes that are not a mask's
    /// strokes, or a soft edge or an inversion with nothing to shape or turn round.
    pub fn given(given: &Given) -> Result<Option<Mask>, ParamError> {
        let file = given.map(MASK).map(|(map, file)| MaskFile::of(map, file));
        let height = given
            .value(MASK_HEIGHT)
            .map(|t| band(MASK_HEIGHT, t, &HEIGHT_END))
            .transpose()?;
        let slope = given
            .value(MASK_SLOPE)
            .map(|t| band(MASK_SLOPE, t, &SLOPE_END))
            .transpose()?;
        let strokes = match given.text(MASK_STROKES) {
            Some((text, file)) => {
                let strokes = super::mask_strokes(text).map_err(|e| {
                    ParamError::new(
                        MASK_STROKES,
                        format!("--{MASK_STROKES}: {file}: {}", e.message),
                    )
                })?;
                Some(super::PaintedMask {
                    strokes,
                    file: file.to_string(),
                })
            }
            None => None,
        };
        let soft = match given.value(SOFT.name) {
            Some(text) => Some(SOFT.parse_f32(text.trim()).map_err(|e| {
                ParamError::new(SOFT.name, format!("--{}: {}", SOFT.name, e.message))
            })?),
            None => None,
        };
        let mask = Mask {
            file,
            height,
            slope,
            strokes,
            soft: soft.unwrap_or(SOFT.number_default() as f32),
            invert: given.switch(INVERT),
        };
        if soft.is_some() && height.is_none() && slope.is_none() {
            return Err(ParamError::new(
                SOFT.name,
                "--mask-soft shapes the edge of --mask-height or --mask-slope: give one of them",
            ));
        }
        if !mask.is_some() {
            if mask.invert {
                return Err(ParamError::new(
                    INVERT,
                    "--mask-invert turns a mask round: give --mask, --mask-height, --mask-slope \
                     or --mask-strokes",
                ));
            }
            return Ok(None);
        }
        Ok(Some(mask))
    }

    /// The mask as flags, `(flag, value)`, in [`EXTRAS`]' order: what the sidecar records and
    /// the command that remakes it writes.
    pub fn settings(&self) -> Vec<(&'static str, String)> {
        let mut flags = Vec::new();
        if let Some(file) = &self.file {
            flags.push((MASK, file.file.clone()));
        }
        let said = |band: Band| format!("{}:{}", band.low, band.high);
        if let Some(band) = self.height {
            flags.push((MASK_HEIGHT, said(band)));
        }
        if let Some(band) = self.slope {
            flags.push((MASK_SLOPE, said(band)));
        }
        if let Some(painted) = &self.strokes {
            flags.push((MASK_STROKES, painted.file.clone()));
        }
        if self.height.is_some() || self.slope.is_some() {
            flags.push((SOFT.name, self.soft.to_string()));
        }
        if self.invert {
            flags.push((INVERT, String::new()));
        }
        flags
    }
}

/// The step `row` makes of `settings` and `given`, masked where the flags beside its table
/// give a mask: what the command line runs for `--then NAME ...` and `terrain NAME --in`.
#[cfg(feature = "erosion")]
pub fn step_of(row: &dyn StepRow, settings: &Settings, given: &Given) -> Made {
    let mask = Mask::given(given)?;
    let step = row.step(settings, given)?;
    Ok(match mask {
        Some(mask) => Box::new(super::Masked { step, mask }),
        None => step,
    })
}
