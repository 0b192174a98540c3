//! Parsing and validating user-supplied parameters, with messages a person can read.
//!
//! The page and the command line both parse the raw text a user typed through these functions,
//! so the same mistake gets the same message everywhere, for example
//! `exponent must be a whole number from 1 to 12, got "40"`.

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

/// Parses a finite decimal number in `min..=max` from user text (surrounding spaces ignored).
///
/// Rejects empty text, words, `NaN`, infinities and values outside the range.
pub fn parse_number(
    field: &'static str,
    text: &str,
    min: f64,
    max: f64,
) -> Result<f64, ParamError> {
    let trimmed = text.trim();
    let range = format!("a number from {min} to {max}");
    if trimmed.is_empty() {
        return Err(ParamError::new(
            field,
            format!("{field} must be {range}, but it is empty"),
        ));
    }
    match trimmed.parse::<f64>() {
        Ok(value) if value.is_finite() && (min..=max).contains(&value) => Ok(value),
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

/// Checks an exponent against `1..=max_exponent`, with the same message as [`parse_exponent`].
pub fn check_exponent(exponent: u32, max_exponent: u32) -> Result<(), ParamError> {
    let min = crate::knobs::limits::MIN_EXPONENT;
    if (min..=max_exponent).contains(&exponent) {
        Ok(())
    } else {
        Err(ParamError::new(
            "exponent",
            format!("exponent must be a whole number from {min} to {max_exponent}, got {exponent}"),
        ))
    }
}

/// Parses the exponent of a square map: a whole number from 1 to `max_exponent`.
///
/// The map gets 2^exponent + 1 points per side, so each step up quadruples the work.
pub fn parse_exponent(text: &str, max_exponent: u32) -> Result<u32, ParamError> {
    let value = parse_whole(
        "exponent",
        text,
        u64::from(crate::knobs::limits::MIN_EXPONENT),
        u64::from(max_exponent),
    )?;
    u32::try_from(value).map_err(|_| ParamError::new("exponent", "exponent is out of range"))
}

/// Parses a starting spread: how far (in map heights, before normalising) the first pass may
/// push a point up or down. 0 gives a smooth blend of the corners.
pub fn parse_spread(text: &str) -> Result<f32, ParamError> {
    parse_number("spread", text, 0.0, crate::knobs::limits::MAX_SPREAD).map(|v| v as f32)
}

/// Parses a spread reduction: the factor the spread is multiplied by after each pass.
/// Small values give smooth hills, values near 1 give jagged, noisy terrain.
pub fn parse_reduction(text: &str) -> Result<f32, ParamError> {
    parse_number("reduction", text, 0.0, crate::knobs::limits::MAX_REDUCTION).map(|v| v as f32)
}

/// Parses a seed: any whole number from 0 to 2^64 - 1. The same seed always gives the same terrain.
pub fn parse_seed(text: &str) -> Result<u64, ParamError> {
    parse_whole("seed", text, 0, u64::MAX)
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

/// Parses one side of a free-sized map (noise, faults) in points: 1 to
/// [`crate::knobs::limits::MAX_CELLS`]; the product of both sides is checked when the map is made.
pub fn parse_side(field: &'static str, text: &str) -> Result<usize, ParamError> {
    let max = crate::knobs::limits::MAX_CELLS;
    let value = parse_whole(field, text, 1, max as u64)?;
    Ok(usize::try_from(value).unwrap_or(max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponent_accepts_the_whole_range_and_rejects_the_rest() {
        assert_eq!(parse_exponent("1", 12), Ok(1));
        assert_eq!(parse_exponent(" 12 ", 12), Ok(12));
        for bad in [
            "",
            "  ",
            "0",
            "13",
            "40",
            "-1",
            "2.5",
            "abc",
            "NaN",
            "1e3",
            "99999999999999999999999",
        ] {
            let err = parse_exponent(bad, 12).expect_err(bad);
            assert_eq!(err.field, "exponent");
            assert!(
                err.message
                    .starts_with("exponent must be a whole number from 1 to 12"),
                "{err}"
            );
        }
    }

    #[test]
    fn exponent_message_names_the_value() {
        let err = parse_exponent("40", 12).expect_err("40 is out of range");
        assert_eq!(
            err.to_string(),
            "exponent must be a whole number from 1 to 12, got \"40\""
        );
        let err = parse_exponent("", 14).expect_err("empty");
        assert_eq!(
            err.to_string(),
            "exponent must be a whole number from 1 to 14, but it is empty"
        );
    }

    #[test]
    fn spread_and_reduction_reject_non_finite_and_negative() {
        assert_eq!(parse_spread("0.3"), Ok(0.3));
        assert_eq!(parse_reduction("0.55"), Ok(0.55));
        assert_eq!(parse_spread("0"), Ok(0.0));
        for bad in ["", "x", "NaN", "nan", "inf", "-inf", "-0.1", "1e308", "101"] {
            assert!(parse_spread(bad).is_err(), "spread {bad:?}");
        }
        for bad in ["", "-1", "2.5", "Infinity"] {
            assert!(parse_reduction(bad).is_err(), "reduction {bad:?}");
        }
    }

    #[test]
    fn seed_takes_any_u64() {
        assert_eq!(parse_seed("0"), Ok(0));
        assert_eq!(parse_seed("18446744073709551615"), Ok(u64::MAX));
        let err = parse_seed("18446744073709551616").expect_err("too large");
        assert!(err.message.contains("too large"), "{err}");
        assert!(parse_seed("-3").is_err());
        assert!(parse_seed("1.5").is_err());
    }

    #[test]
    fn counts_and_sides_share_the_whole_number_rules() {
        assert_eq!(parse_count("iterations", " 20 ", 20), Ok(20));
        let err = parse_count("iterations", "21", 20).expect_err("past max");
        assert_eq!(
            err.message,
            "iterations must be a whole number from 1 to 20, got \"21\""
        );
        assert_eq!(
            check_count("iterations", 0, 20).expect_err("zero").message,
            "iterations must be a whole number from 1 to 20, got 0"
        );
        assert_eq!(parse_side("width", "640"), Ok(640));
        assert!(parse_side("width", "0").is_err());
        assert!(parse_side("height", "268435457").is_err());
    }

    #[test]
    fn long_input_is_shortened_in_messages() {
        let long = "x".repeat(500);
        let err = parse_spread(&long).expect_err("text");
        assert!(err.message.len() < 120, "{}", err.message);
    }
}
