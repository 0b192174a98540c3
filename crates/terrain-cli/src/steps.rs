//! The steps a map goes through after its base: `--then NAME [its flags]`, repeatable, after any
//! command that makes a map, and each step as a command of its own on a map read from a file
//! (`terrain thermal --in FILE`). Each step's flags take their help, parser and default from its
//! knobs' rows, as every other flag does; a step's `--help` lists exactly its flags.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use terrain::chain::paint::{Paint, Strokes};
use terrain::chain::redistribute::Redistribute;
use terrain::chain::thermal::{knobs as thermal, Thermal};
use terrain::chain::uplift::{knobs as uplift, Uplift, UpliftMap, UpliftOver, UpliftWhereHigh};
use terrain::chain::Step;
use terrain::erosion::step::Erode;
use terrain::knobs;

use crate::erosion_args::ErosionConstants;
use crate::flags::{number, side, whole};
use crate::map_output::MapOutput;
use crate::read::in_help;

/// The word that starts a step.
pub const THEN: &str = "--then";

/// The steps' names, as messages list them.
const NAMES: &str = "erode, thermal, redistribute, uplift or paint";

/// `--then thermal`'s flags: thermal erosion.
#[derive(Debug, Clone, Args)]
pub struct ThermalArgs {
    /// `--iterations` ([`thermal::ITERATIONS`]).
    #[arg(long, value_name = "N", help = thermal::ITERATIONS.hint(),
          default_value_t = Thermal::default().iterations,
          value_parser = whole(&thermal::ITERATIONS))]
    pub iterations: u32,
    /// `--talus` ([`thermal::TALUS`]).
    #[arg(long, value_name = "DEGREES", help = thermal::TALUS.hint(),
          default_value_t = Thermal::default().talus, value_parser = number(&thermal::TALUS))]
    pub talus: f32,
    /// `--rate` ([`thermal::RATE`]).
    #[arg(long, value_name = "F", help = thermal::RATE.hint(),
          default_value_t = Thermal::default().rate, value_parser = number(&thermal::RATE))]
    pub rate: f32,
}

/// `--then redistribute`'s flag.
#[derive(Debug, Clone, Args)]
pub struct RedistributeArgs {
    /// `--power` ([`knobs::POWER`]).
    #[arg(long, value_name = "F", help = knobs::POWER.hint(),
          default_value_t = Redistribute::default().power, value_parser = number(&knobs::POWER))]
    pub power: f32,
}

/// `--then erode`'s flags: hydraulic erosion, as `terrain erode` takes them.
#[derive(Debug, Clone, Args)]
pub struct ErodeStepArgs {
    /// `--droplets` ([`knobs::CLI_DROPLETS`]: more with `--batch`).
    #[arg(long, value_name = "N", help = knobs::CLI_DROPLETS.hint(),
          default_value_t = terrain::erosion::ErosionParams::DEFAULT.droplets,
          value_parser = whole(&knobs::CLI_DROPLETS))]
    pub droplets: u32,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub constants: ErosionConstants,
}

