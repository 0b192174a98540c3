//! Parsing and validating user-supplied parameters, with messages a person can read.
//!
//! The knobs of the table ([`super::Knob`]) parse the raw text a user typed through these
//! functions, on the page and the command line alike, so the same mistake gets the same message
//! everywhere, for example `exponent must be a whole number from 1 to 12, got "40"`.

use std::fmt;

/// A rejected parameter: which field it was and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParamError {
    /// The field's name as the page and the command line spell it (`exponent`, `spread`, ...).
    pub field: &'static str,
    /// What is allowed and what was given, in plain words.
    pub message: String,
}

impl ParamError {
    /// Builds an error for `field` with the given message.
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field,
            message: message.into(),
        }
    }
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParamError {}

/// Quotes user text for a message, shortening very long input so the message stays readable.
fn quoted(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() > MAX {
        let head: String = text.chars().take(MAX).collect();
        format!("\"{head}…\"")
    } else {
        format!("\"{text}\"")
    }
}

/// `value` as a JSON number written the way a person types it: the shortest decimal that reads
/// back as the same `f32` (`0.3`, not the `0.30000001192092896` of widening it to `f64`); `null`
/// for a value that is not finite.
pub fn typed_json(value: f32) -> serde_json::Value {
    if !value.is_finite() {
        return serde_json::Value::Null;
    }
    serde_json::from_str(&value.to_string()).unwrap_or(serde_json::Value::Null)
}

/// Parses a whole number in `min..=max` from user text (surrounding spaces are ignored).
///
/// Rejects empty text, words, fractions (`2.5`), signs outside the range and numbers too large
/// to hold, each with a message naming the field and the allowed range.
pub fn parse_whole(field: &'static str, text: &str, min: u64, max: u64) -> Result<u64, ParamError> {
    let trimmed = text.trim();
    let range = format!("a whole number from {min} to {max}");
    if trimmed.is_empty() {
        return Err(ParamError::new(
            field,
            format!("{field} must be {range}, but it is empty"),
        ));
    }
    let value = match trimmed.parse::<u64>() {
        Ok(value) => value,
        Err(_) => {
            // Say "too large" for long digit strings, otherwise the generic message.
            let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
            let hint = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                " (too large)"
            } else {
                ""
            };
            return Err(ParamError::new(
                field,
                format!("{field} must be {range}, got {}{hint}", quoted(trimmed)),
            ));
        }
    };
    if !(min..=max).contains(&value) {
        return Err(ParamError::new(
            field,
            format!("{field} must be {range}, got {}", quoted(trimmed)),
        ));
    }
    Ok(value)
}

/// Reads a decimal number's text into an `f64`, `None` when it is not one. Both readers below
/// give the same correctly rounded value for every text [`is_decimal`] accepts.
pub type ReadDecimal = fn(&str) -> Option<f64>;

/// Rust's own reader (`str::parse`), used by the command line. The page passes the browser's
/// instead, so its first module carries no copy of Rust's float-parsing code and tables.
pub fn rust_decimal(text: &str) -> Option<f64> {
    text.parse().ok()
}

/// Whether `text` is a plain decimal number: an optional sign, digits with at most one point
/// (`5`, `0.55`, `.5`, `5.`), then an optional exponent (`1e3`, `2.5E-2`). This is the part of
/// Rust's number syntax that JavaScript's `Number()` reads the same way; it leaves out `inf` and
/// `NaN`, which no knob allows, and JavaScript's extras (`0x10`, `Infinity`, empty text as 0).
pub fn is_decimal(text: &str) -> bool {
    let bytes = text.strip_prefix(['+', '-']).unwrap_or(text).as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let whole = digits(0);
    let mut at = whole;
    let mut fraction = 0;
    if bytes.get(at) == Some(&b'.') {
        fraction = digits(at + 1);
        at += 1 + fraction;
    }
    if whole + fraction == 0 {
        return false;
    }
    if matches!(bytes.get(at), Some(b'e' | b'E')) {
        at += 1;
        if matches!(bytes.get(at), Some(b'+' | b'-')) {
            at += 1;
        }
        let exponent = digits(at);
        if exponent == 0 {
            return false;
        }
        at += exponent;
    }
    at == bytes.len()
}

/// Parses a finite decimal number in `min..=max` from user text (surrounding spaces ignored),
/// reading the number with Rust's own reader ([`rust_decimal`]).
///
/// Rejects empty text, words, `NaN`, infinities and values outside the range.
pub fn parse_number(
    field: &'static str,
    text: &str,
    min: f64,
    max: f64,
) -> Result<f64, ParamError> {
    parse_number_with(field, text, min, max, rust_decimal)
}

/// [`parse_number`] with the number read by `read` (the page passes the browser's reader).
/// Only text [`is_decimal`] accepts reaches `read`, so the reader decides no syntax.
pub fn parse_number_with(
    field: &'static str,
    text: &str,
    min: f64,
    max: f64,
    read: ReadDecimal,
) -> Result<f64, ParamError> {
    let trimmed = text.trim();
    let range = format!("a number from {min} to {max}");
    if trimmed.is_empty() {
        return Err(ParamError::new(
            field,
            format!("{field} must be {range}, but it is empty"),
        ));
    }
    match Some(trimmed).filter(|t| is_decimal(t)).and_then(read) {
        Some(value) if value.is_finite() && (min..=max).contains(&value) => Ok(value),
        _ => Err(ParamError::new(
            field,
            format!("{field} must be {range}, got {}", quoted(trimmed)),
        )),
    }
}

/// Checks an already-numeric value against `min..=max`, with the same message as [`parse_number`].
pub fn check_number(field: &'static str, value: f64, min: f64, max: f64) -> Result<(), ParamError> {
    if value.is_finite() && (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(ParamError::new(
            field,
            format!("{field} must be a number from {min} to {max}, got {value}"),
        ))
    }
}

/// Parses a count of things (faults, subdivisions): a whole number from 1 to `max`.
pub fn parse_count(field: &'static str, text: &str, max: u32) -> Result<u32, ParamError> {
    let value = parse_whole(field, text, 1, u64::from(max))?;
    // parse_whole kept it within 1..=max, so it fits.
    Ok(u32::try_from(value).unwrap_or(max))
}

/// Checks an already-numeric count against 1..=`max`, with the same message as [`parse_count`].
pub fn check_count(field: &'static str, value: u32, max: u32) -> Result<(), ParamError> {
    if (1..=max).contains(&value) {
        Ok(())
    } else {
        Err(ParamError::new(
            field,
            format!("{field} must be a whole number from 1 to {max}, got {value}"),
        ))
    }
}

#[cfg(test)]
mod tests;
