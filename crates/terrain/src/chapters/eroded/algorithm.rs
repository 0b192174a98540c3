//! Hydraulic erosion, droplet by droplet, as in H. T. Beyer's 2015 thesis "Implementation of a
//! method for hydraulic erosion" (which Sebastian Lague's widely read version follows). Thermal
//! erosion, the simpler process, is a step of its own (`terrain::chain::thermal`).
//!
//! A droplet starts at a random point with some water and speed. Each step it:
//! 1. reads the height and slope under it (bilinear between the four points of its cell);
//! 2. turns its direction towards downhill, keeping a share of the old direction (inertia), and
//!    moves one cell that way;
//! 3. can carry sediment up to a capacity, its fall times its speed, water and a factor, and
//!    never less than a floor;
//!    over capacity (or going uphill) it deposits, under capacity it erodes the ground around it
//!    with a small brush;
//! 4. speeds up going down and slows going up, and loses some water to evaporation.
//!
//! It dies after its lifetime, in a flat spot, or off the map's edge; where it dies, what it
//! still carries settles over the same brush it erodes with (laying it on one cell's four corners
//! left a bump per droplet, pixel-sized speckle that filled the valleys). Material is conserved:
//! what droplets erode is deposited again, carried off the edge, or (between two steps) carried
//! by the droplet still alive; [`Ledger`] keeps the books. Every random number (where each droplet
//! starts) is keyed by the droplet's number and the seed, so the same seed gives the same map.
//!
//! [`erode`] is the fast version; [`plain::erode`] reads straight from the thesis, and the tests
//! hold them equal bit for bit.

pub mod batched;
pub mod droplets;
pub mod plain;
pub mod score;
pub mod step;

use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Most droplets one run may drop ([`crate::chapters::eroded::knobs::DROPLETS`]).
pub const MAX_DROPLETS: u32 = crate::chapters::eroded::knobs::DROPLETS.whole_max() as u32;

/// A droplet's steps for every 256 cells of the map's side when its lifetime scales with the
/// map (a lifetime of 0, the default): the thesis's 30 on a 257 x 257 map.
pub const SCALED_LIFETIME: u32 = 30;

/// The named constants of hydraulic erosion. What each does to the terrain, its range and its
/// default are in its row of the table of knobs ([`crate::chapters::eroded::knobs::DROPLETS`], [`crate::chapters::eroded::knobs::INERTIA`], ...);
/// [`ErosionParams::validate`] checks them against it.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ErosionParams {
    /// How many droplets fall ([`crate::chapters::eroded::knobs::DROPLETS`]).
    pub droplets: u32,
    /// Most steps a droplet takes ([`crate::chapters::eroded::knobs::LIFETIME`]); 0 scales it
    /// with the map ([`ErosionParams::lifetime_on`]).
    pub lifetime: u32,
    /// Share of its direction a droplet keeps each step ([`crate::chapters::eroded::knobs::INERTIA`]).
    pub inertia: f32,
    /// Sediment capacity factor ([`crate::chapters::eroded::knobs::CAPACITY`]).
    pub capacity: f32,
    /// The least sediment capacity, whatever the slope ([`crate::chapters::eroded::knobs::MIN_CAPACITY`]). Heights run 0
    /// to 1 over hundreds of cells, so a typical step falls by less than 0.01: a floor on the
    /// slope alone (as this constant once was) made every step's capacity the same, blind to
    /// the slope.
    pub min_capacity: f32,
    /// Share of the spare capacity eroded each step ([`crate::chapters::eroded::knobs::EROSION`]).
    pub erosion: f32,
    /// Share of the excess sediment deposited each step ([`crate::chapters::eroded::knobs::DEPOSITION`]).
    pub deposition: f32,
    /// Share of its water a droplet loses each step ([`crate::chapters::eroded::knobs::EVAPORATION`]).
    pub evaporation: f32,
    /// How strongly going downhill speeds a droplet up ([`crate::chapters::eroded::knobs::GRAVITY`]).
    pub gravity: f32,
    /// Radius of the erosion brush in cells ([`crate::chapters::eroded::knobs::RADIUS`]).
    pub radius: u32,
    /// 0: droplets fall one after another, each on the map the last one left (the thesis). N:
    /// they fall in batches of N that each read the map as it was when their batch began,
    /// summed in whole numbers ([`batched`], [`crate::chapters::eroded::knobs::BATCH`]): the same bytes on any number of
    /// threads and on the GPU, and valleys a little less gathered as N grows.
    #[cfg_attr(feature = "serde", serde(default))]
    pub batch: u32,
}

