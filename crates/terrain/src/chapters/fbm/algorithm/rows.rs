//! [`fill`]: the fBm map a row at a time, on every core.
//!
//! Along a row, each octave's lattice row and fraction across it are the same for every point,
//! and each point's column and fraction across its cell are the same for every row. So the
//! columns' cells, fractions and fade weights are worked out once per map and octave, the cells'
//! gradients once per lattice row (kept while the rows lie between the same two, and the lower
//! one kept as the upper when they move one down), their products with the row's fraction once
//! per row and octave, and what is left per point is the four dot products and three blends, in straight loops over arrays that
//! the compiler vectorises. Every product is the one [`super::height_at`] takes, in the same
//! order, so the map equals the plain reading bit for bit.
//!
//! With warping each point reads the noise at its own pushed place, which no row shares: the
//! rows are then made point by point with the plain reading, still on every core.

use super::lattice::{fade, gradient, hash, octave_key, octave_shift, split};
use super::{finish, height_with, octave_value, Basis, FbmParams, OctaveShape};
use crate::map::cores;
use crate::map::heightmap::Heightmap;

/// One octave's columns: for each point of a row, the fraction across its cell, the fraction
/// less one and its fade weight; and the runs of neighbouring points that share a cell.
struct Columns {
    first: i64,
    /// Each run's cell (counted from the row's first cell) and the index past its last point,
    /// left to right: the points from the run before's end to this end lie in this cell.
    runs: Vec<(u32, u32)>,
    fx: Vec<f32>,
    fx1: Vec<f32>,
    u: Vec<f32>,
    /// Cells a row spans, and one more for the right-hand corners.
    corners: usize,
}

impl Columns {
    fn new(x0: usize, width: usize, frequency: f64, shift: f64) -> Self {
        let split_at = |x: usize| split((x0 + x) as f64 * frequency + shift);
        let first = split_at(0).0;
        let mut columns = Columns {
            first,
            runs: Vec::new(),
            fx: Vec::with_capacity(width),
            fx1: Vec::with_capacity(width),
            u: Vec::with_capacity(width),
            corners: 0,
        };
        for x in 0..width {
            let (i, fx) = split_at(x);
            let cell = (i - first) as u32;
            match columns.runs.last_mut() {
                Some((last, end)) if *last == cell => *end = x as u32 + 1,
                _ => columns.runs.push((cell, x as u32 + 1)),
            }
            columns.fx.push(fx);
            columns.fx1.push(fx - 1.0);
            columns.u.push(fade(fx));
        }
        columns.corners = columns.runs.last().map_or(0, |&(c, _)| c as usize + 2);
        columns
    }
}

/// One octave's lattice gradients on the two lattice rows around the row being made (`j` above
/// and `j + 1` below), for the cells a row spans: kept from row to row, since the next row
/// mostly lies between the same lattice rows, or one further down.
#[derive(Default)]
struct Corners {
    j: Option<i64>,
    gxa: Vec<f32>,
    gya: Vec<f32>,
    gxb: Vec<f32>,
    gyb: Vec<f32>,
}

/// A row's work space: each octave's [`Corners`]; for the octave being added, each corner's
/// gradient y times the row's fraction, above (`ba`) and below (`bb`); and the octaves' sum.
#[derive(Default)]
struct Scratch {
    corners: Vec<Corners>,
    ba: Vec<f32>,
    bb: Vec<f32>,
    sum: Vec<f32>,
}

/// Fills `map` with the fBm `params` and `seed` make.
pub(super) fn fill(map: &mut Heightmap, params: &FbmParams, seed: u64) {
    let width = map.width();
    let octaves = params.octave_list();
    let total: f32 = octaves.iter().map(|o| o.1).sum();
    let y0 = params.y;
    if params.warp != 0.0 {
        fill_points(map, params, Basis::Gradient, seed);
        return;
    }
    let keys: Vec<u32> = (0..octaves.len() as u32)
        .map(|k| octave_key(seed, k))
        .collect();
    let shifts: Vec<(f64, f64)> = keys.iter().map(|&key| octave_shift(key)).collect();
    let columns: Vec<Columns> = octaves
        .iter()
        .zip(&shifts)
        .map(|(&(frequency, _), &(sx, _))| Columns::new(params.x, width, frequency, sx))
        .collect();
    cores::for_each_chunk(map.data_mut(), width, Scratch::default, |s, y, row| {
        s.sum.clear();
        s.sum.resize(width, 0.0);
        s.corners.resize_with(octaves.len(), Corners::default);
        let gy = (y0 + y) as f64;
        for (k, &(frequency, amplitude)) in octaves.iter().enumerate() {
            let c = &columns[k];
            let (j, fy) = split(gy * frequency + shifts[k].1);
            s.corners[k].update(c, j, keys[k]);
            times_fraction(s, k, fy);
            add_octave(s, k, c, fade(fy), amplitude, params.shape);
        }
        for (h, &sum) in row.iter_mut().zip(&s.sum) {
            *h = finish(sum, total, params.power);
        }
    });
}

