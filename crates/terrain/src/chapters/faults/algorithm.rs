//! Fault lines: a heightmap built from thousands of random cuts, after Paul Bourke's planet
//! algorithm moved to 2-D (the fifth source).
//!
//! Each iteration picks a random divider (a straight line, circle, rectangle or triangle) and
//! a height v = uniform(0, 1), adds +v on one side and -v on the other, and the sum is normalised.
//!
//! - **Unbiased lines**: a line is a direction uniform over the circle and a signed distance from
//!   the map's center uniform over the half-diagonal. Picking two end points on the map's sides
//!   (as the source first did) crowds lines along the sides and shows as a grid pattern.
//! - **Shapes may reach past the edges**: centers and corners are drawn from an area larger than the
//!   map; shapes kept fully inside pile up in the middle.
//! - **Boundary convention**: a cell is on the raised side when its signed distance to the
//!   boundary is negative (inside a shape, or the line's negative half-plane); distance 0 is outside.
//! - **Fuzziness F**: within F cells of the boundary, the side is decided by 2-D Perlin noise
//!   (from the `noise` crate) instead: raised when F x noise(x + ox, y + oy) > distance, where
//!   (ox, oy) is the fault's own whole-cell offset into the noise. Edges become ragged.

mod divider;
mod ragged;
mod shapes;
mod sweep;

pub(crate) use divider::Divider;
pub(crate) use ragged::{Fuzz, Ragged};
pub use shapes::{check_shapes, parse_shapes, ShapeKind, ShapeSet};
pub use sweep::HEIGHT_BITS;

use sweep::{
    apply_per_cell, heightmap_from_levels, ragged_bands, sharp_shapes, straight_cuts, FaultSums,
    RaggedCut, StraightCut,
};

use std::ops::Range;

use crate::knobs::{self, params::ParamError};
use crate::map::heightmap::Heightmap;
use crate::map::rng::TerrainRng;

/// Most faults per map ([`crate::chapters::faults::knobs::FAULT_ITERATIONS`]).
pub const MAX_ITERATIONS: u32 = crate::chapters::faults::knobs::FAULT_ITERATIONS.whole_max() as u32;

/// Widest fuzzy band, in cells ([`crate::chapters::faults::knobs::FUZZINESS`]).
pub const MAX_FUZZINESS: f64 = crate::chapters::faults::knobs::FUZZINESS.number_max();

/// The knobs of the fault-line generator.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FaultParams {
    /// Map width in points.
    pub width: usize,
    /// Map height in points.
    pub height: usize,
    /// Number of faults: more gives finer, more natural detail (and takes longer).
    pub iterations: u32,
    /// The divider kinds to pick from, each equally likely: lines give eroded ridges, circles
    /// round hills and craters, rectangles and triangles mesas with straight flanks.
    pub shapes: ShapeSet,
    /// Width in cells of the ragged band around each boundary; 0 gives sharp straight edges.
    pub fuzziness: f32,
}

impl FaultParams {
    /// 129 x 129, 500 straight faults, sharp edges: detailed enough to look like terrain and
    /// quick enough to show at once.
    pub const DEFAULT: FaultParams = FaultParams {
        width: knobs::WIDTH.whole_default() as usize,
        height: knobs::HEIGHT.whole_default() as usize,
        iterations: crate::chapters::faults::knobs::FAULT_ITERATIONS.whole_default() as u32,
        shapes: ShapeSet::LINES,
        fuzziness: crate::chapters::faults::knobs::FUZZINESS.number_default() as f32,
    };

    /// Checks the knobs before any work: fault count, at least one shape, fuzziness range (the
    /// size is checked when the map is allocated).
    pub fn validate(&self) -> Result<(), ParamError> {
        crate::chapters::faults::knobs::FAULT_ITERATIONS.check_whole(u64::from(self.iterations))?;
        check_shapes(self.shapes)?;
        crate::chapters::faults::knobs::FUZZINESS.check_number(f64::from(self.fuzziness))
    }
}

impl Default for FaultParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// One fault: its divider, its height in whole units of 2^-[`HEIGHT_BITS`], and where its
/// ragged edge samples the noise.
type Cut = (Divider, i32, [usize; 2]);

/// The random faults of one map, in order: each a divider, a height in whole units of
/// 2^-[`HEIGHT_BITS`] (uniform below 1) and where its ragged edge samples the noise.
struct Cuts<'a> {
    params: &'a FaultParams,
    rng: TerrainRng,
}

