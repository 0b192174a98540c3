//! Form fields a demo can offer, and the settings they fill in.
//!
//! Each field parses the raw text a reader typed with the core's own parsers, so a rejected
//! value gets the same message on the page as on the command line.

use terrain::faults::{self, FaultParams, ShapeKind};
use terrain::limits::PAGE_MAX_EXPONENT;
use terrain::line::{self, LineParams};
use terrain::midpoint::MpdParams;
use terrain::params::{self, ParamError};

/// Most faults the page offers: the same as the command line, since a worker generates them.
pub const PAGE_MAX_FAULTS: u32 = 100_000;

/// Everything a demo's generator needs: the seed plus every algorithm knob. Each demo row starts
/// from its own defaults; its fields overwrite the parts a reader may change.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Seed of the random generator: the same seed always gives the same terrain.
    pub seed: u64,
    /// Map size, 2^exponent + 1 points per side.
    pub exponent: u32,
    /// Starting spread: how far the first pass may push points up or down.
    pub spread: f32,
    /// Factor applied to the spread after each pass.
    pub reduction: f32,
    /// Iterations: subdivisions of a 1-D profile, or the number of faults.
    pub iterations: u32,
    /// 1-D roughness: the displacement shrinks by 2^(-roughness) per iteration.
    pub roughness: f32,
    /// Fault divider kinds, one bit per [`ShapeKind::ALL`] entry.
    pub shapes: u8,
    /// Width in cells of the ragged band around fault edges.
    pub fuzziness: f32,
}

impl Settings {
    /// The first post's defaults (exponent 5, spread 0.3, reduction 0.5) with seed 0.
    pub const fn mpd_defaults() -> Self {
        Self {
            seed: 0,
            exponent: 5,
            spread: 0.3,
            reduction: 0.5,
            iterations: 8,
            roughness: 1.0,
            shapes: 1,
            fuzziness: 0.0,
        }
    }

    /// Number of numbers in [`Settings::to_words`].
    pub const WORDS: usize = 9;

    /// The settings as plain numbers, for sending to the generator worker; every value survives
    /// the trip exactly (the 64-bit seed travels as two 32-bit halves).
    pub fn to_words(&self) -> [f64; Self::WORDS] {
        [
            (self.seed >> 32) as f64,
            (self.seed & 0xffff_ffff) as f64,
            f64::from(self.exponent),
            f64::from(self.spread),
            f64::from(self.reduction),
            f64::from(self.iterations),
            f64::from(self.roughness),
            f64::from(self.shapes),
            f64::from(self.fuzziness),
        ]
    }

    /// The settings [`Settings::to_words`] wrote; `None` for anything it cannot have written.
    pub fn from_words(words: &[f64]) -> Option<Self> {
        let &[seed_high, seed_low, exponent, spread, reduction, iterations, roughness, shapes, fuzziness] =
            words
        else {
            return None;
        };
        let whole = |x: f64, max: f64| (x.fract() == 0.0 && (0.0..=max).contains(&x)).then_some(x);
        let u32_max = f64::from(u32::MAX);
        Some(Self {
            seed: (whole(seed_high, u32_max)? as u64) << 32 | whole(seed_low, u32_max)? as u64,
            exponent: whole(exponent, u32_max)? as u32,
            spread: spread as f32,
            reduction: reduction as f32,
            iterations: whole(iterations, u32_max)? as u32,
            roughness: roughness as f32,
            shapes: whole(shapes, f64::from(u8::MAX))? as u8,
            fuzziness: fuzziness as f32,
        })
    }

    /// The 1-D midpoint displacement parameters these settings describe.
    pub fn line(&self) -> LineParams {
        LineParams {
            iterations: self.iterations,
            roughness: self.roughness,
        }
    }

    /// The fault-line parameters these settings describe.
    pub fn faults(&self) -> FaultParams {
        FaultParams {
            iterations: self.iterations,
            shapes: shapes_from_mask(self.shapes),
            fuzziness: self.fuzziness,
            ..FaultParams::default()
        }
    }

    /// The midpoint-displacement parameters these settings describe.
    pub fn mpd(&self) -> MpdParams {
        MpdParams {
            exponent: self.exponent,
            spread: self.spread,
            reduction: self.reduction,
        }
    }
}

