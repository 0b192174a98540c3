//! A base and a step: a Diamond-Square terrain, then one step run on it with the recipe's seed
//! (what `terrain ds --then STEP` writes). The demos that teach one step are rows of it, each
//! with its step: droplet erosion ([`crate::erosion::step::Erode`]), rain at scale (the same
//! droplets in batches, `chapters::eroded::rain::Batches`) and thermal erosion
//! ([`crate::chain::thermal::Thermal`]). What a demo needs of its step beyond the step itself
//! (its knobs beside the base's, how the stepper walks it) is [`ShownStep`], written in the
//! step's chapter folder; the recipe's answers (its size, its command and chain, the change
//! view, the base it pairs with) are written here once.

use crate::chain::Step;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::midpoint::knobs::subdivision_slot;
use crate::chapters::settings::Slot;
use crate::chapters::steps::Steps;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::{limits, Knob};
use crate::map::heightmap::Heightmap;

/// A Diamond-Square base and one step on it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OnBase<S> {
    /// The Diamond-Square base's size, starting spread and reduction.
    pub params: MpdParams,
    /// The step run on it, with its settings.
    pub step: S,
}

/// What a demo that shows one step on a Diamond-Square base needs of the step beyond
/// [`Step`]: its knobs beside the base's, where each of its settings lives, whether this build
/// runs it, and the map made stage by stage for the stepper (the stepper's captions are
/// [`Steps`] on `OnBase<Self>`, in the step's chapter folder).
pub trait ShownStep: Step + Copy + Sized + 'static {
    /// One line on what the demo makes, for the command line's help.
    #[cfg(feature = "cli")]
    const ABOUT: &'static str;

    /// The base's knobs, then the step's, in the command line's order.
    #[cfg(feature = "cli")]
    const KNOBS: &'static [&'static Knob];

    /// Where the step's setting `knob` lives; `None` for a knob the step does not have.
    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>>;

    /// The page's fields: the base's the demo offers, then the step's.
    const FIELDS: &'static [&'static Knob];

    /// Whether this build runs the step (the worker's own module leaves the erosions out and
    /// hands these demos on to its later chapters' module).
    fn linked(&self) -> bool;

    /// Whether the worker may run it on the GPU ([`Chapter::runs_on_gpu`]).
    fn runs_on_gpu(&self) -> bool {
        false
    }

    /// The finished map of `on` with `seed`: the base, then the step.
    fn made(on: &OnBase<Self>, seed: u64) -> Result<Heightmap, ParamError> {
        if !on.step.linked() {
            return Err(ParamError::new(
                "map",
                format!(
                    "{} is not in this build: the later chapters' module runs it",
                    on.step.name()
                ),
            ));
        }
        on.step.validate()?;
        let mut map = diamond_square::generate(&on.params, seed)?;
        on.step.apply(&mut map, seed)?;
        Ok(map)
    }

    /// The map of `on` made stage by stage for the stepper, keeping the points at map `columns`
    /// and `rows` after each stage ([`Chapter::in_steps`]).
    #[cfg(feature = "erosion")]
    fn in_steps(
        on: &OnBase<Self>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Result<crate::chapters::steps::InSteps, ParamError>;
}

impl<S: ShownStep> Chapter for OnBase<S>
where
    OnBase<S>: Steps,
{
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        S::ABOUT
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        S::KNOBS
    }

    fn fields(&self) -> &'static [&'static Knob] {
        S::FIELDS
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        match subdivision_slot(&mut self.params, knob) {
            Some(slot) => Some(slot),
            None => self.step.slot(knob),
        }
    }

    fn size(&self) -> (usize, usize) {
        limits::square(self.params.exponent)
    }

    fn size_tag(&self) -> String {
        format!("e{}", self.params.exponent)
    }

    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError> {
        S::made(self, seed)
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        Some(crate::chapters::DiamondSquare::recipe(self.params))
    }

    #[cfg(feature = "cli")]
    fn chain(&self) -> Vec<Box<dyn Step>> {
        vec![Box::new(self.step)]
    }

    fn linked(&self) -> bool {
        self.step.linked()
    }

    fn steps(&self) -> Option<&dyn Steps> {
        Some(self)
    }

    // Only where the generators are (the worker's own module hands these demos on).
    #[cfg(feature = "erosion")]
    fn in_steps(
        &self,
        _held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<crate::chapters::steps::InSteps, ParamError>> {
        Some(S::in_steps(self, seed, columns, rows))
    }

    fn runs_on_gpu(&self) -> bool {
        self.step.runs_on_gpu()
    }

    crate::chapters::midpoint::subdivision_answers!();
}
