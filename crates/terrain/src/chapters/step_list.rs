//! The steps of a composed terrain, in order: each a row of the step registry with its
//! settings and what it draws by hand (paint's strokes), in a fixed number of places. Nothing
//! here names a step: what each is, what it offers and what it runs come from its row.

use crate::chain::mask::fields as mask;
use crate::chain::row::{Setting, Settings, StepRow};
use crate::chapters::step_registry::{self, STEPS};
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::Knob;

/// The key of what a step drawn by hand holds, where a link is written as JSON.
#[cfg(feature = "serde")]
const DRAWN: &str = "drawn";

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
/// a map kept for the chain still serves its downloads. What was drawn always counts.
impl PartialEq for Link {
    fn eq(&self, other: &Self) -> bool {
        self.row.name() == other.row.name()
            && (self.row.drawn() || self.settings == other.settings)
            && self.mask == other.mask
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

    /// What was drawn by hand for a step drawn by hand, as its link text (paint's strokes);
    /// empty for none.
    pub fn drawn(&self) -> &str {
        self.drawn.as_deref().unwrap_or("")
    }

    /// Sets what was drawn (`""` for nothing) on a step drawn by hand; a step of another kind
    /// keeps none.
    pub fn set_drawn(&mut self, text: &str) {
        self.drawn = (self.row.drawn() && !text.is_empty()).then(|| text.into());
    }

    /// The knobs the page offers for it, each its command-line flag.
    pub fn knobs(&self) -> &'static [&'static Knob] {
        self.row.fields()
    }

    /// The knobs of where it acts, after its own on the page ([`mask::FIELDS`]).
    pub fn mask_knobs(&self) -> &'static [&'static Knob] {
        &mask::FIELDS
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

    /// Checks where it acts: a band's low end above its high end is refused, naming the field.
    pub fn check_mask(&self) -> Result<(), ParamError> {
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

    /// The step itself in a chain, `after_drawn` when a step drawn by hand comes right before
    /// it (an uplift there rises where the painted map stands high, so a ridge the reader drew
    /// grows into a range the rivers carve).
    #[cfg(feature = "erosion")]
    pub fn step_after(&self, after_drawn: bool) -> crate::chain::row::Made {
        let mut given = mask::given(&self.mask)?;
        if let (Some(switch), true) = (self.row.after_drawn(), after_drawn) {
            given.switches.push(switch);
        }
        given.drawn = self.drawn.as_deref().map(str::to_string);
        crate::chain::mask::step_of(self.row, &self.settings, &given)
    }
}

/// A link is written as the sidecar records a step: `{"step": NAME, FIELD: value, ...}`.
#[cfg(feature = "serde")]
impl serde::Serialize for Link {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let pairs = self.pairs();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("step", self.name())?;
        if !self.drawn().is_empty() {
            map.serialize_entry(DRAWN, self.drawn())?;
        }
        for (flag, value) in pairs {
            match serde_json::from_str::<serde_json::Value>(&value) {
                Ok(number) if number.is_number() => map.serialize_entry(flag, &number)?,
                _ => map.serialize_entry(flag, &value)?,
            }
        }
        map.end()
    }
}

/// A link read back from what [`Link`]'s `Serialize` writes.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Link {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let fields = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        let name = fields.get("step").and_then(|v| v.as_str()).unwrap_or("");
        let mut link =
            Link::named(name).ok_or_else(|| D::Error::custom(format!("no step {name:?}")))?;
        if let Some(drawn) = fields.get(DRAWN).and_then(|v| v.as_str()) {
            link.set_drawn(drawn);
        }
        for (key, value) in fields
            .iter()
            .filter(|(key, _)| *key != "step" && *key != DRAWN)
        {
            let knob = link.knob_named(key);
            let knob = knob.ok_or_else(|| D::Error::custom(format!("{name} has no {key:?}")))?;
            let text = match value {
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            link.apply(knob, &text, crate::knobs::params::rust_decimal)
                .map_err(|e| D::Error::custom(e.message))?;
        }
        Ok(link)
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

    /// What the first step drawn by hand holds (paint's strokes, as their link text); empty
    /// for none.
    pub fn drawn(&self) -> &str {
        self.iter()
            .find(|link| link.row.drawn())
            .map_or("", Link::drawn)
    }

    /// Sets what the first step drawn by hand holds (`""` for nothing); nothing without one.
    pub fn set_drawn(&mut self, text: &str) {
        let drawn = self.places.iter_mut().map_while(Option::as_mut);
        if let Some(link) = drawn.into_iter().find(|link| link.row.drawn()) {
            link.set_drawn(text);
        }
    }

    /// The last step, to set its settings as they are read.
    pub fn last_mut(&mut self) -> Option<&mut Link> {
        self.places.iter_mut().map_while(Option::as_mut).last()
    }
}
