//! A mask as the page offers it on each step of Make your own: "Where" (everywhere, a band of
//! heights, a band of slopes, or painted on the canvas) and the band's ends, its soft edge,
//! the mask's brush and whether it is turned round, each a knob, so a step's fieldset, its
//! share link and its command line read them as they read the step's own settings. The command
//! line's flags they stand for: `--mask-height FROM:TO`, `--mask-slope FROM:TO`, `--mask-soft
//! F`, `--mask-strokes mask.json` (the strokes painted, which the page downloads as format
//! `mask`), `--mask-invert`.

use super::flags::{INVERT, MASK_HEIGHT, MASK_SLOPE, MASK_STROKES, SOFT};
#[cfg(feature = "erosion")]
use crate::chain::row::Given;
use crate::chain::row::Settings;
use crate::knobs::params::ParamError;
use crate::knobs::table::number;
use crate::knobs::{Knob, Values};

/// Where a step acts, as the page names it.
pub const WHERE_NAMES: [&str; 4] = ["everywhere", "height", "slope", "painted"];

/// The file a painted mask's strokes are read from on the command line the page writes, and
/// saved as by its `mask` download.
pub const MASK_FILE: &str = "mask.json";

/// Where the step acts.
pub const WHERE: Knob = Knob {
    name: "where",
    label: "Where",
    help: "Where this step acts: everywhere, only on a band of heights or of slopes, or where \
           you paint on the terrain (the map stays as it was elsewhere)",
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
    help: "Acts where the mask is not instead (outside the band, or off the strokes)",
    values: Values::Toggle { default: false },
};

/// The mask's brushes on the page, by the names its strokes file gives them.
pub const BRUSH_NAMES: [&str; 3] = ["add", "remove", "soften"];

/// Which brush a drag on the canvas paints the mask with.
pub const MASK_BRUSH: Knob = Knob {
    name: "mask-brush",
    label: "Mask brush",
    help: "What a drag on the terrain does to where this step acts: add lays the mask on, \
           remove takes it off, soften blurs its edge",
    values: Values::Choice {
        names: &BRUSH_NAMES,
        default: "add",
    },
};

/// The mask brush's radius in cells.
pub const MASK_RADIUS: Knob = number(
    "mask-radius",
    "Mask radius",
    "Mask brush radius in cells: a wider stroke of the mask",
    [0.5, 256.0, 12.0],
);

/// The mask brush's strength.
pub const MASK_STRENGTH: Knob = number(
    "mask-strength",
    "Mask strength",
    "How much of the step one dab lets in at the brush's centre: 1 lets it in whole at once",
    [0.0, 1.0, 1.0],
);

/// The fields of a step's mask, in the order the page shows them.
pub static FIELDS: [&Knob; 10] = [
    &WHERE,
    &HEIGHT_FROM,
    &HEIGHT_TO,
    &SLOPE_FROM,
    &SLOPE_TO,
    &SOFT,
    &MASK_BRUSH,
    &MASK_RADIUS,
    &MASK_STRENGTH,
    &INVERTED,
];

/// Whether `settings` say the mask is painted on the canvas.
pub fn painted(settings: &Settings) -> bool {
    settings.choice(&WHERE) == 3
}

/// The brush the next stroke of a painted mask takes: paint's brush for the mask's (add,
/// remove and soften paint as raise, lower and smooth on a mask that starts at 0), its radius
/// and strength.
pub fn brushing(settings: &Settings) -> crate::chain::paint::Brushing {
    let (_, brush) = super::MASK_BRUSHES[usize::from(settings.choice(&MASK_BRUSH)).min(2)];
    let names = crate::chain::paint::knobs::BRUSH_NAMES;
    let at = names.iter().position(|n| *n == brush.name()).unwrap_or(0);
    crate::chain::paint::Brushing {
        brush: at as u8,
        radius: settings.number(&MASK_RADIUS),
        strength: settings.number(&MASK_STRENGTH),
    }
}

