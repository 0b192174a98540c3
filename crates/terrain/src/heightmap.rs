//! The heightmap: a grid of heights stored as one flat, row-major list of `f32`.

use crate::cells::Cells;
use crate::limits;
use crate::params::ParamError;

/// A `width` x `height` grid of heights, stored row by row in one contiguous slice (natively, a
/// map of 32 MiB and more on huge pages: see `cells.rs`).
///
/// Point `(x, y)` lives at index `y * width + x`. The subdivision algorithms use square maps
/// with 2^n + 1 points per side ([`Heightmap::square`]); noise and faults take any size.
#[derive(Debug, Clone)]
pub struct Heightmap {
    width: usize,
    height: usize,
    data: Cells,
    /// The lowest and highest heights before the map was stretched to 0..1, if it was.
    raw_range: Option<(f32, f32)>,
}

impl Heightmap {
    /// A flat map (every height 0) of `width` x `height` points.
    ///
    /// Fails with a readable error when either side is 0 or the map would exceed
    /// [`limits::MAX_CELLS`], before allocating anything.
    pub fn new(width: usize, height: usize) -> Result<Self, ParamError> {
        let cells = Self::cells(width, height)?;
        Ok(Self {
            width,
            height,
            data: Cells::zeroed(cells),
            raw_range: None,
        })
    }

    /// A map holding `data`, row by row. Fails like [`Heightmap::new`] on a bad size, and when
    /// `data` does not hold exactly `width` x `height` heights.
    pub fn from_data(width: usize, height: usize, data: Vec<f32>) -> Result<Self, ParamError> {
        let cells = Self::cells(width, height)?;
        if data.len() != cells {
            return Err(ParamError::new(
                "size",
                format!(
                    "{width} x {height} needs {cells} heights, got {}",
                    data.len()
                ),
            ));
        }
        Ok(Self {
            width,
            height,
            data: Cells::Heap(data),
            raw_range: None,
        })
    }

    /// The number of points of a `width` x `height` map, or the error [`Heightmap::new`] gives
    /// when either side is 0 or the map would exceed [`limits::MAX_CELLS`]. For callers that
    /// size their own buffers by the same rule.
    pub fn cells(width: usize, height: usize) -> Result<usize, ParamError> {
        match width.checked_mul(height) {
            Some(cells) if width > 0 && height > 0 && cells <= limits::MAX_CELLS => Ok(cells),
            _ => Err(ParamError::new(
                "size",
                format!(
                    "a map must have at least 1 and at most {} points, got {width} x {height}",
                    limits::MAX_CELLS
                ),
            )),
        }
    }

    /// A flat square map with 2^`exponent` + 1 points per side, for the subdivision algorithms.
    ///
    /// The exponent must already be validated (see [`crate::params::check_exponent`]); this
    /// panics only for exponents past [`limits::CLI_MAX_EXPONENT`], which no caller passes.
    pub fn square(exponent: u32) -> Self {
        assert!(
            exponent <= limits::CLI_MAX_EXPONENT,
            "exponent {exponent} must be validated before allocating"
        );
        let side = limits::side_for_exponent(exponent);
        Self {
            width: side,
            height: side,
            data: Cells::zeroed(side * side),
            raw_range: None,
        }
    }

    /// Number of points per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Index of the last column (`width - 1`); for square maps also the last row.
    pub fn last(&self) -> usize {
        self.width - 1
    }

    /// The heights, row-major.
    pub fn data(&self) -> &[f32] {
        &self.data
    }

    /// The heights, row-major, for algorithms that sweep the whole map.
    pub fn data_mut(&mut self) -> &mut [f32] {
        &mut self.data
    }

