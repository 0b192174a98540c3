//! The run a command line asks for: where the map comes from (generated from a recipe or read
//! from a file), the erosion it gets, where it goes and the engine it is for.

use std::path::PathBuf;

use terrain::erosion::ErosionParams;
use terrain::faults::FaultParams;
use terrain::line::LineParams;
use terrain::random_noise::NoiseParams;
use terrain::{limits, Recipe};

use crate::args::{Command, SubdivisionArgs};
use crate::map_output::{Output, Preset};

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
    pub output: &'a Output,
    pub preset: Option<&'a Preset>,
}

impl Command {
    /// The run these arguments ask for; `None` for `flow`, which makes no terrain.
    pub(crate) fn job(&self) -> Option<Job<'_>> {
        let subdivision = |args: &SubdivisionArgs| args.erode.map(|n| args.constants.params(n));
        let (recipe, erosion, map) = match self {
            Command::Noise(args) => {
                let side = args.exponent.map(limits::side_for_exponent);
                let default = NoiseParams::DEFAULT;
                let params = NoiseParams {
                    width: args.width.or(args.height).or(side).unwrap_or(default.width),
                    height: args
                        .height
                        .or(args.width)
                        .or(side)
                        .unwrap_or(default.height),
                };
                (Recipe::Noise { params }, None, &args.map)
            }
            Command::Mpd(args) => (
                Recipe::midpoint(args.params()),
                subdivision(args),
                &args.map,
            ),
            Command::MpdRecursive(args) => (
                Recipe::MidpointRecursive {
                    params: args.params(),
                },
                subdivision(args),
                &args.map,
            ),
            Command::Ds(args) => {
                let recipe = Recipe::DiamondSquare {
                    params: args.subdivision.params(),
                    stage: terrain::diamond_square::Stage::Full,
                    wrap: args.wrap,
                };
                (
                    recipe,
                    subdivision(&args.subdivision),
                    &args.subdivision.map,
                )
            }
            Command::Fault(args) => {
                let params = FaultParams {
                    width: args.width,
                    height: args.height,
                    iterations: args.iterations,
                    shapes: args.shapes,
                    fuzziness: args.fuzziness,
                };
                (Recipe::Faults { params }, None, &args.map)
            }
            Command::Line(args) => {
                let params = LineParams {
                    iterations: args.iterations,
                    roughness: args.roughness,
                };
                return Some(Job {
                    source: Source::Generate(Recipe::Line { params }),
                    erosion: None,
                    output: &args.output,
                    preset: None,
                });
            }
            Command::Flow(_) | Command::Stats(_) => return None,
            Command::Erode(args) => {
                return Some(Job {
                    source: Source::File {
                        path: args.input.clone(),
                        width: args.width,
                    },
                    erosion: Some(args.constants.params(args.droplets)),
                    output: &args.map.output,
                    preset: Some(&args.map.preset),
                });
            }
        };
        Some(Job {
            source: Source::Generate(recipe),
            erosion,
            output: &map.output,
            preset: Some(&map.preset),
        })
    }
}
