//! `thermal`: thermal erosion (Musgrave, Kolb and Mace 1989). Wherever a cell stands above one
//! of its eight neighbours by more than the talus angle allows, material slides from it to the
//! neighbours it towers over, until slopes settle at the talus: cliffs soften and scree piles up
//! at their feet.
//!
//! The angle between neighbours is atan(dh x R / d): `dh` the height difference over the map's
//! range, `R` the relief the map stands in, in cells (the page's: 0.6 of the map's width, as
//! [`Relief::as_shown`] gives), `d` the distance, 1 or √2 for diagonals. Each round:
//! 1. every cell works out, from the map as it stood at the round's start, its excess over the
//!    talus to each lower neighbour (how much higher it stands than the talus line) and moves
//!    `rate` of its largest excess (rounded up: a slope settles all the way to the talus),
//!    shared among them in proportion to their excess;
//! 2. every cell adds what its neighbours sent it and takes away what it sent.
//!
//! Heights are whole numbers through the run (the finest units that keep the map within ±2^27,
//! as the batched erosion's), so what one cell sends is exactly what the other receives: the
//! ground's total is kept exactly, and since each round reads only the map as it stood, neither
//! the order of the cells nor the number of threads can change a byte.

pub mod knobs;
pub mod row;

use super::Step;
use crate::analysis::derived::Relief;
use crate::knobs::params::ParamError;
use crate::map::cores;
use crate::map::heightmap::Heightmap;

/// Thermal erosion's settings.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Thermal {
    /// Rounds of sliding ([`knobs::ITERATIONS`]).
    pub iterations: u32,
    /// The talus angle in degrees ([`knobs::TALUS`]): slopes steeper than it shed material.
    pub talus: f32,
    /// Share of a cell's largest excess that slides each round ([`knobs::RATE`]).
    pub rate: f32,
}

impl Thermal {
    /// The rows' defaults: 50 rounds, a talus of 35°, half the excess each round.
    pub const DEFAULT: Thermal = Thermal {
        iterations: knobs::ITERATIONS.whole_default() as u32,
        talus: knobs::TALUS.number_default() as f32,
        rate: knobs::RATE.number_default() as f32,
    };
}

impl Default for Thermal {
    fn default() -> Self {
        Thermal::DEFAULT
    }
}

