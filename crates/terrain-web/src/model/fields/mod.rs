//! Form fields a demo can offer, and the [`Setup`] they fill in.
//!
//! Every field is a row of the core's table of knobs (`terrain::knobs`): its name, label, hint
//! and range come from the row, and it parses the raw text a reader typed with the row's parser,
//! so a rejected value gets the same message on the page as on the command line.

use terrain::faults;
use terrain::knobs::{self, Knob, Values};
use terrain::params::ParamError;
use terrain::Recipe;

/// How the page reads a typed number once it passes the decimal syntax
/// (`terrain::params::is_decimal`): with the browser's `parseFloat`, which rounds exactly as
/// Rust's reader does (the wasm test `typed_numbers_read_the_same_in_the_browser_as_in_rust`
/// checks the two against each other), so the first module carries no copy of Rust's
/// float-parsing code and tables (14 KB gzipped). `None` for the NaN it gives anything else.
#[cfg(target_arch = "wasm32")]
pub fn read_decimal(text: &str) -> Option<f64> {
    Some(js_sys::Number::parse_float(text)).filter(|v| !v.is_nan())
}

/// Natively (the unit tests) the page reads typed numbers with Rust's reader.
#[cfg(not(target_arch = "wasm32"))]
pub use terrain::params::rust_decimal as read_decimal;

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
    /// Map size as a power of two ([`knobs::PAGE_EXPONENT`]).
    Exponent,
    /// Starting spread ([`knobs::SPREAD`]).
    Spread,
    /// Spread reduction per pass ([`knobs::REDUCTION`]).
    Reduction,
    /// Random seed ([`knobs::SEED`]).
    Seed,
    /// 1-D subdivisions ([`knobs::LINE_ITERATIONS`]).
    LineIterations,
    /// Number of faults ([`knobs::FAULT_ITERATIONS`]).
    FaultIterations,
    /// 1-D roughness ([`knobs::ROUGHNESS`]).
    Roughness,
    /// Fault divider kinds, one checkbox each ([`knobs::SHAPES`]).
    Shapes,
    /// Fault edge fuzziness in cells ([`knobs::FUZZINESS`]).
    Fuzziness,
    /// Tileable Diamond-Square, one checkbox ([`knobs::WRAP`]).
    Wrap,
    /// Erosion's droplets ([`knobs::DROPLETS`]).
    Droplets,
    /// Droplets on a map read from a file, 0 for none ([`knobs::HELD_DROPLETS`]).
    HeldDroplets,
    /// Erosion's inertia ([`knobs::INERTIA`]).
    Inertia,
    /// Erosion's rate of eroding ([`knobs::EROSION`]).
    ErosionRate,
    /// Erosion's rate of depositing ([`knobs::DEPOSITION`]).
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

/// A field offered for a recipe that has no such knob: a mistake in the demo table, caught by
/// its tests, but still reported rather than a panic.
fn not_offered(field: Field) -> ParamError {
    ParamError::new(
        field.name(),
        format!("{} is not a setting of this demo", field.name()),
    )
}

