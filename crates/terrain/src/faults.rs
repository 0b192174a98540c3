//! Fault lines: a heightmap built from thousands of random cuts, after Paul Bourke's planet
//! algorithm moved to 2-D (the fifth source).
//!
//! Each iteration picks a random [`Divider`] (a straight line, circle, rectangle or triangle) and
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
//!   (from the `noise` crate) instead: raised when F x noise(x, y) > distance. Edges become ragged.

use noise::{NoiseFn, Perlin};

use crate::heightmap::Heightmap;
use crate::params::{self, ParamError};
use crate::rng::TerrainRng;

/// Most faults per map.
pub const MAX_ITERATIONS: u32 = 100_000;

/// Widest fuzzy band, in cells.
pub const MAX_FUZZINESS: f64 = 64.0;

/// Cells per Perlin noise period near fuzzy edges: larger gives broader wiggles.
const NOISE_SCALE: f64 = 9.0;

/// The kinds of divider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShapeKind {
    /// A straight line across the map.
    Line,
    /// A circle.
    Circle,
    /// An axis-aligned rectangle.
    Rect,
    /// A triangle.
    Triangle,
}

impl ShapeKind {
    /// Every kind, in the order the page and the command line list them.
    pub const ALL: [ShapeKind; 4] = [
        ShapeKind::Line,
        ShapeKind::Circle,
        ShapeKind::Rect,
        ShapeKind::Triangle,
    ];

    /// The name used on the page and the command line.
    pub fn name(self) -> &'static str {
        match self {
            ShapeKind::Line => "line",
            ShapeKind::Circle => "circle",
            ShapeKind::Rect => "rect",
            ShapeKind::Triangle => "triangle",
        }
    }
}

/// Parses a comma-separated list of shape names (`line,circle`); at least one, no repeats needed.
pub fn parse_shapes(text: &str) -> Result<Vec<ShapeKind>, ParamError> {
    let allowed = "line, circle, rect, triangle";
    let mut shapes = Vec::new();
    for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let kind = ShapeKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                ParamError::new(
                    "shapes",
                    format!("shapes must be chosen from {allowed}, got \"{name}\""),
                )
            })?;
        if !shapes.contains(&kind) {
            shapes.push(kind);
        }
    }
    if shapes.is_empty() {
        return Err(ParamError::new(
            "shapes",
            format!("shapes must name at least one of {allowed}"),
        ));
    }
    Ok(shapes)
}

/// Parses a fault count: 1 to `max` (the page may allow fewer than [`MAX_ITERATIONS`]).
pub fn parse_iterations(text: &str, max: u32) -> Result<u32, ParamError> {
    let value = params::parse_whole("iterations", text, 1, u64::from(max.min(MAX_ITERATIONS)))?;
    u32::try_from(value).map_err(|_| ParamError::new("iterations", "iterations is out of range"))
}

/// Parses a fuzziness: the width in cells of the ragged band, 0 (sharp) to [`MAX_FUZZINESS`].
pub fn parse_fuzziness(text: &str) -> Result<f32, ParamError> {
    params::parse_number("fuzziness", text, 0.0, MAX_FUZZINESS).map(|v| v as f32)
}

/// One random cut of the map. Coordinates are in cells, `(0, 0)` the first point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Divider {
    /// The line of points p with `normal . p = offset` (`normal` of unit length).
    Line {
        /// Unit normal of the line.
        normal: [f32; 2],
        /// Signed distance of the line from the origin along the normal.
        offset: f32,
    },
    /// A circle.
    Circle {
        /// Center.
        center: [f32; 2],
        /// Radius.
        radius: f32,
    },
    /// An axis-aligned rectangle.
    Rect {
        /// Center.
        center: [f32; 2],
        /// Half the width and half the height.
        half: [f32; 2],
    },
    /// A triangle.
    Triangle {
        /// Its three corners.
        corners: [[f32; 2]; 3],
    },
}

fn length(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt()
}

