//! The fields each demo row offers, in the order the page shows them (the seed last).

use crate::fields::Field;

pub(super) const SEED_ONLY: &[Field] = &[Field::SEED];

pub(super) const MPD_FIELDS: &[Field] = &[
    Field::EXPONENT,
    Field::SPREAD,
    Field::REDUCTION,
    Field::SEED,
];

pub(super) const DS_FIELDS: &[Field] = &[
    Field::EXPONENT,
    Field::SPREAD,
    Field::REDUCTION,
    Field::WRAP,
    Field::SEED,
];

pub(super) const LINE_FIELDS: &[Field] = &[Field::LINE_ITERATIONS, Field::ROUGHNESS, Field::SEED];

pub(super) const FAULT_LINE_FIELDS: &[Field] = &[Field::FAULT_ITERATIONS, Field::SEED];

pub(super) const FAULT_SHAPE_FIELDS: &[Field] = &[
    Field::FAULT_ITERATIONS,
    Field::SHAPES,
    Field::FUZZINESS,
    Field::SEED,
];

/// A map read from a file: rain on it, with a seed for the droplets.
pub(super) const HELD_FIELDS: &[Field] = &[Field::HELD_DROPLETS, Field::SEED];

/// The octave stepper's fields: what each octave is.
pub(super) const FBM_FIELDS: &[Field] = &[
    Field::OCTAVES,
    Field::FREQUENCY,
    Field::LACUNARITY,
    Field::GAIN,
    Field::SEED,
];

/// The shapes demo's fields: what the octaves become, and the heights after.
pub(super) const FBM_SHAPE_FIELDS: &[Field] = &[
    Field::SHAPE,
    Field::POWER,
    Field::WARP,
    Field::OCTAVES,
    Field::SEED,
];

/// The one-octave demo's fields: how far apart the lattice points are, and the seed.
pub(super) const LATTICE_FIELDS: &[Field] = &[Field::FREQUENCY, Field::SEED];

/// The endless map's fields: where the view is on the plane, and the octaves.
pub(super) const ENDLESS_FIELDS: &[Field] = &[
    Field::ORIGIN_X,
    Field::ORIGIN_Y,
    Field::OCTAVES,
    Field::GAIN,
    Field::SEED,
];

pub(super) const EROSION_FIELDS: &[Field] = &[
    Field::EXPONENT,
    Field::SPREAD,
    Field::REDUCTION,
    Field::DROPLETS,
    Field::INERTIA,
    Field::EROSION,
    Field::DEPOSITION,
    Field::SEED,
];

/// Weathering's fields: the map's size and thermal erosion's three.
/// Uplift and rivers: the size, the time steps and the rivers' concavity.
pub(super) const UPLIFT_FIELDS: &[Field] = &[Field::EXPONENT, Field::STEPS, Field::M, Field::SEED];

/// "Make your own": the base and its size (each step's fields are its own, in its fieldset).
pub(super) const COMPOSE_FIELDS: &[Field] = &[Field::BASE, Field::EXPONENT, Field::SEED];

pub(super) const THERMAL_FIELDS: &[Field] = &[
    Field::EXPONENT,
    Field::THERMAL_ITERATIONS,
    Field::TALUS,
    Field::RATE,
    Field::SEED,
];

/// Rain at scale's fields: the map's size, the rain, the batch and the erosion's main constants.
pub(super) const RAIN_FIELDS: &[Field] = &[
    Field::RAIN_EXPONENT,
    Field::BATCHED_DROPLETS,
    Field::BATCH,
    Field::INERTIA,
    Field::EROSION,
    Field::DEPOSITION,
    Field::SEED,
];
