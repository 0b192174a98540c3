//! One subcommand per chapter the command line makes, built from the core's list of chapters
//! (`Recipe::DEFAULTS`), so a new chapter needs nothing here: a flag per knob the chapter lists,
//! with the row's hint, the chapter's default and the chapter's own parser (so `--help`, the
//! messages and the page agree); `--erode N` and the erosion constants where the chapter erodes
//! what it makes; and where the map goes (a profile's text file, or a map with its engine preset).

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use terrain::chain::row::StepRow;
use terrain::chain::uplift::knobs::UPLIFT_MAP;
use terrain::chapters::eroded::knobs::{CLI_DROPLETS, ERODE};
use terrain::knobs::{Knob, Values};
use terrain::params::rust_decimal;
use terrain::{ParamError, Recipe};

use crate::flags::whole;
use crate::map_output::{MapOutput, Output, Preset};
use crate::steps::{self, StepRun};

/// The step `--erode N` adds: erode's row of the registry, its droplets `N`, its other flags
/// (the erosion constants and `--batch`) the chapter's.
const ERODE_ROW: &dyn StepRow = &terrain::chapters::eroded::row::ROW;

/// The chapters `terrain` has a subcommand for: those whose whole map is a command of its own
/// (not a partial step, a map read from a file, or another command's `--erode`).
pub(crate) fn on_command_line() -> impl Iterator<Item = &'static Recipe> {
    Recipe::DEFAULTS
        .iter()
        .filter(|recipe| recipe.command().is_some_and(|c| c.name() == recipe.name()))
}

/// `command` with a subcommand for every chapter on the command line.
pub(crate) fn with_chapters(command: clap::Command) -> clap::Command {
    on_command_line()
        .enumerate()
        .fold(command, |command, (at, recipe)| {
            command.subcommand(subcommand(recipe).display_order(at))
        })
}

/// The subcommand of the chapter `recipe` (its defaults).
fn subcommand(recipe: &'static Recipe) -> clap::Command {
    let chapter = recipe.chapter();
    let flags = recipe.knobs().iter().map(|&knob| flag(recipe, knob));
    let mut sub = clap::Command::new(recipe.name())
        .about(chapter.about())
        .allow_negative_numbers(true)
        .args(flags);
    if recipe.row().erodes {
        sub = sub.arg(
            Arg::new(ERODE.name)
                .long(ERODE.name)
                .value_name("N")
                .help(format!(
                    "{}; the erosion constants below apply",
                    ERODE.hint()
                ))
                .value_parser(whole(&ERODE)),
        );
        let constants = steps::command(ERODE_ROW);
        let constants = constants
            .get_arguments()
            .filter(|arg| arg.get_id() != CLI_DROPLETS.name);
        // Listed after `--erode`, in the row's order (not the step command's places).
        sub = sub.args(constants.map(|arg| arg.clone().display_order(None)));
    }
    if let Recipe::Uplifted(_) = recipe {
        sub = sub.arg(
            Arg::new(UPLIFT_MAP)
                .long(UPLIFT_MAP)
                .value_name("FILE")
                .help(
                    "Where the land rises: any heightmap file, its heights mapped onto 0 to 1 \
                     scaling the uplift cell by cell (stretched over the map); none for U \
                     everywhere",
                )
                .value_parser(clap::value_parser!(PathBuf)),
        );
    }
    let sub = if recipe.row().profile {
        Output::augment_args(sub)
    } else {
        MapOutput::augment_args(sub)
    };
    // After the output's flags, whose struct's doc clap would otherwise take as the about.
    sub.about(chapter.about()).long_about(None)
}

/// The flag of `knob`: its row's hint, the chapter's default, and the chapter's parser (a value
/// is checked by reading it into a copy of the defaults).
fn flag(recipe: &'static Recipe, knob: &'static Knob) -> Arg {
    let arg = Arg::new(knob.name).long(knob.name);
    let (value_name, hint) = match knob.values {
        Values::Toggle { .. } => return arg.action(ArgAction::SetTrue).help(knob.help),
        Values::Names { .. } => ("LIST", format!("{}, comma-separated", knob.hint())),
        Values::Choice { .. } => ("NAME", knob.hint()),
        Values::Whole { .. } => ("N", knob.hint()),
        Values::Number { .. } => ("F", knob.hint()),
    };
    let help = match recipe.show(knob) {
        Some(default) => format!("{hint} [default: {default}]"),
        None => hint,
    };
    arg.value_name(value_name).help(help).value_parser(
        move |text: &str| -> Result<String, ParamError> {
            let mut scratch = recipe.clone();
            scratch.apply(knob, text, rust_decimal).unwrap_or(Ok(()))?;
            Ok(text.to_string())
        },
    )
}

/// A chapter's run as its subcommand's flags ask for it.
#[derive(Debug)]
pub(crate) struct ChapterRun {
    /// The chapter's recipe with every flag given read into it.
    pub recipe: Recipe,
    /// `--erode N` with the erosion constants: the step `erode`.
    pub erosion: Option<StepRun>,
    /// The file and seed.
    pub output: Output,
    /// The engine preset, maps and tiles (2-D maps).
    pub preset: Option<Preset>,
    /// `terrain uplift --uplift-map FILE`: where the land rises.
    pub uplift_map: Option<PathBuf>,
}

impl ChapterRun {
    /// The run subcommand `name` with `matches` asks for; `None` if `name` is no chapter's.
    pub(crate) fn from_matches(
        name: &str,
        matches: &ArgMatches,
    ) -> Option<Result<ChapterRun, String>> {
        let start = on_command_line().find(|recipe| recipe.name() == name)?;
        Some(Self::read(start.clone(), matches))
    }

    fn read(mut recipe: Recipe, matches: &ArgMatches) -> Result<ChapterRun, String> {
        let given: Vec<(&'static Knob, &str)> = recipe
            .knobs()
            .iter()
            .filter_map(|&knob| match knob.values {
                Values::Toggle { .. } => matches.get_flag(knob.name).then_some((knob, "true")),
                _ => matches
                    .get_one::<String>(knob.name)
                    .map(|text| (knob, text.as_str())),
            })
            .collect();
        recipe
            .chapter_mut()
            .apply_all(&given, rust_decimal)
            .map_err(|e| e.to_string())?;
        let clap_error = |e: clap::Error| e.to_string();
        let erosion = match matches.try_get_one::<u32>(ERODE.name) {
            Ok(Some(&droplets)) => {
                let mut run = StepRun::of(ERODE_ROW, matches)?;
                run.settings
                    .read(&CLI_DROPLETS, &droplets.to_string(), rust_decimal)
                    .map_err(|e| e.message)?;
                Some(run)
            }
            _ => None,
        };
        let (output, preset) = if recipe.row().profile {
            (Output::from_arg_matches(matches).map_err(clap_error)?, None)
        } else {
            let map = MapOutput::from_arg_matches(matches).map_err(clap_error)?;
            (map.output, Some(map.preset))
        };
        let uplift_map = matches
            .try_get_one::<PathBuf>(UPLIFT_MAP)
            .ok()
            .flatten()
            .cloned();
        Ok(ChapterRun {
            recipe,
            erosion,
            output,
            preset,
            uplift_map,
        })
    }
}
