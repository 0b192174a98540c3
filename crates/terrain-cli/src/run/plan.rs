//! Planning a run: everything that can be refused (the format, the engine, the erosion, the size,
//! the tiles) is checked here, before anything is generated or written.

use std::path::PathBuf;

use rand::TryRngCore;
use terrain::chain::uplift::{knobs as uplift_knobs, UpliftMap};
use terrain::chain::Step;
use terrain::derived::Derived;
use terrain::engines::Engine;
use terrain::export::{self, Format};
use terrain::knobs;
use terrain::materials::Lines;
use terrain::tiles::{self, Tiling};
use terrain::{Heightmap, Recipe};

use crate::job::{Job, Source};
use crate::read::read_map;

/// A run checked and ready: where the map comes from, what it gets, and where it goes.
pub(crate) struct Plan {
    /// What to generate, or the map read from a file (and the file).
    pub start: Start,
    /// The steps after it, in order, already validated: `--erode N` first, as the step
    /// `erode`.
    pub steps: Vec<Box<dyn Step>>,
    /// The seed: given, or fresh from the operating system.
    pub seed: u64,
    /// Where it goes.
    pub target: Target,
}

/// Where a planned map goes.
pub(crate) struct Target {
    /// The output file (or the stem of its tiles).
    pub out: PathBuf,
    /// Its format, from the extension.
    pub format: Format,
    /// The engine it is prepared for.
    pub engine: Option<Engine>,
    /// How many metres the map spans in the engine.
    pub height_m: Option<f32>,
    /// The tiles it is cut into.
    pub tiling: Option<Tiling>,
    /// The size of each file written (the map's, or a tile's).
    pub written_size: (usize, usize),
    /// The maps derived from the heights, written beside the file.
    pub maps: Vec<Derived>,
    /// Metres between points, for the derived maps.
    pub cell_m: f32,
    /// Where the materials' rules draw their lines (`--snow-line` ...), for the splat and
    /// albedo.
    pub lines: Lines,
}

/// Where the map of a plan comes from.
pub(crate) enum Start {
    /// Generated from this recipe.
    Generate(Recipe),
    /// Already read from this file.
    Read(PathBuf, Heightmap),
    /// Grown by uplift (`terrain uplift`) where the uplift map read from this file says.
    Grown(Recipe, UpliftMap, PathBuf),
}

impl Plan {
    /// Checks `job` against its format, engine and size, reading its input file if it has one
    /// (its size is known only then), and picks the seed.
    pub(crate) fn of(job: Job<'_>) -> Result<Plan, String> {
        let out = job.output.out.clone();
        let engine = job.preset.and_then(|p| p.engine);
        let format = match &job.source {
            Source::Generate(recipe) if recipe.row().profile => Format::from_path_1d(&out),
            _ => Format::from_path(&out),
        }
        .map_err(|e| e.to_string())?;
        if let Some(engine) = engine {
            check_format(engine, format)?;
        }
        let mut steps: Vec<Box<dyn Step>> = Vec::new();
        if let Some(erosion) = job.erosion {
            erosion.validate().map_err(|e| e.to_string())?;
            steps.push(erosion);
        }
        if let (Source::Generate(recipe), false) = (&job.source, job.steps.is_empty()) {
            if recipe.row().profile {
                return Err(format!(
                    "--then: steps work on a 2-D map, and {} makes a 1-D profile",
                    recipe.name()
                ));
            }
        }
        for step in &job.steps {
            step.validate()
                .map_err(|e| format!("--then {}: {e}", step.name()))?;
        }
        steps.extend(job.steps);
        let start = match job.source {
            Source::File { path, width } => {
                let map = read_map(&path, width)?;
                Start::Read(path, map)
            }
            Source::Generate(recipe) => match job.uplift_map {
                Some(path) => {
                    let map = read_map(path, None)
                        .map_err(|e| format!("--{}: {e}", uplift_knobs::UPLIFT_MAP))?;
                    Start::Grown(recipe, UpliftMap::of(&map), path.to_path_buf())
                }
                None => Start::Generate(recipe),
            },
        };
        let size = match &start {
            Start::Read(_, map) => (map.width(), map.height()),
            Start::Generate(recipe) | Start::Grown(recipe, ..) => recipe.size(),
        };
        let tiling = match job.preset.and_then(|p| p.tiles) {
            Some(grid) => Some(tiles::fit(size, grid, engine)?),
            None => {
                if let Some(engine) = engine {
                    engine.side_for(size.0, size.1)?;
                }
                None
            }
        };
        let maps = job
            .preset
            .and_then(|p| p.maps.clone())
            .map_or(Vec::new(), |m| m.0);
        let height_m = job.preset.and_then(|p| p.height_m);
        if height_m.is_some() && engine.is_none() && maps.is_empty() {
            return Err(
                "--height-m needs --for or --maps: it says how tall the map stands there".into(),
            );
        }
        let cell_m = job.preset.and_then(|p| p.cell_m);
        if cell_m.is_some() && engine.is_none() && maps.is_empty() {
            return Err(
                "--cell-m needs --for or --maps: it says how far apart the points stand there"
                    .into(),
            );
        }
        let lines = job.preset.and_then(|p| p.lines());
        let painted = maps.iter().any(|m| m.paints());
        if lines.is_some() && !painted {
            return Err(
                "--snow-line, --tree-line, --sand-level and --rock-slope place the \
                        materials: they need --maps splat or albedo"
                    .into(),
            );
        }
        let written_size = tiling.map_or(size, |t| (t.side, t.side));
        export::check_size(format.facts(), written_size.0, written_size.1)
            .map_err(|e| e.to_string())?;
        let seed = match job.output.seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        Ok(Plan {
            start,
            steps,
            seed,
            target: Target {
                out,
                format,
                engine,
                height_m,
                tiling,
                written_size,
                maps,
                cell_m: cell_m.unwrap_or(knobs::CELL_M.number_default() as f32),
                lines: lines.unwrap_or_default(),
            },
        })
    }
}

/// A fresh seed from the operating system's random source, for when none was given.
fn fresh_seed() -> Result<u64, String> {
    rand::rngs::OsRng
        .try_next_u64()
        .map_err(|e| format!("cannot pick a random seed: {e}"))
}

/// Refuses a file `engine` cannot import.
fn check_format(engine: Engine, format: Format) -> Result<(), String> {
    if engine.formats().contains(&format) {
        return Ok(());
    }
    let names: Vec<String> = engine
        .formats()
        .iter()
        .map(|f| format!(".{}", f.extension()))
        .collect();
    Err(format!(
        "{} imports {} files, not .{}",
        engine.name(),
        names.join(" or "),
        format.extension()
    ))
}
