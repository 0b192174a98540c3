//! What a step is, as a row of the step registry: its name, one line of help, one table of its
//! settings (each a knob: the command line's flag, the page's field, the link's key), the flags
//! that name a file or switch something on, and the step its settings make. The command line's
//! `--then NAME` and `terrain NAME --in FILE`, their `--help` and refusals, the sidecar entry,
//! the page's fieldset, share links and the worker's requests are all read off the rows, so a
//! new step is its folder and its row ([`Settings`] holds any step's values in a fixed place,
//! and what a step drawn by hand holds comes as [`Given::drawn`]). Nothing here names a step.

use std::fmt::Debug;

use super::Step;
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::settings::Slot;
use crate::knobs::{Knob, Values};
use crate::map::heightmap::Heightmap;

/// What a row's [`StepRow::step`] answers: the step, or why it cannot be made.
pub type Made = Result<Box<dyn Step>, ParamError>;

/// Most settings one step's table holds.
pub const MOST_SETTINGS: usize = 10;

/// One setting's value, kept by its knob's kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Setting {
    /// A whole number.
    Whole(u32),
    /// A decimal.
    Number(f32),
    /// One of the knob's names, by place.
    Choice(u8),
    /// True or false.
    Toggle(bool),
}

impl Setting {
    /// `knob`'s default.
    pub const fn default_of(knob: &Knob) -> Setting {
        match knob.values {
            Values::Whole { default, .. } => Setting::Whole(default as u32),
            Values::Number { default, .. } => Setting::Number(default as f32),
            Values::Choice { names, default } => {
                let mut at = 0;
                while at < names.len() && !same(names[at], default) {
                    at += 1;
                }
                Setting::Choice(if at < names.len() { at as u8 } else { 0 })
            }
            Values::Toggle { default } => Setting::Toggle(default),
            // No step takes a list of names.
            Values::Names { .. } => Setting::Toggle(false),
        }
    }

    /// `text` read as `knob`'s value, with the knob's range and messages.
    pub fn read(knob: &Knob, text: &str, read: ReadDecimal) -> Result<Setting, ParamError> {
        let mut value = Setting::default_of(knob);
        value.slot(knob).read(knob, text, read)?;
        Ok(value)
    }

    /// Its bits, as settings keep it (4 bytes a setting keeps a chain of five steps small).
    const fn bits(self) -> u32 {
        match self {
            Setting::Whole(v) => v,
            Setting::Number(v) => v.to_bits(),
            Setting::Choice(v) => v as u32,
            Setting::Toggle(v) => v as u32,
        }
    }

    /// The setting of `knob` kept as `bits`.
    const fn from_bits(knob: &Knob, bits: u32) -> Setting {
        match knob.values {
            Values::Whole { .. } => Setting::Whole(bits),
            Values::Number { .. } => Setting::Number(f32::from_bits(bits)),
            Values::Choice { .. } => Setting::Choice(bits as u8),
            Values::Toggle { .. } | Values::Names { .. } => Setting::Toggle(bits != 0),
        }
    }

    /// Where it lives, to show and read it as every setting is ([`Slot`]).
    fn slot<'a>(&'a mut self, knob: &Knob) -> Slot<'a> {
        match self {
            Setting::Whole(v) => Slot::Whole(v),
            Setting::Number(v) => Slot::Number(v),
            Setting::Toggle(v) => Slot::Toggle(v),
            Setting::Choice(v) => match knob.values {
                Values::Choice { names, .. } => Slot::Choice(v, names),
                _ => Slot::Choice(v, &[]),
            },
        }
    }
}

/// A step's settings: one value per knob of a table (its row's [`StepRow::knobs`] on the
/// command line, [`StepRow::fields`] on the page), each at the knob's default until read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    knobs: &'static [&'static Knob],
    values: [u32; MOST_SETTINGS],
}