/// A form field: which setting it edits and how it is labelled and parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Map size as a power of two, 1 to [`PAGE_MAX_EXPONENT`].
    Exponent,
    /// Starting spread, 0 to [`terrain::limits::MAX_SPREAD`].
    Spread,
    /// Spread reduction per pass, 0 to [`terrain::limits::MAX_REDUCTION`].
    Reduction,
    /// Random seed, any unsigned 64-bit number.
    Seed,
    /// 1-D subdivisions, 1 to [`line::MAX_ITERATIONS`].
    LineIterations,
    /// Number of faults, 1 to [`PAGE_MAX_FAULTS`].
    FaultIterations,
    /// 1-D roughness, 0 to [`line::MAX_ROUGHNESS`].
    Roughness,
    /// Fault divider kinds: a multiple choice of line, circle, rect, triangle.
    Shapes,
    /// Fault edge fuzziness in cells, 0 to [`faults::MAX_FUZZINESS`].
    Fuzziness,
}

/// The divider kinds whose bits are set in `mask`.
pub fn shapes_from_mask(mask: u8) -> Vec<ShapeKind> {
    ShapeKind::ALL
        .into_iter()
        .enumerate()
        .filter(|(bit, _)| mask & (1 << bit) != 0)
        .map(|(_, kind)| kind)
        .collect()
}

fn mask_from_shapes(shapes: &[ShapeKind]) -> u8 {
    ShapeKind::ALL
        .into_iter()
        .enumerate()
        .filter(|(_, kind)| shapes.contains(kind))
        .fold(0, |mask, (bit, _)| mask | (1 << bit))
}