impl ErosionParams {
    /// The defaults of Beyer's thesis and Lague's version, with 30 000 droplets.
    pub const DEFAULT: ErosionParams = ErosionParams {
        droplets: crate::chapters::eroded::knobs::DROPLETS.whole_default() as u32,
        lifetime: crate::chapters::eroded::knobs::LIFETIME.whole_default() as u32,
        inertia: crate::chapters::eroded::knobs::INERTIA.number_default() as f32,
        capacity: crate::chapters::eroded::knobs::CAPACITY.number_default() as f32,
        min_capacity: crate::chapters::eroded::knobs::MIN_CAPACITY.number_default() as f32,
        erosion: crate::chapters::eroded::knobs::EROSION.number_default() as f32,
        deposition: crate::chapters::eroded::knobs::DEPOSITION.number_default() as f32,
        evaporation: crate::chapters::eroded::knobs::EVAPORATION.number_default() as f32,
        gravity: crate::chapters::eroded::knobs::GRAVITY.number_default() as f32,
        radius: crate::chapters::eroded::knobs::RADIUS.whole_default() as u32,
        batch: 0,
    };

    /// The steps a droplet may take on a map of `width` x `height` points: the lifetime set,
    /// or where it is 0 (the default) [`SCALED_LIFETIME`] steps for every 256 cells of the
    /// longer side, and never fewer. A droplet moves about a cell a step, so a fixed lifetime
    /// crosses less of the land as the map grows: at 2049 x 2049, 30 steps are an eighth of
    /// what they are at 257 x 257, and droplets die on the slopes, dropping their load in pits
    /// rather than cutting valleys (docs/realism.md, "Erosion at 2049").
    ///
    /// Droplets in batches keep the thesis's 30 at any size: the droplets of a batch all read
    /// the map as the batch found it, so long-lived ones gathered in one hollow fill and dig it
    /// many times over in one batch, and the map can run away (at 2049 x 2049, after 15 million
    /// droplets of 240 steps in batches of 1024, heights swung to ±128 where they had spanned 0
    /// to 1). A lifetime set by hand is taken as it is, batches or not.
    pub fn lifetime_on(&self, width: usize, height: usize) -> u32 {
        if self.lifetime != 0 {
            return self.lifetime;
        }
        if self.batch != 0 {
            return SCALED_LIFETIME;
        }
        let cells = width.max(height).saturating_sub(1) as u64;
        let scaled = (u64::from(SCALED_LIFETIME) * cells + 128) / 256;
        scaled.clamp(u64::from(SCALED_LIFETIME), u64::from(u32::MAX)) as u32
    }

    /// Checks every constant against its range; the message names the limit.
    pub fn validate(&self) -> Result<(), ParamError> {
        // One droplet after another takes fewer than batches do.
        let droplets = match self.batch {
            0 => &crate::chapters::eroded::knobs::DROPLETS,
            _ => &crate::chapters::eroded::knobs::BATCHED_DROPLETS,
        };
        droplets.check_whole(u64::from(self.droplets))?;
        let whole = [
            (&crate::chapters::eroded::knobs::LIFETIME, self.lifetime),
            (&crate::chapters::eroded::knobs::RADIUS, self.radius),
        ];
        for (knob, value) in whole {
            knob.check_whole(u64::from(value))?;
        }
        if self.batch != 0 {
            crate::chapters::eroded::knobs::BATCH.check_whole(u64::from(self.batch))?;
        }
        let numbers = [
            (&crate::chapters::eroded::knobs::INERTIA, self.inertia),
            (&crate::chapters::eroded::knobs::CAPACITY, self.capacity),
            (
                &crate::chapters::eroded::knobs::MIN_CAPACITY,
                self.min_capacity,
            ),
            (&crate::chapters::eroded::knobs::EROSION, self.erosion),
            (&crate::chapters::eroded::knobs::DEPOSITION, self.deposition),
            (
                &crate::chapters::eroded::knobs::EVAPORATION,
                self.evaporation,
            ),
            (&crate::chapters::eroded::knobs::GRAVITY, self.gravity),
        ];
        numbers
            .into_iter()
            .try_for_each(|(knob, value)| knob.check_number(f64::from(value)))
    }
}

impl Default for ErosionParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The books of one run: every bit of material a droplet took from the ground, and where it went.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Ledger {
    /// Height taken from the ground, summed over every cell.
    pub eroded: f64,
    /// Height laid down again.
    pub deposited: f64,
    /// Height carried off the map's edge by droplets that ran off it.
    pub carried_off: f64,
    /// Height carried by a droplet still alive (only while a run is watched mid-path).
    pub carried: f64,
}

impl Ledger {
    /// Eroded minus everything accounted for: 0 up to float rounding when material is conserved.
    pub fn imbalance(&self) -> f64 {
        self.eroded - self.deposited - self.carried_off - self.carried
    }
}

