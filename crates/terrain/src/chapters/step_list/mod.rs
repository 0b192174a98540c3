//! The steps of a composed terrain, in order: each a row of the step registry with its
//! settings and what it draws by hand (paint's strokes), in a fixed number of places. Nothing
//! here names a step: what each is, what it offers and what it runs come from its row.

use crate::chain::mask::fields as mask;
use crate::chain::row::{Setting, Settings, StepRow};
use crate::chapters::step_registry::{self, STEPS};
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::Knob;

#[cfg(feature = "serde")]
mod json;

/// Most steps one composed terrain holds.
pub const MAX_STEPS: usize = 5;

/// The steps a composed terrain can add, by the name `--then` takes, in the order the page
/// offers them (the registry's).
pub fn step_names() -> impl Iterator<Item = &'static str> {
    STEPS.iter().map(|row| row.name())
}

/// One step with its settings: a row of the registry, a value for each field the page offers
/// of it ([`StepRow::fields`]), where it acts (its mask's fields, [`mask::FIELDS`]) and, for a
/// step drawn by hand, what was drawn (its link text: paint's strokes). The link owns it, so
/// the recipe carries it wherever it goes.
#[derive(Debug, Clone)]
pub struct Link {
    row: &'static dyn StepRow,
    settings: Settings,
    mask: Settings,
    drawn: Option<Box<str>>,
}

/// Two links are the same step when they make the same map. A step drawn by hand (paint) has
/// fields that shape only the next stroke (each stroke carries its own brush), so a chain that
/// differs in them alone is the same terrain: choosing another brush makes nothing again, and
/// a map kept for the chain still serves its downloads. So with a mask: only the fields that
/// make it count (a painted mask's brush does not). What was drawn always counts.
impl PartialEq for Link {
    fn eq(&self, other: &Self) -> bool {
        self.row.name() == other.row.name()
            && (self.row.drawn() || self.settings == other.settings)
            && mask::pairs(&self.mask) == mask::pairs(&other.mask)
            && self.drawn() == other.drawn()
    }
}

impl Link {
    /// The step called `name` (a row of the registry) at its defaults; `None` for any other.
    pub fn named(name: &str) -> Option<Link> {
        step_registry::step_named(name).map(Link::of)
    }

    /// The step of `row` at its defaults.
    pub fn of(row: &'static dyn StepRow) -> Link {
        Link {
            row,
            settings: Settings::defaults(row.fields()),
            mask: Settings::defaults(&mask::FIELDS),
            drawn: None,
        }
    }

    /// The step of `row` with `settings`, which must be of the row's fields
    /// ([`StepRow::fields`]): for a preset written when the crate compiles.
    pub const fn new(row: &'static dyn StepRow, settings: Settings) -> Link {
        Link {
            row,
            settings,
            mask: Settings::defaults(&mask::FIELDS),
            drawn: None,
        }
    }