    /// Height at `(x, y)`. Panics when the point is outside the map; use [`Heightmap::get_checked`]
    /// where a point may fall outside.
    pub fn get(&self, x: usize, y: usize) -> f32 {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside the map"
        );
        self.data[y * self.width + x]
    }

    /// Height at `(x, y)`, or `None` when the point is outside the map. Signed coordinates so that
    /// neighbours of edge points (`x - r` with `x < r`) can be asked for directly.
    pub fn get_checked(&self, x: isize, y: isize) -> Option<f32> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        (x < self.width && y < self.height).then(|| self.data[y * self.width + x])
    }

    /// Sets the height at `(x, y)`. Panics when the point is outside the map.
    pub fn set(&mut self, x: usize, y: usize, value: f32) {
        assert!(
            x < self.width && y < self.height,
            "({x}, {y}) is outside the map"
        );
        self.data[y * self.width + x] = value;
    }

    /// Lowest and highest height, or `None` for a map holding NaN.
    pub fn range(&self) -> Option<(f32, f32)> {
        let mut range = HeightRange::new();
        range.add(&self.data);
        range.get()
    }

    /// Stretches or squeezes the heights so the lowest becomes exactly 0 and the highest exactly 1.
    ///
    /// A perfectly flat map has no range to stretch; it becomes all 0 rather than NaN.
    pub fn normalize(&mut self) {
        self.normalize_within(self.range());
    }

    /// [`Heightmap::normalize`] given the map's own [`Heightmap::range`], for generators that
    /// gather it while they set the last heights (saving a pass over the map).
    pub(crate) fn normalize_within(&mut self, range: Option<(f32, f32)>) {
        debug_assert_eq!(range, self.range(), "the range handed in is the map's own");
        self.raw_range = range;
        let stretch = Stretch::to_unit(range);
        // Each height on its own: slices on every core give the same heights.
        crate::cores::for_each_chunk(
            &mut self.data,
            1 << 16,
            || (),
            |_, _, heights| stretch.apply(heights),
        );
    }

    /// The lowest and highest heights the generator made before stretching them to 0..1 (in
    /// its own units: the spreads' for midpoint displacement, whole fault heights for faults);
    /// `None` for a map that was never normalised.
    pub fn range_before_normalising(&self) -> Option<(f32, f32)> {
        self.raw_range
    }

    /// Records the range the map had before it was stretched (for generators that stretch in
    /// their own way).
    pub(crate) fn set_range_before_normalising(&mut self, range: Option<(f32, f32)>) {
        self.raw_range = range;
    }

    /// CRC-32 of the width, height and every height's bits: a compact fingerprint for golden tests.
    pub fn checksum(&self) -> u32 {
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&(self.width as u64).to_le_bytes());
        hasher.update(&(self.height as u64).to_le_bytes());
        for v in self.data.iter() {
            hasher.update(&v.to_bits().to_le_bytes());
        }
        hasher.finalize()
    }
}

impl PartialEq for Heightmap {
    /// Two maps are equal when their sizes and heights are (bit for bit, NaN aside); how they
    /// were normalised does not count.
    fn eq(&self, other: &Self) -> bool {
        self.width == other.width && self.height == other.height && *self.data == *other.data
    }
}

/// How [`Heightmap::normalize`] moves each height, worked out once from the map's range and then
/// applied to any slice of it (each height on its own, so slices can be done in any order, on
/// any core, with the same result).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Stretch {
    /// No range (NaN) or a flat map: every height becomes 0.
    Flatten,
    /// A span too small to invert (subnormal): `(v - lo) / span`.
    Divide { lo: f32, span: f32 },
    /// `(v - lo) * scale`, clamped to 1.
    Scale { lo: f32, scale: f32 },
}

impl Stretch {
    /// What takes heights within `range` to exactly 0..1.
    fn to_unit(range: Option<(f32, f32)>) -> Self {
        let Some((lo, hi)) = range else {
            return Self::Flatten;
        };
        let span = hi - lo;
        if !(span > 0.0 && span.is_finite()) {
            return Self::Flatten;
        }
        // Multiplying is several times cheaper than dividing. The scale is rounded up where
        // needed so the highest point reaches 1, and clamped so nothing passes it.
        let mut scale = 1.0 / span;
        if !scale.is_finite() {
            return Self::Divide { lo, span };
        }
        if span * scale < 1.0 {
            scale = f32::from_bits(scale.to_bits() + 1);
        }
        Self::Scale { lo, scale }
    }

