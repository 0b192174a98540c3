//! Midpoint displacement written recursively, as the second post does it.
//!
//! The recursion works on [`View`]s: a square window onto the map with its own origin and size
//! that shares the map's storage (nothing is copied). Each level sets the edge midpoints and the
//! center of its view, but only points that are still unset, because neighbouring views share
//! their edges; then it recurses into its four quadrants until a view is 3 x 3.
//!
//! "Unset" is NaN, not 0 as in the post, so a point that happens to get height 0 is not redone.

use crate::chapters::midpoint::algorithm::MpdParams;
use crate::knobs::limits;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use crate::map::rng::TerrainRng;

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
        let (dx, dy) = quadrant_offset(quadrant, half);
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
    displace_watched(view, spread, reduction, rng, &mut |_, _| {});
}

/// [`displace`], telling `watch` about every call as it returns from setting its own points
/// (before it recurses): the call, and for each of [`Call::points`] whether this call set it
/// (`false`: a neighbouring view had set it already, so the call skipped it). The map is the
/// same as [`displace`]'s; the stepper's schedule is tested against what this reports.
pub fn displace_watched(
    view: &mut View<'_>,
    spread: f32,
    reduction: f32,
    rng: &mut TerrainRng,
    watch: &mut impl FnMut(Call, [bool; 5]),
) {
    recurse(view, 0, spread, reduction, rng, watch);
}

fn recurse(
    view: &mut View<'_>,
    depth: u32,
    spread: f32,
    reduction: f32,
    rng: &mut TerrainRng,
    watch: &mut impl FnMut(Call, [bool; 5]),
) {
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
    let mut wrote = [false; 5];
    for (i, (x, y, average)) in [
        (c, 0, bottom),
        (c, last, top),
        (0, c, left),
        (last, c, right),
        (c, c, center),
    ]
    .into_iter()
    .enumerate()
    {
        let value = rng.jitter(average, spread);
        wrote[i] = view.set_if_unset(x, y, value);
    }
    let call = Call {
        depth,
        left: view.left,
        bottom: view.bottom,
        last,
    };
    watch(call, wrote);
    if last > 2 {
        let next = spread * reduction;
        for quadrant in QUADRANT_ORDER {
            recurse(
                &mut view.quadrant(quadrant),
                depth + 1,
                next,
                reduction,
                rng,
                watch,
            );
        }
    }
}

/// The order in which a call recurses into its quarters.
pub const QUADRANT_ORDER: [Quadrant; 4] = [
    Quadrant::TopLeft,
    Quadrant::TopRight,
    Quadrant::BottomLeft,
    Quadrant::BottomRight,
];

/// One call of the recursion: the view it works in and how deep it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Call {
    /// 0 for the first call (the whole map), 1 for its quarters, 2 for theirs, and so on.
    pub depth: u32,
    /// The view's left column in the map.
    pub left: usize,
    /// The view's bottom row in the map.
    pub bottom: usize,
    /// The view's last index: its side is `last + 1` points.
    pub last: usize,
}

impl Call {
    /// The five points the call sets if they are still unset, in map coordinates and in the order
    /// it tries them: the bottom, top, left and right edge midpoints, then the center.
    pub fn points(&self) -> [(usize, usize); 5] {
        let (l, b, n, c) = (self.left, self.bottom, self.last, self.last / 2);
        [
            (l + c, b),
            (l + c, b + n),
            (l, b + c),
            (l + n, b + c),
            (l + c, b + c),
        ]
    }
}

/// How many calls the recursion makes on a map of 2^`exponent` + 1 points a side: one per view
/// of every depth, 1 + 4 + 16 + ... + 4^(exponent - 1) = (4^exponent - 1) / 3.
pub fn call_count(exponent: u32) -> u64 {
    ((1u64 << (2 * exponent)) - 1) / 3
}

/// The call at `index` (0-based) in the order the recursion makes them: depth first, each call
/// before its quarters, quarters in [`QUADRANT_ORDER`]. `None` past the last call.
pub fn nth_call(exponent: u32, index: u64) -> Option<Call> {
    if index >= call_count(exponent) {
        return None;
    }
    let mut call = Call {
        depth: 0,
        left: 0,
        bottom: 0,
        last: 1 << exponent,
    };
    let mut rest = index;
    while rest > 0 {
        // Skip the call itself; the rest falls in one of four equal subtrees.
        rest -= 1;
        let subtree = call_count(exponent - call.depth - 1);
        let quadrant = QUADRANT_ORDER[(rest / subtree) as usize];
        rest %= subtree;
        let half = call.last / 2;
        let (dx, dy) = quadrant_offset(quadrant, half);
        call = Call {
            depth: call.depth + 1,
            left: call.left + dx,
            bottom: call.bottom + dy,
            last: half,
        };
    }
    Some(call)
}

/// Where a quarter of a view with half side `half` starts, from the view's origin.
fn quadrant_offset(quadrant: Quadrant, half: usize) -> (usize, usize) {
    match quadrant {
        Quadrant::BottomLeft => (0, 0),
        Quadrant::BottomRight => (half, 0),
        Quadrant::TopLeft => (0, half),
        Quadrant::TopRight => (half, half),
    }
}

/// The index in the recursion's order (see [`nth_call`]) of the call whose view has its origin
/// at `(left, bottom)` and `depth` levels below the whole map.
fn call_index(exponent: u32, depth: u32, left: usize, bottom: usize) -> u64 {
    let mut index = 0;
    for level in 1..=depth {
        let bit = exponent - level;
        let right = (left >> bit) & 1 == 1;
        let upper = (bottom >> bit) & 1 == 1;
        let quadrant = match (right, upper) {
            (false, true) => 0,
            (true, true) => 1,
            (false, false) => 2,
            (true, false) => 3,
        };
        index += 1 + quadrant * call_count(exponent - level);
    }
    index
}

/// The index of the call that sets point `(x, y)`: the first call, in the recursion's order,
/// among whose [`Call::points`] it is (a later call whose view shares that edge skips it).
/// `None` for the four corners, set before the recursion, and for points off the map.
pub fn setting_call(exponent: u32, x: usize, y: usize) -> Option<u64> {
    let side = 1usize << exponent;
    if x > side || y > side {
        return None;
    }
    let bits = |v: usize| {
        if v == 0 {
            exponent
        } else {
            v.trailing_zeros().min(exponent)
        }
    };
    let level = bits(x).min(bits(y));
    if level == exponent {
        return None;
    }
    // The point is a midpoint of views of side 2^(level + 1), at this depth.
    let depth = exponent - 1 - level;
    let (half, view) = (1usize << level, 1usize << (level + 1));
    let candidates: Vec<(usize, usize)> = match (bits(x) == level, bits(y) == level) {
        // A view's center.
        (true, true) => vec![(x - half, y - half)],
        // On a horizontal edge: the view above it and the one below.
        (true, false) => [y.checked_sub(view), (y < side).then_some(y)]
            .into_iter()
            .flatten()
            .map(|b| (x - half, b))
            .collect(),
        // On a vertical edge: the view to its right and the one to its left.
        _ => [x.checked_sub(view), (x < side).then_some(x)]
            .into_iter()
            .flatten()
            .map(|l| (l, y - half))
            .collect(),
    };
    candidates
        .into_iter()
        .map(|(l, b)| call_index(exponent, depth, l, b))
        .min()
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
mod tests;
