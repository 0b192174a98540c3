//! What every layer asks of one chapter: [`Chapter`], the trait each chapter's recipe type
//! implements. The registry (`registry.rs`) holds one of them in a [`Recipe`] and hands every
//! question to it, so nothing outside a chapter's folder tells the algorithms apart.

use super::partner::Partner;
use super::settings::Slot;
#[cfg(feature = "cli")]
use super::Recipe;
use crate::analysis::variogram::Aim;
use crate::chain::moved::Moved;
use crate::chapters::steps::{InSteps, PartialStage, Steps};
use crate::knobs::params::ParamError;
#[cfg(feature = "cli")]
use crate::knobs::params::ReadDecimal;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

/// Reads each of `given` into `chapter`'s setting, refusing a knob it does not have: what
/// [`Chapter::apply_all`] does, and what a chapter that overrides it still does for each knob.
#[cfg(feature = "cli")]
pub fn read_each<C: Chapter + ?Sized>(
    chapter: &mut C,
    given: &[(&'static Knob, &str)],
    read: ReadDecimal,
) -> Result<(), ParamError> {
    given
        .iter()
        .try_for_each(|&(knob, text)| match chapter.slot(knob) {
            Some(slot) => slot.read(knob, text, read),
            None => Err(ParamError::new(
                knob.name,
                format!("{} is not a setting of this algorithm", knob.name),
            )),
        })
}

/// [`read_each`] for a free-sized map's chapter (noise, fBm): the size as an exponent or as a
/// width and a height, each defaulting to the other.
#[cfg(feature = "cli")]
pub fn read_free_size<C: Chapter + ?Sized>(
    chapter: &mut C,
    given: &[(&'static Knob, &str)],
    read: ReadDecimal,
) -> Result<(), ParamError> {
    let named = |name: &str| given.iter().any(|(knob, _)| knob.name == name);
    if named("exponent") && (named("width") || named("height")) {
        return Err(ParamError::new(
            "exponent",
            "give the size as an exponent or as a width and height, not both",
        ));
    }
    read_each(chapter, given, read)?;
    if named("width") != named("height") {
        use crate::knobs::{HEIGHT, WIDTH};
        let (from, to) = if named("width") {
            (&WIDTH, &HEIGHT)
        } else {
            (&HEIGHT, &WIDTH)
        };
        let side = match chapter.slot(from) {
            Some(Slot::Side(side)) => *side,
            _ => return Ok(()),
        };
        if let Some(Slot::Side(other)) = chapter.slot(to) {
            *other = side;
        }
    }
    Ok(())
}

/// One algorithm with its parameters: what it makes, the knobs that set it, how it steps and how
/// it is written down. A trait rather than a table of function pointers because each chapter
/// holds its own parameter type and answers with it; the registry's one `match` picks the
/// chapter, every answer after that is the chapter's own.
///
/// The required methods are what every chapter must say; the provided ones are capabilities most
/// chapters lack (steps after a base, tiling, a stepper), answering "none".
pub trait Chapter {
    /// One line on what it makes, for the command line's help.
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str;

    /// The knobs that set it, in the order the command line and the page list them (the seed,
    /// which every chapter has, apart). A demo may offer fewer of them.
    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob];

    /// The knobs the page's fieldset for it offers, in the page's order (the seed, which every
    /// demo has, apart), the size capped as the page caps it. A demo of one stage may offer
    /// fewer (its chapter's folder names them); a chapter the page sizes itself offers none.
    fn fields(&self) -> &'static [&'static Knob];

    /// Where the setting `knob` lives in this recipe's parameters; `None` if it is not one of
    /// its knobs (or not one it has in this stage). Showing a knob's value and reading one in
    /// go through it (`Recipe::show`, `Recipe::apply`), the same for every chapter.
    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>>;

    /// Parses every setting a command line gave, `given` in the order of [`Chapter::knobs`],
    /// refusing a knob it does not have. A chapter whose settings depend on each other (noise:
    /// each side defaults to the other) reads them together here.
    #[cfg(feature = "cli")]
    fn apply_all(
        &mut self,
        given: &[(&'static Knob, &str)],
        read: ReadDecimal,
    ) -> Result<(), ParamError> {
        read_each(self, given, read)
    }

    /// The map's width and height in points, before any check of the parameters; `(0, 0)` where
    /// a file decides.
    fn size(&self) -> (usize, usize);

    /// What the file name says of the size: `e9` (an exponent), `129x129`, `i8` (iterations).
    fn size_tag(&self) -> String;

    /// Generates the terrain for `seed`, after checking the parameters.
    fn generate(&self, seed: u64) -> Result<Heightmap, ParamError>;

    /// What it is as a `terrain` command: the recipe of the command that makes its base (the
    /// steps after it are [`Chapter::chain`]); `None` for a recipe no command makes (a partial
    /// step, a map read on the page).
    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe>;

    /// The steps its map goes through after the command's map (`--then`, in order): none for
    /// most chapters; the step of a demo made of a base and a step (`OnBase`), the reader's
    /// steps for a composed map.
    #[cfg(feature = "cli")]
    fn chain(&self) -> Vec<Box<dyn crate::chain::Step>> {
        Vec::new()
    }

    /// The steps after its base, for a chapter a reader composes (the page's Make your own).
    fn step_list(&self) -> Option<&crate::chapters::step_list::StepList> {
        None
    }

    /// The `terrain` command that writes the map with `seed`, shown on the page to copy; `None`
    /// where the page does not show one. `yours` names the reader's map file, for a map read
    /// from it (the command then reads that name).
    fn command_line(&self, _seed: u64, _yours: Option<&str>) -> Option<String> {
        None
    }

    /// [`Chapter::step_list`], writable.
    fn step_list_mut(&mut self) -> Option<&mut crate::chapters::step_list::StepList> {
        None
    }

    /// The map for `seed` made from `held`, the map read from a file; generated, for the
    /// chapters that read none.
    fn made_from(&self, _held: Option<&Heightmap>, seed: u64) -> Result<Heightmap, ParamError> {
        self.generate(seed)
    }

    /// [`Chapter::made_from`] with what its steps moved, measured as the command line measures
    /// a chain (`--maps wear,deposit`, the splat's sand and scree): `None` for a chapter whose
    /// map no chain of steps made.
    fn made_measured(
        &self,
        held: Option<&Heightmap>,
        seed: u64,
    ) -> Result<(Heightmap, Option<Moved>), ParamError> {
        Ok((self.made_from(held, seed)?, None))
    }

    /// Whether this build can make the map (the worker's own module leaves some generators out
    /// and hands their recipes on to its later chapters' module).
    fn linked(&self) -> bool {
        true
    }

    /// How it steps, where the stepper can walk it (the chapter's type implements [`Steps`] and
    /// answers with itself; a partial stage does not step).
    fn steps(&self) -> Option<&dyn Steps> {
        None
    }

    /// The one stage of the first square a step demo shows, for a partial recipe.
    fn stage(&self) -> Option<PartialStage> {
        None
    }

    /// The map made batch by batch, keeping the points at map `columns` and `rows` after each
    /// step, for a chapter that steps by batches. `held` is the map read from a file, for a
    /// chapter whose map starts from one ([`Chapter::read_base`]); the others ignore it.
    fn in_steps(
        &self,
        _held: Option<&Heightmap>,
        _seed: u64,
        _columns: &[usize],
        _rows: &[usize],
    ) -> Option<Result<InSteps, ParamError>> {
        None
    }

    /// Which file its map starts from, for one read rather than generated (a composed terrain
    /// on the real land or the reader's map): the page then sends that file with the request.
    fn read_base(&self) -> Option<ReadBase> {
        None
    }

    /// Whether the worker may make it on the GPU: droplets that fall in batches give the same
    /// bytes on any engine, so the page says which engine made the map.
    fn runs_on_gpu(&self) -> bool {
        false
    }

    /// The map a pair look sets beside this one, from the same setup and `seed`, with the
    /// marks of each at the shown map `columns` and `rows` (a subdivision chapter pairs with
    /// Diamond-Square); `None` for a chapter that pairs with nothing.
    fn partner(
        &self,
        _seed: u64,
        _columns: &[usize],
        _rows: &[usize],
    ) -> Option<Result<Partner, ParamError>> {
        None
    }

    /// The caption under a pair that does not compare creases (those say their scores).
    fn pair_caption(&self) -> Option<String> {
        None
    }

    /// Whether the map is made to tile, for a chapter that can make it so.
    fn wrap(&self) -> Option<bool> {
        None
    }

    /// The Hurst exponent its settings aim at (a subdivision's spread reduction sets one).
    fn roughness_aim(&self) -> Option<Aim> {
        None
    }
}

/// Which file a chapter's map starts from, for one read rather than generated
/// ([`Chapter::read_base`]; a composed terrain's `real-land` and `your-map` bases).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadBase {
    /// The real land the page shows (`composed::LAND_FILE`).
    RealLand,
    /// A heightmap the reader brings; until they do, the real land.
    YourMap,
}
