//! The noise that makes fuzzy edges ragged, and where each fault samples it.
//!
//! Near a fuzzy boundary a cell is raised when F x noise > its distance (the source's rule). The
//! noise is the `noise` crate's 2-D Perlin noise at the cell shifted by the fault's own offset, so
//! faults do not share one pattern. Offsets are whole cells (below [`OFFSETS`]): the noise a fault
//! needs at cell (x, y) is then the noise at the whole cell (x + ox, y + oy), and one table of
//! F x noise over (width + [`OFFSETS`]) x (height + [`OFFSETS`]) cells serves every fault. The
//! table is only a cache: [`Ragged::threshold`] computes any entry directly, bit for bit the same.

use std::ops::Range;

use noise::{NoiseFn, Perlin};

/// Cells per Perlin noise period near fuzzy edges: larger gives broader wiggles.
const NOISE_SCALE: f64 = 9.0;

/// Faults sample the noise at offsets of 0 to `OFFSETS - 1` whole cells in x and in y: 16 384
/// patterns, each offset range spanning 14 noise periods, so no noise blob lines up across
/// thousands of faults. (Larger costs table cells: (width + OFFSETS) x (height + OFFSETS).)
pub(crate) const OFFSETS: usize = 128;

/// The ragged-edge noise of one map: its fuzziness F and, when many faults will read it, the
/// table of F x noise.
#[derive(Debug, Clone)]
pub(crate) struct Ragged {
    /// How many cells either side of a boundary the noise decides the side (0: sharp edges).
    pub(crate) fuzziness: f32,
    perlin: Perlin,
    /// F x noise at whole cells, `table_width` per row, when it was worth making.
    table: Vec<f32>,
    table_width: usize,
}

impl Ragged {
    /// The noise from `noise_seed`, evaluated on demand (the definition; no table).
    pub(crate) fn new(fuzziness: f32, noise_seed: u32) -> Self {
        Self {
            fuzziness,
            perlin: Perlin::new(noise_seed),
            table: Vec::new(),
            table_width: 0,
        }
    }

    /// The same noise, with a table for a `width` x `height` map when `faults` fuzzy faults would
    /// evaluate it more often than the table has cells (each fault reads about 2F + 3 cells a
    /// row on both sides of its boundary).
    pub(crate) fn for_map(
        fuzziness: f32,
        noise_seed: u32,
        width: usize,
        height: usize,
        faults: u32,
    ) -> Self {
        let mut ragged = Self::new(fuzziness, noise_seed);
        if !ragged.is_sharp() {
            let (table_width, table_height) = (width + OFFSETS, height + OFFSETS);
            let reads =
                f64::from(faults) * height as f64 * 2.0 * (2.0 * f64::from(fuzziness) + 3.0);
            if reads > (table_width * table_height) as f64 {
                ragged.table = (0..table_height)
                    .flat_map(|y| (0..table_width).map(move |x| (x, y)))
                    .map(|(x, y)| ragged.noise_at(x, y))
                    .collect();
                ragged.table_width = table_width;
            }
        }
        ragged
    }

    /// Whether edges are sharp (fuzziness 0): every cell's side is the sign of its distance.
    pub(crate) fn is_sharp(&self) -> bool {
        self.fuzziness <= 0.0 || self.fuzziness.is_nan()
    }

    /// F x noise at the whole cell `(x, y)` of the noise field, rounded to `f32`.
    fn noise_at(&self, x: usize, y: usize) -> f32 {
        let sample = [x as f64 / NOISE_SCALE, y as f64 / NOISE_SCALE];
        (f64::from(self.fuzziness) * self.perlin.get(sample)) as f32
    }

    /// The definition: the noise threshold of map cell `(x, y)` for a fault sampling at `offset`;
    /// the cell is raised when this exceeds its distance (inside the band).
    pub(crate) fn threshold(&self, x: usize, y: usize, offset: [usize; 2]) -> f32 {
        self.noise_at(x + offset[0], y + offset[1])
    }

    /// [`Ragged::threshold`] for cells `xs` of row `y`: a slice of the table, or computed into
    /// `scratch`.
    pub(crate) fn thresholds<'a>(
        &'a self,
        xs: Range<usize>,
        y: usize,
        offset: [usize; 2],
        scratch: &'a mut Vec<f32>,
    ) -> &'a [f32] {
        if self.table.is_empty() {
            scratch.clear();
            scratch.extend(xs.map(|x| self.threshold(x, y, offset)));
            scratch
        } else {
            let start = (y + offset[1]) * self.table_width + offset[0];
            &self.table[start + xs.start..start + xs.end]
        }
    }
}

/// How one fault's edge is ragged: the map's noise and where this fault samples it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fuzz<'a> {
    pub(crate) noise: &'a Ragged,
    /// Where this fault samples the noise (whole cells, each below [`OFFSETS`]).
    pub(crate) offset: [usize; 2],
}

impl Fuzz<'_> {
    /// The band's half-width F in cells.
    pub(crate) fn fuzziness(&self) -> f32 {
        self.noise.fuzziness
    }

    /// Whether the cell at `(x, y)` (whole numbers), `distance` from the boundary, is on the
    /// raised side.
    ///
    /// Sharp (fuzziness 0, or at least F from the boundary): raised exactly when the distance is
    /// negative, so a cell on the boundary itself is lowered. In the band: raised when
    /// F x noise > distance.
    pub(crate) fn raised(&self, x: f32, y: f32, distance: f32) -> bool {
        if self.in_band(distance) {
            self.noise.threshold(x as usize, y as usize, self.offset) > distance
        } else {
            distance < 0.0
        }
    }

    /// Whether edges are sharp (fuzziness 0).
    pub(crate) fn is_sharp(&self) -> bool {
        self.noise.is_sharp()
    }

    /// Whether a cell `distance` from the boundary is in the ragged band, where noise decides.
    pub(crate) fn in_band(&self, distance: f32) -> bool {
        self.noise.fuzziness > 0.0 && distance.abs() < self.noise.fuzziness
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_exactly_the_noise_of_the_definition() {
        let (width, height) = (37, 21);
        let table = Ragged::for_map(2.5, 7, width, height, 10_000);
        let direct = Ragged::new(2.5, 7);
        assert!(!table.table.is_empty() && direct.table.is_empty());
        assert!(
            Ragged::for_map(2.5, 7, width, height, 1).table.is_empty(),
            "too few faults"
        );
        assert!(
            Ragged::for_map(0.0, 7, width, height, 10_000)
                .table
                .is_empty(),
            "sharp"
        );
        let mut scratch = Vec::new();
        for offset in [[0, 0], [5, 90], [OFFSETS - 1, OFFSETS - 1]] {
            for y in [0, 9, height - 1] {
                let row = table.thresholds(0..width, y, offset, &mut scratch).to_vec();
                let computed = direct.thresholds(0..width, y, offset, &mut scratch);
                assert_eq!(row, computed);
                for (x, &value) in row.iter().enumerate() {
                    assert_eq!(value.to_bits(), direct.threshold(x, y, offset).to_bits());
                    assert!(value.abs() <= 2.5 * 1.01, "F x noise stays within about F");
                }
            }
        }
    }
}
