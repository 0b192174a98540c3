//! Form fields a demo can offer, and the [`Setup`] they fill in.
//!
//! Every field parses the raw text a reader typed with the core's own parser for that knob, so
//! a rejected value gets the same message on the page as on the command line, and every range
//! in a hint is formatted from the core's limits.

use terrain::faults::{self, ShapeKind};
use terrain::limits::{MIN_EXPONENT, PAGE_MAX_EXPONENT};
use terrain::params::{self, ParamError};
use terrain::{line, Recipe};

/// Everything that decides a demo's terrain: what to generate and the seed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Setup {
    /// The algorithm and its parameters.
    pub recipe: Recipe,
    /// Seed of the random generator: the same seed always gives the same terrain.
    pub seed: u64,
}

/// A form field: which knob it edits and how it is labelled and parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    /// Map size as a power of two, [`MIN_EXPONENT`] to [`PAGE_MAX_EXPONENT`].
    Exponent,
    /// Starting spread, 0 to [`terrain::limits::MAX_SPREAD`].
    Spread,
    /// Spread reduction per pass, 0 to [`terrain::limits::MAX_REDUCTION`].
    Reduction,
    /// Random seed, any unsigned 64-bit number.
    Seed,
    /// 1-D subdivisions, 1 to [`line::MAX_ITERATIONS`].
    LineIterations,
    /// Number of faults, 1 to [`faults::MAX_ITERATIONS`].
    FaultIterations,
    /// 1-D roughness, 0 to [`line::MAX_ROUGHNESS`].
    Roughness,
    /// Fault divider kinds: one checkbox per [`ShapeKind`].
    Shapes,
    /// Fault edge fuzziness in cells, 0 to [`faults::MAX_FUZZINESS`].
    Fuzziness,
    /// Tileable Diamond-Square: one checkbox, `true` or `false`.
    Wrap,
}

/// How a field is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Typed text; the virtual keyboard to offer on phones (`numeric` or `decimal`).
    Text(&'static str),
    /// One checkbox per name; the value is the checked names joined by commas (the same text
    /// the command line takes).
    Checkboxes(&'static [&'static str]),
    /// One checkbox labelled with the field's label; the value is `true` or `false`.
    Toggle,
}

/// The shape names, for the checkboxes.
const SHAPE_NAMES: [&str; 4] = [
    ShapeKind::ALL[0].name(),
    ShapeKind::ALL[1].name(),
    ShapeKind::ALL[2].name(),
    ShapeKind::ALL[3].name(),
];

