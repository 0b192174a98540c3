//! Where a map goes: the file and seed every command takes, and for 2-D maps the engine preset
//! and tiles. Shared by the chapters' subcommands (`chapter_args.rs`) and the
//! steps' own commands on a file (`steps.rs`), so neither imports the other.

use std::path::PathBuf;

use clap::Args;
use terrain::derived::{self, Derived};
use terrain::engines::{self, Engine};
use terrain::materials::knobs::{ROCK_SLOPE, SAND_LEVEL, SNOW_LINE, TREE_LINE};
use terrain::materials::Lines;
use terrain::{knobs, tiles};

use crate::flags::{number, wide};
use crate::read::out_help;

/// Where to write and which seed to use: every algorithm takes these.
#[derive(Debug, Args)]
pub struct Output {
    // Output file; its extension picks the format (the help lists every one).
    #[arg(long, value_name = "FILE", help = out_help())]
    pub out: PathBuf,
    /// Seed of the random generator; the same seed always gives the same file [default: random,
    /// and reported].
    #[arg(long, value_name = "S", value_parser = wide(&knobs::SEED))]
    pub seed: Option<u64>,
}

/// The maps `--maps` asks for, in its order (a type of its own, so clap takes the list as one value).
#[derive(Debug, Clone, PartialEq)]
pub struct Maps(pub Vec<Derived>);

/// The engine preset of a 2-D map.
#[derive(Debug, Args)]
pub struct Preset {
    /// Prepare the file for an engine: unity (.r16), unreal (.png or .r16, cropped to its
    /// sizes), godot (.r16), blender (.png); also writes NAME.json with the seed, parameters,
    /// size, range before normalising and the engine's import settings.
    #[arg(long = "for", value_name = "ENGINE", value_parser = engines::parse_engine)]
    pub engine: Option<Engine>,
    /// `--height-m` ([`knobs::HEIGHT_M`]), with `--for` or `--maps`: Unreal's Z scale = METRES x
    /// 100 / 512, Unity's terrain height, Godot's height range, Blender's Displace strength; the
    /// derived maps' slopes.
    #[arg(long = "height-m", value_name = "METRES",
          help = format!("{}; with --for or --maps", knobs::HEIGHT_M.hint()),
          value_parser = number(&knobs::HEIGHT_M))]
    pub height_m: Option<f32>,
    /// `--maps` ([`knobs::MAPS`]): maps derived from the heights, beside the file.
    #[arg(long, value_name = "LIST",
          help = format!("{}, comma-separated; the normal map's green points up, or down with \
                          --for unreal", knobs::MAPS.hint()),
          value_parser = |s: &str| derived::parse_maps(s).map(Maps))]
    pub maps: Option<Maps>,
    /// `--cell-m` ([`knobs::CELL_M`]), with `--for` (Unity's terrain width and length) or
    /// `--maps`.
    #[arg(long = "cell-m", value_name = "METRES",
          help = format!("{}; with --for (Unity's terrain width and length) or --maps",
                         knobs::CELL_M.hint()),
          value_parser = number(&knobs::CELL_M))]
    pub cell_m: Option<f32>,
    /// `--snow-line` ([`SNOW_LINE`]), with `--maps splat` or `albedo`.
    #[arg(long = "snow-line", value_name = "F", requires = "maps",
          help = format!("{}; with --maps splat or albedo", SNOW_LINE.hint()),
          value_parser = number(&SNOW_LINE))]
    pub snow_line: Option<f32>,
    /// `--tree-line` ([`TREE_LINE`]), with `--maps splat` or `albedo`.
    #[arg(long = "tree-line", value_name = "F", requires = "maps",
          help = format!("{}; with --maps splat or albedo", TREE_LINE.hint()),
          value_parser = number(&TREE_LINE))]
    pub tree_line: Option<f32>,
    /// `--sand-level` ([`SAND_LEVEL`]), with `--maps splat` or `albedo`.
    #[arg(long = "sand-level", value_name = "F", requires = "maps",
          help = format!("{}; with --maps splat or albedo", SAND_LEVEL.hint()),
          value_parser = number(&SAND_LEVEL))]
    pub sand_level: Option<f32>,
    /// `--rock-slope` ([`ROCK_SLOPE`]), with `--maps splat` or `albedo`.
    #[arg(long = "rock-slope", value_name = "DEG", requires = "maps",
          help = format!("{}; with --maps splat or albedo", ROCK_SLOPE.hint()),
          value_parser = number(&ROCK_SLOPE))]
    pub rock_slope: Option<f32>,
    /// Cut the map into NxM square tiles (N across, M down, 1 to 32 each) whose neighbours share
    /// their edge row and column, written as NAME_X_Y.EXT (unreal: NAME_xX_yY.EXT) with one
    /// NAME.json listing them; with --for, the tiles are a size the engine imports.
    #[arg(long, value_name = "NxM", value_parser = tiles::parse_tiles)]
    pub tiles: Option<(usize, usize)>,
}

impl Preset {
    /// Where the materials' rules draw their lines: the flags given, the knobs' defaults for the
    /// rest; `None` when no flag was given.
    pub fn lines(&self) -> Option<Lines> {
        let given = [
            self.snow_line,
            self.tree_line,
            self.sand_level,
            self.rock_slope,
        ];
        if given.iter().all(Option::is_none) {
            return None;
        }
        let or = |flag: Option<f32>, default: f32| flag.unwrap_or(default);
        let default = Lines::default();
        Some(Lines {
            snow_line: or(self.snow_line, default.snow_line),
            tree_line: or(self.tree_line, default.tree_line),
            sand_level: or(self.sand_level, default.sand_level),
            rock_slope: or(self.rock_slope, default.rock_slope),
        })
    }
}

/// Where a 2-D map goes: the file and seed, and the engine it is prepared for.
#[derive(Debug, Args)]
pub struct MapOutput {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub output: Output,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub preset: Preset,
}
