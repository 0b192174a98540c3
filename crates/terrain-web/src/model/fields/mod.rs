//! Form fields a demo can offer, and the [`Setup`] they fill in.
//!
//! Every field parses the raw text a reader typed with the core's own parser for that knob, so
//! a rejected value gets the same message on the page as on the command line, and every range
//! in a hint is formatted from the core's limits.

use terrain::erosion;
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
    /// Erosion's droplets, 1 to [`erosion::MAX_DROPLETS`].
    Droplets,
    /// Erosion's inertia, 0 to 1.
    Inertia,
    /// Erosion's rate of eroding, 0 to 1.
    ErosionRate,
    /// Erosion's rate of depositing, 0 to 1.
    Deposition,
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
            Field::Droplets => "droplets",
            Field::Inertia => "inertia",
            Field::ErosionRate => "erosion",
            Field::Deposition => "deposition",
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
            Field::Droplets => "Droplets",
            Field::Inertia => "Inertia",
            Field::ErosionRate => "Erosion rate",
            Field::Deposition => "Deposition rate",
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
            Field::Droplets => format!(
                "How many droplets fall, 1 to {}: more carve deeper valleys",
                erosion::MAX_DROPLETS
            ),
            Field::Inertia => {
                "Share of its direction a droplet keeps, 0 to 1: 0 cuts narrow gullies straight \
                 downhill, near 1 smears the path"
                    .into()
            }
            Field::ErosionRate => "How fast droplets dig, 0 to 1".into(),
            Field::Deposition => "How fast over-full droplets drop their load, 0 to 1".into(),
        }
    }

    /// How the field is entered.
    pub fn entry(self) -> Entry {
        match self {
            Field::Shapes => Entry::Checkboxes(&SHAPE_NAMES),
            Field::Wrap => Entry::Toggle,
            Field::Exponent
            | Field::Seed
            | Field::LineIterations
            | Field::FaultIterations
            | Field::Droplets => Entry::Text("numeric"),
            Field::Spread
            | Field::Reduction
            | Field::Roughness
            | Field::Fuzziness
            | Field::Inertia
            | Field::ErosionRate
            | Field::Deposition => Entry::Text("decimal"),
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
            Field::Droplets => recipe.erosion().map(|e| e.droplets.to_string()),
            Field::Inertia => recipe.erosion().map(|e| e.inertia.to_string()),
            Field::ErosionRate => recipe.erosion().map(|e| e.erosion.to_string()),
            Field::Deposition => recipe.erosion().map(|e| e.deposition.to_string()),
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
            Field::Droplets | Field::Inertia | Field::ErosionRate | Field::Deposition => {
                let knobs = recipe.erosion_mut().ok_or_else(missing)?;
                match self {
                    Field::Droplets => knobs.droplets = erosion::parse_droplets(text)?,
                    Field::Inertia => knobs.inertia = erosion::parse_share("inertia", text)?,
                    Field::ErosionRate => knobs.erosion = erosion::parse_share("erosion", text)?,
                    _ => knobs.deposition = erosion::parse_share("deposition", text)?,
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
mod tests;