impl Settings {
    /// Every knob of `knobs` at its default (those past [`MOST_SETTINGS`] left out: the
    /// registry's test holds every row within it).
    pub const fn defaults(knobs: &'static [&'static Knob]) -> Settings {
        let mut values = [0; MOST_SETTINGS];
        let mut at = 0;
        while at < knobs.len() && at < MOST_SETTINGS {
            values[at] = Setting::default_of(knobs[at]).bits();
            at += 1;
        }
        Settings { knobs, values }
    }

    /// These settings with `knob` set to `value` (unchanged for a knob they do not hold), for
    /// a preset written when the crate compiles.
    pub const fn with(mut self, knob: &Knob, value: Setting) -> Settings {
        let mut at = 0;
        while at < self.knobs.len() && at < MOST_SETTINGS {
            if same(self.knobs[at].name, knob.name) {
                self.values[at] = value.bits();
            }
            at += 1;
        }
        self
    }

    /// The knobs these settings are for.
    pub fn knobs(&self) -> &'static [&'static Knob] {
        self.knobs
    }

    /// The place of the knob called `name`.
    fn place(&self, name: &str) -> Option<usize> {
        let found = self.knobs.iter().position(|k| k.name == name)?;
        (found < MOST_SETTINGS).then_some(found)
    }

    /// The value of the knob called as `knob` is, or `knob`'s default where these settings
    /// have none (a field the page leaves at its default).
    pub fn get(&self, knob: &Knob) -> Setting {
        match self.place(knob.name) {
            Some(at) => Setting::from_bits(self.knobs[at], self.values[at]),
            None => Setting::default_of(knob),
        }
    }

    /// `knob`'s whole number ([`Settings::get`]).
    pub fn whole(&self, knob: &Knob) -> u32 {
        match self.get(knob) {
            Setting::Whole(v) => v,
            _ => knob.whole_default() as u32,
        }
    }

    /// `knob`'s decimal ([`Settings::get`]).
    pub fn number(&self, knob: &Knob) -> f32 {
        match self.get(knob) {
            Setting::Number(v) => v,
            _ => knob.number_default() as f32,
        }
    }

    /// `knob`'s choice, by place ([`Settings::get`]).
    pub fn choice(&self, knob: &Knob) -> u8 {
        match self.get(knob) {
            Setting::Choice(v) => v,
            _ => 0,
        }
    }

    /// Sets `knob`'s value (nothing for a knob these settings do not hold).
    pub fn set(&mut self, knob: &Knob, value: Setting) {
        if let Some(at) = self.place(knob.name) {
            self.values[at] = value.bits();
        }
    }

    /// The text `knob`'s setting shows; `None` for a knob these settings do not hold.
    pub fn show(&self, knob: &Knob) -> Option<String> {
        let at = self.place(knob.name)?;
        let mut value = Setting::from_bits(self.knobs[at], self.values[at]);
        value.slot(self.knobs[at]).shown()
    }

    /// Reads `text` into `knob`'s setting with the knob's range and messages (`read` reads a
    /// decimal once it passed the syntax check).
    pub fn read(&mut self, knob: &Knob, text: &str, read: ReadDecimal) -> Result<(), ParamError> {
        let Some(at) = self.place(knob.name) else {
            return Err(ParamError::new(
                knob.name,
                format!("{} is not a setting here", knob.name),
            ));
        };
        let knob = self.knobs[at];
        let value = Setting::read(knob, text, read)?;
        self.values[at] = value.bits();
        Ok(())
    }

    /// Each setting as `(flag, value)`, in the table's order.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let knobs = self.knobs.iter().take(MOST_SETTINGS);
        knobs
            .map(|k| (k.name, self.show(k).unwrap_or_default()))
            .collect()
    }
}

/// Whether two names are the same, when the crate compiles.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut at = 0;
    while at < a.len() {
        if a[at] != b[at] {
            return false;
        }
        at += 1;
    }
    true
}

/// What a flag beside the table takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExtraKind {
    /// A heightmap file, which the command line reads and hands over ([`Given::maps`]).
    Map,
    /// A text file, handed over as its text ([`Given::texts`]).
    Text,
    /// A switch, on when given ([`Given::switches`]).
    Switch,
    /// A value kept as typed, read by the step that takes it (a mask's `LO:HI`;
    /// [`Given::values`]).
    Value,
    /// A whole number that may be left out after the flag (the knob's default then); without
    /// the flag, off ([`Given::optional`]).
    Optional(&'static Knob),
}

/// A flag of a step's command beside its table of settings: a file it reads, a switch, a
/// number that may be left out. The page offers none of these as a field.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Extra {
    /// The flag, without `--`.
    pub name: &'static str,
    /// What the value names (`FILE.json`), for the help.
    pub value_name: &'static str,
    /// One sentence on what it does to the terrain.
    pub help: &'static str,
    /// What it takes.
    pub kind: ExtraKind,
    /// A flag it cannot be given with.
    pub conflicts_with: Option<&'static str>,
}