/// The band `settings` choose, by its `where` name, with its two ends' knobs; `None` for
/// everywhere.
fn band(settings: &Settings) -> Option<(&'static str, &'static Knob, &'static Knob)> {
    match settings.choice(&WHERE) {
        1 => Some((MASK_HEIGHT, &HEIGHT_FROM, &HEIGHT_TO)),
        2 => Some((MASK_SLOPE, &SLOPE_FROM, &SLOPE_TO)),
        _ => None,
    }
}

/// Whether `knob` (one of [`FIELDS`]) is shown where `settings` say the step acts: `where`
/// always, the chosen band's ends, the soft edge and the inversion with a band, the brush and
/// the inversion where it is painted.
pub fn shown(settings: &Settings, knob: &Knob) -> bool {
    if painted(settings) {
        let painting = [
            WHERE.name,
            MASK_BRUSH.name,
            MASK_RADIUS.name,
            MASK_STRENGTH.name,
        ];
        return painting.contains(&knob.name) || knob.name == INVERT;
    }
    match band(settings) {
        None => knob.name == WHERE.name,
        Some((_, from, to)) => {
            [WHERE.name, from.name, to.name, SOFT.name, INVERT].contains(&knob.name)
        }
    }
}

/// The fields that make the map, `(name, value)`, as a share link holds them: none everywhere
/// (so a step without a mask keeps the link it had); where the mask is painted, `where` and
/// the inversion (the brush shapes the next stroke only; the strokes travel as paint's do).
pub fn pairs(settings: &Settings) -> Vec<(&'static str, String)> {
    if band(settings).is_none() && !painted(settings) {
        return Vec::new();
    }
    let brush = [MASK_BRUSH.name, MASK_RADIUS.name, MASK_STRENGTH.name];
    let knobs = FIELDS
        .iter()
        .filter(|k| shown(settings, k) && !brush.contains(&k.name));
    knobs
        .map(|k| (k.name, settings.show(k).unwrap_or_default()))
        .collect()
}

/// Whether `settings` turn the mask round.
fn inverted(settings: &Settings) -> bool {
    settings.get(&INVERTED) == crate::chain::row::Setting::Toggle(true)
}

/// The command line's flags `settings` stand for, `(flag, value)` (a switch's value empty),
/// none everywhere; a painted mask's strokes as the file [`MASK_FILE`]; refused when a band's
/// low end is above its high end, naming the low end's field.
pub fn flags(settings: &Settings) -> Result<Vec<(&'static str, String)>, ParamError> {
    let mut flags = Vec::new();
    if painted(settings) {
        flags.push((MASK_STROKES, MASK_FILE.to_string()));
        if inverted(settings) {
            flags.push((INVERT, String::new()));
        }
        return Ok(flags);
    }
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
/// (values typed, switches on; a painted mask's strokes, `drawn` as their link text, as the
/// file the page downloads, so the command reads what the page ran), refused as [`flags`]
/// refuses or where the strokes do not read.
#[cfg(feature = "erosion")]
pub fn given(settings: &Settings, drawn: &str) -> Result<Given, ParamError> {
    let mut given = Given::none();
    for (flag, value) in flags(settings)? {
        match (value.is_empty(), flag) {
            (true, _) => given.switches.push(flag),
            (false, MASK_STROKES) => {
                let file = super::mask_file(drawn)?;
                given.texts.push((flag, file, value));
            }
            (false, _) => given.values.push((flag, value)),
        }
    }
    Ok(given)
}

/// Where `settings` say the step acts, in words for its caption ("only on slopes of 30 to 90
/// degrees"); `None` everywhere.
pub fn said(settings: &Settings) -> Option<String> {
    if painted(settings) {
        return Some(match inverted(settings) {
            true => "everywhere but where its mask is painted".into(),
            false => "only where its mask is painted".into(),
        });
    }
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