/// The eight neighbours as (dx, dy), each followed four places later by its opposite, so
/// neighbour `k`'s move back to a cell is its move `(k + 4) % 8`.
pub const NEIGHBOURS: [(isize, isize); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The cell (its index, rows of `width`) that neighbour `k` of `(x, y)` is on a `width` x
/// `height` map; `None` off the map.
#[inline(always)]
fn neighbour(k: usize, (x, y): (usize, usize), (width, height): (usize, usize)) -> Option<usize> {
    let (dx, dy) = NEIGHBOURS[k];
    let (nx, ny) = (x.checked_add_signed(dx)?, y.checked_add_signed(dy)?);
    (nx < width && ny < height).then_some(ny * width + nx)
}

/// Fraction bits of the run's whole-number heights: the finest from 24 down to 8 that keeps
/// the tallest height within ±2^27 (room for what piles up).
fn fraction_bits(map: &Heightmap) -> Result<u32, ParamError> {
    let tallest = map
        .data()
        .iter()
        .fold(0.0f64, |most, &v| most.max(f64::from(v).abs()));
    if !tallest.is_finite() {
        return Err(ParamError::new(
            "map",
            "the map holds a height that is not a number",
        ));
    }
    (8..=24u32)
        .rev()
        .find(|&f| tallest * f64::from(1u32 << f) < f64::from(1u32 << 27))
        .ok_or_else(|| {
            ParamError::new(
                "map",
                format!("thermal erosion takes heights within ±500000; this map reaches {tallest}"),
            )
        })
}

/// The talus as the largest height difference, in the map's units, a straight (`[0]`) and a
/// diagonal (`[1]`) neighbour may stand below a cell without material sliding, on `map` whose
/// heights `span` (its range before the run) stands as tall as the page's relief.
fn talus_heights(map: &Heightmap, talus_degrees: f32, span: f32) -> [f64; 2] {
    let relief = Relief::as_shown(map);
    // Height units per cell for a slope of one: `span` stands `relief` tall.
    let per_cell = f64::from(span) * f64::from(relief.cell_m) / f64::from(relief.height_m);
    // libm: the same bits natively and in the page's wasm.
    let tan = libm::tan(f64::from(talus_degrees).to_radians());
    [1.0, std::f64::consts::SQRT_2].map(|d| tan * d * per_cell)
}

/// One run's fixed quantities.
struct Round {
    width: usize,
    height: usize,
    /// [`talus_heights`] in the run's whole units.
    talus: [i64; 2],
    /// The rate with 16 fraction bits.
    rate: i64,
}

impl Round {
    /// What cell `(x, y)` sends each of its eight neighbours this round, from `ground` as it
    /// stood: `rate` of its largest excess over the talus, shared by excess.
    fn moves(&self, ground: &[i32], x: usize, y: usize) -> [i32; 8] {
        let here = i64::from(ground[y * self.width + x]);
        let mut excess = [0i64; 8];
        let (mut largest, mut total) = (0i64, 0i64);
        for (k, excess) in excess.iter_mut().enumerate() {
            let Some(n) = neighbour(k, (x, y), (self.width, self.height)) else {
                continue;
            };
            let there = i64::from(ground[n]);
            let over = here - there - self.talus[k % 2];
            if over > 0 {
                *excess = over;
                largest = largest.max(over);
                total += over;
            }
        }
        let mut sent = [0i32; 8];
        if total == 0 {
            return sent;
        }
        // Rounded up, so a slope one unit over the talus still settles; at most the largest
        // excess, which is under 2^28: every share fits an i32.
        let moving = (largest * self.rate + 0xFFFF) >> 16;
        let mut left = moving;
        for (s, &e) in sent.iter_mut().zip(&excess) {
            let share = (i128::from(moving) * i128::from(e) / i128::from(total)) as i64;
            *s = share as i32;
            left -= share;
        }
        // What the shares' rounding left goes to the steepest neighbour (the first, if tied),
        // so exactly `moving` leaves.
        if let Some(k) = (0..8).find(|&k| excess[k] == largest) {
            sent[k] += left as i32;
        }
        sent
    }
}

/// Runs `thermal` on `ground` (whole-number heights, `width` a row), visiting the cells of each
/// round's first pass in the order `order` gives (`None`: row by row on every core; tests pass
/// others to show the order cannot matter), and handing `after` each round's number and the
/// ground after it.
fn slide(
    ground: &mut Vec<i32>,
    round: &Round,
    iterations: u32,
    order: Option<&[usize]>,
    after: &mut dyn FnMut(u32, &[i32]),
) {
    let (w, h) = (round.width, round.height);
    let mut sent = vec![0i32; w * h * 8];
    let mut next = vec![0i32; w * h];
    for iteration in 0..iterations {
        let now: &[i32] = ground;
        match order {
            None => cores::for_each_chunk(
                &mut sent,
                w * 8,
                || (),
                |_, y, row| {
                    for x in 0..w {
                        row[x * 8..x * 8 + 8].copy_from_slice(&round.moves(now, x, y));
                    }
                },
            ),
            Some(order) => {
                for &i in order {
                    sent[i * 8..i * 8 + 8].copy_from_slice(&round.moves(now, i % w, i / w));
                }
            }
        }
        let sent_now: &[i32] = &sent;
        cores::for_each_chunk(
            &mut next,
            w,
            || (),
            |_, y, row| {
                for (x, cell) in row.iter_mut().enumerate() {
                    let i = y * w + x;
                    let mut value = now[i];
                    for k in 0..8 {
                        value -= sent_now[i * 8 + k];
                        if let Some(n) = neighbour(k, (x, y), (w, h)) {
                            value += sent_now[n * 8 + (k + 4) % 8];
                        }
                    }
                    *cell = value;
                }
            },
        );
        std::mem::swap(ground, &mut next);
        after(iteration + 1, ground);
        crate::map::progress::report(u64::from(iteration) + 1, u64::from(iterations));
    }
}

impl Thermal {
    /// [`Step::apply`] with the first pass of every round visiting cells in `order` (tests),
    /// handing `after` the round's number and the map after it, for every round in `seen`
    /// (rising; the stepper's).
    fn run(
        &self,
        map: &mut Heightmap,
        order: Option<&[usize]>,
        seen: &[u32],
        after: &mut dyn FnMut(u32, &Heightmap),
    ) -> Result<(), ParamError> {
        self.validate()?;
        let fraction = fraction_bits(map)?;
        let unit = f64::from(1u32 << fraction);
        let round = Round {
            width: map.width(),
            height: map.height(),
            talus: talus_heights(map, self.talus, span(map)).map(|t| (t * unit).floor() as i64),
            rate: (f64::from(self.rate) * 65536.0).round() as i64,
        };
        let mut ground: Vec<i32> = map
            .data()
            .iter()
            .map(|&v| (f64::from(v) * unit).round() as i32)
            .collect();
        let heights = |ground: &[i32], map: &mut Heightmap| {
            for (v, &g) in map.data_mut().iter_mut().zip(ground) {
                *v = (f64::from(g) / unit) as f32;
            }
        };
        // The map handed to `after`, made only when a round is watched (never by a plain run).
        let mut now: Option<Heightmap> = None;
        let mut each = |done: u32, ground: &[i32]| {
            if seen.binary_search(&done).is_ok() {
                let now = now.get_or_insert_with(|| map.clone());
                heights(ground, now);
                after(done, now);
            }
        };
        slide(&mut ground, &round, self.iterations, order, &mut each);
        heights(&ground, map);
        Ok(())
    }

    /// [`Step::apply`] in the first pass's `order` (tests).
    fn apply_in(&self, map: &mut Heightmap, order: Option<&[usize]>) -> Result<(), ParamError> {
        self.run(map, order, &[], &mut |_, _| {})
    }

    /// [`Step::apply`], handing `after` the map after each round counted in `seen` (rising),
    /// with the round's number: the same finished map, watched on the way (the stepper).
    pub fn apply_seen(
        &self,
        map: &mut Heightmap,
        seen: &[u32],
        mut after: impl FnMut(u32, &Heightmap),
    ) -> Result<(), ParamError> {
        self.run(map, None, seen, &mut after)
    }
}

impl Step for Thermal {
    fn moves_material(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        "thermal"
    }

    fn validate(&self) -> Result<(), ParamError> {
        knobs::ITERATIONS.check_whole(u64::from(self.iterations))?;
        knobs::TALUS.check_number(f64::from(self.talus))?;
        knobs::RATE.check_number(f64::from(self.rate))
    }

    fn apply(&self, map: &mut Heightmap, _seed: u64) -> Result<(), ParamError> {
        self.apply_in(map, None)
    }

    fn settings(&self) -> Vec<(&'static str, String)> {
        vec![
            (knobs::ITERATIONS.name, self.iterations.to_string()),
            (knobs::TALUS.name, self.talus.to_string()),
            (knobs::RATE.name, self.rate.to_string()),
        ]
    }
}

/// Whether each cell of `map` stands above a neighbour by more than `talus_degrees` allows
/// (measured as [`steep_share`] does): the cells thermal erosion still moves material from.
pub fn steep_cells(map: &Heightmap, talus_degrees: f32, span: f32) -> Vec<bool> {
    let (w, h) = (map.width(), map.height());
    let talus = talus_heights(map, talus_degrees, span);
    let data = map.data();
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            (0..8).any(|k| {
                neighbour(k, (x, y), (w, h))
                    .is_some_and(|n| f64::from(data[i]) - f64::from(data[n]) > talus[k % 2])
            })
        })
        .collect()
}

