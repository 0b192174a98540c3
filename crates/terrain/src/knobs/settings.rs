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

/// One table of a folder's settings, each knob beside where its value lives in the parameters:
/// `places! { KNOBS, fn slot(p: &mut Params) { KNOB => Slot::Whole(&mut p.field), ... } }`
/// gives the folder's list of knobs (`KNOBS`, in the table's order) and `slot`, where the knob
/// named as the one asked about lives (a knob a demo caps or renames with its own help still
/// names the same setting), `None` for one not in the table. A row may carry a `cfg`. The
/// lookup compiles to plain comparisons: a table of function pointers cost the page's first
/// load 0.8 KB.
macro_rules! places {
    (
        $(#[$knobs_doc:meta])*
        $knobs_vis:vis $knobs:ident,
        $(#[$slot_doc:meta])*
        $slot_vis:vis fn $slot:ident($p:ident: &mut $params:ty) {
            $( $(#[$cfg:meta])* $knob:path => $place:expr ),* $(,)?
        }
    ) => {
        $(#[$knobs_doc])*
        #[allow(dead_code)]
        $knobs_vis const $knobs: &[&$crate::knobs::Knob] = &[ $( $(#[$cfg])* &$knob ),* ];

        $(#[$slot_doc])*
        $slot_vis fn $slot<'a>(
            $p: &'a mut $params,
            knob: &$crate::knobs::Knob,
        ) -> Option<$crate::knobs::settings::Slot<'a>> {
            // `const`: the name alone, not the whole row (whose help the page may never show).
            $( $(#[$cfg])* if knob.name == const { $knob.name } { return Some($place); } )*
            None
        }
    };
}
pub(crate) use places;

/// The knobs of `parts`, one list after another, as one list fixed when the crate compiles: a
/// chapter's knobs made of other folders' lists (the subdivision's, a step's) without naming
/// their knobs again. `N` is their total; any other fails the build.
pub const fn joined<const N: usize>(parts: &[&[&'static Knob]]) -> [&'static Knob; N] {
    let mut knobs: [&'static Knob; N] = [&crate::knobs::SEED; N];
    let (mut part, mut at) = (0, 0);
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            knobs[at] = parts[part][i];
            (i, at) = (i + 1, at + 1);
        }
        part += 1;
    }
    assert!(at == N, "the lists hold another number of knobs");
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