/// What the flags beside the table gave, read by whoever ran the command (the command line
/// reads the files; the page gives none).
#[derive(Debug, Default)]
pub struct Given {
    /// Heightmap files read: flag, the map, the file's name as given.
    pub maps: Vec<(&'static str, Heightmap, String)>,
    /// Text files read: flag, the text, the file's name as given.
    pub texts: Vec<(&'static str, String, String)>,
    /// The switches on.
    pub switches: Vec<&'static str>,
    /// The numbers given to [`ExtraKind::Optional`] flags.
    pub optional: Vec<(&'static str, u32)>,
    /// The values given to [`ExtraKind::Value`] flags, as typed.
    pub values: Vec<(&'static str, String)>,
    /// What was drawn by hand on the page for a step drawn by hand, as its link text (paint's
    /// strokes, held by the chain's link).
    pub drawn: Option<String>,
}

impl Given {
    /// Nothing beside the settings.
    pub fn none() -> Given {
        Given::default()
    }

    /// The map given to `flag`, with its file's name.
    pub fn map(&self, flag: &str) -> Option<(&Heightmap, &str)> {
        let found = self.maps.iter().find(|(f, ..)| *f == flag);
        found.map(|(_, map, file)| (map, file.as_str()))
    }

    /// The text given to `flag`, with its file's name.
    pub fn text(&self, flag: &str) -> Option<(&str, &str)> {
        let found = self.texts.iter().find(|(f, ..)| *f == flag);
        found.map(|(_, text, file)| (text.as_str(), file.as_str()))
    }

    /// Whether the switch `flag` is on.
    pub fn switch(&self, flag: &str) -> bool {
        self.switches.contains(&flag)
    }

    /// The value given to `flag`, as typed.
    pub fn value(&self, flag: &str) -> Option<&str> {
        let found = self.values.iter().find(|(f, _)| *f == flag);
        found.map(|(_, v)| v.as_str())
    }

    /// The number given to `flag`.
    pub fn optional(&self, flag: &str) -> Option<u32> {
        let found = self.optional.iter().find(|(f, _)| *f == flag);
        found.map(|(_, n)| *n)
    }
}

/// A step, as its row in the registry: everything the command line, the page, links and the
/// sidecar know of it. Each step's folder holds its row (`pub static ROW`); the registry lists
/// them in the order the page offers them.
pub trait StepRow: Debug + Sync {
    /// The name `--then` and the step's own command take (`thermal`).
    fn name(&self) -> &'static str;

    /// One line on what it does, for `--help`.
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str;

    /// Its table of settings as the page's fieldset offers it and a share link carries it:
    /// each knob's name is the field's, the link's key and the command line's flag, its row
    /// the field's hint, range, default and refusals.
    fn fields(&self) -> &'static [&'static Knob];

    /// Its table of settings on the command line, in the order `--help` lists them: by
    /// default the page's ([`StepRow::fields`]); a step may take more there (erosion's
    /// constants), the others at their defaults on the page.
    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        self.fields()
    }

    /// Its flags beside the table (files, switches), on the command line only; none by
    /// default.
    #[cfg(feature = "cli")]
    fn extras(&self) -> &'static [Extra] {
        &[]
    }

    /// The step `settings` (of the command line's table or [`StepRow::fields`]) and `given` make,
    /// or a refusal in one line when a file given is not what it takes. Only where the
    /// generators are (`erosion`): the page's and the worker's own modules know a step's row
    /// but never run it, so its algorithm stays out of them.
    #[cfg(feature = "erosion")]
    fn step(&self, settings: &Settings, given: &Given) -> Made;

    /// Whether a mask may say where it acts (`--mask` and friends, the page's Where): every
    /// step but one that changes the map's size (`amplify`), as a mask blends the map a step
    /// was given with the one it made, cell by cell.
    fn masked(&self) -> bool {
        true
    }

    /// Whether its work is drawn on the canvas by hand (the strokes of `paint`): its fields
    /// shape the next stroke, not the map, so two such steps are the same step whatever
    /// their fields say, and the page offers undo and redo of the strokes.
    fn drawn(&self) -> bool {
        false
    }

    /// The switch it takes right after a step drawn by hand ([`StepRow::drawn`]), if any:
    /// uplift then rises where the drawn map stands high.
    fn after_drawn(&self) -> Option<&'static str> {
        None
    }

    /// The command-line words after `--then NAME` that remake `settings` on the page, where
    /// files are named by the page's downloads: each field as its flag (a drawn step writes
    /// its strokes' file instead).
    fn page_flags(&self, settings: &Settings) -> Vec<String> {
        let pairs = settings.pairs();
        pairs
            .into_iter()
            .map(|(flag, value)| format!("--{flag} {value}"))
            .collect()
    }
}