/// Distance from p to the segment a-b.
fn segment_distance(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
    let (abx, aby) = (b[0] - a[0], b[1] - a[1]);
    let (apx, apy) = (p[0] - a[0], p[1] - a[1]);
    let len2 = abx * abx + aby * aby;
    let t = if len2 > 0.0 {
        ((apx * abx + apy * aby) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    length(apx - t * abx, apy - t * aby)
}

impl Divider {
    /// Signed distance in cells from `(x, y)` to the boundary: negative on the raised side
    /// (inside a shape, or below the line), positive on the other.
    pub fn signed_distance(&self, x: f32, y: f32) -> f32 {
        match *self {
            Divider::Line { normal, offset } => normal[0] * x + normal[1] * y - offset,
            Divider::Circle { center, radius } => length(x - center[0], y - center[1]) - radius,
            Divider::Rect { center, half } => {
                let qx = (x - center[0]).abs() - half[0];
                let qy = (y - center[1]).abs() - half[1];
                length(qx.max(0.0), qy.max(0.0)) + qx.max(qy).min(0.0)
            }
            Divider::Triangle { corners: [a, b, c] } => {
                let p = [x, y];
                let edge = segment_distance(p, a, b)
                    .min(segment_distance(p, b, c))
                    .min(segment_distance(p, c, a));
                let cross = |u: [f32; 2], v: [f32; 2]| {
                    (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0])
                };
                let (d1, d2, d3) = (cross(a, b), cross(b, c), cross(c, a));
                let inside =
                    (d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0) || (d1 <= 0.0 && d2 <= 0.0 && d3 <= 0.0);
                if inside {
                    -edge
                } else {
                    edge
                }
            }
        }
    }

    /// A random divider of `kind` for a `width` x `height` map (see the module notes on bias).
    pub fn random(kind: ShapeKind, width: usize, height: usize, rng: &mut TerrainRng) -> Self {
        let (w, h) = ((width - 1) as f32, (height - 1) as f32);
        let size = w.max(h).max(1.0);
        // Anywhere on the map or up to a quarter of its size beyond each edge.
        let around = |rng: &mut TerrainRng| {
            [
                rng.uniform_between(-0.25 * w, 1.25 * w),
                rng.uniform_between(-0.25 * h, 1.25 * h),
            ]
        };
        match kind {
            ShapeKind::Line => {
                let angle = rng.uniform() * std::f32::consts::TAU;
                let normal = [angle.cos(), angle.sin()];
                let reach = 0.5 * length(w, h);
                let distance = rng.uniform_between(-reach, reach);
                let offset = normal[0] * 0.5 * w + normal[1] * 0.5 * h + distance;
                Divider::Line { normal, offset }
            }
            ShapeKind::Circle => Divider::Circle {
                center: around(rng),
                radius: rng.uniform_between(0.05, 0.6) * size,
            },
            ShapeKind::Rect => Divider::Rect {
                center: around(rng),
                half: [
                    rng.uniform_between(0.05, 0.5) * size,
                    rng.uniform_between(0.05, 0.5) * size,
                ],
            },
            ShapeKind::Triangle => Divider::Triangle {
                corners: [around(rng), around(rng), around(rng)],
            },
        }
    }
}

/// Ragged edges: Perlin noise plus this divider's own offset into it.
#[derive(Debug, Clone)]
pub struct Fuzz<'a> {
    /// Width of the ragged band in cells; 0 is a sharp edge.
    pub fuzziness: f32,
    /// The noise field.
    pub noise: &'a Perlin,
    /// Where this divider samples the noise field, so dividers do not share one pattern.
    pub offset: [f64; 2],
}

impl Fuzz<'_> {
    /// Whether the cell at `(x, y)`, `distance` from the boundary, is on the raised side.
    pub fn raised(&self, x: f32, y: f32, distance: f32) -> bool {
        if self.fuzziness > 0.0 && distance.abs() < self.fuzziness {
            let sample = [
                f64::from(x) / NOISE_SCALE + self.offset[0],
                f64::from(y) / NOISE_SCALE + self.offset[1],
            ];
            (f64::from(self.fuzziness) * self.noise.get(sample)) as f32 > distance
        } else {
            distance < 0.0
        }
    }
}

/// Adds `+value` to every cell on the divider's raised side and `-value` to every other cell.
pub fn apply(map: &mut Heightmap, divider: &Divider, value: f32, fuzz: &Fuzz<'_>) {
    let width = map.width();
    for (i, cell) in map.data_mut().iter_mut().enumerate() {
        let (x, y) = ((i % width) as f32, (i / width) as f32);
        let distance = divider.signed_distance(x, y);
        *cell += if fuzz.raised(x, y, distance) {
            value
        } else {
            -value
        };
    }
}

/// The knobs of the fault-line generator.
#[derive(Debug, Clone, PartialEq)]
pub struct FaultParams {
    /// Map width in points.
    pub width: usize,
    /// Map height in points.
    pub height: usize,
    /// Number of faults: more gives finer, more natural detail (and takes longer).
    pub iterations: u32,
    /// The divider kinds to pick from, each equally likely.
    pub shapes: Vec<ShapeKind>,
    /// Width in cells of the ragged band around each boundary; 0 gives sharp straight edges.
    pub fuzziness: f32,
}

impl Default for FaultParams {
    /// 129 x 129, 500 straight faults, sharp edges: detailed enough to look like terrain and
    /// quick enough to show at once.
    fn default() -> Self {
        Self {
            width: 129,
            height: 129,
            iterations: 500,
            shapes: vec![ShapeKind::Line],
            fuzziness: 0.0,
        }
    }
}

