//! One knob: a setting a person turns on the page or the command line, with everything said about
//! it in one place. The rows themselves are in the table ([`super::table`]).

use super::params::{self, ParamError, ReadDecimal};

/// What values a knob takes, its default among them: so how it is typed, checked and parsed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Values {
    /// A whole number from `min` to `max`.
    Whole {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
        /// The value when none is given.
        default: u64,
    },
    /// A finite decimal number from `min` to `max`.
    Number {
        /// The least value.
        min: f64,
        /// The greatest value.
        max: f64,
        /// The value when none is given.
        default: f64,
    },
    /// One or more of `names`, comma-separated.
    Names {
        /// Every name allowed, in the order they are listed.
        names: &'static [&'static str],
        /// The names when none are given.
        default: &'static str,
    },
    /// Exactly one of `names`: a drop-down list on the page.
    Choice {
        /// Every name allowed, in the order they are listed.
        names: &'static [&'static str],
        /// The name when none is given.
        default: &'static str,
    },
    /// `true` or `false`: a checkbox on the page, a flag on the command line.
    Toggle {
        /// The value when none is given.
        default: bool,
    },
}

/// One knob: its name, its label, what it does to the terrain, its values and default. The core's
/// checks, the command line's flags and help, and the page's fields, hints and share links are all
/// made from it, so each says the same thing with the same range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Knob {
    /// The name everywhere: the command line's `--NAME`, the page field's `name`, the share link's
    /// key, and the first word of every message about it.
    pub name: &'static str,
    /// The label next to the page's field.
    pub label: &'static str,
    /// One sentence on what the knob does to the terrain (without the range, which
    /// [`Knob::hint`] adds).
    pub help: &'static str,
    /// The values it takes and its default.
    pub values: Values,
}

impl Knob {
    /// This knob with its greatest whole value lowered to `max` (the page offers smaller maps than
    /// the command line makes). Other kinds of knob are returned unchanged.
    pub const fn capped(self, max: u64) -> Knob {
        match self.values {
            Values::Whole { min, default, .. } => Knob {
                values: Values::Whole { min, max, default },
                ..self
            },
            _ => self,
        }
    }

    /// This knob under another name, with its own help (the same range and default).
    pub const fn renamed(self, name: &'static str, help: &'static str) -> Knob {
        Knob { name, help, ..self }
    }

    /// The least whole value (0 for a knob that is not whole).
    pub const fn whole_min(&self) -> u64 {
        match self.values {
            Values::Whole { min, .. } => min,
            _ => 0,
        }
    }

    /// The greatest whole value (0 for a knob that is not whole).
    pub const fn whole_max(&self) -> u64 {
        match self.values {
            Values::Whole { max, .. } => max,
            _ => 0,
        }
    }

    /// The default whole value (0 for a knob that is not whole).
    pub const fn whole_default(&self) -> u64 {
        match self.values {
            Values::Whole { default, .. } => default,
            _ => 0,
        }
    }

    /// The greatest number (0 for a knob that is not a decimal number).
    pub const fn number_max(&self) -> f64 {
        match self.values {
            Values::Number { max, .. } => max,
            _ => 0.0,
        }
    }

    /// The default number (0 for a knob that is not a decimal number).
    pub const fn number_default(&self) -> f64 {
        match self.values {
            Values::Number { default, .. } => default,
            _ => 0.0,
        }
    }

    /// The range in a few words, as every message, hint and help line quotes it: `1 to 14`,
    /// `0 to 1`, `line, circle, rect or triangle`, `true or false`.
    pub fn bounds(&self) -> String {
        match self.values {
            Values::Whole { min, max, .. } => format!("{min} to {max}"),
            Values::Number { min, max, .. } => format!("{min} to {max}"),
            Values::Names { names, .. } | Values::Choice { names, .. } => {
                match names.split_last() {
                    Some((last, [])) => (*last).to_string(),
                    Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                    None => String::new(),
                }
            }
            Values::Toggle { .. } => "true or false".to_string(),
        }
    }

