//! A row of the table of knobs (`terrain::knobs`) as a command-line flag's parser. Each flag in
//! `args.rs`, `flow.rs` and `stats.rs` takes its help (`Knob::hint`), its parser (from here) and its
//! default (the algorithm's `DEFAULT`, made from the row) from the row, so `--help`, the messages
//! and the page all quote the same range, and no range or default is written twice.

use terrain::knobs::Knob;
use terrain::ParamError;

/// The parser of a whole-number knob that fits a `u32` (counts, sizes as exponents, radii).
pub fn whole(knob: &'static Knob) -> impl Fn(&str) -> Result<u32, ParamError> + Clone {
    move |text| knob.parse_u32(text)
}

/// The parser of a whole-number knob read as a size in points (the sides of a map).
pub fn side(knob: &'static Knob) -> impl Fn(&str) -> Result<usize, ParamError> + Clone {
    move |text| {
        let value = knob.parse_whole(text)?;
        // parse_whole kept it within the row's range, at most 2^28.
        Ok(usize::try_from(value).unwrap_or(usize::MAX))
    }
}

/// The parser of a knob that takes any `u64` (the seed).
pub fn wide(knob: &'static Knob) -> impl Fn(&str) -> Result<u64, ParamError> + Clone {
    move |text| knob.parse_whole(text)
}

/// The parser of a decimal knob, as the `f32` the algorithms take.
pub fn number(knob: &'static Knob) -> impl Fn(&str) -> Result<f32, ParamError> + Clone {
    move |text| knob.parse_f32(text)
}
