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

use crate::heightmap::Heightmap;
use crate::params::{self, ParamError};
use crate::rng::TerrainRng;

/// Most faults per map.
pub const MAX_ITERATIONS: u32 = 100_000;

/// Widest fuzzy band, in cells.
pub const MAX_FUZZINESS: f64 = 64.0;

/// Parses a fault count: a whole number from 1 to [`MAX_ITERATIONS`].
pub fn parse_iterations(text: &str) -> Result<u32, ParamError> {
    params::parse_count("iterations", text, MAX_ITERATIONS)
}

/// Parses a fuzziness: the width in cells of the ragged band, 0 (sharp) to [`MAX_FUZZINESS`].
pub fn parse_fuzziness(text: &str) -> Result<f32, ParamError> {
    params::parse_number("fuzziness", text, 0.0, MAX_FUZZINESS).map(|v| v as f32)
}

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
        width: 129,
        height: 129,
        iterations: 500,
        shapes: ShapeSet::LINES,
        fuzziness: 0.0,
    };

    /// Checks the knobs before any work: fault count, at least one shape, fuzziness range (the
    /// size is checked when the map is allocated).
    pub fn validate(&self) -> Result<(), ParamError> {
        params::check_count("iterations", self.iterations, MAX_ITERATIONS)?;
        check_shapes(self.shapes)?;
        params::check_number("fuzziness", f64::from(self.fuzziness), 0.0, MAX_FUZZINESS)
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

/// Runs the fault generator from `seed`, normalised to 0..1, row by row.
pub fn generate(params: &FaultParams, seed: u64) -> Result<Heightmap, ParamError> {
    let mut sums = FaultSums::new(params.width, params.height)?;
    let (noise_seed, cuts) = start(params, seed)?;
    let noise = ragged(params, noise_seed, true);
    let mut pending = Pending::default();
    for (divider, units, offset) in cuts {
        let fuzz = Fuzz {
            noise: &noise,
            offset,
        };
        pending.add(&mut sums, &divider, units, &fuzz);
    }
    pending.sweep(&mut sums, &noise);
    sums.into_heightmap()
}

/// The same map as [`generate`], made in steps that end after the faults `ends[0]`, `ends[1]`,
/// ... (counts of faults, rising; see [`crate::steps::Schedule::faults_in`], which doubles
/// them): after each, its number (1-based) and every cell's level so far (whole numbers,
/// row-major) go to `step_done`, so the map can be shown step by step. The levels after a step are
/// exactly those of a map of just its first faults (the same random stream, summed exactly).
pub fn generate_in_steps(
    params: &FaultParams,
    seed: u64,
    ends: &[u32],
    mut step_done: impl FnMut(u32, &[i32]),
) -> Result<Heightmap, ParamError> {
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
mod tests {
    use super::*;

    fn sharp(noise: &Ragged) -> Fuzz<'_> {
        Fuzz {
            noise,
            offset: [0, 0],
        }
    }

    /// One fault applied by the definition and by the row sweep: asserts they agree exactly and
    /// returns the levels.
    fn cut_both_ways(
        width: usize,
        height: usize,
        divider: &Divider,
        units: i32,
        fuzz: &Fuzz<'_>,
    ) -> Vec<i32> {
        let mut per_cell = vec![0; width * height];
        apply_per_cell(&mut per_cell, width, divider, units, fuzz);
        let mut sums = FaultSums::new(width, height).expect("map");
        let mut pending = Pending::default();
        pending.add(&mut sums, divider, units, fuzz);
        pending.sweep(&mut sums, fuzz.noise);
        assert_eq!(
            sums.into_levels(),
            per_cell,
            "{divider:?} fuzz {}",
            fuzz.fuzziness()
        );
        per_cell
    }

    #[test]
    fn one_straight_fault_splits_the_map_into_exactly_two_values() {
        let noise = Ragged::new(0.0, 1);
        let divider = Divider::Line {
            normal: [0.6, 0.8],
            offset: 9.0,
        };
        let levels = cut_both_ways(20, 10, &divider, 7, &sharp(&noise));
        let mut values = levels.clone();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values, vec![-7, 7]);
        // Boundary convention: distance exactly 0 is on the lowered side. (15, 0): 0.6 * 15 = 9.
        assert_eq!(levels[15], -7);
        assert_eq!(levels[0], 7);
        let map = heightmap_from_levels(20, 10, levels.clone()).expect("map");
        assert_eq!(map.range(), Some((0.0, 1.0)));
    }

    #[test]
    fn shapes_raise_their_inside() {
        let noise = Ragged::new(0.0, 1);
        let shapes = [
            Divider::Circle {
                center: [5.0, 5.0],
                radius: 2.5,
            },
            Divider::Rect {
                center: [5.0, 5.0],
                half: [2.0, 1.0],
            },
            Divider::Triangle {
                corners: [[2.0, 2.0], [8.0, 2.0], [5.0, 8.0]],
            },
        ];
        for divider in shapes {
            let levels = cut_both_ways(11, 11, &divider, 1, &sharp(&noise));
            assert_eq!(levels[5 * 11 + 5], 1, "{divider:?} center");
            assert_eq!(levels[10 * 11], -1, "{divider:?} far corner");
        }
    }

    #[test]
    fn signed_distances_are_distances() {
        let circle = Divider::Circle {
            center: [0.0, 0.0],
            radius: 2.0,
        };
        assert_eq!(circle.signed_distance(5.0, 0.0), 3.0);
        assert_eq!(circle.signed_distance(0.0, 0.0), -2.0);
        let rect = Divider::Rect {
            center: [0.0, 0.0],
            half: [1.0, 1.0],
        };
        assert_eq!(rect.signed_distance(4.0, 5.0), 5.0);
        assert_eq!(rect.signed_distance(0.5, 0.0), -0.5);
        let triangle = Divider::Triangle {
            corners: [[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]],
        };
        assert_eq!(triangle.signed_distance(1.0, -2.0), 2.0);
        assert_eq!(triangle.signed_distance(1.0, 1.0), -1.0);
    }

    #[test]
    fn fuzziness_only_changes_cells_near_the_boundary() {
        let noise = Ragged::new(0.0, 3);
        let ragged = Ragged::new(4.0, 3);
        let divider = Divider::Line {
            normal: [1.0, 0.0],
            offset: 16.5,
        };
        let sharp_map = cut_both_ways(33, 33, &divider, 1, &sharp(&noise));
        let fuzzy = Fuzz {
            noise: &ragged,
            offset: [3, 7],
        };
        let fuzzy_map = cut_both_ways(33, 33, &divider, 1, &fuzzy);
        let mut changed = 0;
        for y in 0..33 {
            for x in 0..33 {
                let distance = (x as f32 - 16.5).abs();
                if sharp_map[y * 33 + x] != fuzzy_map[y * 33 + x] {
                    assert!(distance < 4.0, "({x},{y}) is {distance} from the line");
                    changed += 1;
                }
            }
        }
        assert!(changed > 0, "some cells near the line flip");
    }

    #[test]
    fn per_row_sweep_equals_the_per_cell_definition() {
        // Whole maps: every shape mix, sharp and fuzzy, odd and non-square sizes, many seeds.
        let mixes: [&[ShapeKind]; 5] = [
            &[ShapeKind::Line],
            &[ShapeKind::Circle],
            &[ShapeKind::Rect],
            &[ShapeKind::Triangle],
            &ShapeKind::ALL,
        ];
        let mut compared = 0;
        for shapes in mixes {
            for (fuzziness, (width, height)) in [(0.0, (65, 65)), (2.5, (40, 23)), (7.0, (1, 30))] {
                for seed in 0..12 {
                    let params = FaultParams {
                        width,
                        height,
                        iterations: 60,
                        shapes: ShapeSet::of(shapes),
                        fuzziness,
                    };
                    let fast = generate(&params, seed).expect("valid");
                    let reference = generate_per_cell(&params, seed).expect("valid");
                    assert_eq!(fast, reference, "{shapes:?} F={fuzziness} seed {seed}");
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 5 * 3 * 12);
    }

    #[test]
    fn straight_sweep_equals_the_per_cell_definition_on_many_lines_and_sizes() {
        // Sharp lines only: the block sweep, its whole-row shortcut for rows the line passes
        // before, and its trust in crossings far from a cell, against every cell asking.
        for (width, height, iterations) in
            [(200, 200, 400), (100, 37, 300), (1, 50, 80), (50, 1, 80)]
        {
            for seed in 0..6 {
                let params = FaultParams {
                    width,
                    height,
                    iterations,
                    shapes: ShapeSet::LINES,
                    fuzziness: 0.0,
                };
                let fast = generate(&params, seed).expect("valid");
                let reference = generate_per_cell(&params, seed).expect("valid");
                assert_eq!(fast, reference, "{width} x {height} seed {seed}");
            }
        }
        // Lines whose crossings land on or a hair from cell centers, steep and flat ones.
        let noise = Ragged::new(0.0, 2);
        for (normal, offset) in [
            (
                [
                    std::f32::consts::FRAC_1_SQRT_2,
                    std::f32::consts::FRAC_1_SQRT_2,
                ],
                10.0,
            ),
            ([0.6, 0.8], 12.0),
            ([-0.6, 0.8], -3.0),
            ([1e-7, 1.0], 3.5),
            ([1.0, 1e-9], 3.0),
            ([-1.0, -1e-9], -3.0),
            ([0.8, -0.6], 40.0),
        ] {
            cut_both_ways(41, 77, &Divider::Line { normal, offset }, 5, &sharp(&noise));
        }
    }

    #[test]
    fn per_row_sweep_handles_awkward_dividers() {
        // Boundaries through cell centers, shapes hanging off the map, flat lines, thin shapes.
        let dividers = [
            Divider::Line {
                normal: [1.0, 0.0],
                offset: 4.0,
            },
            Divider::Line {
                normal: [-1.0, 0.0],
                offset: -4.0,
            },
            Divider::Line {
                normal: [0.0, 1.0],
                offset: 3.0,
            },
            Divider::Line {
                normal: [0.0, -1.0],
                offset: -3.0,
            },
            Divider::Line {
                normal: [0.6, -0.8],
                offset: 100.0,
            },
            Divider::Circle {
                center: [4.0, 4.0],
                radius: 3.0,
            },
            Divider::Circle {
                center: [-3.0, 12.0],
                radius: 5.0,
            },
            Divider::Circle {
                center: [5.0, 5.0],
                radius: 0.01,
            },
            Divider::Rect {
                center: [2.0, 3.0],
                half: [2.0, 1.0],
            },
            Divider::Rect {
                center: [20.0, -2.0],
                half: [8.0, 4.0],
            },
            Divider::Triangle {
                corners: [[0.0, 0.0], [8.0, 0.0], [0.0, 8.0]],
            },
            Divider::Triangle {
                corners: [[-5.0, 3.0], [15.0, 3.5], [4.0, 3.2]],
            },
            Divider::Triangle {
                corners: [[2.0, 2.0], [2.0, 2.0], [6.0, 9.0]],
            },
        ];
        for divider in &dividers {
            for fuzziness in [0.0, 0.5, 3.0, 40.0] {
                let noise = Ragged::new(fuzziness, 9);
                let fuzz = Fuzz {
                    noise: &noise,
                    offset: [25, 50],
                };
                cut_both_ways(13, 11, divider, 3, &fuzz);
                cut_both_ways(1, 1, divider, 3, &fuzz);
            }
        }
    }

    #[test]
    fn random_lines_cover_directions_evenly() {
        // Both vertical-ish and horizontal-ish lines appear about equally often.
        let mut rng = TerrainRng::new(5);
        let (mut steep, total) = (0, 4000);
        for _ in 0..total {
            if let Divider::Line { normal, .. } =
                Divider::random(ShapeKind::Line, 101, 101, &mut rng)
            {
                if normal[0].abs() > normal[1].abs() {
                    steep += 1;
                }
            }
        }
        let share = steep as f32 / total as f32;
        assert!((share - 0.5).abs() < 0.03, "{share}");
    }

    #[test]
    fn steps_are_prefixes_of_the_same_faults_and_end_at_the_same_map() {
        for (iterations, shapes, fuzziness) in [
            (500, ShapeSet::LINES, 0.0),
            (130, ShapeSet::ALL, 2.0),
            (7, ShapeSet::ALL, 0.0),
        ] {
            let params = FaultParams {
                width: 40,
                height: 31,
                iterations,
                shapes,
                fuzziness,
            };
            let schedule = crate::steps::Schedule::Faults(params);
            let ends: Vec<u32> = (1..=schedule.count())
                .map(|s| schedule.faults_in(s).1)
                .collect();
            let mut seen = Vec::new();
            let map = generate_in_steps(&params, 3, &ends, |batch, levels| {
                let faults = ends[batch as usize - 1];
                seen.push(batch);
                if faults == 0 {
                    assert!(levels.iter().all(|&l| l == 0), "batch {batch}: flat");
                    return;
                }
                let prefix = FaultParams {
                    iterations: faults,
                    ..params
                };
                let expected = generate_per_cell(&prefix, 3).expect("valid");
                let got = heightmap_from_levels(40, 31, levels.to_vec()).expect("map");
                assert_eq!(got, expected, "{iterations} faults, batch {batch}");
            })
            .expect("valid");
            assert_eq!(seen, (1..=schedule.count()).collect::<Vec<_>>());
            assert_eq!(
                map,
                generate(&params, 3).expect("valid"),
                "the same finished map"
            );
        }
    }

    #[test]
    fn outlines_are_the_faults_the_map_was_cut_with() {
        let params = FaultParams {
            width: 48,
            height: 40,
            iterations: 12,
            shapes: ShapeSet::ALL,
            fuzziness: 0.0,
        };
        let all = outlines(&params, 9, 0..12).expect("valid");
        assert_eq!(all.len(), 12);
        assert_eq!(outlines(&params, 9, 5..7).expect("valid"), all[5..7]);
        // Fault by fault, the levels rise on the raised side of its outline and fall on the other.
        let ends: Vec<u32> = (1..=12).collect();
        let mut levels = vec![vec![0; 48 * 40]];
        generate_in_steps(&params, 9, &ends, |_, now| levels.push(now.to_vec())).expect("valid");
        for (k, outline) in all.iter().enumerate() {
            assert_eq!(outline.band(), 0.0, "sharp");
            for y in 0..40 {
                for x in 0..48 {
                    let i = y * 48 + x;
                    let change = levels[k + 1][i] - levels[k][i];
                    let raised = outline.distance(x as f32, y as f32) < 0.0;
                    assert_eq!(change > 0, raised, "fault {k} at ({x}, {y}): {change}");
                }
            }
        }
        let fuzzy = FaultParams {
            fuzziness: 3.0,
            ..params
        };
        let kinds: Vec<ShapeKind> = outlines(&fuzzy, 9, 0..12)
            .expect("valid")
            .iter()
            .map(|o| {
                assert_eq!(o.band(), 3.0);
                o.kind()
            })
            .collect();
        assert_eq!(
            kinds,
            all.iter().map(Outline::kind).collect::<Vec<_>>(),
            "the same draws"
        );
    }

    #[test]
    fn counts_and_fuzziness_parse_within_their_limits() {
        assert_eq!(parse_iterations("100000"), Ok(100_000));
        assert!(parse_iterations("0").is_err());
        let err = parse_iterations("100001").expect_err("past the limit");
        assert_eq!(
            err.message,
            "iterations must be a whole number from 1 to 100000, got \"100001\""
        );
        assert!(parse_fuzziness("-1").is_err());
    }

    #[test]
    fn every_core_makes_the_same_map_as_one() {
        // Sharp and fuzzy, every shape, on maps whose rows are not a whole number of blocks.
        for (fuzziness, width, height) in [(0.0, 300, 203), (3.0, 257, 130), (8.0, 97, 333)] {
            let params = FaultParams {
                width,
                height,
                iterations: 400,
                shapes: ShapeSet::ALL,
                fuzziness,
            };
            let one = crate::testing::on_threads(1, || generate(&params, 5).expect("valid"));
            for threads in [2, 3, 5] {
                let many =
                    crate::testing::on_threads(threads, || generate(&params, 5).expect("valid"));
                assert!(
                    one == many,
                    "fuzziness {fuzziness}: {threads} threads differ"
                );
            }
        }
    }

    #[test]
    fn deterministic_with_golden_checksums() {
        let all = FaultParams {
            shapes: ShapeSet::ALL,
            fuzziness: 3.0,
            iterations: 200,
            ..FaultParams::default()
        };
        let a = generate(&FaultParams::default(), 1).expect("valid");
        assert_eq!(a, generate(&FaultParams::default(), 1).expect("valid"));
        assert_ne!(a, generate(&FaultParams::default(), 2).expect("valid"));
        assert_eq!(a.range(), Some((0.0, 1.0)));
        let got = [a.checksum(), generate(&all, 1).expect("valid").checksum()];
        assert_eq!(got, GOLDEN);
    }

    const GOLDEN: [u32; 2] = [129353702, 2545700299];

    #[test]
    fn invalid_params_are_refused() {
        let bad = |p: FaultParams| generate(&p, 0).is_err();
        assert!(bad(FaultParams {
            iterations: 0,
            ..FaultParams::default()
        }));
        assert!(bad(FaultParams {
            shapes: ShapeSet::EMPTY,
            ..FaultParams::default()
        }));
        assert!(bad(FaultParams {
            fuzziness: f32::NAN,
            ..FaultParams::default()
        }));
        assert!(bad(FaultParams {
            width: 0,
            ..FaultParams::default()
        }));
    }
}