/// Runs the fault generator from `seed`, normalised to 0..1.
pub fn generate(params: &FaultParams, seed: u64) -> Result<Heightmap, ParamError> {
    if !(1..=MAX_ITERATIONS).contains(&params.iterations) {
        return Err(ParamError::new(
            "iterations",
            format!(
                "iterations must be a whole number from 1 to {MAX_ITERATIONS}, got {}",
                params.iterations
            ),
        ));
    }
    if params.shapes.is_empty() {
        return Err(ParamError::new(
            "shapes",
            "shapes must name at least one of line, circle, rect, triangle",
        ));
    }
    params::check_number("fuzziness", f64::from(params.fuzziness), 0.0, MAX_FUZZINESS)?;
    let mut map = Heightmap::new(params.width, params.height)?;
    let mut rng = TerrainRng::new(seed);
    let noise = Perlin::new(rng.next_u64() as u32);
    for _ in 0..params.iterations {
        let pick =
            ((rng.uniform() * params.shapes.len() as f32) as usize).min(params.shapes.len() - 1);
        let divider = Divider::random(params.shapes[pick], params.width, params.height, &mut rng);
        let value = rng.uniform();
        let offset = [
            f64::from(rng.uniform()) * 1000.0,
            f64::from(rng.uniform()) * 1000.0,
        ];
        let fuzz = Fuzz {
            fuzziness: params.fuzziness,
            noise: &noise,
            offset,
        };
        apply(&mut map, &divider, value, &fuzz);
    }
    map.normalize();
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sharp(noise: &Perlin) -> Fuzz<'_> {
        Fuzz {
            fuzziness: 0.0,
            noise,
            offset: [0.0, 0.0],
        }
    }

    #[test]
    fn one_straight_fault_splits_the_map_into_exactly_two_values() {
        let noise = Perlin::new(1);
        let mut map = Heightmap::new(20, 10).expect("small map");
        let divider = Divider::Line {
            normal: [0.6, 0.8],
            offset: 9.0,
        };
        apply(&mut map, &divider, 0.25, &sharp(&noise));
        let mut values: Vec<f32> = map.data().to_vec();
        values.sort_by(f32::total_cmp);
        values.dedup();
        assert_eq!(values, vec![-0.25, 0.25]);
        // Boundary convention: distance exactly 0 is on the lowered side. (15, 0): 0.6 * 15 = 9.
        assert_eq!(map.get(15, 0), -0.25);
        assert_eq!(map.get(0, 0), 0.25);
        map.normalize();
        assert_eq!(map.range(), Some((0.0, 1.0)));
    }

    #[test]
    fn shapes_raise_their_inside() {
        let noise = Perlin::new(1);
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
            let mut map = Heightmap::new(11, 11).expect("small map");
            apply(&mut map, &divider, 1.0, &sharp(&noise));
            assert_eq!(map.get(5, 5), 1.0, "{divider:?} center");
            assert_eq!(map.get(0, 10), -1.0, "{divider:?} far corner");
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
        let noise = Perlin::new(3);
        let divider = Divider::Line {
            normal: [1.0, 0.0],
            offset: 16.5,
        };
        let mut sharp_map = Heightmap::new(33, 33).expect("map");
        let mut fuzzy_map = sharp_map.clone();
        apply(&mut sharp_map, &divider, 1.0, &sharp(&noise));
        apply(
            &mut fuzzy_map,
            &divider,
            1.0,
            &Fuzz {
                fuzziness: 4.0,
                noise: &noise,
                offset: [0.3, 0.7],
            },
        );
        let mut changed = 0;
        for y in 0..33 {
            for x in 0..33 {
                let distance = (x as f32 - 16.5).abs();
                if sharp_map.get(x, y) != fuzzy_map.get(x, y) {
                    assert!(distance < 4.0, "({x},{y}) is {distance} from the line");
                    changed += 1;
                }
            }
        }
        assert!(changed > 0, "some cells near the line flip");
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
    fn shapes_parse_from_a_list() {
        assert_eq!(
            parse_shapes("line, Circle,line").expect("valid"),
            vec![ShapeKind::Line, ShapeKind::Circle]
        );
        assert!(parse_shapes("").is_err());
        assert!(parse_shapes("hexagon").is_err());
        assert_eq!(parse_iterations("100000", MAX_ITERATIONS), Ok(100_000));
        assert!(parse_iterations("0", MAX_ITERATIONS).is_err());
        assert!(parse_iterations("5001", 5000).is_err());
        assert!(parse_fuzziness("-1").is_err());
    }

    #[test]
    fn deterministic_with_golden_checksums() {
        let all = FaultParams {
            shapes: ShapeKind::ALL.to_vec(),
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

    const GOLDEN: [u32; 2] = [2659787003, 2134247476];

    #[test]
    fn invalid_params_are_refused() {
        let bad = |p: FaultParams| generate(&p, 0).is_err();
        assert!(bad(FaultParams {
            iterations: 0,
            ..FaultParams::default()
        }));
        assert!(bad(FaultParams {
            shapes: vec![],
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
