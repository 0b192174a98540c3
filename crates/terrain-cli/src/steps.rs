//! The steps a map goes through after its base: `--then NAME [its flags]`, repeatable, after any
//! command that makes a map, and each step as a command of its own on a map read from a file
//! (`terrain thermal --in FILE`). Both are built from the core's step registry, so a new step
//! needs nothing here: a flag per row of its table of settings (the row's help, range and
//! default, read by the row's own parser), then the flags beside the table (a file it reads, a
//! switch, a number that may be left out). A step's `--help` lists exactly its flags.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args};
use terrain::chain::mask;
use terrain::chain::row::{Extra, ExtraKind, Given, Setting, Settings, StepRow};
use terrain::chain::Step;
use terrain::chapters::step_registry::{names_said, STEPS};
use terrain::knobs::{self, Knob, Values};
use terrain::params::rust_decimal;
use terrain::ParamError;

use crate::flags::side;
use crate::map_output::MapOutput;
use crate::read::in_help;

/// The word that starts a step.
pub const THEN: &str = "--then";

/// One step as its flags ask for it: its row, its settings and what the flags beside them
/// gave (files read when the step is made).
#[derive(Debug, Clone)]
pub struct StepRun {
    /// The step's row in the registry.
    pub row: &'static dyn StepRow,
    /// Its table of settings, each flag given read in.
    pub settings: Settings,
    /// The files, switches and numbers given beside the table, unread.
    pub extras: Vec<(&'static str, ExtraKind, Option<String>)>,
}

impl StepRun {
    /// The step these flags describe; refused in one line when a file it names cannot be read
    /// or is not what it takes.
    pub fn step(&self) -> Result<Box<dyn Step>, String> {
        let mut given = Given::none();
        for (flag, kind, value) in &self.extras {
            let value = value.clone().unwrap_or_default();
            match kind {
                ExtraKind::Map => {
                    let map = crate::read::read_map(&PathBuf::from(&value), None)
                        .map_err(|e| format!("--{flag}: {e}"))?;
                    given.maps.push((flag, map, value));
                }
                ExtraKind::Text => {
                    let text = std::fs::read_to_string(&value)
                        .map_err(|e| format!("--{flag}: cannot read {value}: {e}"))?;
                    given.texts.push((flag, text, value));
                }
                ExtraKind::Switch => given.switches.push(flag),
                ExtraKind::Value => given.values.push((flag, value)),
                ExtraKind::Optional(knob) => {
                    let n = knob.parse_u32(&value).map_err(|e| e.message)?;
                    given.optional.push((flag, n));
                }
            }
        }
        mask::step_of(self.row, &self.settings, &given).map_err(|e| e.message)
    }