impl Cuts<'_> {
    fn next_cut(&mut self) -> Cut {
        let shapes = self.params.shapes;
        let pick = ((self.rng.uniform() * shapes.len() as f32) as usize).min(shapes.len() - 1);
        let kind = shapes.nth(pick).unwrap_or(ShapeKind::Line);
        let (width, height) = (self.params.width, self.params.height);
        let divider = Divider::random(kind, width, height, &mut self.rng);
        let units = self.rng.uniform_units(HEIGHT_BITS) as i32;
        let mut offset =
            || ((self.rng.uniform() * ragged::OFFSETS as f32) as usize).min(ragged::OFFSETS - 1);
        let offset = [offset(), offset()];
        (divider, units, offset)
    }
}

/// The noise of a map's fuzzy edges, evaluated cell by cell (the definition) or, when that is
/// less work, through a table of the whole field (the same numbers).
fn ragged(params: &FaultParams, noise_seed: u32, table: bool) -> Ragged {
    if table {
        Ragged::for_map(
            params.fuzziness,
            noise_seed,
            params.width,
            params.height,
            params.iterations,
        )
    } else {
        Ragged::new(params.fuzziness, noise_seed)
    }
}

/// Validates the knobs and seeds the generator: the seed of the noise field and the map's faults
/// in order.
fn start(
    params: &FaultParams,
    seed: u64,
) -> Result<(u32, impl Iterator<Item = Cut> + '_), ParamError> {
    params.validate()?;
    let mut rng = TerrainRng::new(seed);
    let noise_seed = rng.next_u64() as u32;
    let mut cuts = Cuts { params, rng };
    Ok((
        noise_seed,
        (0..params.iterations).map(move |_| cuts.next_cut()),
    ))
}

/// Faults waiting to be swept together, a block of rows at a time: sharp straight cuts, the
/// other shapes' sharp cuts and the ragged bands of fuzzy faults.
#[derive(Default)]
struct Pending {
    straight: Vec<StraightCut>,
    /// Circles, rectangles and triangles, each with its height in units.
    shapes: Vec<(Divider, i32)>,
    ragged: Vec<RaggedCut>,
}

impl Pending {
    /// Takes one fault: a line joins the straight cuts, any other divider the shapes, and a
    /// fuzzy fault's band the ragged ones.
    fn add(&mut self, sums: &mut FaultSums, divider: &Divider, units: i32, fuzz: &Fuzz<'_>) {
        let (width, height) = (sums.width(), sums.height());
        match StraightCut::new(divider, units, width, height) {
            Some(cut) => self.straight.push(cut),
            None => self.shapes.push((*divider, units)),
        }
        self.ragged
            .extend(RaggedCut::new(divider, units, fuzz, width, height));
    }

    /// Sweeps everything waiting into `sums`.
    fn sweep(&mut self, sums: &mut FaultSums, noise: &Ragged) {
        straight_cuts(sums, &self.straight);
        sharp_shapes(sums, &self.shapes);
        ragged_bands(sums, noise, &self.ragged);
        self.straight.clear();
        self.shapes.clear();
        self.ragged.clear();
    }
}

/// Whether this build holds the fault generator (the `faults` feature, on by default). The
/// page's first module leaves it out: its chapter's module brings it when the chapter is near.
pub const LINKED: bool = cfg!(feature = "faults");

/// What [`generate`] and [`generate_in_steps`] say in a build without the generator.
fn not_linked() -> ParamError {
    ParamError::new(
        "faults",
        "the fault generator is not in this build (feature \"faults\")",
    )
}

/// Runs the fault generator from `seed`, normalised to 0..1, row by row.
pub fn generate(params: &FaultParams, seed: u64) -> Result<Heightmap, ParamError> {
    if !LINKED {
        return Err(not_linked());
    }
    let mut sums = FaultSums::new(params.width, params.height)?;
    let (noise_seed, cuts) = start(params, seed)?;
    let noise = ragged(params, noise_seed, true);
    let mut pending = Pending::default();
    for (done, (divider, units, offset)) in (1..).zip(cuts) {
        let fuzz = Fuzz {
            noise: &noise,
            offset,
        };
        pending.add(&mut sums, &divider, units, &fuzz);
        crate::map::progress::report(done, u64::from(params.iterations));
    }
    pending.sweep(&mut sums, &noise);
    sums.into_heightmap()
}