/// `--then uplift`'s flags: the stream-power model (U, K, m, n = 1).
#[derive(Debug, Clone, Args)]
pub struct UpliftArgs {
    /// `--steps` ([`uplift::STEPS`]).
    #[arg(long, value_name = "N", help = uplift::STEPS.hint(),
          default_value_t = Uplift::DEFAULT.steps, value_parser = whole(&uplift::STEPS))]
    pub steps: u32,
    /// `--dt` ([`uplift::DT`]).
    #[arg(long, value_name = "F", help = uplift::DT.hint(),
          default_value_t = Uplift::DEFAULT.dt, value_parser = number(&uplift::DT))]
    pub dt: f32,
    /// `--uplift` ([`uplift::UPLIFT`]).
    #[arg(long, value_name = "F", help = uplift::UPLIFT.hint(),
          default_value_t = Uplift::DEFAULT.uplift, value_parser = number(&uplift::UPLIFT))]
    pub uplift: f32,
    /// `--k` ([`uplift::K`]).
    #[arg(long, value_name = "F", help = uplift::K.hint(),
          default_value_t = Uplift::DEFAULT.k, value_parser = number(&uplift::K))]
    pub k: f32,
    /// `--m` ([`uplift::M`]).
    #[arg(long, value_name = "F", help = uplift::M.hint(),
          default_value_t = Uplift::DEFAULT.m, value_parser = number(&uplift::M))]
    pub m: f32,
    /// `--diffusion` ([`uplift::DIFFUSION`]).
    #[arg(long, value_name = "F", help = uplift::DIFFUSION.hint(),
          default_value_t = Uplift::DEFAULT.diffusion, value_parser = number(&uplift::DIFFUSION))]
    pub diffusion: f32,
    /// `--uplift-map FILE`: any heightmap, its heights over their range (0 to 1) scaling U cell
    /// by cell, stretched over the map.
    #[arg(
        long = "uplift-map",
        value_name = "FILE",
        help = "Where the land rises: any heightmap file, its heights mapped onto 0 to 1 \
                  scaling the uplift cell by cell (stretched over the map); none for U everywhere"
    )]
    pub uplift_map: Option<PathBuf>,
    /// `--uplift-from-map`: the map the step starts from is its uplift map.
    #[arg(
        long = "uplift-from-map",
        conflicts_with = "uplift_map",
        help = "Rise where the map this step starts from stands high: its heights mapped onto 0 \
                  to 1 scale the uplift cell by cell (a painted ridge grows into a range)"
    )]
    pub uplift_from_map: bool,
}

impl UpliftArgs {
    /// The model these flags set.
    pub fn model(&self) -> Uplift {
        Uplift {
            steps: self.steps,
            dt: self.dt,
            uplift: self.uplift,
            k: self.k,
            m: self.m,
            diffusion: self.diffusion,
        }
    }

    /// The uplift map `--uplift-map` names, read; `None` without one.
    pub fn rates(&self) -> Result<Option<(UpliftMap, String)>, String> {
        let Some(path) = &self.uplift_map else {
            return Ok(None);
        };
        let map = crate::read::read_map(path, None)
            .map_err(|e| format!("--{}: {e}", uplift::UPLIFT_MAP))?;
        Ok(Some((UpliftMap::of(&map), path.display().to_string())))
    }
}

/// `--then paint`'s flags: the strokes file.
#[derive(Debug, Clone, Args)]
pub struct PaintArgs {
    /// `--strokes FILE.json`.
    #[arg(
        long,
        value_name = "FILE.json",
        help = "The strokes to paint, in order: {\"strokes\": [{\"brush\": \"raise\" | \"lower\" \
                  | \"smooth\" | \"flatten\", \"radius\": R, \"strength\": S, \"points\": [[x, y], \
                  ...]}, ...]}, in map cells (x right, y down)"
    )]
    pub strokes: PathBuf,
}

impl PaintArgs {
    /// The step: the strokes file read, or refused in one line.
    pub fn paint(&self) -> Result<Paint, String> {
        let file = self.strokes.display().to_string();
        let text = std::fs::read_to_string(&self.strokes)
            .map_err(|e| format!("--strokes: cannot read {file}: {e}"))?;
        let strokes =
            Strokes::from_json(&text).map_err(|e| format!("--strokes: {file}: {}", e.message))?;
        Ok(Paint { strokes, file })
    }
}

/// One step and its flags.
#[derive(Debug, Clone, Subcommand)]
pub enum StepArgs {
    /// Hydraulic erosion, droplet by droplet (or in batches with --batch).
    Erode(ErodeStepArgs),
    /// Thermal erosion: slopes steeper than the talus angle shed material to the cells below.
    Thermal(ThermalArgs),
    /// The heights, 0 to 1 over the map's range, raised to a power.
    Redistribute(RedistributeArgs),
    /// Tectonic uplift against river incision (the stream-power law, solved implicitly).
    Uplift(UpliftArgs),
    /// Strokes painted by hand: brushes that raise, lower, smooth and flatten, in order.
    Paint(PaintArgs),
}