    /// Moves every height of `heights`.
    fn apply(self, heights: &mut [f32]) {
        match self {
            Self::Flatten => heights.fill(0.0),
            Self::Divide { lo, span } => heights.iter_mut().for_each(|v| *v = (*v - lo) / span),
            Self::Scale { lo, scale } => {
                for v in heights.iter_mut() {
                    // A comparison, not `f32::min`: wasm has no instruction with `min`'s NaN
                    // rule and would call a library function per height.
                    let stretched = (*v - lo) * scale;
                    *v = if stretched > 1.0 { 1.0 } else { stretched };
                }
            }
        }
    }
}

/// The lowest and highest of the heights seen so far, gathered slice by slice: a row can be added
/// while it is still in the cache, right after a generator sets it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HeightRange {
    lo: [f32; LANES],
    hi: [f32; LANES],
    /// Nonzero in a lane that has seen NaN.
    nan: [u32; LANES],
    /// Fold of the heights that did not fill a whole chunk of lanes.
    rest: (f32, f32, bool),
}

/// Sixteen running minima and maxima side by side: the compiler keeps them in vector registers.
const LANES: usize = 16;

impl HeightRange {
    /// Nothing seen yet.
    pub(crate) fn new() -> Self {
        Self {
            lo: [f32::INFINITY; LANES],
            hi: [f32::NEG_INFINITY; LANES],
            nan: [0; LANES],
            rest: (f32::INFINITY, f32::NEG_INFINITY, false),
        }
    }

    /// Takes `heights` into account.
    pub(crate) fn add(&mut self, heights: &[f32]) {
        let (chunks, tail) = heights.as_chunks::<LANES>();
        for chunk in chunks {
            let lanes = self.lo.iter_mut().zip(&mut self.hi).zip(&mut self.nan);
            for (&v, ((lo, hi), nan)) in chunk.iter().zip(lanes) {
                // Comparisons rather than `f32::min`: they vectorise, and wasm would call a
                // library function per height for `min`'s NaN rule. NaN fails both tests and is
                // counted apart.
                *lo = if v < *lo { v } else { *lo };
                *hi = if v > *hi { v } else { *hi };
                *nan |= u32::from(v.is_nan());
            }
        }
        for &v in tail {
            let (lo, hi, nan) = &mut self.rest;
            *lo = lo.min(v);
            *hi = hi.max(v);
            if v.is_nan() {
                *nan = true;
            }
        }
    }

    /// Takes into account everything `other` has seen (gathered on another core).
    #[cfg(not(target_arch = "wasm32"))]
    pub(crate) fn merge(&mut self, other: &Self) {
        for i in 0..LANES {
            self.lo[i] = self.lo[i].min(other.lo[i]);
            self.hi[i] = self.hi[i].max(other.hi[i]);
            self.nan[i] |= other.nan[i];
        }
        let (lo, hi, nan) = &mut self.rest;
        *lo = lo.min(other.rest.0);
        *hi = hi.max(other.rest.1);
        *nan = *nan || other.rest.2;
    }

    /// `(lowest, highest)` of everything added, or `None` if any of it was NaN or nothing was
    /// added.
    pub(crate) fn get(&self) -> Option<(f32, f32)> {
        let (rest_lo, rest_hi, rest_nan) = self.rest;
        if rest_nan || self.nan.iter().any(|&n| n != 0) {
            return None;
        }
        let lo = self.lo.iter().copied().fold(rest_lo, f32::min);
        let hi = self.hi.iter().copied().fold(rest_hi, f32::max);
        (lo <= hi).then_some((lo, hi))
    }
}

impl Default for HeightRange {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_has_two_to_the_n_plus_one_points_per_side() {
        for (exponent, side) in [(1, 3), (2, 5), (3, 9), (5, 33), (9, 513)] {
            let map = Heightmap::square(exponent);
            assert_eq!(
                (map.width(), map.height(), map.last()),
                (side, side, side - 1)
            );
            assert_eq!(map.data().len(), side * side);
            assert!(map.data().iter().all(|&v| v == 0.0));
        }
    }

    #[test]
    fn set_and_get_are_row_major() {
        let mut map = Heightmap::new(4, 3).expect("small map");
        map.set(3, 1, 2.5);
        assert_eq!(map.get(3, 1), 2.5);
        assert_eq!(map.data()[4 + 3], 2.5);
    }

