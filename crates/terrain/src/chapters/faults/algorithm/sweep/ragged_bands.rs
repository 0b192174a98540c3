//! Fuzzy faults: each cell of a ragged band corrected on top of its sharp cut, vectorised along
//! the row.

use std::ops::Range;

use super::FaultSums;
use crate::chapters::faults::algorithm::divider::{
    circle_distance, line_distance, rect_distance, triangle_distance, triangle_distance_near_edge,
    triangle_edge, BandSpan, Divider, LineBand, ALL_EDGES, BAND_MARGIN,
};
use crate::chapters::faults::algorithm::ragged::{Fuzz, Ragged};
use crate::map::cores;

/// A fuzzy fault waiting for its ragged band to be corrected ([`ragged_bands`]).
#[derive(Debug, Clone)]
pub(crate) struct RaggedCut {
    divider: Divider,
    raise: i32,
    /// Where this fault samples the noise.
    offset: [usize; 2],
    /// The rows its band can reach.
    rows: Range<usize>,
    /// For a line that is not horizontal: its band's ends in row y are x = `start + y x step`
    /// and that plus `across` (a shortcut past [`Divider::band_spans`], the same cells).
    line_band: Option<LineBand>,
}

impl RaggedCut {
    /// The band of a fault of height `units` on a `width` x `height` map, or `None` when its
    /// edge is sharp.
    pub(crate) fn new(
        divider: &Divider,
        units: i32,
        fuzz: &Fuzz<'_>,
        width: usize,
        height: usize,
    ) -> Option<Self> {
        if fuzz.is_sharp() {
            return None;
        }
        Some(Self {
            divider: *divider,
            raise: 2 * units,
            offset: fuzz.offset,
            rows: divider.rows_within(fuzz.fuzziness() + BAND_MARGIN, width, height),
            line_band: LineBand::new(divider, fuzz.fuzziness() + BAND_MARGIN),
        })
    }
}

/// Rows per block of [`ragged_bands`]: the block's cell-by-cell sums stay in the first-level
/// cache while every band passes through it.
const BAND_ROWS: usize = 8;

/// What noise changes near fuzzy boundaries, on top of their sharp cuts: for every cell within
/// F of a boundary, +2 x units where noise raises a cell the sharp cut lowered, -2 x units the
/// other way. A band's cells come from [`Divider::band_spans`]; each is decided by the same rule
/// as [`Fuzz::raised`], so the sum equals the definition exactly. The map is visited a block of
/// rows at a time, every band in turn, so the sums and the noise rows stay in cache; the blocks
/// are shared among the cores ([`cores`]).
pub(crate) fn ragged_bands(sums: &mut FaultSums, noise: &Ragged, cuts: &[RaggedCut]) {
    if noise.is_sharp() || cuts.is_empty() {
        return;
    }
    let band = noise.fuzziness;
    let reach = band + BAND_MARGIN;
    let width = sums.width;
    let blank = || (<[BandSpan; 3]>::default(), Vec::new());
    let pointwise = sums.pointwise();
    cores::for_each_chunk(pointwise, BAND_ROWS * width, blank, |scratch, i, cells| {
        let (spans, scratch) = scratch;
        let block = i * BAND_ROWS..i * BAND_ROWS + cells.len() / width;
        for cut in cuts {
            let raise = cut.raise;
            for y in block.start.max(cut.rows.start)..block.end.min(cut.rows.end) {
                let count = match cut.line_band {
                    Some(line) => {
                        spans[0] = BandSpan {
                            cells: line.cells(y, width),
                            edges: ALL_EDGES,
                        };
                        1
                    }
                    None => cut.divider.band_spans(y as f32, reach, width, spans),
                };
                for BandSpan { cells: span, edges } in spans[..count].iter().cloned() {
                    // (Only a lone span grows: grown neighbours could overlap. The cells added
                    // are at least `reach` from every edge.)
                    let span = if count == 1 {
                        whole_vectors(span, width)
                    } else {
                        span
                    };
                    let thresholds = noise.thresholds(span.clone(), y, cut.offset, scratch);
                    let row = &mut cells[(y - block.start) * width..][..width];
                    let cells = &mut row[span.clone()];
                    let (first, row) = (span.start as i32, y as f32);
                    // One loop per kind of divider, so each is vectorised with its distance
                    // inlined.
                    macro_rules! correct {
                        ($distance:expr) => {
                            correct_band(cells, thresholds, band, raise, $distance, first)
                        };
                    }
                    match cut.divider {
                        Divider::Line { normal, offset } => {
                            correct!(|x| line_distance(normal, offset, x, row))
                        }
                        Divider::Circle { center, radius } => {
                            correct!(|x| circle_distance(center, radius, x, row))
                        }
                        Divider::Rect { center, half } => {
                            correct!(|x| rect_distance(center, half, x, row))
                        }
                        // Cells near one edge only (most of them) measure that edge alone.
                        Divider::Triangle { corners } => match edges {
                            0b001 | 0b010 | 0b100 => {
                                let edge = triangle_edge(corners, edges.trailing_zeros() as usize);
                                correct!(|x| triangle_distance_near_edge(corners, edge, x, row))
                            }
                            _ => correct!(|x| triangle_distance(corners, x, row)),
                        },
                    }
                }
            }
        }
    });
}

/// Cells handled together by the band loop (four `f32` lanes of SSE2 or wasm `simd128`).
const LANES: usize = 4;

/// `span` grown to a whole number of [`LANES`] within `0..width` (when the row is long enough),
/// so the band loop runs on whole vectors with no cell-by-cell remainder. The cells added are
/// farther than the band and change nothing.
fn whole_vectors(span: Range<usize>, width: usize) -> Range<usize> {
    let short = (LANES - span.len() % LANES) % LANES;
    let end = (span.end + short).min(width);
    let start = span.start.saturating_sub(short - (end - span.end));
    start..end
}

/// Adds to `cells` (x from `first` on) what noise changes: in the band (distance below `band`
/// in magnitude) `raise` when the threshold raises a cell with a non-negative distance, `-raise`
/// when it lowers one with a negative distance. Branch-free, so it runs on whole vectors.
#[inline(always)]
fn correct_band(
    cells: &mut [i32],
    thresholds: &[f32],
    band: f32,
    raise: i32,
    distance: impl Fn(f32) -> f32,
    first: i32,
) {
    for ((cell, &threshold), x) in cells.iter_mut().zip(thresholds).zip(first..) {
        let distance = distance(x as f32);
        // All ones where each holds: noise raises it, the sharp cut raised it, it is in the band.
        let noise_raises = -i32::from(threshold > distance);
        let sharp_raises = -i32::from(distance < 0.0);
        let in_band = -i32::from(distance.abs() < band);
        *cell += ((raise & noise_raises) - (raise & sharp_raises)) & in_band;
    }
}