impl StepArgs {
    /// The step these flags describe; refused in one line when a file it names cannot be read.
    pub fn step(&self) -> Result<Box<dyn Step>, String> {
        Ok(match self {
            StepArgs::Erode(args) => Box::new(Erode(args.constants.params(args.droplets))),
            StepArgs::Thermal(args) => Box::new(Thermal {
                iterations: args.iterations,
                talus: args.talus,
                rate: args.rate,
            }),
            StepArgs::Redistribute(args) => Box::new(Redistribute { power: args.power }),
            StepArgs::Uplift(args) => match args.rates()? {
                Some((rates, file)) => Box::new(UpliftOver {
                    model: args.model(),
                    rates,
                    file,
                }),
                None if args.uplift_from_map => Box::new(UpliftWhereHigh(args.model())),
                None => Box::new(args.model()),
            },
            StepArgs::Paint(args) => Box::new(args.paint()?),
        })
    }
}

/// `--then NAME [flags]` as clap reads it.
#[derive(Debug, Parser)]
#[command(
    name = "--then",
    bin_name = "terrain --then",
    no_binary_name = true,
    disable_version_flag = true
)]
struct Then {
    #[command(subcommand)]
    step: StepArgs,
}

/// The base command's words (everything before the first `--then`) and each step's. The global
/// `--threads N` and where the map goes, `--out FILE`, may stand anywhere: they go with the
/// base's (so the page's command line takes `--out FILE` at its end).
pub fn split(words: Vec<OsString>) -> (Vec<OsString>, Vec<Vec<OsString>>) {
    let mut parts = words.split(|word| word == THEN);
    let mut base = parts.next().map(<[OsString]>::to_vec).unwrap_or_default();
    let mut steps = Vec::new();
    for part in parts {
        let mut own = Vec::new();
        let mut words = part.iter();
        while let Some(word) = words.next() {
            if word == "--threads" || word == "--out" {
                base.push(word.clone());
                base.extend(words.next().cloned());
            } else if ["--threads=", "--out="]
                .iter()
                .any(|flag| word.to_string_lossy().starts_with(flag))
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
pub fn parse(words: &[OsString]) -> Result<StepArgs, Result<String, String>> {
    if words.is_empty() {
        return Err(Err(format!("error: {THEN} needs a step's name: {NAMES}")));
    }
    // Every step reads `-3` as a (refused) value, not an unknown option, as the commands do.
    let command = ["erode", "thermal", "redistribute", "uplift", "paint"]
        .into_iter()
        .fold(Then::command(), |command, name| {
            command.mut_subcommand(name, |sub| sub.allow_negative_numbers(true))
        });
    let parsed = command
        .try_get_matches_from(words)
        .and_then(|matches| Then::from_arg_matches(&matches));
    match parsed {
        Ok(then) => Ok(then.step),
        Err(error) if !error.use_stderr() => Err(Ok(error.render().to_string())),
        Err(error) if error.kind() == clap::error::ErrorKind::InvalidSubcommand => {
            let name = words[0].to_string_lossy();
            Err(Err(format!(
                "error: {THEN}: no step is named '{name}': {NAMES}"
            )))
        }
        Err(error) => {
            let said = crate::one_line::one_line(&error);
            let said = said.strip_prefix("error: ").unwrap_or(&said);
            Err(Err(format!("error: {THEN}: {said}")))
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

/// `terrain thermal`: thermal erosion of a map read from a file.
#[derive(Debug, Args)]
pub struct ThermalCommand {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub file: OnFile,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub step: ThermalArgs,
}

/// `terrain redistribute`: a map read from a file, its heights raised to a power.
#[derive(Debug, Args)]
pub struct RedistributeCommand {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub file: OnFile,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub step: RedistributeArgs,
}

/// `terrain paint`: strokes painted on a map read from a file.
#[derive(Debug, Args)]
pub struct PaintCommand {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub file: OnFile,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub step: PaintArgs,
}