/// Fills `map` point by point with the plain reading of `basis` noise ([`height_with`]), the
/// octaves worked out once: for warped maps, whose points read the noise at places no row
/// shares, and for value noise.
pub(super) fn fill_points(map: &mut Heightmap, params: &FbmParams, basis: Basis, seed: u64) {
    let width = map.width();
    let octaves = params.octave_list();
    let total: f32 = octaves.iter().map(|o| o.1).sum();
    cores::for_each_chunk(
        map.data_mut(),
        width,
        || (),
        |_, y, row| {
            for (x, h) in row.iter_mut().enumerate() {
                let at = ((params.x + x) as f64, (params.y + y) as f64);
                *h = height_with(params, &octaves, total, basis, seed, at);
            }
        },
    );
}

impl Corners {
    /// Makes these the gradients on lattice rows `j` and `j + 1` of the cells a row spans:
    /// nothing to do when they are already, the lower row moved up when the row is one lattice
    /// row further down, else both hashed afresh.
    fn update(&mut self, c: &Columns, j: i64, key: u32) {
        if self.j == Some(j) {
            return;
        }
        let hashed = |row: i64, gx: &mut Vec<f32>, gy: &mut Vec<f32>| {
            gx.clear();
            gy.clear();
            for i in 0..c.corners as i64 {
                let (x, y) = gradient(hash(c.first + i, row, key));
                gx.push(x);
                gy.push(y);
            }
        };
        if self.j == Some(j - 1) {
            std::mem::swap(&mut self.gxa, &mut self.gxb);
            std::mem::swap(&mut self.gya, &mut self.gyb);
        } else {
            hashed(j, &mut self.gxa, &mut self.gya);
        }
        hashed(j + 1, &mut self.gxb, &mut self.gyb);
        self.j = Some(j);
    }
}

/// Octave `k`'s corners' gradient y times the row's fraction `fy` (above) and `fy - 1` (below).
fn times_fraction(s: &mut Scratch, k: usize, fy: f32) {
    let fy1 = fy - 1.0;
    let corners = &s.corners[k];
    s.ba.clear();
    s.ba.extend(corners.gya.iter().map(|g| g * fy));
    s.bb.clear();
    s.bb.extend(corners.gyb.iter().map(|g| g * fy1));
}

/// Adds one octave to the row's sum: each point's four dot products, three blends, the shape
/// and the amplitude, in the plain reading's order. The shape is chosen once, outside the loop.
fn add_octave(s: &mut Scratch, k: usize, c: &Columns, v: f32, amplitude: f32, shape: OctaveShape) {
    match shape {
        OctaveShape::Plain => add_runs(s, k, c, v, amplitude, |n| {
            octave_value(OctaveShape::Plain, n)
        }),
        OctaveShape::Ridged => add_runs(s, k, c, v, amplitude, |n| {
            octave_value(OctaveShape::Ridged, n)
        }),
        OctaveShape::Billow => add_runs(s, k, c, v, amplitude, |n| {
            octave_value(OctaveShape::Billow, n)
        }),
    }
}

/// [`add_octave`] a run of points at a time: the run's four corners read once, then a straight
/// loop over its points that the compiler vectorises.
fn add_runs(
    s: &mut Scratch,
    k: usize,
    c: &Columns,
    v: f32,
    amplitude: f32,
    shaped: impl Fn(f32) -> f32,
) {
    let (gxa, gxb) = (&s.corners[k].gxa, &s.corners[k].gxb);
    let (ba, bb) = (&s.ba, &s.bb);
    let mut start = 0;
    for &(cell, end) in &c.runs {
        let (i, end) = (cell as usize, end as usize);
        let (gxa0, gxa1, ba0, ba1) = (gxa[i], gxa[i + 1], ba[i], ba[i + 1]);
        let (gxb0, gxb1, bb0, bb1) = (gxb[i], gxb[i + 1], bb[i], bb[i + 1]);
        let points = c.fx[start..end]
            .iter()
            .zip(&c.fx1[start..end])
            .zip(&c.u[start..end]);
        for (sum, ((&fx, &fx1), &u)) in s.sum[start..end].iter_mut().zip(points) {
            let n00 = gxa0 * fx + ba0;
            let n10 = gxa1 * fx1 + ba1;
            let n01 = gxb0 * fx + bb0;
            let n11 = gxb1 * fx1 + bb1;
            let a = n00 + u * (n10 - n00);
            let b = n01 + u * (n11 - n01);
            *sum += amplitude * shaped(a + v * (b - a));
        }
        start = end;
    }
}
