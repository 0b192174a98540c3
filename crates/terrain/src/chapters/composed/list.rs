//! The steps of a composed terrain, in order: each one of the chain's steps with its settings,
//! held in a fixed number of places so a recipe stays a plain value the page copies.

use crate::chain::paint::knobs::BRUSH_NAMES;
use crate::chain::paint::{self, Brushing};
use crate::chain::redistribute::{self, Redistribute};
use crate::chain::thermal::{knobs as thermal_knobs, Thermal};
use crate::chain::uplift::{knobs as uplift_knobs, Uplift, UpliftWhereHigh};
use crate::chain::Step;
use crate::chapters::eroded::knobs::{droplets_slot, ERODE_KNOBS};
use crate::chapters::settings::Slot;
use crate::chapters::weathered::thermal_slot;
use crate::knobs::params::{ParamError, ReadDecimal};
use crate::knobs::Knob;

/// An `erode` link's settings, declared with erosion's knobs.
pub use crate::chapters::eroded::knobs::Droplets;

/// Most steps one composed terrain holds.
pub const MAX_STEPS: usize = 5;

/// The steps a composed terrain can add, by the name `--then` takes, in the order the page
/// offers them.
pub const STEP_NAMES: [&str; 5] = ["erode", "thermal", "redistribute", "uplift", "paint"];

/// One step with its settings.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Link {
    /// Hydraulic erosion: droplets carving and filling.
    Erode(Droplets),
    /// Thermal erosion: slopes settling at the talus angle.
    Thermal(Thermal),
    /// The normalised heights raised to a power.
    Redistribute(f32),
    /// Uplift against river incision: the stream-power model.
    Uplift(Uplift),
    /// Strokes painted by hand ([`paint::painting`] says which): the brush for the next.
    Paint(Brushing),
}

/// Two links are the same step when they make the same map. A paint step's brush, radius and
/// strength are only what the next stroke takes (each stroke carries its own), so a chain that
/// differs in them alone is the same terrain: choosing another brush makes nothing again, and a
/// map kept for the chain still serves its downloads.
impl PartialEq for Link {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Link::Erode(a), Link::Erode(b)) => a == b,
            (Link::Thermal(a), Link::Thermal(b)) => a == b,
            (Link::Redistribute(a), Link::Redistribute(b)) => a == b,
            (Link::Uplift(a), Link::Uplift(b)) => a == b,
            (Link::Paint(_), Link::Paint(_)) => true,
            // Steps of two kinds. Each kind named, so a new step fails to compile here until
            // it says how two of it compare.
            (
                Link::Erode(_)
                | Link::Thermal(_)
                | Link::Redistribute(_)
                | Link::Uplift(_)
                | Link::Paint(_),
                _,
            ) => false,
        }
    }
}

impl Link {
    /// The step called `name` (one of [`STEP_NAMES`]) at its defaults; `None` for any other.
    pub fn named(name: &str) -> Option<Link> {
        Some(match name {
            "erode" => Link::Erode(Droplets::DEFAULT),
            "thermal" => Link::Thermal(Thermal::DEFAULT),
            "redistribute" => Link::Redistribute(Redistribute::default().power),
            "uplift" => Link::Uplift(Uplift::DEFAULT),
            "paint" => Link::Paint(Brushing::DEFAULT),
            _ => return None,
        })
    }

