//! Form fields a demo can offer, and the [`Setup`] they fill in.
//!
//! Every field is a row of the core's table of knobs (`terrain::knobs`): its name, label, hint
//! and range come from the row, and it parses the raw text a reader typed with the row's parser,
//! so a rejected value gets the same message on the page as on the command line.

pub mod steps;

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
#[derive(Debug, Clone, PartialEq)]
pub struct Setup {
    /// The algorithm and its parameters.
    pub recipe: Recipe,
    /// Seed of the random generator: the same seed always gives the same terrain.
    pub seed: u64,
}

/// A form field: the row of the table of knobs it edits, which gives its name, label, hint,
/// range and parser. What it edits in a recipe is the recipe's chapter's to say
/// ([`Recipe::show`], [`Recipe::apply`]); the seed, which every demo has, is the setup's.
#[derive(Debug, Clone, Copy)]
pub struct Field(pub &'static Knob);

impl PartialEq for Field {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
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
    /// A drop-down list of the names; the value is the one chosen.
    Choice(&'static [&'static str]),
}

impl Field {
    /// The field's row in the table of knobs: its name, label, hint, range and parser.
    pub fn knob(self) -> &'static Knob {
        self.0
    }

    /// The input's `name` attribute and the share link's key (a DOM contract the end-to-end
    /// tests rely on): the row's name.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The label shown next to the input.
    pub fn label(self) -> &'static str {
        self.0.label
    }

    /// Tooltip explaining what the field does to the terrain, with its range.
    pub fn hint(self) -> String {
        self.0.hint()
    }

    /// Whether it is the seed, which every demo has and the setup (not the recipe) holds.
    fn is_seed(self) -> bool {
        self.0.name == knobs::SEED.name
    }

    /// How the field is entered: from the kind of values its row takes.
    pub fn entry(self) -> Entry {
        match self.0.values {
            Values::Names { names, .. } => Entry::Checkboxes(names),
            Values::Choice { names, .. } => Entry::Choice(names),
            Values::Toggle { .. } => Entry::Toggle,
            Values::Whole { .. } => Entry::Text("numeric"),
            Values::Number { .. } => Entry::Text("decimal"),
        }
    }

    /// The text the field shows for `setup` (empty if the recipe has no such knob).
    pub fn show(self, setup: &Setup) -> String {
        if self.is_seed() {
            return setup.seed.to_string();
        }
        setup.recipe.show(self.0).unwrap_or_default()
    }

    /// Parses `text` into `setup` with the row's parser, or explains what is allowed. A field
    /// the recipe has no knob for (a mistake in the demo table, caught by its tests) is
    /// reported, not a panic.
    pub fn apply(self, text: &str, setup: &mut Setup) -> Result<(), ParamError> {
        if self.is_seed() {
            setup.seed = self.0.parse_whole(text)?;
            return Ok(());
        }
        setup
            .recipe
            .apply(self.0, text, read_decimal)
            .unwrap_or_else(|| {
                Err(ParamError::new(
                    self.name(),
                    format!("{} is not a setting of this demo", self.name()),
                ))
            })
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
