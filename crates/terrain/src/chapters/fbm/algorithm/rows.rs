//! [`fill`]: the fBm map a row at a time, on every core.
//!
//! Along a row, each octave's lattice row and fraction across it are the same for every point,
//! and each point's column and fraction across its cell are the same for every row. So the
//! columns' cells, fractions and fade weights are worked out once per map and octave, the cells'
//! gradients (and their products with the row's fraction) once per row and octave, and what is
//! left per point is the four dot products and three blends, in straight loops over arrays that
//! the compiler vectorises. Every product is the one [`super::height_at`] takes, in the same
//! order, so the map equals the plain reading bit for bit.
//!
//! With warping each point reads the noise at its own pushed place, which no row shares: the
//! rows are then made point by point with the plain reading, still on every core.

use super::lattice::{fade, gradient, hash, octave_key, octave_shift, split};
use super::{finish, height_with, octave_value, Basis, FbmParams, OctaveShape};
use crate::map::cores;
use crate::map::heightmap::Heightmap;

/// One octave's columns: for each point of a row, its cell (counted from the row's first cell)
/// and the fraction across it, the fraction less one and its fade weight.
struct Columns {
    first: i64,
    cell: Vec<u32>,
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
            cell: Vec::with_capacity(width),
            fx: Vec::with_capacity(width),
            fx1: Vec::with_capacity(width),
            u: Vec::with_capacity(width),
            corners: 0,
        };
        for x in 0..width {
            let (i, fx) = split_at(x);
            columns.cell.push((i - first) as u32);
            columns.fx.push(fx);
            columns.fx1.push(fx - 1.0);
            columns.u.push(fade(fx));
        }
        columns.corners = columns.cell.last().map_or(0, |&c| c as usize + 2);
        columns
    }
}

/// A row's work space: each corner's gradient x and product of gradient y with the row's
/// fraction, on the lattice row above the points (`a`) and below (`b`), and the octaves' sum.
#[derive(Default)]
struct Scratch {
    gxa: Vec<f32>,
    ba: Vec<f32>,
    gxb: Vec<f32>,
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
        let gy = (y0 + y) as f64;
        for (k, &(frequency, amplitude)) in octaves.iter().enumerate() {
            let c = &columns[k];
            let (j, fy) = split(gy * frequency + shifts[k].1);
            corners(s, c, j, fy, keys[k]);
            add_octave(s, c, fade(fy), amplitude, params.shape);
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

/// The gradients of the cells a row spans, on lattice rows `j` and `j + 1`, with their y parts
/// times the row's fraction `fy` (above) and `fy - 1` (below).
fn corners(s: &mut Scratch, c: &Columns, j: i64, fy: f32, key: u32) {
    let fy1 = fy - 1.0;
    for v in [&mut s.gxa, &mut s.ba, &mut s.gxb, &mut s.bb] {
        v.clear();
    }
    for i in 0..c.corners as i64 {
        let (gxa, gya) = gradient(hash(c.first + i, j, key));
        let (gxb, gyb) = gradient(hash(c.first + i, j + 1, key));
        s.gxa.push(gxa);
        s.ba.push(gya * fy);
        s.gxb.push(gxb);
        s.bb.push(gyb * fy1);
    }
}

/// Adds one octave to the row's sum: each point's four dot products, three blends, the shape
/// and the amplitude, in the plain reading's order.
fn add_octave(s: &mut Scratch, c: &Columns, v: f32, amplitude: f32, shape: OctaveShape) {
    let (gxa, ba, gxb, bb) = (&s.gxa, &s.ba, &s.gxb, &s.bb);
    let points = c.cell.iter().zip(&c.fx).zip(&c.fx1).zip(&c.u);
    for (sum, (((&cell, &fx), &fx1), &u)) in s.sum.iter_mut().zip(points) {
        let i = cell as usize;
        let n00 = gxa[i] * fx + ba[i];
        let n10 = gxa[i + 1] * fx1 + ba[i + 1];
        let n01 = gxb[i] * fx + bb[i];
        let n11 = gxb[i + 1] * fx1 + bb[i + 1];
        let a = n00 + u * (n10 - n00);
        let b = n01 + u * (n11 - n01);
        *sum += amplitude * octave_value(shape, a + v * (b - a));
    }
}