/// A field offered for a recipe that has no such knob: a mistake in the demo table, caught by
/// its tests, but still reported rather than a panic.
fn not_offered(field: Field) -> ParamError {
    ParamError::new(
        field.name(),
        format!("{} is not a setting of this demo", field.name()),
    )
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
            Field::Wrap => "wrap",
        }
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
            Field::Wrap => "Tileable",
        }
    }

    /// Tooltip explaining what the field does to the terrain, with its range.
    pub fn hint(self) -> String {
        match self {
            Field::Exponent => {
                format!("Map size: 2^n + 1 points per side, {MIN_EXPONENT} to {PAGE_MAX_EXPONENT}")
            }
            Field::Spread => "How far the first pass may push points up or down".into(),
            Field::Reduction => {
                "Spread multiplier after each pass: low is smooth, near 1 is rough".into()
            }
            Field::Seed => "The same seed always makes the same terrain".into(),
            Field::LineIterations => {
                format!(
                    "Subdivisions: 2^n + 1 points, 1 to {}",
                    line::MAX_ITERATIONS
                )
            }
            Field::FaultIterations => format!(
                "Number of faults, 1 to {}: more gives finer detail",
                faults::MAX_ITERATIONS
            ),
            Field::Roughness => "How fast the bumps shrink: low is jagged, high is smooth".into(),
            Field::Shapes => "Which dividers to cut the map with".into(),
            Field::Fuzziness => format!(
                "Width in cells of the ragged band along each fault, 0 (sharp) to {}",
                faults::MAX_FUZZINESS
            ),
            Field::Wrap => "Make the map tile: opposite edges match, shown 2 x 2".into(),
        }
    }

    /// How the field is entered.
    pub fn entry(self) -> Entry {
        match self {
            Field::Shapes => Entry::Checkboxes(&SHAPE_NAMES),
            Field::Wrap => Entry::Toggle,
            Field::Exponent | Field::Seed | Field::LineIterations | Field::FaultIterations => {
                Entry::Text("numeric")
            }
            Field::Spread | Field::Reduction | Field::Roughness | Field::Fuzziness => {
                Entry::Text("decimal")
            }
        }
    }

    /// The text the field shows for `setup` (empty if the recipe has no such knob).
    pub fn show(self, setup: &Setup) -> String {
        let recipe = &setup.recipe;
        let shown = match self {
            Field::Seed => Some(setup.seed.to_string()),
            Field::Exponent => recipe.subdivision().map(|p| p.exponent.to_string()),
            Field::Spread => recipe.subdivision().map(|p| p.spread.to_string()),
            Field::Reduction => recipe.subdivision().map(|p| p.reduction.to_string()),
            Field::LineIterations => recipe.line().map(|p| p.iterations.to_string()),
            Field::Roughness => recipe.line().map(|p| p.roughness.to_string()),
            Field::FaultIterations => recipe.faults().map(|p| p.iterations.to_string()),
            Field::Shapes => recipe.faults().map(|p| p.shapes.to_string()),
            Field::Fuzziness => recipe.faults().map(|p| p.fuzziness.to_string()),
            Field::Wrap => recipe.wrap().map(|w| w.to_string()),
        };
        shown.unwrap_or_default()
    }

    /// Parses `text` into `setup`, or explains what is allowed.
    pub fn apply(self, text: &str, setup: &mut Setup) -> Result<(), ParamError> {
        let recipe = &mut setup.recipe;
        let missing = || not_offered(self);
        match self {
            Field::Seed => setup.seed = params::parse_seed(text)?,
            Field::Wrap => {
                let wrap = match text.trim() {
                    "true" => true,
                    "false" => false,
                    other => {
                        return Err(ParamError::new(
                            "wrap",
                            format!("wrap must be true or false, got \"{other}\""),
                        ))
                    }
                };
                *recipe.wrap_mut().ok_or_else(missing)? = wrap;
            }
            Field::Exponent | Field::Spread | Field::Reduction => {
                let knobs = recipe.subdivision_mut().ok_or_else(missing)?;
                match self {
                    Field::Exponent => {
                        knobs.exponent = params::parse_exponent(text, PAGE_MAX_EXPONENT)?
                    }
                    Field::Spread => knobs.spread = params::parse_spread(text)?,
                    _ => knobs.reduction = params::parse_reduction(text)?,
                }
            }
            Field::LineIterations | Field::Roughness => {
                let knobs = recipe.line_mut().ok_or_else(missing)?;
                match self {
                    Field::LineIterations => knobs.iterations = line::parse_iterations(text)?,
                    _ => knobs.roughness = line::parse_roughness(text)?,
                }
            }
            Field::FaultIterations | Field::Shapes | Field::Fuzziness => {
                let knobs = recipe.faults_mut().ok_or_else(missing)?;
                match self {
                    Field::FaultIterations => knobs.iterations = faults::parse_iterations(text)?,
                    Field::Shapes => knobs.shapes = faults::parse_shapes(text)?,
                    _ => knobs.fuzziness = faults::parse_fuzziness(text)?,
                }
            }
        }
        Ok(())
    }
}

/// Reads every field's text into a copy of `start`. Collects one error per bad field, in field
/// order, so all of them can be flagged at once.
pub fn read_setup<'a>(
    start: Setup,
    values: impl IntoIterator<Item = (Field, &'a str)>,
) -> Result<Setup, Vec<ParamError>> {
    let mut setup = start;
    let errors: Vec<ParamError> = values
        .into_iter()
        .filter_map(|(field, text)| field.apply(text, &mut setup).err())
        .collect();
    if errors.is_empty() {
        Ok(setup)
    } else {
        Err(errors)
    }
}

/// Errors as the alert says them: "Exponent must be ... . Spread must be ... ."
pub fn sentences(errors: &[ParamError]) -> String {
    let said: Vec<String> = errors
        .iter()
        .map(|e| format!("{}.", capitalise(&e.message)))
        .collect();
    said.join(" ")
}