    /// What the knob does and its range, for a tooltip or a `--help` line: "How many droplets
    /// fall, one after another: more carve deeper valleys (1 to 2000000)".
    pub fn hint(&self) -> String {
        format!("{} ({})", self.help, self.bounds())
    }

    /// Whether values are typed as whole numbers (the page offers a numeric keyboard).
    pub fn is_whole(&self) -> bool {
        matches!(self.values, Values::Whole { .. })
    }

    /// Parses a whole value from typed text, refusing anything outside the range with a message
    /// that names the knob and its range. A knob that is not whole refuses everything.
    pub fn parse_whole(&self, text: &str) -> Result<u64, ParamError> {
        match self.values {
            Values::Whole { min, max, .. } => params::parse_whole(self.name, text, min, max),
            _ => Err(self.not_kind("a whole number")),
        }
    }

    /// [`Knob::parse_whole`] as a `u32` (every whole knob but the seed and the sides fits one).
    pub fn parse_u32(&self, text: &str) -> Result<u32, ParamError> {
        let value = self.parse_whole(text)?;
        u32::try_from(value).map_err(|_| self.out_of_range(&value.to_string()))
    }

    /// Parses a decimal value from typed text (not NaN, not infinite, within the range).
    pub fn parse_number(&self, text: &str) -> Result<f64, ParamError> {
        self.parse_number_with(text, params::rust_decimal)
    }

    /// [`Knob::parse_number`] with the number read by `read` ([`params::parse_number_with`]).
    pub fn parse_number_with(&self, text: &str, read: ReadDecimal) -> Result<f64, ParamError> {
        match self.values {
            Values::Number { min, max, .. } => {
                params::parse_number_with(self.name, text, min, max, read)
            }
            _ => Err(self.not_kind("a number")),
        }
    }

    /// [`Knob::parse_number`] as the `f32` the algorithms take.
    pub fn parse_f32(&self, text: &str) -> Result<f32, ParamError> {
        self.parse_f32_with(text, params::rust_decimal)
    }

    /// [`Knob::parse_f32`] with the number read by `read` (the page passes the browser's).
    pub fn parse_f32_with(&self, text: &str, read: ReadDecimal) -> Result<f32, ParamError> {
        self.parse_number_with(text, read).map(|v| v as f32)
    }

    /// Checks a whole value already in hand (a parameter struct built in code), with the same
    /// message as [`Knob::parse_whole`].
    pub fn check_whole(&self, value: u64) -> Result<(), ParamError> {
        match self.values {
            Values::Whole { min, max, .. } if (min..=max).contains(&value) => Ok(()),
            _ => Err(self.out_of_range(&value.to_string())),
        }
    }

    /// Checks a number already in hand, with the same message as [`Knob::parse_number`].
    pub fn check_number(&self, value: f64) -> Result<(), ParamError> {
        match self.values {
            Values::Number { min, max, .. }
                if value.is_finite() && (min..=max).contains(&value) =>
            {
                Ok(())
            }
            _ => Err(self.out_of_range(&value.to_string())),
        }
    }

    /// "NAME must be RANGE, got VALUE".
    fn out_of_range(&self, got: &str) -> ParamError {
        ParamError::new(
            self.name,
            format!("{} must be {}, got {got}", self.name, self.range()),
        )
    }

    /// A parse of the wrong kind: a mistake in the code, reported rather than a panic.
    fn not_kind(&self, kind: &str) -> ParamError {
        ParamError::new(self.name, format!("{} is not {kind}", self.name))
    }

    /// The range as a message says it: "a whole number from 1 to 14", "a number from 0 to 1".
    pub fn range(&self) -> String {
        match self.values {
            Values::Whole { .. } => format!("a whole number from {}", self.bounds()),
            Values::Number { .. } => format!("a number from {}", self.bounds()),
            Values::Names { .. } => format!("one or more of {}", self.bounds()),
            Values::Choice { .. } => format!("one of {}", self.bounds()),
            Values::Toggle { .. } => self.bounds(),
        }
    }
}