impl Field {
    /// The field's row in the table of knobs: its name, label, hint, range and parser.
    pub fn knob(self) -> &'static Knob {
        match self {
            Field::Exponent => &knobs::PAGE_EXPONENT,
            Field::Spread => &knobs::SPREAD,
            Field::Reduction => &knobs::REDUCTION,
            Field::Seed => &knobs::SEED,
            Field::LineIterations => &knobs::LINE_ITERATIONS,
            Field::FaultIterations => &knobs::FAULT_ITERATIONS,
            Field::Roughness => &knobs::ROUGHNESS,
            Field::Shapes => &knobs::SHAPES,
            Field::Fuzziness => &knobs::FUZZINESS,
            Field::Wrap => &knobs::WRAP,
            Field::Droplets => &knobs::DROPLETS,
            Field::HeldDroplets => &knobs::HELD_DROPLETS,
            Field::Inertia => &knobs::INERTIA,
            Field::ErosionRate => &knobs::EROSION,
            Field::Deposition => &knobs::DEPOSITION,
        }
    }

    /// The input's `name` attribute and the share link's key (a DOM contract the end-to-end
    /// tests rely on): the row's name.
    pub fn name(self) -> &'static str {
        self.knob().name
    }

    /// The label shown next to the input.
    pub fn label(self) -> &'static str {
        self.knob().label
    }

    /// Tooltip explaining what the field does to the terrain, with its range.
    pub fn hint(self) -> String {
        self.knob().hint()
    }

    /// How the field is entered: from the kind of values its row takes.
    pub fn entry(self) -> Entry {
        match self.knob().values {
            Values::Names { names, .. } => Entry::Checkboxes(names),
            Values::Toggle { .. } => Entry::Toggle,
            Values::Whole { .. } => Entry::Text("numeric"),
            Values::Number { .. } => Entry::Text("decimal"),
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
            Field::Droplets | Field::HeldDroplets => {
                recipe.erosion().map(|e| e.droplets.to_string())
            }
            Field::Inertia => recipe.erosion().map(|e| e.inertia.to_string()),
            Field::ErosionRate => recipe.erosion().map(|e| e.erosion.to_string()),
            Field::Deposition => recipe.erosion().map(|e| e.deposition.to_string()),
        };
        shown.unwrap_or_default()
    }

    /// Parses `text` into `setup` with the row's parser, or explains what is allowed.
    pub fn apply(self, text: &str, setup: &mut Setup) -> Result<(), ParamError> {
        let knob = self.knob();
        let recipe = &mut setup.recipe;
        let missing = || not_offered(self);
        match self {
            Field::Seed => setup.seed = knob.parse_whole(text)?,
            Field::Wrap => {
                let wrap = match text.trim() {
                    "true" => true,
                    "false" => false,
                    other => {
                        return Err(ParamError::new(
                            knob.name,
                            format!("{} must be {}, got \"{other}\"", knob.name, knob.range()),
                        ))
                    }
                };
                *recipe.wrap_mut().ok_or_else(missing)? = wrap;
            }
            Field::Exponent | Field::Spread | Field::Reduction => {
                let params = recipe.subdivision_mut().ok_or_else(missing)?;
                match self {
                    Field::Exponent => params.exponent = knob.parse_u32(text)?,
                    Field::Spread => params.spread = knob.parse_f32_with(text, read_decimal)?,
                    _ => params.reduction = knob.parse_f32_with(text, read_decimal)?,
                }
            }
            Field::LineIterations | Field::Roughness => {
                let params = recipe.line_mut().ok_or_else(missing)?;
                match self {
                    Field::LineIterations => params.iterations = knob.parse_u32(text)?,
                    _ => params.roughness = knob.parse_f32_with(text, read_decimal)?,
                }
            }
            Field::Droplets
            | Field::HeldDroplets
            | Field::Inertia
            | Field::ErosionRate
            | Field::Deposition => {
                let params = recipe.erosion_mut().ok_or_else(missing)?;
                match self {
                    Field::Droplets | Field::HeldDroplets => {
                        params.droplets = knob.parse_u32(text)?;
                    }
                    Field::Inertia => params.inertia = knob.parse_f32_with(text, read_decimal)?,
                    Field::ErosionRate => {
                        params.erosion = knob.parse_f32_with(text, read_decimal)?
                    }
                    _ => params.deposition = knob.parse_f32_with(text, read_decimal)?,
                }
            }
            Field::FaultIterations | Field::Shapes | Field::Fuzziness => {
                let params = recipe.faults_mut().ok_or_else(missing)?;
                match self {
                    Field::FaultIterations => params.iterations = knob.parse_u32(text)?,
                    Field::Shapes => params.shapes = faults::parse_shapes(text)?,
                    _ => params.fuzziness = knob.parse_f32_with(text, read_decimal)?,
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
