//! The run a command line asks for: where the map comes from (generated from a recipe or read
//! from a file), the erosion it gets, where it goes and the engine it is for.

use std::path::PathBuf;

use terrain::chain::Step;
use terrain::erosion::ErosionParams;
use terrain::Recipe;

use crate::args::{Command, Run};
use crate::map_output::{Output, Preset};
use crate::steps::{OnFile, StepArgs};

/// Where the map comes from.
pub(crate) enum Source {
    /// Generated from a recipe.
    Generate(Recipe),
    /// Read from a file (`terrain erode`), of `width` points a row if given.
    File {
        /// The file.
        path: PathBuf,
        /// Its width, for a raw file that is not square.
        width: Option<usize>,
    },
}

/// Everything one run does: where the map comes from, the erosion it gets, where it goes, and
/// the engine it is for (the 1-D line has none).
pub(crate) struct Job<'a> {
    pub source: Source,
    pub erosion: Option<ErosionParams>,
    /// The steps after the base (and its erosion), in order.
    pub steps: Vec<Box<dyn Step>>,
    pub output: &'a Output,
    pub preset: Option<&'a Preset>,
}

impl Run {
    /// The run these arguments ask for; `None` for `flow` and `stats`, which make no terrain.
    pub(crate) fn job(&self) -> Option<Job<'_>> {
        match self {
            Run::Chapter(run) => Some(Job {
                source: Source::Generate(run.recipe),
                erosion: run.erosion,
                steps: Vec::new(),
                output: &run.output,
                preset: run.preset.as_ref(),
            }),
            Run::Read(Command::Erode(args)) => Some(Job {
                source: Source::File {
                    path: args.input.clone(),
                    width: args.width,
                },
                erosion: Some(args.constants.params(args.droplets)),
                steps: Vec::new(),
                output: &args.map.output,
                preset: Some(&args.map.preset),
            }),
            Run::Read(Command::Read(file)) => Some(on_file(file, None)),
            Run::Read(Command::Thermal(args)) => Some(on_file(
                &args.file,
                Some(StepArgs::Thermal(args.step.clone())),
            )),
            Run::Read(Command::Redistribute(args)) => Some(on_file(
                &args.file,
                Some(StepArgs::Redistribute(args.step.clone())),
            )),
            Run::Read(Command::Flow(_) | Command::Stats(_)) => None,
        }
    }
}

/// The job of a command on the map in `file`: `step` on it, or nothing (`terrain read`).
fn on_file(file: &OnFile, step: Option<StepArgs>) -> Job<'_> {
    Job {
        source: Source::File {
            path: file.input.clone(),
            width: file.width,
        },
        erosion: None,
        steps: step.iter().map(StepArgs::step).collect(),
        output: &file.map.output,
        preset: Some(&file.map.preset),
    }
}