/// "exponent must ..." becomes "Exponent must ...". Only an ASCII first letter changes (every
/// message starts with a field's name): Unicode case mapping would add its 10 KB of tables to
/// the page's download for nothing.
pub fn capitalise(text: &str) -> String {
    let mut capitalised = text.to_string();
    if let Some(first) = capitalised.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    capitalised
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain::faults::{FaultParams, ShapeSet};
    use terrain::midpoint::MpdParams;

    fn mpd(seed: u64) -> Setup {
        Setup {
            recipe: Recipe::midpoint(MpdParams::DEFAULT),
            seed,
        }
    }

    #[test]
    fn fields_round_trip_their_defaults() {
        let start = mpd(77);
        let all = [
            Field::Exponent,
            Field::Spread,
            Field::Reduction,
            Field::Seed,
        ];
        let texts: Vec<(Field, String)> = all.iter().map(|&f| (f, f.show(&start))).collect();
        let read = read_setup(mpd(0), texts.iter().map(|(f, t)| (*f, t.as_str())));
        assert_eq!(read, Ok(start));
    }

    #[test]
    fn shapes_round_trip_in_canonical_order_and_limits_come_from_the_core() {
        let mut setup = Setup {
            recipe: Recipe::Faults {
                params: FaultParams::DEFAULT,
            },
            seed: 1,
        };
        Field::Shapes
            .apply("triangle,line", &mut setup)
            .expect("valid");
        assert_eq!(Field::Shapes.show(&setup), "line,triangle");
        assert!(Field::Shapes.apply("", &mut setup).is_err());
        let max = faults::MAX_ITERATIONS.to_string();
        assert!(Field::FaultIterations.apply(&max, &mut setup).is_ok());
        let past = (faults::MAX_ITERATIONS + 1).to_string();
        assert!(Field::FaultIterations.apply(&past, &mut setup).is_err());
        assert!(Field::FaultIterations.hint().contains(&max));
        assert_eq!(
            setup.recipe.faults().map(|p| p.shapes),
            Some(ShapeSet::of(&[ShapeKind::Line, ShapeKind::Triangle]))
        );
        assert_eq!(
            Field::Shapes.entry(),
            Entry::Checkboxes(&["line", "circle", "rect", "triangle"])
        );
    }

    #[test]
    fn wrap_is_true_or_false_on_diamond_square_only() {
        let mut ds = Setup {
            recipe: Recipe::diamond_square(MpdParams::DEFAULT),
            seed: 1,
        };
        assert_eq!(Field::Wrap.show(&ds), "false");
        Field::Wrap.apply("true", &mut ds).expect("valid");
        assert_eq!(ds.recipe.wrap(), Some(true));
        let err = Field::Wrap
            .apply("yes", &mut ds)
            .expect_err("not a boolean");
        assert_eq!(err.message, "wrap must be true or false, got \"yes\"");
        assert!(
            Field::Wrap.apply("true", &mut mpd(0)).is_err(),
            "mpd does not tile"
        );
    }

    #[test]
    fn a_field_the_recipe_lacks_is_refused_not_a_panic() {
        let mut setup = mpd(0);
        let err = Field::Roughness
            .apply("1", &mut setup)
            .expect_err("mpd has no roughness");
        assert_eq!(err.field, "roughness");
        assert_eq!(Field::Roughness.show(&setup), "");
    }

    #[test]
    fn every_bad_field_is_reported_and_the_page_caps_the_exponent() {
        let errors = read_setup(
            mpd(0),
            [
                (Field::Exponent, "13"),
                (Field::Spread, "0.2"),
                (Field::Seed, "x"),
            ],
        )
        .expect_err("two bad fields");
        let names: Vec<&str> = errors.iter().map(|e| e.field).collect();
        assert_eq!(names, ["exponent", "seed"]);
        let range = format!("from {MIN_EXPONENT} to {PAGE_MAX_EXPONENT}");
        assert!(errors[0].message.contains(&range));
        assert!(Field::Exponent.hint().contains(&range.replace("from ", "")));
        assert_eq!(capitalise("exponent must"), "Exponent must");
    }
}