/// What one droplet did, for drawing it: the points it passed (map coordinates, in order) and the
/// cells it eroded and filled.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trail {
    /// Positions, the start first.
    pub path: Vec<(f32, f32)>,
    /// Cells (row-major indices) it took material from.
    pub eroded: Vec<usize>,
    /// Cells it laid material on.
    pub filled: Vec<usize>,
}

/// Whether this build holds the droplet erosion (the `erosion` feature, on by default). The
/// page's first module leaves it out: its chapter's module brings it when the chapter is near.
pub const LINKED: bool = cfg!(feature = "erosion");

/// What the erosion says in a build without it.
pub(crate) fn not_linked() -> ParamError {
    ParamError::new(
        "droplets",
        "the erosion is not in this build (feature \"erosion\")",
    )
}

/// Erodes `map` with `params.droplets` droplets from `seed`, in place. The map keeps its scale
/// (it is not normalised again), so what was removed and laid down can be compared cell by cell.
/// With [`ErosionParams::batch`] set, the droplets fall in batches ([`batched::erode`]).
pub fn erode(map: &mut Heightmap, params: &ErosionParams, seed: u64) -> Result<Ledger, ParamError> {
    if params.batch != 0 {
        if !LINKED {
            return Err(not_linked());
        }
        return batched::erode(map, params, seed, params.batch);
    }
    erode_watched(map, params, seed, 0, |_, _| {})
}

/// [`erode`], handing `trail` the [`Trail`] of each of the first `traced` droplets as it dies.
/// Always one droplet after another: [`ErosionParams::batch`] is not read (a trail belongs to
/// the sequential erosion, whose stepper shows one droplet at a time).
pub fn erode_watched(
    map: &mut Heightmap,
    params: &ErosionParams,
    seed: u64,
    traced: u32,
    trail: impl FnMut(u32, Trail),
) -> Result<Ledger, ParamError> {
    if !LINKED {
        return Err(not_linked());
    }
    params.validate()?;
    check_map(map)?;
    Ok(droplets::run(
        map,
        params,
        seed,
        0..params.droplets,
        traced,
        trail,
    ))
}

/// How many droplets the stepper shows one at a time, path and all, before it doubles.
pub const ONE_AT_A_TIME: u32 = 8;

/// The same erosion as [`erode`], in steps that end after `ends[0]`, `ends[1]`, ... droplets
/// (rising counts; see [`crate::Schedule::droplets_in`]): after each, `step_done` gets
/// the step's number (1-based), the map so far, and for a step of one droplet its [`Trail`].
/// Always one droplet after another, like [`erode_watched`]: batched runs step by batch instead
/// ([`batched::run`]'s `batch_done`).
pub fn erode_in_steps(
    map: &mut Heightmap,
    params: &ErosionParams,
    seed: u64,
    ends: &[u32],
    mut step_done: impl FnMut(u32, &Heightmap, Option<Trail>),
) -> Result<Ledger, ParamError> {
    if !LINKED {
        return Err(not_linked());
    }
    params.validate()?;
    check_map(map)?;
    let mut ledger = Ledger::default();
    let mut from = 0;
    for (step, &end) in (1..).zip(ends) {
        let to = end.min(params.droplets).max(from);
        let mut last = None;
        let traced = if to == from + 1 { to } else { 0 };
        let part = droplets::run(map, params, seed, from..to, traced, |_, t| last = Some(t));
        ledger.eroded += part.eroded;
        ledger.deposited += part.deposited;
        ledger.carried_off += part.carried_off;
        step_done(step, map, last);
        from = to;
    }
    if from < params.droplets {
        let rest = droplets::run(map, params, seed, from..params.droplets, 0, |_, _| {});
        ledger.eroded += rest.eroded;
        ledger.deposited += rest.deposited;
        ledger.carried_off += rest.carried_off;
    }
    Ok(ledger)
}

/// Refuses a map too small for a droplet to take a step on.
pub(crate) fn check_map(map: &Heightmap) -> Result<(), ParamError> {
    if map.width() < 3 || map.height() < 3 {
        return Err(ParamError::new(
            "map",
            format!(
                "erosion needs a map of at least 3 x 3 points, got {} x {}",
                map.width(),
                map.height()
            ),
        ));
    }
    Ok(())
}

/// Where droplet `index` starts: uniform over the map's cells, keyed by the seed and the index.
pub(crate) fn start(points: crate::map::rng::PointRng, index: u32, map: &Heightmap) -> (f32, f32) {
    let i = 2 * index as usize;
    let x = points.uniform_at(i) * (map.width() - 1) as f32;
    let y = points.uniform_at(i + 1) * (map.height() - 1) as f32;
    (x, y)
}

#[cfg(test)]
mod tests;