/// The height range of `map` (0 for a flat map or one holding NaN): what stands as tall as the
/// page's relief when thermal erosion measures slopes.
pub fn span(map: &Heightmap) -> f32 {
    map.range().map_or(0.0, |(lo, hi)| hi - lo)
}

/// The share of neighbouring pairs (straight and diagonal, each pair once) whose slope is
/// steeper than `talus_degrees`: what thermal erosion brings down. Slopes are measured as the
/// run measures them, with `span` (the [`span`] of the map before the run) standing as tall as
/// the page's relief, so maps before and after a run are measured alike.
pub fn steep_share(map: &Heightmap, talus_degrees: f32, span: f32) -> f64 {
    let (w, h) = (map.width(), map.height());
    let talus = talus_heights(map, talus_degrees, span);
    let data = map.data();
    let (mut steep, mut pairs) = (0u64, 0u64);
    for y in 0..h {
        for x in 0..w {
            // Each pair once: the first four neighbours (east, south-east, south, south-west).
            for k in 0..4 {
                let Some(n) = neighbour(k, (x, y), (w, h)) else {
                    continue;
                };
                pairs += 1;
                let drop = (f64::from(data[y * w + x]) - f64::from(data[n])).abs();
                if drop > talus[k % 2] {
                    steep += 1;
                }
            }
        }
    }
    if pairs == 0 {
        0.0
    } else {
        steep as f64 / pairs as f64
    }
}

#[cfg(test)]
mod tests;