/// The same map as [`generate`], made in steps that end after the faults `ends[0]`, `ends[1]`,
/// ... (counts of faults, rising; see [`crate::Schedule::faults_in`], which doubles
/// them): after each, its number (1-based) and every cell's level so far (whole numbers,
/// row-major) go to `step_done`, so the map can be shown step by step. The levels after a step are
/// exactly those of a map of just its first faults (the same random stream, summed exactly).
pub fn generate_in_steps(
    params: &FaultParams,
    seed: u64,
    ends: &[u32],
    mut step_done: impl FnMut(u32, &[i32]),
) -> Result<Heightmap, ParamError> {
    if !LINKED {
        return Err(not_linked());
    }
    let mut sums = FaultSums::new(params.width, params.height)?;
    let (noise_seed, cuts) = start(params, seed)?;
    let noise = ragged(params, noise_seed, true);
    let mut pending = Pending::default();
    let mut step = 0usize;
    let mut finish_steps = |sums: &mut FaultSums, pending: &mut Pending, done: u32| {
        while step < ends.len() && ends[step] <= done {
            pending.sweep(sums, &noise);
            step += 1;
            step_done(step as u32, &sums.clone().into_levels());
        }
    };
    finish_steps(&mut sums, &mut pending, 0);
    for (done, (divider, units, offset)) in (1..).zip(cuts) {
        let fuzz = Fuzz {
            noise: &noise,
            offset,
        };
        pending.add(&mut sums, &divider, units, &fuzz);
        finish_steps(&mut sums, &mut pending, done);
        crate::map::progress::report(u64::from(done), u64::from(params.iterations));
    }
    // Whatever no step asked for yet (nothing when the last step is every fault).
    pending.sweep(&mut sums, &noise);
    sums.into_heightmap()
}

/// Where one fault runs, for drawing it: the boundary of its divider and the band either side
/// where a fuzzy fault's ragged edge may fall.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outline {
    divider: Divider,
    band: f32,
}

impl Outline {
    /// Signed distance in cells from `(x, y)` (cells, `(0, 0)` the map's first point) to the
    /// boundary: negative on the raised side.
    pub fn distance(&self, x: f32, y: f32) -> f32 {
        self.divider.signed_distance(x, y)
    }

    /// How far either side of the boundary, in cells, the ragged edge of a fuzzy fault may fall
    /// (the fuzziness; 0 for a sharp fault).
    pub fn band(&self) -> f32 {
        self.band
    }

    /// The divider's shape.
    pub fn kind(&self) -> ShapeKind {
        match self.divider {
            Divider::Line { .. } => ShapeKind::Line,
            Divider::Circle { .. } => ShapeKind::Circle,
            Divider::Rect { .. } => ShapeKind::Rect,
            Divider::Triangle { .. } => ShapeKind::Triangle,
        }
    }
}

/// The outlines of the faults `faults` (0-based, in the order they are cut) of the map that
/// `params` and `seed` make: the same random draws as [`generate`], so they are the faults it cut.
pub fn outlines(
    params: &FaultParams,
    seed: u64,
    faults: Range<u32>,
) -> Result<Vec<Outline>, ParamError> {
    let (_, cuts) = start(params, seed)?;
    Ok(cuts
        .take(faults.end as usize)
        .skip(faults.start as usize)
        .map(|(divider, _, _)| Outline {
            divider,
            band: params.fuzziness,
        })
        .collect())
}

/// The same map as [`generate`], by the definition: every fault visits every cell
/// (`apply_per_cell`). Slow; it is the reference the tests and benchmarks compare against.
pub fn generate_per_cell(params: &FaultParams, seed: u64) -> Result<Heightmap, ParamError> {
    let mut levels = vec![0; Heightmap::cells(params.width, params.height)?];
    let (noise_seed, cuts) = start(params, seed)?;
    let noise = ragged(params, noise_seed, false);
    for (divider, units, offset) in cuts {
        let fuzz = Fuzz {
            noise: &noise,
            offset,
        };
        apply_per_cell(&mut levels, params.width, &divider, units, &fuzz);
    }
    heightmap_from_levels(params.width, params.height, levels)
}

#[cfg(test)]
mod tests;
