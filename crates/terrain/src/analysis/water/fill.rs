//! Priority-Flood with epsilon (R. Barnes, C. Lehman, D. Mulla, "Priority-flood: An optimal
//! depression-filling and watershed-labeling algorithm for digital elevation models", Computers
//! & Geosciences 62, 2014, Algorithm 3).

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// A cell waiting in the priority queue: lowest height first, then lowest index (so equal
/// heights are taken in the same order on every platform).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Low(f32, u32);

impl Eq for Low {}

impl PartialOrd for Low {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Low {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

/// The eight neighbours of cell `i` of a `w` x `h` map that are on it.
pub(crate) fn neighbours(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = ((i % w) as isize, (i / w) as isize);
    [
        (-1, -1),
        (0, -1),
        (1, -1),
        (-1, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
    ]
    .into_iter()
    .filter_map(move |(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        (nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h)
            .then(|| ny as usize * w + nx as usize)
    })
}

/// Whether cell `i` lies on the border of a `w` x `h` map.
pub(crate) fn on_border(i: usize, w: usize, h: usize) -> bool {
    let (x, y) = (i % w, i / w);
    x == 0 || y == 0 || x + 1 == w || y + 1 == h
}

/// `map` with every depression filled: each cell raised to at least the next representable
/// height above the cell the flood reached it from, so every cell has a path down to the
/// border, strictly falling. Cells not in a depression keep their height. Fails when a height
/// is not a number.
pub fn priority_flood(map: &Heightmap) -> Result<Heightmap, ParamError> {
    let (w, h) = (map.width(), map.height());
    if let Some(at) = map.data().iter().position(|v| !v.is_finite()) {
        return Err(ParamError::new(
            "map",
            format!(
                "the height at column {}, row {} is not a number, so water cannot be routed",
                at % w,
                at / w
            ),
        ));
    }
    let mut filled = map.clone();
    let z = filled.data_mut();
    let mut closed = vec![false; w * h];
    let mut open = BinaryHeap::new();
    let mut pits = VecDeque::new();
    for (i, done) in closed.iter_mut().enumerate() {
        if on_border(i, w, h) {
            *done = true;
            open.push(Reverse(Low(z[i], i as u32)));
        }
    }
    loop {
        let c = if let Some(c) = pits.pop_front() {
            c
        } else if let Some(Reverse(Low(_, c))) = open.pop() {
            c as usize
        } else {
            break;
        };
        let floor = z[c].next_up();
        for n in neighbours(c, w, h) {
            if closed[n] {
                continue;
            }
            closed[n] = true;
            if z[n] <= floor {
                z[n] = floor;
                pits.push_back(n);
            } else {
                open.push(Reverse(Low(z[n], n as u32)));
            }
        }
    }
    Ok(filled)
}
