//! The fields each demo row offers, in the order the page shows them (the seed last).

use crate::fields::Field;
use terrain::chain::redistribute;
use terrain::chain::thermal::knobs as thermal;
use terrain::chain::uplift::knobs as uplift;
use terrain::chapters::composed;
use terrain::chapters::diamond_square::knobs as ds;
use terrain::chapters::eroded::knobs as eroded;
use terrain::chapters::faults::knobs as faults;
use terrain::chapters::fbm::knobs as fbm;
use terrain::chapters::line::knobs as line;
use terrain::knobs;
use terrain::materials::knobs as materials;

pub(super) const SEED_ONLY: &[Field] = &[Field(&knobs::SEED)];

pub(super) const MPD_FIELDS: &[Field] = &[
    Field(&knobs::PAGE_EXPONENT),
    Field(&knobs::SPREAD),
    Field(&knobs::REDUCTION),
    Field(&knobs::SEED),
];

pub(super) const DS_FIELDS: &[Field] = &[
    Field(&knobs::PAGE_EXPONENT),
    Field(&knobs::SPREAD),
    Field(&knobs::REDUCTION),
    Field(&ds::WRAP),
    Field(&knobs::SEED),
];

pub(super) const LINE_FIELDS: &[Field] = &[
    Field(&line::LINE_ITERATIONS),
    Field(&line::ROUGHNESS),
    Field(&knobs::SEED),
];

pub(super) const FAULT_LINE_FIELDS: &[Field] =
    &[Field(&faults::FAULT_ITERATIONS), Field(&knobs::SEED)];

pub(super) const FAULT_SHAPE_FIELDS: &[Field] = &[
    Field(&faults::FAULT_ITERATIONS),
    Field(&faults::SHAPES),
    Field(&faults::FUZZINESS),
    Field(&knobs::SEED),
];

/// A map read from a file: rain on it, with a seed for the droplets.
pub(super) const HELD_FIELDS: &[Field] = &[Field(&eroded::HELD_DROPLETS), Field(&knobs::SEED)];

/// The octave stepper's fields: what each octave is.
pub(super) const FBM_FIELDS: &[Field] = &[
    Field(&fbm::OCTAVES),
    Field(&fbm::FREQUENCY),
    Field(&fbm::LACUNARITY),
    Field(&fbm::GAIN),
    Field(&knobs::SEED),
];

/// The shapes demo's fields: what the octaves become, and the heights after.
pub(super) const FBM_SHAPE_FIELDS: &[Field] = &[
    Field(&fbm::SHAPE),
    Field(&redistribute::POWER),
    Field(&fbm::WARP),
    Field(&fbm::OCTAVES),
    Field(&knobs::SEED),
];

/// The one-octave demo's fields: how far apart the lattice points are, and the seed.
pub(super) const LATTICE_FIELDS: &[Field] = &[Field(&fbm::FREQUENCY), Field(&knobs::SEED)];

/// The endless map's fields: where the view is on the plane, and the octaves.
pub(super) const ENDLESS_FIELDS: &[Field] = &[
    Field(&fbm::ORIGIN_X),
    Field(&fbm::ORIGIN_Y),
    Field(&fbm::OCTAVES),
    Field(&fbm::GAIN),
    Field(&knobs::SEED),
];

pub(super) const EROSION_FIELDS: &[Field] = &[
    Field(&knobs::PAGE_EXPONENT),
    Field(&knobs::SPREAD),
    Field(&knobs::REDUCTION),
    Field(&eroded::DROPLETS),
    Field(&eroded::INERTIA),
    Field(&eroded::EROSION),
    Field(&eroded::DEPOSITION),
    Field(&knobs::SEED),
];

/// Weathering's fields: the map's size and thermal erosion's three.
/// Uplift and rivers: the size, the time steps and the rivers' concavity.
pub(super) const UPLIFT_FIELDS: &[Field] = &[
    Field(&knobs::PAGE_EXPONENT),
    Field(&uplift::STEPS),
    Field(&uplift::M),
    Field(&knobs::SEED),
];

/// "Make your own": the base and its size, then where the Land view's materials draw their
/// lines (each step's fields are its own, in its fieldset).
pub(super) const COMPOSE_FIELDS: &[Field] = &[
    Field(&composed::BASE),
    Field(&knobs::PAGE_EXPONENT),
    Field(&materials::SNOW_LINE),
    Field(&materials::TREE_LINE),
    Field(&materials::SAND_LEVEL),
    Field(&materials::ROCK_SLOPE),
    Field(&knobs::SEED),
];

pub(super) const THERMAL_FIELDS: &[Field] = &[
    Field(&knobs::PAGE_EXPONENT),
    Field(&thermal::ITERATIONS),
    Field(&thermal::TALUS),
    Field(&thermal::RATE),
    Field(&knobs::SEED),
];

/// Rain at scale's fields: the map's size, the rain, the batch and the erosion's main constants.
pub(super) const RAIN_FIELDS: &[Field] = &[
    Field(&knobs::RAIN_EXPONENT),
    Field(&eroded::BATCHED_DROPLETS),
    Field(&eroded::BATCH),
    Field(&eroded::INERTIA),
    Field(&eroded::EROSION),
    Field(&eroded::DEPOSITION),
    Field(&knobs::SEED),
];
