//! The layers' rules: what each reads of a cell and how much of it it covers, softly across
//! each edge.

use super::{Lines, LAYERS, ORDER};

/// The width of the soft edge either side of the snow line and the tree line, as a share of the
/// map's range.
pub const LINE_EDGE: f32 = 0.03;

/// The width of the soft edge either side of the sand level.
pub const SAND_EDGE: f32 = 0.02;

/// How much laid-down material (a share of the map's range) covers a cell wholly with sand or
/// scree; none below a fifth of it.
pub const LAID_FULL: f32 = 0.01;

/// What the rules read of every cell of a map, row by row.
#[derive(Debug, Clone, PartialEq)]
pub struct Ground {
    /// The height, 0 to 1 of the map's range.
    pub height: Vec<f32>,
    /// The slope in degrees, as `--maps slope` measures it.
    pub slope: Vec<f32>,
    /// The topographic wetness index, as `--maps wetness` measures it.
    pub wetness: Vec<f32>,
    /// Its 40th and 70th percentiles on the map: forest grows from the one to the other.
    pub wet: [f32; 2],
    /// How concave the ground is: minus the curvature over its strong size (1 a strong hollow,
    /// -1 a strong ridge).
    pub concave: Vec<f32>,
    /// How much of the cell lies under water: 1 under a lake or a river, softly less upstream.
    pub water: Vec<f32>,
    /// How much the chain's erosion laid down on it, as a share of the map's range.
    pub laid: Vec<f32>,
    /// How near a lake it lies: the lakes spread ([`spread`]), 0 far from any.
    pub near_lake: Vec<f32>,
}

/// 0 at and below `lo`, 1 at and above `hi`, smooth (3t² − 2t³) between.
pub fn smoothstep(lo: f32, hi: f32, x: f32) -> f32 {
    let t = ((x - lo) / (hi - lo)).clamp(0.0, 1.0);
    if t.is_nan() {
        return 0.0;
    }
    t * t * (3.0 - 2.0 * t)
}

/// The cover of water on a cell: 1 under a lake or where `threshold` or more cells drain
/// through, from a quarter of it softly (in the logarithm of the flow), else 0.
pub fn water_cover(lake: bool, cells: u32, threshold: u32) -> f32 {
    if lake {
        return 1.0;
    }
    let t = f64::from(threshold.max(1));
    let flow = f64::from(cells.max(1)).ln();
    smoothstep((t / 4.0).ln() as f32, t.ln() as f32, flow as f32)
}

/// How far (in cells) the wetness, curvature and lakes are spread before the rules read them:
/// two box blurs of this radius, near a Gaussian, so one-cell gullies and the cell-to-cell
/// flicker of curvature do not stripe the layers.
pub const SPREAD: usize = 2;

/// `values` of a `width`-wide map blurred by two box filters of radius [`SPREAD`] across and
/// down (a cell past the border standing for the border cell).
pub fn spread(values: &[f32], width: usize) -> Vec<f32> {
    let mut out = values.to_vec();
    if width == 0 || !values.len().is_multiple_of(width) {
        return out;
    }
    for _ in 0..2 {
        out = across(&out, width);
        out = down(&out, width);
    }
    out
}

/// One box blur of radius [`SPREAD`] along each row of a `width`-wide map: a running sum.
fn across(values: &[f32], width: usize) -> Vec<f32> {
    let r = SPREAD as isize;
    let last = width as isize - 1;
    let mut out = vec![0.0; values.len()];
    for (row, done) in values.chunks_exact(width).zip(out.chunks_exact_mut(width)) {
        let at = |k: isize| row[k.clamp(0, last) as usize];
        let mut sum: f32 = (-r..=r).map(at).sum();
        for (k, cell) in done.iter_mut().enumerate() {
            *cell = sum / (2 * r + 1) as f32;
            sum += at(k as isize + r + 1) - at(k as isize - r);
        }
    }
    out
}

/// One box blur of radius [`SPREAD`] down each column of a `width`-wide map: a running sum of
/// whole rows, so it reads the map row by row.
fn down(values: &[f32], width: usize) -> Vec<f32> {
    let rows: Vec<&[f32]> = values.chunks_exact(width).collect();
    let (r, last) = (SPREAD as isize, rows.len() as isize - 1);
    let row = |k: isize| rows[k.clamp(0, last) as usize];
    let mut sum = vec![0.0f32; width];
    for k in -r..=r {
        sum.iter_mut().zip(row(k)).for_each(|(s, &v)| *s += v);
    }
    let mut out = Vec::with_capacity(values.len());
    for k in 0..rows.len() as isize {
        out.extend(sum.iter().map(|&s| s / (2 * r + 1) as f32));
        let (enter, leave) = (row(k + r + 1), row(k - r));
        for ((s, &e), &l) in sum.iter_mut().zip(enter).zip(leave) {
            *s += e - l;
        }
    }
    out
}

/// The values of `values` at the shares `at` of their sorted order.
pub fn percentiles(values: &[f32], at: [f64; 2]) -> [f32; 2] {
    let mut sorted: Vec<f32> = values.to_vec();
    if sorted.is_empty() {
        return [0.0; 2];
    }
    let last = sorted.len() - 1;
    at.map(|share| {
        let index = ((last as f64) * share).round() as usize;
        let (_, &mut value, _) = sorted.select_nth_unstable_by(index, f32::total_cmp);
        value
    })
}

impl Ground {
    /// Each layer's cover of cell `i` under `lines`, in [`LAYERS`]' order, before the layers
    /// are laid (grass's is 1: it takes what is left).
    pub fn covers(&self, i: usize, lines: &Lines) -> [f32; 7] {
        let (h, s) = (self.height[i], self.slope[i]);
        let rock = lines.rock_slope;
        let laid = smoothstep(0.2 * LAID_FULL, LAID_FULL, self.laid[i]);
        let laid_steep = smoothstep(12.0, 20.0, s);
        let below = |line: f32| 1.0 - smoothstep(line - LINE_EDGE, line + LINE_EDGE, h);
        let gentle = 1.0 - laid_steep;
        let (sand, edge) = (lines.sand_level, SAND_EDGE);
        let low = 1.0 - smoothstep(sand - edge, sand + edge, h);
        let shore = low.max(smoothstep(0.05, 0.3, self.near_lake[i]) * gentle);
        let wet = smoothstep(self.wet[0], self.wet[1], self.wetness[i]);
        let hollow = smoothstep(0.0, 0.3, self.concave[i]);
        let talus = smoothstep(rock - 20.0, rock - 10.0, s) * hollow;
        [
            shore.max(laid * gentle),
            1.0,
            below(lines.tree_line) * (1.0 - smoothstep(28.0, 38.0, s)) * wet,
            smoothstep(rock - 10.0, rock + 5.0, s),
            talus.max(laid * laid_steep),
            (1.0 - below(lines.snow_line)) * (1.0 - smoothstep(rock, rock + 10.0, s)),
            self.water[i],
        ]
    }

    /// Each layer's weight at cell `i` under `lines`, in [`LAYERS`]' order: the covers laid
    /// from the top down ([`ORDER`]), summing to 1.
    pub fn weights(&self, i: usize, lines: &Lines) -> [f32; 7] {
        let covers = self.covers(i, lines);
        let mut weights = [0.0; LAYERS.len()];
        let mut left = 1.0f32;
        for (n, &layer) in ORDER.iter().enumerate() {
            let cover = match n + 1 == ORDER.len() {
                true => 1.0,
                false => covers[layer].clamp(0.0, 1.0),
            };
            weights[layer] = left * cover;
            left -= weights[layer];
        }
        weights
    }
}
