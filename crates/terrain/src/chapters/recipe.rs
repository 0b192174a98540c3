//! What a [`Recipe`] answers, the same for every chapter: each question goes to the recipe's
//! chapter (`on_chapter!`, a static call); the few that combine answers (the file name, the caption, what
//! a step looks like) are written here once.

use super::partner::Partner;
use super::registry::on_chapter;
use super::settings::Slot;
use super::Chapter;
use super::Recipe;
use super::Schedule;
use crate::analysis::materials::knobs as materials;
use crate::analysis::materials::Lines;
use crate::analysis::variogram::Aim;
use crate::chapters::steps::{InSteps, PartialStage, Shown, Steps};
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;
use crate::shown::display::{DisplayGrid, Mark};

impl Recipe {
    /// The map's width and height in points (before any check of the parameters); `(0, 0)` for
    /// a held map, whose file decides.
    pub fn size(&self) -> (usize, usize) {
        on_chapter!(self, c => c.size())
    }

    /// Generates the terrain for `seed`, after checking the parameters against the core's limits.
    pub fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        on_chapter!(self, c => c.generate(seed))
    }

    /// The map for `seed`: a held map made from `held` (the map read from its file), any other
    /// recipe generated ([`Recipe::generate`]; `held` is not used).
    pub fn made_from(&self, held: Option<&Heightmap>, seed: u64) -> Result<Heightmap, ParamError> {
        on_chapter!(self, c => c.made_from(held, seed))
    }

    /// [`Recipe::made_from`] with what its chain's steps moved ([`Chapter::made_measured`]).
    pub fn made_measured(
        &self,
        held: Option<&Heightmap>,
        seed: u64,
    ) -> Result<(Heightmap, Option<crate::chain::moved::Moved>), ParamError> {
        on_chapter!(self, c => c.made_measured(held, seed))
    }

    /// Whether this build can make the map: false for fault lines without the `faults` feature,
    /// and for erosion (a read map with droplets included) without `erosion`. The page's first
    /// module asks, and hands what it cannot make to its later chapters' module.
    pub fn linked(&self) -> bool {
        on_chapter!(self, c => c.linked())
    }

    #[cfg(feature = "cli")]
    /// What the recipe is as a `terrain` command: the recipe of the command that makes its
    /// base (its steps after it are [`Recipe::chain`]); `None` for a recipe no command makes (a
    /// step of an algorithm, a map read on the page).
    pub fn command(&self) -> Option<Recipe> {
        on_chapter!(self, c => c.command())
    }

    #[cfg(feature = "cli")]
    /// The knobs that set it (the seed apart), in the command line's order.
    pub fn knobs(&self) -> &'static [&'static Knob] {
        on_chapter!(self, c => c.knobs())
    }

    /// The knobs the page's fieldset for it offers ([`Chapter::fields`]), the seed apart.
    pub fn fields(&self) -> &'static [&'static Knob] {
        on_chapter!(self, c => c.fields())
    }

    /// The text `knob` shows for this recipe; `None` if the recipe has no such knob.
    pub fn show(&self, knob: &Knob) -> Option<String> {
        let mut copy = self.clone();
        copy.slot(knob)?.shown()
    }

    /// Where its Land view's materials draw their lines: the recipe's own material knobs (a
    /// composed terrain has them), the knobs' defaults for any it has not.
    pub fn lines(&self) -> Lines {
        let mut copy = self.clone();
        let mut line = |knob: &Knob, default: f32| match copy.slot(knob) {
            Some(Slot::Number(value)) => *value,
            _ => default,
        };
        let default = Lines::DEFAULT;
        Lines {
            snow_line: line(&materials::SNOW_LINE, default.snow_line),
            tree_line: line(&materials::TREE_LINE, default.tree_line),
            sand_level: line(&materials::SAND_LEVEL, default.sand_level),
            rock_slope: line(&materials::ROCK_SLOPE, default.rock_slope),
        }
    }

    /// Parses `text` into the recipe's setting `knob` with the knob's range and messages
    /// (`read` reads a decimal once it passed the syntax check); `None` if the recipe has no such
    /// knob.
    pub fn apply(
        &mut self,
        knob: &Knob,
        text: &str,
        read: ReadDecimal,
    ) -> Option<Result<(), ParamError>> {
        self.slot(knob).map(|slot| slot.read(knob, text, read))
    }

    /// Where the setting `knob` lives in the recipe's parameters; `None` if it has no such knob.
    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        on_chapter!(self, c => c.slot(knob))
    }

    /// The steps after the base, for a recipe a reader composes; `None` for the others.
    pub fn step_list(&self) -> Option<&crate::chapters::step_list::StepList> {
        on_chapter!(self, c => c.step_list())
    }

    /// The `terrain` command that writes the map with `seed`, where the page shows one;
    /// `yours` names the reader's map file, for a map read from it.
    pub fn command_line(&self, seed: u64, yours: Option<&str>) -> Option<String> {
        on_chapter!(self, c => c.command_line(seed, yours))
    }

    /// [`Recipe::step_list`], writable.
    pub fn step_list_mut(&mut self) -> Option<&mut crate::chapters::step_list::StepList> {
        on_chapter!(self, c => c.step_list_mut())
    }

    /// Whether its map is a base that steps then change (its row's [`on_a_base`](super::ChapterRow::on_a_base)).
    pub fn on_a_base(&self) -> bool {
        self.row().on_a_base
    }

    /// Whether the worker may make it on the GPU ([`Chapter::runs_on_gpu`]).
    pub fn runs_on_gpu(&self) -> bool {
        on_chapter!(self, c => c.runs_on_gpu())
    }

    /// The map a pair look sets beside this one ([`Chapter::partner`]).
    pub fn partner(
        &self,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<Partner, ParamError>> {
        on_chapter!(self, c => c.partner(seed, columns, rows))
    }

    /// The caption under a pair that does not compare creases ([`Chapter::pair_caption`]).
    pub fn pair_caption(&self) -> Option<String> {
        on_chapter!(self, c => c.pair_caption())
    }

    /// The Hurst exponent the settings aim at, and what sets it ([`Chapter::roughness_aim`]).
    pub fn roughness_aim(&self) -> Option<Aim> {
        on_chapter!(self, c => c.roughness_aim())
    }

    /// Whether the map is made to tile; `None` where it cannot be (whole Diamond-Square maps
    /// can).
    pub fn wrap(&self) -> Option<bool> {
        on_chapter!(self, c => c.wrap())
    }

    /// A file name for the map of this recipe and `seed` in a format with `extension`, e.g.
    /// `ds-e9-seed-123.png` (free-sized maps: `fault-129x129-seed-5.r16`; tiles end `-wrap`).
    pub fn file_name(&self, seed: u64, extension: &str) -> String {
        let wrap = if self.wrap() == Some(true) {
            "-wrap"
        } else {
            ""
        };
        let size = on_chapter!(self, c => c.size_tag());
        format!("{}-{size}-seed-{seed}{wrap}.{extension}", self.name())
    }

    /// How the stepper walks the map; `None` for noise (set all at once), a read map and the
    /// step demos' partial stages (they show one step already).
    pub fn schedule(&self) -> Option<Schedule> {
        Schedule::of(self)
    }

    /// The chapter's stepping, where it steps ([`Schedule`] asks it).
    pub(super) fn steps(&self) -> Option<&dyn Steps> {
        on_chapter!(self, c => c.steps())
    }

    /// The one stage a step demo shows; `None` for a whole map.
    pub fn stage(&self) -> Option<PartialStage> {
        on_chapter!(self, c => c.stage())
    }

    /// The steps after [`Recipe::command`]'s map, in order (`--then`).
    #[cfg(feature = "cli")]
    pub fn chain(&self) -> Vec<Box<dyn crate::chain::Step>> {
        on_chapter!(self, c => c.chain())
    }

    /// The map made batch by batch, keeping the points at map `columns` and `rows` after each
    /// step; `None` for a recipe that does not step by batches (it is made all at once). `held`
    /// is the map read from a file, where the recipe reads one (a composed terrain on the real
    /// land or the reader's map).
    pub fn in_steps(
        &self,
        held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<InSteps, ParamError>> {
        on_chapter!(self, c => c.in_steps(held, seed, columns, rows))
    }

    /// Which file its map starts from, for one read rather than generated (a composed terrain
    /// on the real land or the reader's map): the page then sends that file with the request.
    pub fn read_base(&self) -> Option<super::ReadBase> {
        on_chapter!(self, c => c.read_base())
    }

    /// The caption line of the map at step `step`: what the step did, or for a step demo's
    /// partial stage the points it highlights; `None` for a map without steps (noise).
    pub fn caption(&self, step: u32) -> Option<String> {
        match (self.schedule(), self.stage()) {
            (Some(schedule), _) => Some(schedule.caption(step)),
            (None, Some(stage)) => Some(stage.caption.to_string()),
            (None, None) => None,
        }
    }

    /// What the map looks like at step `step`: the shown points to draw and one mark per point
    /// ([`Schedule::staged`]; a step demo's partial stage, [`PartialStage::staged`]). For maps
    /// without steps, the finished map with no marks.
    pub fn staged(&self, step: u32, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        match (self.stage(), self.schedule()) {
            (Some(stage), _) => stage.staged(shown),
            (None, Some(schedule)) => schedule.staged(step, shown),
            (None, None) => (shown.grid.clone(), Vec::new()),
        }
    }
}
