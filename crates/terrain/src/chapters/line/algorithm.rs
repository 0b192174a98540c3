//! 1-D midpoint displacement: a side view of a mountain range, as the fourth source draws it.
//!
//! Start from two end points. Each iteration inserts, between every pair of neighbours, their
//! midpoint moved up or down by uniform(-d, d); then d is multiplied by 2^(-roughness). The new
//! list is built in order, so no sorting is needed. After N iterations there are 2^N + 1 points.
//! The result is a heightmap one row tall, so it normalises and exports like every other map.

use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use crate::map::rng::TerrainRng;

/// Most iterations: 2^20 + 1 points ([`crate::chapters::line::knobs::LINE_ITERATIONS`]).
pub const MAX_ITERATIONS: u32 = crate::chapters::line::knobs::LINE_ITERATIONS.whole_max() as u32;

/// Largest roughness accepted: at 8 the displacement shrinks 256-fold per iteration
/// ([`crate::chapters::line::knobs::ROUGHNESS`]).
pub const MAX_ROUGHNESS: f64 = crate::chapters::line::knobs::ROUGHNESS.number_max();

/// The knobs of 1-D midpoint displacement.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineParams {
    /// Number of subdivisions: the profile gets 2^iterations + 1 points.
    pub iterations: u32,
    /// How fast the displacement shrinks: each iteration multiplies it by 2^(-roughness).
    /// Low values give jagged peaks, high values smooth rolling hills.
    pub roughness: f32,
}

impl LineParams {
    /// 8 iterations (257 points), roughness 1 (the displacement halves each iteration).
    pub const DEFAULT: LineParams = LineParams {
        iterations: crate::chapters::line::knobs::LINE_ITERATIONS.whole_default() as u32,
        roughness: crate::chapters::line::knobs::ROUGHNESS.number_default() as f32,
    };

    /// Checks iterations (1 to [`MAX_ITERATIONS`]) and roughness (0 to [`MAX_ROUGHNESS`]).
    pub fn validate(&self) -> Result<(), ParamError> {
        crate::chapters::line::knobs::LINE_ITERATIONS.check_whole(u64::from(self.iterations))?;
        crate::chapters::line::knobs::ROUGHNESS.check_number(f64::from(self.roughness))
    }
}

impl Default for LineParams {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The two starting end points, each uniform(0, 1).
pub fn endpoints(rng: &mut TerrainRng) -> Vec<f32> {
    vec![rng.uniform(), rng.uniform()]
}

/// One iteration: a new list with, between every pair of neighbours, their midpoint moved by
/// uniform(-displacement, displacement). Existing points keep their values and order.
pub fn insert_midpoints(points: &[f32], displacement: f32, rng: &mut TerrainRng) -> Vec<f32> {
    let mut next = Vec::with_capacity(points.len() * 2 - 1);
    for pair in points.windows(2) {
        next.push(pair[0]);
        next.push(rng.jitter((pair[0] + pair[1]) / 2.0, displacement));
    }
    next.extend(points.last());
    next
}

/// The raw profile before normalisation. The first displacement is the average of the two end
/// heights, as in the source.
pub fn iterate(params: &LineParams, rng: &mut TerrainRng) -> Vec<f32> {
    let mut points = endpoints(rng);
    let mut displacement = (points[0] + points[1]) / 2.0;
    let shrink = 2f32.powf(-params.roughness);
    for _ in 0..params.iterations {
        points = insert_midpoints(&points, displacement, rng);
        displacement *= shrink;
    }
    points
}

/// A profile from `seed`: a heightmap 2^iterations + 1 wide and one row tall, normalised to 0..1.
pub fn generate(params: &LineParams, seed: u64) -> Result<Heightmap, ParamError> {
    params.validate()?;
    let points = iterate(params, &mut TerrainRng::new(seed));
    let mut map = Heightmap::new(points.len(), 1)?;
    map.data_mut().copy_from_slice(&points);
    map.normalize();
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_is_two_to_the_n_plus_one_and_end_points_stay() {
        for iterations in 1..=12 {
            let params = LineParams {
                iterations,
                ..LineParams::default()
            };
            let mut rng = TerrainRng::new(u64::from(iterations));
            let ends = endpoints(&mut rng.clone());
            let points = iterate(&params, &mut rng);
            assert_eq!(points.len(), (1 << iterations) + 1);
            assert_eq!((points[0], points[points.len() - 1]), (ends[0], ends[1]));
        }
    }

    #[test]
    fn insert_keeps_old_points_in_place_and_bounds_the_new() {
        let mut rng = TerrainRng::new(4);
        let old = vec![0.0, 1.0, 0.5];
        let new = insert_midpoints(&old, 0.1, &mut rng);
        assert_eq!(new.len(), 5);
        assert_eq!((new[0], new[2], new[4]), (0.0, 1.0, 0.5));
        assert!((new[1] - 0.5).abs() <= 0.1 && (new[3] - 0.75).abs() <= 0.1);
    }

    #[test]
    fn higher_roughness_is_smoother() {
        let wiggle = |roughness| {
            let map = generate(
                &LineParams {
                    iterations: 10,
                    roughness,
                },
                3,
            )
            .expect("valid");
            map.data()
                .windows(2)
                .map(|w| (w[1] - w[0]).abs())
                .sum::<f32>()
        };
        assert!(wiggle(2.0) < wiggle(0.5));
    }

    #[test]
    fn validation_and_determinism() {
        assert!(LineParams {
            iterations: 0,
            ..LineParams::default()
        }
        .validate()
        .is_err());
        assert!(LineParams {
            iterations: 21,
            ..LineParams::default()
        }
        .validate()
        .is_err());
        assert!(LineParams {
            roughness: -1.0,
            ..LineParams::default()
        }
        .validate()
        .is_err());
        assert!(LineParams {
            roughness: f32::NAN,
            ..LineParams::default()
        }
        .validate()
        .is_err());
        assert_eq!(
            crate::chapters::line::knobs::LINE_ITERATIONS.parse_u32("20"),
            Ok(20)
        );
        assert!(crate::chapters::line::knobs::LINE_ITERATIONS
            .parse_u32("21")
            .is_err());
        assert_eq!(
            crate::chapters::line::knobs::ROUGHNESS.parse_f32("1.5"),
            Ok(1.5)
        );
        assert!(crate::chapters::line::knobs::ROUGHNESS
            .parse_f32("9")
            .is_err());
        let a = generate(&LineParams::default(), 1).expect("valid");
        assert_eq!(a.range(), Some((0.0, 1.0)));
        assert_eq!(a, generate(&LineParams::default(), 1).expect("valid"));
        assert_ne!(a, generate(&LineParams::default(), 2).expect("valid"));
        assert_eq!(a.checksum(), GOLDEN);
    }

    const GOLDEN: u32 = 767333587;
}
