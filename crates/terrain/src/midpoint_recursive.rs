//! Midpoint displacement written recursively, as the second post does it.
//!
//! The recursion works on [`View`]s: a square window onto the map with its own origin and size
//! that shares the map's storage (nothing is copied). Each level sets the edge midpoints and the
//! center of its view, but only points that are still unset, because neighbouring views share
//! their edges; then it recurses into its four quadrants until a view is 3 x 3.
//!
//! "Unset" is NaN, not 0 as in the post, so a point that happens to get height 0 is not redone.

use crate::heightmap::Heightmap;
use crate::limits;
use crate::midpoint::MpdParams;
use crate::params::ParamError;
use crate::rng::TerrainRng;

/// The second post's defaults: exponent 5, spread 0.3, reduction 0.55.
pub const DEFAULT: MpdParams = MpdParams {
    reduction: 0.55,
    ..MpdParams::DEFAULT
};

/// A square window onto a heightmap: `(0, 0)` of the view is `(left, bottom)` of the map.
/// Writes through the view land in the map itself.
#[derive(Debug)]
pub struct View<'a> {
    map: &'a mut Heightmap,
    left: usize,
    bottom: usize,
    last: usize,
}

/// One of the four quarter views of a view, sharing its center point and half edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quadrant {
    /// Low x, low y.
    BottomLeft,
    /// High x, low y.
    BottomRight,
    /// Low x, high y.
    TopLeft,
    /// High x, high y.
    TopRight,
}

impl<'a> View<'a> {
    /// The view of a whole square map.
    pub fn whole(map: &'a mut Heightmap) -> Self {
        let last = map.last();
        Self {
            map,
            left: 0,
            bottom: 0,
            last,
        }
    }

    /// Index of the view's last row and column (its side is `last + 1` points).
    pub fn last(&self) -> usize {
        self.last
    }

    /// Height at `(x, y)` of the view.
    pub fn get(&self, x: usize, y: usize) -> f32 {
        self.map.get(self.left + x, self.bottom + y)
    }

    /// Sets `(x, y)` of the view.
    pub fn set(&mut self, x: usize, y: usize, value: f32) {
        self.map.set(self.left + x, self.bottom + y, value);
    }

    /// Sets `(x, y)` only if it is still unset (NaN); returns whether it wrote.
    pub fn set_if_unset(&mut self, x: usize, y: usize, value: f32) -> bool {
        let unset = self.get(x, y).is_nan();
        if unset {
            self.set(x, y, value);
        }
        unset
    }

    /// The quarter view in `quadrant`, borrowing this one.
    pub fn quadrant(&mut self, quadrant: Quadrant) -> View<'_> {
        let half = self.last / 2;
        let (dx, dy) = match quadrant {
            Quadrant::BottomLeft => (0, 0),
            Quadrant::BottomRight => (half, 0),
            Quadrant::TopLeft => (0, half),
            Quadrant::TopRight => (half, half),
        };
        View {
            map: self.map,
            left: self.left + dx,
            bottom: self.bottom + dy,
            last: half,
        }
    }
}

/// Sets the view's four corners to uniform(0, 1).
pub fn init_corners(view: &mut View<'_>, rng: &mut TerrainRng) {
    let last = view.last();
    for (x, y) in [(0, 0), (0, last), (last, 0), (last, last)] {
        let value = rng.uniform();
        view.set(x, y, value);
    }
}