    /// Its row in the registry.
    pub fn row(&self) -> &'static dyn StepRow {
        self.row
    }

    /// Its name, as `--then` takes it.
    pub fn name(&self) -> &'static str {
        self.row.name()
    }

    /// Its settings, one per field the page offers.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// What was drawn by hand for a step drawn by hand, as its link text (paint's strokes, or
    /// the strokes of a mask painted on the canvas); empty for none.
    pub fn drawn(&self) -> &str {
        self.drawn.as_deref().unwrap_or("")
    }

    /// Whether the canvas draws on it by hand: a step drawn by hand (paint's strokes raise the
    /// ground), or one whose mask is painted (the strokes say where it acts).
    pub fn is_drawn(&self) -> bool {
        self.row.drawn() || mask::painted(&self.mask)
    }

    /// Whether what the canvas draws on it is its mask, not the ground.
    pub fn paints_mask(&self) -> bool {
        !self.row.drawn() && mask::painted(&self.mask)
    }

    /// The brush the canvas draws its next stroke with: the step's own fields for a step
    /// drawn by hand, its mask's brush for a painted mask; `None` for a step not drawn on.
    pub fn brushing(&self) -> Option<crate::chain::paint::Brushing> {
        match (self.row.drawn(), self.paints_mask()) {
            (true, _) => Some(crate::chain::paint::Brushing::of(&self.settings)),
            (false, true) => Some(mask::brushing(&self.mask)),
            (false, false) => None,
        }
    }

    /// Sets what was drawn (`""` for nothing) on a step drawn on by hand ([`Link::is_drawn`]);
    /// a step of another kind keeps none.
    pub fn set_drawn(&mut self, text: &str) {
        self.drawn = (self.is_drawn() && !text.is_empty()).then(|| text.into());
    }

    /// The knobs the page offers for it, each its command-line flag.
    pub fn knobs(&self) -> &'static [&'static Knob] {
        self.row.fields()
    }

    /// The knobs of where it acts, after its own on the page ([`mask::FIELDS`]); none for a
    /// step no mask is laid on ([`StepRow::masked`]).
    pub fn mask_knobs(&self) -> &'static [&'static Knob] {
        if self.row.masked() {
            &mask::FIELDS
        } else {
            &[]
        }
    }

    /// Where it acts: its mask's settings.
    pub fn mask(&self) -> &Settings {
        &self.mask
    }

    /// The knob of its own or of its mask called `name`.
    pub fn knob_named(&self, name: &str) -> Option<&'static Knob> {
        for knobs in [self.knobs(), self.mask_knobs()] {
            if let Some(&knob) = knobs.iter().find(|k| k.name == name) {
                return Some(knob);
            }
        }
        None
    }

    /// The text `knob`'s setting shows (empty for a knob it does not offer).
    pub fn show(&self, knob: &Knob) -> String {
        let shown = self.settings.show(knob).or_else(|| self.mask.show(knob));
        shown.unwrap_or_default()
    }

    /// Reads `text` into `knob`'s setting (its own or its mask's) with the knob's range and
    /// messages.
    pub fn apply(&mut self, knob: &Knob, text: &str, read: ReadDecimal) -> Result<(), ParamError> {
        if self.knobs().iter().any(|k| k.name == knob.name) {
            return self.settings.read(knob, text, read);
        }
        if self.mask_knobs().iter().any(|k| k.name == knob.name) {
            return self.mask.read(knob, text, read);
        }
        let name = self.name();
        Err(ParamError::new(
            knob.name,
            format!("{} is not a setting of {name}", knob.name),
        ))
    }

    /// Its settings and then its mask's that take part, `(name, value)`, as a share link
    /// holds them (a step acting everywhere has no mask pairs).
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = self.settings.pairs();
        pairs.extend(mask::pairs(&self.mask));
        pairs
    }

    /// Checks where it acts: a band's low end above its high end is refused, naming the field,
    /// as is a painted mask on a step that is itself painted.
    pub fn check_mask(&self) -> Result<(), ParamError> {
        if self.row.drawn() && mask::painted(&self.mask) {
            return Err(ParamError::new(
                mask::WHERE.name,
                format!(
                    "{} is painted by hand already: it acts where its strokes go",
                    self.name()
                ),
            ));
        }
        mask::flags(&self.mask).map(|_| ())
    }

    /// Sets `knob` to `value` (nothing for a knob it does not offer).
    pub fn set(&mut self, knob: &Knob, value: Setting) {
        self.settings.set(knob, value);
    }

    /// The command-line words after `--then NAME` that remake it, `after_drawn` when a step
    /// drawn by hand comes right before it: each offered setting as its flag (a drawn step's
    /// strokes file instead), and the switch the row takes after a drawn step.
    pub fn flags(&self, after_drawn: bool) -> Vec<String> {
        let mut flags = self.row.page_flags(&self.settings);
        if let (Some(switch), true) = (self.row.after_drawn(), after_drawn) {
            flags.push(format!("--{switch}"));
        }
        for (flag, value) in mask::flags(&self.mask).unwrap_or_default() {
            flags.push(match value.is_empty() {
                true => format!("--{flag}"),
                false => format!("--{flag} {value}"),
            });
        }
        flags
    }

    /// Whether it acts only where a mask lets it (its Where is not everywhere).
    pub fn is_masked(&self) -> bool {
        self.mask.choice(&mask::WHERE) != 0
    }

    /// Where it acts on `map` (the map given to it), a weight from 0 to 1 a cell, as its
    /// masked step weighs it; `None` where it acts everywhere.
    #[cfg(feature = "erosion")]
    pub fn mask_weights(
        &self,
        map: &crate::map::heightmap::Heightmap,
    ) -> Result<Option<Vec<f32>>, ParamError> {
        let given = mask::given(&self.mask, self.drawn())?;
        match crate::chain::mask::Mask::given(&given)? {
            Some(mask) => mask.weights(map).map(Some),
            None => Ok(None),
        }
    }

    /// The step itself in a chain, `after_drawn` when a step drawn by hand comes right before
    /// it (an uplift there rises where the painted map stands high, so a ridge the reader drew
    /// grows into a range the rivers carve).
    #[cfg(feature = "erosion")]
    pub fn step_after(&self, after_drawn: bool) -> crate::chain::row::Made {
        self.check_mask()?;
        let mut given = mask::given(&self.mask, self.drawn())?;
        if let (Some(switch), true) = (self.row.after_drawn(), after_drawn) {
            given.switches.push(switch);
        }
        if self.row.drawn() {
            given.drawn = self.drawn.as_deref().map(str::to_string);
        }
        crate::chain::mask::step_of(self.row, &self.settings, &given)
    }
}