    /// Its name, as `--then` takes it.
    pub fn name(&self) -> &'static str {
        match self {
            Link::Erode(_) => "erode",
            Link::Thermal(_) => "thermal",
            Link::Redistribute(_) => "redistribute",
            Link::Uplift(_) => "uplift",
            Link::Paint(_) => "paint",
        }
    }

    /// The knobs the page offers for it, each its command-line flag.
    pub fn knobs(&self) -> &'static [&'static Knob] {
        match self {
            Link::Erode(_) => &ERODE_KNOBS,
            Link::Thermal(_) => &thermal_knobs::KNOBS,
            Link::Redistribute(_) => &redistribute::KNOBS,
            Link::Uplift(_) => &uplift_knobs::KNOBS,
            Link::Paint(_) => &paint::KNOBS,
        }
    }

    /// Where `knob`'s setting lives in it; `None` for a knob it does not offer.
    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        if !self.knobs().contains(&knob) {
            return None;
        }
        match self {
            Link::Erode(d) => droplets_slot(d, knob),
            Link::Thermal(settings) => thermal_slot(settings, knob),
            Link::Redistribute(power) => Some(Slot::Number(power)),
            Link::Uplift(u) => crate::chapters::uplifted::uplift_slot(u, knob),
            Link::Paint(b) => Some(match knob.name {
                "brush" => Slot::Choice(&mut b.brush, &BRUSH_NAMES),
                "radius" => Slot::Number(&mut b.radius),
                _ => Slot::Number(&mut b.strength),
            }),
        }
    }

    /// The text `knob`'s setting shows (empty for a knob it does not offer).
    pub fn show(&self, knob: &Knob) -> String {
        let mut copy = *self;
        copy.slot(knob)
            .and_then(|slot| slot.shown())
            .unwrap_or_default()
    }

    /// Reads `text` into `knob`'s setting with the knob's range and messages.
    pub fn apply(&mut self, knob: &Knob, text: &str, read: ReadDecimal) -> Result<(), ParamError> {
        let name = self.name();
        match self.slot(knob) {
            Some(slot) => slot.read(knob, text, read),
            None => Err(ParamError::new(
                knob.name,
                format!("{} is not a setting of {name}", knob.name),
            )),
        }
    }

    /// The command-line words after `--then NAME` that remake it, `after_paint` when a `paint`
    /// step comes right before it: each offered setting as its flag; for `paint` the strokes
    /// file (the brush fields only shape the next stroke); an uplift after a paint rises where
    /// the painted map stands high (`--uplift-from-map`).
    pub fn flags(&self, after_paint: bool) -> Vec<String> {
        if let Link::Paint(_) = self {
            return vec![format!("--strokes {}", paint::STROKES_FILE)];
        }
        let knobs = self.knobs().iter();
        let mut flags: Vec<String> = knobs
            .map(|k| format!("--{} {}", k.name, self.show(k)))
            .collect();
        if let (Link::Uplift(_), true) = (self, after_paint) {
            flags.push(format!("--{}", uplift_knobs::UPLIFT_FROM_MAP));
        }
        flags
    }

    /// The step itself in a chain, `after_paint` when a `paint` step comes right before it: an
    /// uplift there rises where the painted map stands high ([`UpliftWhereHigh`]), so a ridge
    /// the reader drew grows into a range the rivers carve.
    pub fn step_after(&self, after_paint: bool) -> Box<dyn Step> {
        match (*self, after_paint) {
            (Link::Uplift(settings), true) => Box::new(UpliftWhereHigh(settings)),
            _ => self.step(),
        }
    }

    /// The step itself, to run or to write down (a `paint` step's strokes are those
    /// [`paint::painting`] holds).
    pub fn step(&self) -> Box<dyn Step> {
        match *self {
            Link::Erode(droplets) => Box::new(droplets.step()),
            Link::Thermal(settings) => Box::new(settings),
            Link::Redistribute(power) => Box::new(Redistribute { power }),
            Link::Uplift(settings) => Box::new(settings),
            Link::Paint(_) => Box::new(paint::painted()),
        }
    }
}

/// The steps in order, at most [`MAX_STEPS`].
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct StepList {
    places: [Option<Link>; MAX_STEPS],
}

impl StepList {
    /// No steps.
    pub const EMPTY: StepList = StepList {
        places: [None; MAX_STEPS],
    };

    /// `steps` in order (those past [`MAX_STEPS`] left out).
    pub const fn of(steps: &[Link]) -> StepList {
        let mut list = StepList::EMPTY;
        let mut at = 0;
        while at < steps.len() && at < MAX_STEPS {
            list.places[at] = Some(steps[at]);
            at += 1;
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

    /// The steps in order, each with whether a `paint` step comes right before it.
    pub fn in_chain(&self) -> impl Iterator<Item = (&Link, bool)> {
        let before = std::iter::once(None).chain(self.iter().map(Some));
        self.iter()
            .zip(before)
            .map(|(link, before)| (link, matches!(before, Some(Link::Paint(_)))))
    }

    /// The last step, to set its settings as they are read.
    pub fn last_mut(&mut self) -> Option<&mut Link> {
        self.places.iter_mut().map_while(Option::as_mut).last()
    }
}
