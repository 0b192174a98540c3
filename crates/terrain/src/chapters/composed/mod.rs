//! Make your own terrain: a base (one of the map-making chapters at a size) and the steps it goes
//! through after it, in order (`chain`), as the page's "Make your own" demo composes them and as
//! one `terrain BASE --then STEP ...` command writes them.

mod steps;

use crate::analysis::materials::knobs as materials;
use crate::analysis::materials::Lines;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::faults::algorithm::FaultParams;
use crate::chapters::fbm::algorithm::FbmParams;
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::noise::algorithm::NoiseParams;
use crate::chapters::settings::Slot;
use crate::chapters::step_list::StepList;
use crate::chapters::steps::Steps;
use crate::chapters::ReadBase;
use crate::chapters::{Chapter, Faults, Fbm, Noise, Recipe};
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob, Values};
use crate::map::heightmap::Heightmap;

/// The bases a composed terrain can start from, by their command's name; `real-land` is the
/// real land the page shows ([`LAND_FILE`]) and `your-map` a heightmap the reader brings (the
/// real land until they do), both read as `terrain read --in` reads a file.
pub const BASE_NAMES: [&str; 7] = [
    "ds",
    "mpd",
    "fbm",
    "fault",
    "noise",
    REAL_LAND_BASE,
    YOUR_MAP_BASE,
];

/// The base that reads the real land ([`ReadBase::RealLand`]).
pub const REAL_LAND_BASE: &str = "real-land";

/// The base that reads the reader's own map ([`ReadBase::YourMap`]): the page chooses it when
/// a file is dropped on the demo.
pub const YOUR_MAP_BASE: &str = "your-map";

/// The file of the real land a `real-land` base reads (the page's `real-land/jacksboro.png`,
/// a USGS elevation model), as the command line names it: run the command beside a copy.
pub const LAND_FILE: &str = "jacksboro.png";

/// The word standing for the reader's file in a `your-map` base's command line where its name
/// is not known ([`Composed::base_words`]).
pub const YOUR_FILE: &str = "YOUR_MAP_FILE";

/// The base's knob: which map-making command starts the chain.
pub const BASE: Knob = Knob {
    name: "base",
    label: "Base",
    help: "The map the steps start from: a generator at its defaults, the real land of the \
           Jacksboro fault, or a heightmap file of your own",
    values: Values::Choice {
        names: &BASE_NAMES,
        default: "ds",
    },
};

/// A base and its steps.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Composed {
    /// Which base ([`BASE_NAMES`], by place): the generator whose map the steps start from.
    pub base: u8,
    /// The map's size, 2^exponent + 1 points a side: bigger maps hold finer valleys and take
    /// the steps longer.
    pub exponent: u32,
    /// The steps, in the order they run on the base's map.
    pub steps: StepList,
    /// Where the Land view's materials draw their lines (snow, trees, sand, rock): they colour
    /// the land, not its heights.
    #[cfg_attr(feature = "serde", serde(default))]
    pub lines: Lines,
}

impl Composed {
    /// Diamond-Square at 257 x 257 with no steps.
    pub const DEFAULT: Composed = Composed {
        base: 0,
        exponent: 8,
        steps: StepList::EMPTY,
        lines: Lines::DEFAULT,
    };

    /// The base's map (`held` for a read base) through every step with `seed`; with `moved`,
    /// what the steps that carry ground about moved, measured on the way (reset to the map's
    /// size first). One loop for [`Chapter::made_from`] and [`Chapter::made_measured`].
    #[cfg(feature = "erosion")]
    fn run_chain(
        &self,
        held: Option<&Heightmap>,
        seed: u64,
        mut moved: Option<&mut crate::chain::moved::Moved>,
    ) -> Result<Heightmap, ParamError> {
        let mut map = self.base_map(held, seed)?;
        if let Some(moved) = moved.as_deref_mut() {
            *moved = crate::chain::moved::Moved::none(map.data().len());
        }
        for (link, after_paint) in self.steps.in_chain() {
            let step = link.step_after(after_paint)?;
            crate::chain::moved::Moved::apply(moved.as_deref_mut(), step.as_ref(), &mut map, seed)?;
        }
        Ok(map)
    }

