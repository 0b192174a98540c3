//! The run a command line asks for: where the map comes from (generated from a recipe or read
//! from a file), the erosion it gets, where it goes and the engine it is for.

use std::path::{Path, PathBuf};

use terrain::chain::Step;
use terrain::Recipe;

use crate::args::{Command, Run};
use crate::map_output::{Output, Preset};
use crate::steps::{OnFile, StepRun};

/// Where the map comes from (one a run: a recipe is not worth a box).
#[allow(clippy::large_enum_variant)]
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
    /// `--erode N`: the step `erode` straight after the base, its droplets `N`.
    pub erosion: Option<Box<dyn Step>>,
    /// `terrain uplift --uplift-map FILE`: where the generated land rises.
    pub uplift_map: Option<&'a Path>,
    /// The steps after the base (and its erosion), in order.
    pub steps: Vec<Box<dyn Step>>,
    pub output: &'a Output,
    pub preset: Option<&'a Preset>,
}

impl Run {
    /// The run these arguments ask for; `None` for `flow` and `stats`, which make no terrain;
    /// a refusal in one line when a step's file cannot be read.
    pub(crate) fn job(&self) -> Option<Result<Job<'_>, String>> {
        Some(Ok(match self {
            Run::Chapter(run) => Job {
                source: Source::Generate(run.recipe.clone()),
                erosion: match run.erosion.as_ref().map(StepRun::step) {
                    Some(Err(said)) => return Some(Err(said)),
                    made => made.and_then(Result::ok),
                },
                uplift_map: run.uplift_map.as_deref(),
                steps: Vec::new(),
                output: &run.output,
                preset: run.preset.as_ref(),
            },
            Run::Read(Command::Read(file)) => return Some(on_file(file, None)),
            Run::Step(file, step) => return Some(on_file(file, Some(step))),
            Run::Read(Command::Flow(_) | Command::Stats(_)) => return None,
        }))
    }
}

/// The job of a command on the map in `file`: `step` on it, or nothing (`terrain read`).
fn on_file<'a>(file: &'a OnFile, step: Option<&StepRun>) -> Result<Job<'a>, String> {
    Ok(Job {
        source: Source::File {
            path: file.input.clone(),
            width: file.width,
        },
        erosion: None,
        uplift_map: None,
        steps: step
            .map(StepRun::step)
            .into_iter()
            .collect::<Result<_, _>>()?,
        output: &file.map.output,
        preset: Some(&file.map.preset),
    })
}
