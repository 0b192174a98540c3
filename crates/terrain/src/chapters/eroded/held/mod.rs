//! A map read from a file (real land, or a reader's own), then eroded by droplets, none when
//! there are 0. Its size is the file's: it is made from the map read, not generated.

use crate::chapters::eroded::algorithm::{self as erosion, ErosionParams};
use crate::chapters::eroded::slots::erosion_slot;
#[cfg(feature = "cli")]
use crate::chapters::eroded::slots::CONSTANTS;
use crate::chapters::settings::Slot;
use crate::chapters::Chapter;
#[cfg(feature = "cli")]
use crate::chapters::Recipe;
use crate::knobs::params::ParamError;
use crate::knobs::Knob;
use crate::map::heightmap::Heightmap;

/// A read map and the rain on it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Held {
    /// The droplets (0: the map as read) and the erosion constants.
    pub erosion: ErosionParams,
}

#[cfg(feature = "cli")]
/// The droplets (0 allowed), then the erosion constants.
const KNOBS: [&Knob; 10] =
    crate::knobs::settings::joined(&[&[&crate::chapters::eroded::knobs::HELD_DROPLETS], CONSTANTS]);

impl Held {
    /// A map as read, before any rain.
    pub const DEFAULT: Held = Held {
        erosion: ErosionParams {
            droplets: 0,
            ..ErosionParams::DEFAULT
        },
    };
}

impl Chapter for Held {
    #[cfg(feature = "cli")]
    fn about(&self) -> &'static str {
        "A map read from a file, then eroded by droplets"
    }

    #[cfg(feature = "cli")]
    fn knobs(&self) -> &'static [&'static Knob] {
        &KNOBS
    }

    /// How much rain falls on the map as read; the constants stay at their defaults.
    fn fields(&self) -> &'static [&'static Knob] {
        &[&crate::chapters::eroded::knobs::HELD_DROPLETS]
    }

    fn slot(&mut self, knob: &Knob) -> Option<Slot<'_>> {
        erosion_slot(&mut self.erosion, knob)
    }

    fn size(&self) -> (usize, usize) {
        (0, 0)
    }

    fn size_tag(&self) -> String {
        format!("d{}", self.erosion.droplets)
    }

    fn generate(&self, _seed: u64) -> Result<Heightmap, ParamError> {
        Err(ParamError::new(
            "map",
            "no map has been read yet: choose a heightmap file",
        ))
    }

    #[cfg(feature = "cli")]
    fn command(&self) -> Option<Recipe> {
        None
    }

    /// A held map is eroded with its heights spread over 0 to 1 (the range the erosion constants
    /// are tuned for, as generated maps have it), then put back on the file's scale, so a DEM in
    /// metres erodes as a generated map of the same shape would.
    fn made_from(&self, held: Option<&Heightmap>, seed: u64) -> Result<Heightmap, ParamError> {
        let Some(held) = held else {
            return self.generate(seed);
        };
        let mut map = held.clone();
        if self.erosion.droplets == 0 {
            return Ok(map);
        }
        self.erosion.validate()?;
        let (low, high) = map.range().unwrap_or((0.0, 0.0));
        let relief = (high - low).max(f32::MIN_POSITIVE);
        map.data_mut()
            .iter_mut()
            .for_each(|h| *h = (*h - low) / relief);
        erosion::erode(&mut map, &self.erosion, seed)?;
        map.data_mut()
            .iter_mut()
            .for_each(|h| *h = *h * relief + low);
        Ok(map)
    }

    fn linked(&self) -> bool {
        self.erosion.droplets == 0 || erosion::LINKED
    }

    fn runs_on_gpu(&self) -> bool {
        self.erosion.batch != 0
    }

    // Only where the erosion is (the worker's own module hands eroded maps on): the map read is
    // kept as the base, so the Erosion view shows what the droplets changed on it.
    #[cfg(feature = "erosion")]
    fn in_steps(
        &self,
        held: Option<&Heightmap>,
        seed: u64,
        columns: &[usize],
        rows: &[usize],
    ) -> Option<Result<crate::chapters::steps::InSteps, ParamError>> {
        let base = held?;
        Some(
            self.made_from(held, seed)
                .map(|map| crate::chapters::steps::InSteps {
                    map,
                    batches: crate::chapters::steps::shown_heights(base, columns, rows),
                    trails: Vec::new(),
                    notes: String::new(),
                    masks: Vec::new(),
                }),
        )
    }
}
