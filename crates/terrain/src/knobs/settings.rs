//! Where a chapter's or step's settings live and how each kind of value is shown and read, once
//! for all of them ([`Slot`]). The knobs themselves and where each lives are declared in the
//! folder of the chapter or step that owns them; nothing here names one.

use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::Knob;

/// A setting of a kind only its chapter knows (a set of fault shapes, what each fBm octave
/// becomes): it shows and reads itself, so the shared [`Slot`] needs no chapter's types.
pub trait OwnSetting {
    /// The text the setting shows.
    fn shown(&self) -> String;

    /// Reads `text` into the setting with `knob`'s range and messages.
    fn read(&mut self, knob: &Knob, text: &str) -> Result<(), ParamError>;
}

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
    /// A setting of a kind its chapter shows and reads ([`OwnSetting`]).
    Own(&'a mut dyn OwnSetting),
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
            Slot::Own(v) => v.shown(),
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
            Slot::Own(v) => v.read(knob, text),
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

/// One setting of a chapter or step as a row: its knob and where its value lives in the
/// parameters `P`. A folder's table of these is both its list of knobs ([`knobs_of`]) and where
/// each is kept ([`slot_among`]), so a knob is named once, beside the field it sets.
pub struct Place<P: 'static> {
    /// The knob (its name, range, default and help).
    pub knob: &'static Knob,
    /// Where its value lives in `P`.
    pub slot: for<'a> fn(&'a mut P) -> Slot<'a>,
}

/// Where the knob named as `knob` is lives in `params`, among `places` (a knob a demo caps or
/// renames with its own help still names the same setting); `None` if none of them is it.
pub fn slot_among<'a, P>(places: &[Place<P>], params: &'a mut P, knob: &Knob) -> Option<Slot<'a>> {
    let place = places.iter().find(|place| place.knob.name == knob.name)?;
    Some((place.slot)(params))
}

/// The knobs of `places`, in their order, as a list fixed when the crate compiles (`N` is
/// `places.len()`).
pub const fn knobs_of<P, const N: usize>(places: &[Place<P>]) -> [&'static Knob; N] {
    let mut knobs = [places[0].knob; N];
    let mut at = 0;
    while at < N {
        knobs[at] = places[at].knob;
        at += 1;
    }
    knobs
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