    /// The base's command name (`ds`).
    pub fn base_name(&self) -> &'static str {
        BASE_NAMES
            .get(usize::from(self.base))
            .copied()
            .unwrap_or(BASE_NAMES[0])
    }

    #[cfg(feature = "erosion")]
    /// The base's map: `held`, the map the page read, for a base read from a file; else the
    /// base generated with `seed` at the composed size.
    fn base_map(&self, held: Option<&Heightmap>, seed: u64) -> Result<Heightmap, ParamError> {
        if let Some(read) = self.read_base() {
            let what = match read {
                ReadBase::RealLand => "the real land has not been read yet; try Refresh",
                ReadBase::YourMap => "no map has been read yet: choose a heightmap file",
            };
            return held.cloned().ok_or_else(|| ParamError::new("base", what));
        }
        crate::knobs::PAGE_EXPONENT.check_whole(u64::from(self.exponent))?;
        self.base_recipe().generate(seed)
    }

    /// Which file the base reads, for a base read rather than generated (the exponent then
    /// plays no part); `None` for a generated base.
    pub fn read_base(&self) -> Option<ReadBase> {
        match self.base_name() {
            REAL_LAND_BASE => Some(ReadBase::RealLand),
            YOUR_MAP_BASE => Some(ReadBase::YourMap),
            _ => None,
        }
    }

    /// The base as the recipe its command makes, at the composed size and its defaults (a base
    /// read from a file: see [`Composed::base_words`]).
    pub fn base_recipe(&self) -> Recipe {
        let side = limits::side_for_exponent(self.exponent);
        let subdivision = MpdParams {
            exponent: self.exponent,
            ..MpdParams::DEFAULT
        };
        match self.base_name() {
            "mpd" => crate::chapters::Midpoint::recipe(subdivision),
            "fbm" => Recipe::Fbm(Fbm {
                params: FbmParams {
                    width: side,
                    height: side,
                    ..FbmParams::DEFAULT
                },
            }),
            "fault" => Recipe::Faults(Faults {
                params: FaultParams {
                    width: side,
                    height: side,
                    ..FaultParams::DEFAULT
                },
            }),
            "noise" => Recipe::Noise(Noise {
                params: NoiseParams {
                    width: side,
                    height: side,
                },
            }),
            _ => crate::chapters::DiamondSquare::recipe(MpdParams {
                exponent: self.exponent,
                ..diamond_square::DEFAULT
            }),
        }
    }

    /// The command-line words that make the base at this size: `ds --exponent 8`, or
    /// `fbm --width 257 --height 257` for the bases sized by sides, `read --in jacksboro.png`
    /// for the real land, `read --in NAME` for the reader's own, `yours` naming their file
    /// (without it, [`YOUR_FILE`]; quoted for a shell where it needs it, [`shell_word`]).
    pub fn base_words(&self, yours: Option<&str>) -> Vec<String> {
        let name = self.base_name();
        if let Some(read) = self.read_base() {
            let file = match read {
                ReadBase::RealLand => LAND_FILE.to_string(),
                ReadBase::YourMap => shell_word(yours.unwrap_or(YOUR_FILE)),
            };
            return vec!["read".into(), "--in".into(), file];
        }
        let size = match name {
            "ds" | "mpd" => format!("--exponent {}", self.exponent),
            _ => {
                let side = limits::side_for_exponent(self.exponent);
                format!("--width {side} --height {side}")
            }
        };
        let mut words = vec![name.to_string()];
        words.extend(size.split(' ').map(str::to_string));
        words
    }
}

/// `name` (a file's) as one word of a shell command: as it is when it holds only letters,
/// digits and `._+-/`, else in single quotes (a quote in it written `'\''`). Hand-written: a
/// few lines, against a crate in the page's first load.
pub fn shell_word(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-' | '/');
    if !name.is_empty() && name.chars().all(plain) {
        return name.to_string();
    }
    let mut word = String::from("'");
    for c in name.chars() {
        match c {
            '\'' => word.push_str("'\\''"),
            c => word.push(c),
        }
    }
    word.push('\'');
    word
}