    /// The run `matches` (of [`command`] for `row`, or of a command holding its flags) ask
    /// for; a flag the command lacks is left at its default.
    pub fn of(row: &'static dyn StepRow, matches: &ArgMatches) -> Result<StepRun, String> {
        let mut settings = Settings::defaults(row.knobs());
        for &knob in row.knobs() {
            if let Ok(Some(text)) = matches.try_get_one::<String>(knob.name) {
                settings
                    .read(knob, text, rust_decimal)
                    .map_err(|e| e.message)?;
            }
        }
        let mut extras = Vec::new();
        for extra in extras_of(row) {
            let value = match extra.kind {
                ExtraKind::Switch => matches
                    .try_get_one::<bool>(extra.name)
                    .ok()
                    .flatten()
                    .is_some_and(|&on| on)
                    .then(String::new),
                _ => matches
                    .try_get_one::<String>(extra.name)
                    .ok()
                    .flatten()
                    .cloned(),
            };
            if let Some(value) = value {
                extras.push((extra.name, extra.kind, Some(value)));
            }
        }
        Ok(StepRun {
            row,
            settings,
            extras,
        })
    }
}

/// The command of `row`: a flag per knob of its table, then its flags beside the table.
pub fn command(row: &'static dyn StepRow) -> clap::Command {
    let flags = row.knobs().iter().map(|&knob| flag(row, knob));
    let mut sub = clap::Command::new(row.name())
        .about(row.about())
        .allow_negative_numbers(true)
        .args(flags);
    for extra in extras_of(row) {
        let arg = Arg::new(extra.name).long(extra.name);
        let arg = match extra.kind {
            ExtraKind::Switch => arg.action(ArgAction::SetTrue).help(extra.help),
            ExtraKind::Optional(knob) => arg
                .value_name(extra.value_name)
                .help(knob.hint())
                .num_args(0..=1)
                .default_missing_value(knob.whole_default().to_string())
                .value_parser(checked(knob)),
            ExtraKind::Map | ExtraKind::Text | ExtraKind::Value => {
                arg.value_name(extra.value_name).help(extra.help)
            }
        };
        let arg = match extra.conflicts_with {
            Some(other) => arg.conflicts_with(other),
            None => arg,
        };
        sub = sub.arg(arg);
    }
    sub
}

/// The flags beside `row`'s table: its own, then a mask's, which every step takes but one that
/// changes the map's size ([`StepRow::masked`]).
fn extras_of(row: &'static dyn StepRow) -> impl Iterator<Item = &'static Extra> {
    let masks: &'static [Extra] = if row.masked() { &mask::EXTRAS } else { &[] };
    row.extras().iter().chain(masks.iter())
}

/// A parser that checks text against `knob`'s row and keeps it as text.
fn checked(knob: &'static Knob) -> impl Fn(&str) -> Result<String, ParamError> + Clone {
    move |text: &str| Setting::read(knob, text, rust_decimal).map(|_| text.to_string())
}

/// The flag of `knob` in `row`'s table: its row's hint and default, checked by its parser.
fn flag(row: &'static dyn StepRow, knob: &'static Knob) -> Arg {
    let arg = Arg::new(knob.name).long(knob.name);
    let value_name = match knob.values {
        Values::Whole { .. } => "N",
        _ => "F",
    };
    let default = Settings::defaults(row.knobs()).show(knob);
    let help = match default {
        Some(default) => format!("{} [default: {default}]", knob.hint()),
        None => knob.hint(),
    };
    arg.value_name(value_name)
        .help(help)
        .value_parser(checked(knob))
}

/// `--then NAME [flags]`: a subcommand per step of the registry.
fn then_command() -> clap::Command {
    let steps = STEPS.iter().map(|&row| command(row));
    clap::Command::new(THEN)
        .bin_name("terrain --then")
        .no_binary_name(true)
        .disable_version_flag(true)
        .subcommand_required(true)
        .subcommands(steps)
}

/// The flags of the whole run rather than of a step, each taking a value: the global
/// `--threads N`, and where the map goes and what comes with it (`MapOutput`'s flags).
const RUN_FLAGS: [&str; 12] = [
    "--threads",
    "--out",
    "--seed",
    "--for",
    "--height-m",
    "--maps",
    "--cell-m",
    "--snow-line",
    "--tree-line",
    "--sand-level",
    "--rock-slope",
    "--tiles",
];

/// The base command's words (everything before the first `--then`) and each step's. The
/// flags of the whole run ([`RUN_FLAGS`]: `--threads N`, `--out FILE`, `--maps LIST` ...)
/// may stand anywhere: they go with the base's (so `... --then thermal --out x.png --maps
/// slope` writes what it says, and the page's command line takes `--out FILE` at its end).
pub fn split(words: Vec<OsString>) -> (Vec<OsString>, Vec<Vec<OsString>>) {
    let mut parts = words.split(|word| word == THEN);
    let mut base = parts.next().map(<[OsString]>::to_vec).unwrap_or_default();
    let mut steps = Vec::new();
    for part in parts {
        let mut own = Vec::new();
        let mut words = part.iter();
        while let Some(word) = words.next() {
            let text = word.to_string_lossy();
            if RUN_FLAGS.contains(&text.as_ref()) {
                base.push(word.clone());
                base.extend(words.next().cloned());
            } else if RUN_FLAGS
                .iter()
                .any(|flag| text.strip_prefix(flag).is_some_and(|v| v.starts_with('=')))
            {
                base.push(word.clone());
            } else {
                own.push(word.clone());
            }
        }
        steps.push(own);
    }
    (base, steps)
}

/// What one step's words ask for. `Err(Ok(text))` is help to print; `Err(Err(line))` a refusal
/// in one line.
pub fn parse(words: &[OsString]) -> Result<StepRun, Result<String, String>> {
    if words.is_empty() {
        return Err(Err(format!(
            "error: {THEN} needs a step's name: {}",
            names_said()
        )));
    }
    let parsed = then_command().try_get_matches_from(words);
    let refused = |said: String| Err(Err(format!("error: {THEN}: {said}")));
    match parsed {
        Ok(matches) => {
            let Some((name, sub)) = matches.subcommand() else {
                return refused("no step given".into());
            };
            let row = STEPS.iter().copied().find(|row| row.name() == name);
            match row.map(|row| StepRun::of(row, sub)) {
                Some(Ok(run)) => Ok(run),
                Some(Err(said)) => refused(said),
                None => refused(format!("no step is named '{name}'")),
            }
        }
        Err(error) if !error.use_stderr() => Err(Ok(error.render().to_string())),
        Err(error) if error.kind() == clap::error::ErrorKind::InvalidSubcommand => {
            let name = words[0].to_string_lossy();
            refused(format!("no step is named '{name}': {}", names_said()))
        }
        Err(error) => {
            let said = crate::one_line::one_line(&error);
            let said = said.strip_prefix("error: ").unwrap_or(&said);
            refused(said.to_string())
        }
    }
}

/// A map read from a file, and where it goes: `terrain read`, and each step's own command.
#[derive(Debug, Args)]
pub struct OnFile {
    // The map (the help lists every format with a reader).
    #[arg(long = "in", value_name = "FILE", help = in_help())]
    pub input: PathBuf,
    /// Width in points of a raw file that is not square (a square one needs none).
    #[arg(long, value_name = "N", value_parser = side(&knobs::WIDTH))]
    pub width: Option<usize>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub map: MapOutput,
}

/// `command` with a subcommand `terrain NAME --in FILE` for each step that has no command of
/// its own already (a chapter's or another).
pub fn with_steps_on_files(command: clap::Command) -> clap::Command {
    let taken: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_owned())
        .collect();
    let free = STEPS
        .iter()
        .filter(|row| !taken.iter().any(|name| name == row.name()));
    free.enumerate().fold(command, |command, (at, &row)| {
        let about = format!("{}, on a map read from a file", row.about());
        let sub = OnFile::augment_args(self::command(row)).display_order(104 + at);
        // After the output's flags, whose struct's doc clap would otherwise take as the about.
        command.subcommand(sub.about(about).long_about(None))
    })
}

/// The step's command on a file that `name` and `matches` ask for; `None` when `name` is no
/// step's.
pub fn on_file_of(name: &str, matches: &ArgMatches) -> Option<Result<(OnFile, StepRun), String>> {
    use clap::FromArgMatches;
    let row = STEPS.iter().copied().find(|row| row.name() == name)?;
    Some(StepRun::of(row, matches).and_then(|run| {
        let file = OnFile::from_arg_matches(matches).map_err(|e| e.to_string())?;
        Ok((file, run))
    }))
}