/// Sets the view's still-unset edge midpoints (average of their two corners, jittered by up to
/// `spread`) and center (average of the four edge averages, jittered), then recurses into the
/// four quadrants with the spread multiplied by `reduction`, down to 3 x 3 views.
pub fn displace(view: &mut View<'_>, spread: f32, reduction: f32, rng: &mut TerrainRng) {
    let last = view.last();
    let c = last / 2;
    let bottom_left = view.get(0, 0);
    let bottom_right = view.get(last, 0);
    let top_left = view.get(0, last);
    let top_right = view.get(last, last);
    let bottom = (bottom_left + bottom_right) / 2.0;
    let top = (top_left + top_right) / 2.0;
    let left = (bottom_left + top_left) / 2.0;
    let right = (bottom_right + top_right) / 2.0;
    let center = (bottom + top + left + right) / 4.0;
    for (x, y, average) in [
        (c, 0, bottom),
        (c, last, top),
        (0, c, left),
        (last, c, right),
        (c, c, center),
    ] {
        let value = rng.jitter(average, spread);
        view.set_if_unset(x, y, value);
    }
    if last > 2 {
        let next = spread * reduction;
        for quadrant in [
            Quadrant::TopLeft,
            Quadrant::TopRight,
            Quadrant::BottomLeft,
            Quadrant::BottomRight,
        ] {
            displace(&mut view.quadrant(quadrant), next, reduction, rng);
        }
    }
}

/// Recursive midpoint displacement from `seed`, normalised to exactly 0..1.
pub fn generate(params: &MpdParams, seed: u64) -> Result<Heightmap, ParamError> {
    params.validate(limits::CLI_MAX_EXPONENT)?;
    let mut map = Heightmap::square(params.exponent);
    map.data_mut().fill(f32::NAN);
    let mut rng = TerrainRng::new(seed);
    let mut view = View::whole(&mut map);
    init_corners(&mut view, &mut rng);
    displace(&mut view, params.spread, params.reduction, &mut rng);
    map.normalize();
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_share_the_maps_storage() {
        let mut map = Heightmap::square(2);
        let mut whole = View::whole(&mut map);
        let mut top_right = whole.quadrant(Quadrant::TopRight);
        assert_eq!(top_right.last(), 2);
        top_right.set(1, 0, 7.0);
        assert_eq!(
            map.get(3, 2),
            7.0,
            "(1, 0) of the top-right quarter is (3, 2) of the map"
        );
    }

    #[test]
    fn set_if_unset_never_overwrites() {
        let mut map = Heightmap::square(1);
        map.data_mut().fill(f32::NAN);
        let mut view = View::whole(&mut map);
        assert!(view.set_if_unset(1, 1, 0.25));
        assert!(!view.set_if_unset(1, 1, 0.75));
        assert_eq!(view.get(1, 1), 0.25);
        view.set(0, 0, 0.0);
        assert!(!view.set_if_unset(0, 0, 0.5), "0 counts as set");
    }

    #[test]
    fn shared_edges_keep_their_first_value() {
        // Fill a map, then displace again: nothing may change because everything is set.
        let mut map = generate(&DEFAULT, 3).expect("valid");
        let before = map.clone();
        let mut rng = TerrainRng::new(99);
        displace(&mut View::whole(&mut map), 5.0, 0.5, &mut rng);
        assert_eq!(map, before);
    }

    #[test]
    fn every_point_is_set_and_output_spans_zero_to_one() {
        for exponent in 1..=7 {
            let p = MpdParams {
                exponent,
                ..DEFAULT
            };
            let map = generate(&p, u64::from(exponent)).expect("valid");
            assert!(
                map.data().iter().all(|v| v.is_finite()),
                "exponent {exponent}"
            );
            assert_eq!(map.range(), Some((0.0, 1.0)));
        }
    }

    #[test]
    fn defaults_are_the_second_posts() {
        assert_eq!((DEFAULT.spread, DEFAULT.reduction), (0.3, 0.55));
    }

    #[test]
    fn deterministic_with_golden_checksums() {
        let a = generate(&DEFAULT, 5).expect("valid");
        assert_eq!(a, generate(&DEFAULT, 5).expect("valid"));
        assert_ne!(a, generate(&DEFAULT, 6).expect("valid"));
        let p9 = MpdParams {
            exponent: 9,
            ..DEFAULT
        };
        let got = [a.checksum(), generate(&p9, 1).expect("valid").checksum()];
        assert_eq!(got, GOLDEN);
    }

    const GOLDEN: [u32; 2] = [3255373985, 240345472];
}