/// The steps in order, at most [`MAX_STEPS`].
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepList {
    places: [Option<Link>; MAX_STEPS],
}

impl StepList {
    /// No steps.
    pub const EMPTY: StepList = StepList {
        places: [const { None }; MAX_STEPS],
    };

    /// The steps in `places`, in order, the places after the last empty: for a preset written
    /// when the crate compiles.
    pub const fn fixed(places: [Option<Link>; MAX_STEPS]) -> StepList {
        StepList { places }
    }

    /// `steps` in order (those past [`MAX_STEPS`] left out).
    pub fn of(steps: &[Link]) -> StepList {
        let mut list = StepList::EMPTY;
        for (place, link) in list.places.iter_mut().zip(steps) {
            *place = Some(link.clone());
        }
        list
    }

    /// The steps in order.
    pub fn iter(&self) -> impl Iterator<Item = &Link> {
        self.places.iter().map_while(Option::as_ref)
    }

    /// How many steps there are.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.places[0].is_none()
    }

    /// Adds `link` after the last step, or says there is no room.
    pub fn push(&mut self, link: Link) -> Result<(), ParamError> {
        let at = self.len();
        match self.places.get_mut(at) {
            Some(place) => {
                *place = Some(link);
                Ok(())
            }
            None => Err(ParamError::new(
                "steps",
                format!("a chain holds at most {MAX_STEPS} steps"),
            )),
        }
    }

    /// The steps in order, each with whether a step drawn by hand comes right before it.
    pub fn in_chain(&self) -> impl Iterator<Item = (&Link, bool)> {
        let before = std::iter::once(None).chain(self.iter().map(Some));
        self.iter()
            .zip(before)
            .map(|(link, before)| (link, before.is_some_and(|b| b.row.drawn())))
    }

    /// The step the canvas draws on ([`Link::is_drawn`]: paint, or a step whose mask is
    /// painted), the first if several.
    pub fn drawn_step(&self) -> Option<&Link> {
        self.iter().find(|link| link.is_drawn())
    }

    /// What the step drawn on holds (paint's strokes or a painted mask's, as their link
    /// text); empty for none.
    pub fn drawn(&self) -> &str {
        self.drawn_step().map_or("", Link::drawn)
    }

    /// Sets what the step drawn on holds (`""` for nothing); nothing without one.
    pub fn set_drawn(&mut self, text: &str) {
        let drawn = self.places.iter_mut().map_while(Option::as_mut);
        if let Some(link) = drawn.into_iter().find(|link| link.is_drawn()) {
            link.set_drawn(text);
        }
    }

    /// The place (from 0) of a second step drawn on, refused: the canvas paints one step of a
    /// chain (the strokes are that step's), so a second painted mask, or a painted mask beside
    /// a paint step, is refused next to its Where. `Ok` with one or none.
    pub fn check_drawn(&self) -> Result<(), (usize, ParamError)> {
        let mut drawn = self.iter().enumerate().filter(|(_, link)| link.is_drawn());
        let (Some((first, _)), Some((second, link))) = (drawn.next(), drawn.next()) else {
            return Ok(());
        };
        // Said next to the painted mask's Where: the second's, or the first's when the second
        // is a paint step (whose Where is not what paints).
        let (refused, other) = match link.paints_mask() {
            true => (second, first),
            false => (first, second),
        };
        Err((
            refused,
            ParamError::new(
                mask::WHERE.name,
                format!(
                    "the canvas paints one step of a chain, and step {} is painted already",
                    other + 1
                ),
            ),
        ))
    }

    /// The last step, to set its settings as they are read.
    pub fn last_mut(&mut self) -> Option<&mut Link> {
        self.places.iter_mut().map_while(Option::as_mut).last()
    }
}