    #[test]
    fn get_checked_is_none_outside() {
        let mut map = Heightmap::new(3, 3).expect("small map");
        map.set(2, 2, 1.0);
        assert_eq!(map.get_checked(2, 2), Some(1.0));
        for (x, y) in [(-1, 0), (0, -1), (3, 0), (0, 3), (isize::MIN, isize::MAX)] {
            assert_eq!(map.get_checked(x, y), None, "({x}, {y})");
        }
    }

    #[test]
    fn new_rejects_empty_and_huge_maps_without_allocating() {
        assert!(Heightmap::new(0, 5).is_err());
        assert!(Heightmap::new(5, 0).is_err());
        assert!(Heightmap::new(1 << 15, (1 << 13) + 1).is_err());
        let err = Heightmap::new(usize::MAX, 2).expect_err("overflows");
        assert!(err.message.contains("at most"), "{err}");
    }

    #[test]
    fn normalize_spans_exactly_zero_to_one() {
        let mut map = Heightmap::new(3, 1).expect("small map");
        map.set(0, 0, -2.0);
        map.set(1, 0, 0.0);
        map.set(2, 0, 6.0);
        map.normalize();
        assert_eq!(map.data(), &[0.0, 0.25, 1.0]);
    }

    #[test]
    fn normalize_reaches_zero_and_one_exactly_on_awkward_ranges() {
        // Spans whose reciprocal rounds down, long enough to take the sixteen-lane path.
        for (i, &(lo, hi)) in [(0.1f32, 0.7f32), (-3.3, 1.9), (1e-30, 3e-30), (0.0, 1e-40)]
            .iter()
            .enumerate()
        {
            let mut map = Heightmap::new(37, 3).expect("map");
            for (k, v) in map.data_mut().iter_mut().enumerate() {
                *v = lo + (hi - lo) * ((k * 7919 + i) % 111) as f32 / 110.0;
            }
            map.data_mut()[50] = hi;
            map.data_mut()[100] = lo;
            map.normalize();
            let (min, max) = map.range().expect("finite");
            assert_eq!((min, max), (0.0, 1.0), "{lo}..{hi}");
        }
    }

    #[test]
    fn range_sees_nan_and_infinity_anywhere() {
        for at in [0, 17, 40] {
            let mut map = Heightmap::new(41, 1).expect("map");
            map.data_mut()[at] = f32::NAN;
            assert_eq!(map.range(), None, "NaN at {at}");
            map.data_mut()[at] = f32::NEG_INFINITY;
            assert_eq!(map.range(), Some((f32::NEG_INFINITY, 0.0)), "-inf at {at}");
            map.data_mut()[at] = 5.0;
            assert_eq!(map.range(), Some((0.0, 5.0)), "5 at {at}");
        }
    }

    #[test]
    fn a_range_gathered_row_by_row_is_the_whole_maps_range() {
        let mut map = Heightmap::new(37, 5).expect("map");
        for (i, v) in map.data_mut().iter_mut().enumerate() {
            *v = ((i * 7919) % 1000) as f32 - 400.0;
        }
        let mut range = HeightRange::new();
        assert_eq!(range.get(), None, "nothing added yet");
        for row in map.data().chunks(37) {
            range.add(row);
        }
        let lowest = map.data().iter().copied().fold(f32::INFINITY, f32::min);
        let highest = map.data().iter().copied().fold(f32::NEG_INFINITY, f32::max);
        assert_eq!(range.get(), Some((lowest, highest)));
        assert_eq!(map.range(), Some((lowest, highest)));
    }

    #[test]
    fn normalize_of_a_flat_map_is_zero_not_nan() {
        let mut map = Heightmap::new(2, 2).expect("small map");
        map.data_mut().fill(0.7);
        map.normalize();
        assert!(map.data().iter().all(|&v| v == 0.0));
    }

    #[test]
    fn checksum_depends_on_every_height_and_the_shape() {
        let a = Heightmap::new(4, 2).expect("small map");
        let b = Heightmap::new(2, 4).expect("small map");
        assert_ne!(a.checksum(), b.checksum());
        let mut c = a.clone();
        c.set(1, 1, 1e-7);
        assert_ne!(a.checksum(), c.checksum());
    }
}