impl Field {
    /// The input's `name` attribute (a DOM contract the end-to-end tests rely on).
    pub fn name(self) -> &'static str {
        match self {
            Field::Exponent => "exponent",
            Field::Spread => "spread",
            Field::Reduction => "reduction",
            Field::Seed => "seed",
            Field::LineIterations | Field::FaultIterations => "iterations",
            Field::Roughness => "roughness",
            Field::Shapes => "shapes",
            Field::Fuzziness => "fuzziness",
        }
    }

    /// For a multiple-choice field, the names to choose from; `None` for typed fields.
    pub fn choices(self) -> Option<Vec<&'static str>> {
        (self == Field::Shapes).then(|| ShapeKind::ALL.iter().map(|k| k.name()).collect())
    }

    /// The label shown next to the input.
    pub fn label(self) -> &'static str {
        match self {
            Field::Exponent => "Exponent",
            Field::Spread => "Starting spread",
            Field::Reduction => "Spread reduction",
            Field::Seed => "Seed",
            Field::LineIterations | Field::FaultIterations => "Iterations",
            Field::Roughness => "Roughness",
            Field::Shapes => "Shapes",
            Field::Fuzziness => "Fuzziness",
        }
    }

    /// Tooltip explaining what the field does to the terrain.
    pub fn hint(self) -> &'static str {
        match self {
            Field::Exponent => "Map size: 2^n + 1 points per side, 1 to 12",
            Field::Spread => "How far the first pass may push points up or down",
            Field::Reduction => "Spread multiplier after each pass: low is smooth, near 1 is rough",
            Field::Seed => "The same seed always makes the same terrain",
            Field::LineIterations => "Subdivisions: 2^n + 1 points, 1 to 20",
            Field::FaultIterations => "Number of faults, 1 to 100000: more gives finer detail",
            Field::Roughness => "How fast the bumps shrink: low is jagged, high is smooth",
            Field::Shapes => "Which dividers to cut the map with",
            Field::Fuzziness => {
                "Width in cells of the ragged band along each fault, 0 for sharp edges"
            }
        }
    }

    /// Virtual keyboard to offer on phones: digits only for whole numbers.
    pub fn input_mode(self) -> &'static str {
        match self {
            Field::Exponent
            | Field::Seed
            | Field::LineIterations
            | Field::FaultIterations
            | Field::Shapes => "numeric",
            Field::Spread | Field::Reduction | Field::Roughness | Field::Fuzziness => "decimal",
        }
    }

    /// The text the field shows for `settings`.
    pub fn show(self, settings: &Settings) -> String {
        match self {
            Field::Exponent => settings.exponent.to_string(),
            Field::Spread => settings.spread.to_string(),
            Field::Reduction => settings.reduction.to_string(),
            Field::Seed => settings.seed.to_string(),
            Field::LineIterations | Field::FaultIterations => settings.iterations.to_string(),
            Field::Roughness => settings.roughness.to_string(),
            Field::Fuzziness => settings.fuzziness.to_string(),
            Field::Shapes => shapes_from_mask(settings.shapes)
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    /// Parses `text` into `settings`, or explains what is allowed.
    pub fn apply(self, text: &str, settings: &mut Settings) -> Result<(), ParamError> {
        match self {
            Field::Exponent => settings.exponent = params::parse_exponent(text, PAGE_MAX_EXPONENT)?,
            Field::Spread => settings.spread = params::parse_spread(text)?,
            Field::Reduction => settings.reduction = params::parse_reduction(text)?,
            Field::Seed => settings.seed = params::parse_seed(text)?,
            Field::LineIterations => {
                let max = u64::from(line::MAX_ITERATIONS);
                settings.iterations = params::parse_whole("iterations", text, 1, max)? as u32;
            }
            Field::FaultIterations => {
                settings.iterations = faults::parse_iterations(text, PAGE_MAX_FAULTS)?
            }
            Field::Roughness => {
                settings.roughness =
                    params::parse_number("roughness", text, 0.0, line::MAX_ROUGHNESS)? as f32;
            }
            Field::Shapes => settings.shapes = mask_from_shapes(&faults::parse_shapes(text)?),
            Field::Fuzziness => settings.fuzziness = faults::parse_fuzziness(text)?,
        }
        Ok(())
    }
}

/// Reads every field's text into a copy of `defaults`. Collects one error per bad field, in
/// field order, so all of them can be flagged at once.
pub fn read_settings<'a>(
    defaults: Settings,
    values: impl IntoIterator<Item = (Field, &'a str)>,
) -> Result<Settings, Vec<ParamError>> {
    let mut settings = defaults;
    let errors: Vec<ParamError> = values
        .into_iter()
        .filter_map(|(field, text)| field.apply(text, &mut settings).err())
        .collect();
    if errors.is_empty() {
        Ok(settings)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_their_defaults() {
        let defaults = Settings {
            seed: 77,
            ..Settings::mpd_defaults()
        };
        let all = [
            Field::Exponent,
            Field::Spread,
            Field::Reduction,
            Field::Seed,
        ];
        let texts: Vec<(Field, String)> = all.iter().map(|&f| (f, f.show(&defaults))).collect();
        let read = read_settings(
            Settings::mpd_defaults(),
            texts.iter().map(|(f, t)| (*f, t.as_str())),
        );
        assert_eq!(read, Ok(defaults));
    }

    #[test]
    fn settings_survive_the_trip_to_the_worker_exactly() {
        let settings = Settings {
            seed: u64::MAX - 12345,
            exponent: 12,
            spread: 0.1 + 0.2,
            reduction: 0.55,
            iterations: 100_000,
            roughness: 1.7,
            shapes: 0b1011,
            fuzziness: 3.25,
        };
        assert_eq!(Settings::from_words(&settings.to_words()), Some(settings));
        let mut words = settings.to_words();
        assert_eq!(Settings::from_words(&words[1..]), None, "too few numbers");
        words[2] = 2.5;
        assert_eq!(Settings::from_words(&words), None, "a fractional exponent");
        words[2] = -1.0;
        assert_eq!(Settings::from_words(&words), None, "a negative exponent");
    }

    #[test]
    fn shapes_round_trip_through_their_mask() {
        let mut settings = Settings::mpd_defaults();
        Field::Shapes
            .apply("triangle,line", &mut settings)
            .expect("valid");
        assert_eq!(Field::Shapes.show(&settings), "line,triangle");
        assert!(Field::Shapes.apply("", &mut settings).is_err());
        assert!(Field::FaultIterations
            .apply("100000", &mut settings)
            .is_ok());
        assert!(Field::FaultIterations
            .apply("100001", &mut settings)
            .is_err());
        assert!(Field::LineIterations.apply("21", &mut settings).is_err());
    }

    #[test]
    fn every_bad_field_is_reported_and_the_page_caps_the_exponent_at_12() {
        let errors = read_settings(
            Settings::mpd_defaults(),
            [
                (Field::Exponent, "13"),
                (Field::Spread, "0.2"),
                (Field::Seed, "x"),
            ],
        )
        .expect_err("two bad fields");
        let names: Vec<&str> = errors.iter().map(|e| e.field).collect();
        assert_eq!(names, ["exponent", "seed"]);
        assert!(errors[0].message.contains("from 1 to 12"));
    }
}
