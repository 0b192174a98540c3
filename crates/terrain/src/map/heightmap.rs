//! The heightmap: a grid of heights stored as one flat, row-major list of `f32`.

use crate::knobs::limits;
use crate::knobs::params::ParamError;
use crate::map::cells::Cells;

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
    /// The exponent must already be validated (see [`crate::knobs::EXPONENT`]); this
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
        crate::map::cores::for_each_chunk(
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

    /// The map, saying it had `range` before it was stretched (a map made elsewhere, sent on
    /// with its range).
    pub fn with_range_before_normalising(mut self, range: Option<(f32, f32)>) -> Self {
        self.raw_range = range;
        self
    }

    /// Records the range the map had before it was stretched (for generators that stretch in
    /// their own way).
    pub(crate) fn set_range_before_normalising(&mut self, range: Option<(f32, f32)>) {
        self.raw_range = range;
    }

    /// This map's heights on a `width` x `height` grid: the map stretched over it, corner to
    /// corner, read between its points bilinearly (the uplift map and a step's mask file are
    /// read so). The same size gives the heights as they are.
    pub fn stretched(&self, width: usize, height: usize) -> Vec<f32> {
        let (w, h) = (self.width, self.height);
        let z = &self.data;
        if (w, h) == (width, height) {
            return z.to_vec();
        }
        // Where a point of the target falls on this map, along one axis.
        let along = |i: usize, n: usize, m: usize| -> (usize, usize, f64) {
            if n < 2 || m < 2 {
                return (0, 0, 0.0);
            }
            let at = i as f64 * (m - 1) as f64 / (n - 1) as f64;
            let below = (at.floor() as usize).min(m - 2);
            (below, below + 1, at - below as f64)
        };
        let mut out = Vec::with_capacity(width * height);
        for y in 0..height {
            let (y0, y1, fy) = along(y, height, h);
            for x in 0..width {
                let (x0, x1, fx) = along(x, width, w);
                let at = |x: usize, y: usize| f64::from(z[y * w + x]);
                let top = at(x0, y0) * (1.0 - fx) + at(x1, y0) * fx;
                let bottom = at(x0, y1) * (1.0 - fx) + at(x1, y1) * fx;
                out.push((top * (1.0 - fy) + bottom * fy) as f32);
            }
        }
        out
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
mod tests;