crate::knobs::settings::places! {
    /// Its knobs, in the order they are listed.
    KNOBS,
    /// Where each of its settings lives.
    fn slot_of(c: &mut Composed) {
        BASE => Slot::Choice(&mut c.base, &BASE_NAMES),
        crate::knobs::PAGE_EXPONENT => Slot::Whole(&mut c.exponent),
        materials::SNOW_LINE => Slot::Number(&mut c.lines.snow_line),
        materials::TREE_LINE => Slot::Number(&mut c.lines.tree_line),
        materials::SAND_LEVEL => Slot::Number(&mut c.lines.sand_level),
        materials::ROCK_SLOPE => Slot::Number(&mut c.lines.rock_slope),
    }
}

impl Chapter for Composed {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "A base and the steps after it (the page's Make your own)"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        KNOBS
    }

    fn fields(&self) -> &'static [&'static Knob] {
        KNOBS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        slot_of(self, knob)
    }

    fn size(&self) -> (usize, usize) {
        match self.read_base() {
            Some(_) => (0, 0),
            None => limits::square(self.exponent),
        }
    }

    fn size_tag(&self) -> String {
        match self.read_base() {
            Some(ReadBase::RealLand) => "land".into(),
            Some(ReadBase::YourMap) => "map".into(),
            None => format!("e{}", self.exponent),
        }
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        self.made_from(None, seed)
    }

    fn made_from(&self, held: Option<&Heightmap>, seed: u64) -> Result<Heightmap, ParamError> {
        // With the steps, in the later chapters' module: the worker's own module hands it on.
        #[cfg(not(feature = "erosion"))]
        {
            let _ = (held, seed);
            Err(crate::chapters::eroded::algorithm::not_linked())
        }
        #[cfg(feature = "erosion")]
        self.run_chain(held, seed, None)
    }

    /// The map with what its erosion steps moved: the same map as [`Chapter::made_from`].
    #[cfg(feature = "erosion")]
    fn made_measured(
        &self,
        held: Option<&Heightmap>,
        seed: u64,
    ) -> Result<(Heightmap, Option<crate::chain::moved::Moved>), ParamError> {
        let mut moved = crate::chain::moved::Moved::none(0);
        let map = self.run_chain(held, seed, Some(&mut moved))?;
        Ok((map, Some(moved)))
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        self.read_base().is_none().then(|| self.base_recipe())
    }

    #[cfg(all(feature = "cli", feature = "erosion"))]
    fn chain(&self) -> Vec<Box<dyn crate::chain::Step>> {
        // A composed recipe's steps name no file, so each row makes its step.
        let chain = self.steps.in_chain();
        chain
            .filter_map(|(link, after)| link.step_after(after).ok())
            .collect()
    }

    fn linked(&self) -> bool {
        crate::erosion::LINKED
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    // Only where the generator is (the worker's own module hands these demos on).
    #[cfg(feature = "erosion")]
    fn in_steps(
        &self,
        held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<crate::chapters::steps::InSteps, ParamError>> {
        if self.steps.is_empty() {
            return None;
        }
        Some(steps::run::in_steps(self, held, seed, columns, rows))
    }

    fn read_base(&self) -> Option<ReadBase> {
        Composed::read_base(self)
    }

    fn step_list(&self) -> Option<&StepList> {
        Some(&self.steps)
    }

    // The base, the seed, each step with the settings the page offers; no `--out`.
    fn command_line(&self, seed: u64, yours: Option<&str>) -> Option<String> {
        let mut words = vec!["terrain".to_string()];
        words.extend(self.base_words(yours));
        words.push(format!("--seed {seed}"));
        for (link, after_paint) in self.steps.in_chain() {
            words.push(format!("--then {}", link.name()));
            words.extend(link.flags(after_paint));
        }
        Some(words.join(" "))
    }

    fn step_list_mut(&mut self) -> Option<&mut StepList> {
        Some(&mut self.steps)
    }
}

#[cfg(test)]
mod tests;
