//! A mask as the page offers it on each step of Make your own: "Where" (everywhere, a band of
//! heights, a band of slopes) and the band's ends, its soft edge and whether it is turned
//! round, each a knob, so a step's fieldset, its share link and its command line read them as
//! they read the step's own settings. The command line's flags they stand for: `--mask-height
//! FROM:TO`, `--mask-slope FROM:TO`, `--mask-soft F`, `--mask-invert`.

use super::flags::{INVERT, MASK_HEIGHT, MASK_SLOPE, SOFT};
#[cfg(feature = "erosion")]
use crate::chain::row::Given;
use crate::chain::row::Settings;
use crate::knobs::params::ParamError;
use crate::knobs::table::number;
use crate::knobs::{Knob, Values};

/// Where a step acts, as the page names it.
pub const WHERE_NAMES: [&str; 3] = ["everywhere", "height", "slope"];

/// Where the step acts.
pub const WHERE: Knob = Knob {
    name: "where",
    label: "Where",
    help: "Where this step acts: everywhere, or only on a band of heights or of slopes (the \
           map stays as it was elsewhere)",
    values: Values::Choice {
        names: &WHERE_NAMES,
        default: "everywhere",
    },
};

/// The band of heights' low end.
pub const HEIGHT_FROM: Knob = number(
    "height-from",
    "From height",
    "Lowest height it acts on, a share of the map's range",
    [0.0, 1.0, 0.5],
);

/// The band of heights' high end.
pub const HEIGHT_TO: Knob = number(
    "height-to",
    "To height",
    "Highest height it acts on, a share of the map's range",
    [0.0, 1.0, 1.0],
);

/// The band of slopes' low end.
pub const SLOPE_FROM: Knob = number(
    "slope-from",
    "From slope",
    "Gentlest slope it acts on, in degrees",
    [0.0, 90.0, 30.0],
);

/// The band of slopes' high end.
pub const SLOPE_TO: Knob = number(
    "slope-to",
    "To slope",
    "Steepest slope it acts on, in degrees",
    [0.0, 90.0, 90.0],
);

/// Whether the mask is turned round.
pub const INVERTED: Knob = Knob {
    name: INVERT,
    label: "Invert",
    help: "Acts outside the band instead",
    values: Values::Toggle { default: false },
};

/// The fields of a step's mask, in the order the page shows them.
pub static FIELDS: [&Knob; 7] = [
    &WHERE,
    &HEIGHT_FROM,
    &HEIGHT_TO,
    &SLOPE_FROM,
    &SLOPE_TO,
    &SOFT,
    &INVERTED,
];

/// The band `settings` choose, by its `where` name, with its two ends' knobs; `None` for
/// everywhere.
fn band(settings: &Settings) -> Option<(&'static str, &'static Knob, &'static Knob)> {
    match settings.choice(&WHERE) {
        1 => Some((MASK_HEIGHT, &HEIGHT_FROM, &HEIGHT_TO)),
        2 => Some((MASK_SLOPE, &SLOPE_FROM, &SLOPE_TO)),
        _ => None,
    }
}

/// Whether `knob` (one of [`FIELDS`]) takes part where `settings` say the step acts: `where`
/// always, the chosen band's ends, the soft edge and the inversion with a band.
pub fn shown(settings: &Settings, knob: &Knob) -> bool {
    match band(settings) {
        None => knob.name == WHERE.name,
        Some((_, from, to)) => {
            [WHERE.name, from.name, to.name, SOFT.name, INVERT].contains(&knob.name)
        }
    }
}

/// The fields that take part, `(name, value)`, as a share link holds them: none everywhere
/// (so a step without a mask keeps the link it had).
pub fn pairs(settings: &Settings) -> Vec<(&'static str, String)> {
    if band(settings).is_none() {
        return Vec::new();
    }
    let knobs = FIELDS.iter().filter(|k| shown(settings, k));
    knobs
        .map(|k| (k.name, settings.show(k).unwrap_or_default()))
        .collect()
}

/// Whether `settings` turn the mask round.
fn inverted(settings: &Settings) -> bool {
    settings.get(&INVERTED) == crate::chain::row::Setting::Toggle(true)
}

/// The command line's flags `settings` stand for, `(flag, value)` (a switch's value empty),
/// none everywhere; refused when a band's low end is above its high end, naming the low
/// end's field.
pub fn flags(settings: &Settings) -> Result<Vec<(&'static str, String)>, ParamError> {
    let mut flags = Vec::new();
    let Some((flag, from, to)) = band(settings) else {
        return Ok(flags);
    };
    // The values as the fields show them (no float formatting of Rust's own in the page).
    let shown = |knob: &Knob| settings.show(knob).unwrap_or_default();
    let (low, high) = (shown(from), shown(to));
    if settings.number(from) > settings.number(to) {
        return Err(ParamError::new(
            from.name,
            format!(
                "{} must not be above {} (got {low} and {high})",
                from.label, to.label
            ),
        ));
    }
    flags.push((flag, format!("{low}:{high}")));
    flags.push((SOFT.name, shown(&SOFT)));
    if inverted(settings) {
        flags.push((INVERT, String::new()));
    }
    Ok(flags)
}

/// The flags beside a step's table that `settings` stand for, as the command line gives them
/// (values typed, switches on), refused as [`flags`] refuses.
#[cfg(feature = "erosion")]
pub fn given(settings: &Settings) -> Result<Given, ParamError> {
    let mut given = Given::none();
    for (flag, value) in flags(settings)? {
        match value.is_empty() {
            true => given.switches.push(flag),
            false => given.values.push((flag, value)),
        }
    }
    Ok(given)
}

/// Where `settings` say the step acts, in words for its caption ("only on slopes of 30 to 90
/// degrees"); `None` everywhere.
pub fn said(settings: &Settings) -> Option<String> {
    let (flag, from, to) = band(settings)?;
    let shown = |knob: &Knob| settings.show(knob).unwrap_or_default();
    let (low, high) = (shown(from), shown(to));
    let (what, unit) = match flag {
        MASK_SLOPE => ("slopes of", " degrees"),
        _ => ("heights", " of the range"),
    };
    let only = if inverted(settings) {
        "everywhere but on"
    } else {
        "only on"
    };
    Some(format!("{only} {what} {low} to {high}{unit}"))
}
