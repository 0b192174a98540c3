//! Partial stages: the step demos of the first and third posts each show one stage of the first
//! square (its corners, its edge midpoints, its center), with the points that stage set
//! highlighted. The chapters say which stage a recipe shows ([`PartialStage`]); this file draws it.

use super::Shown;
use crate::shown::display::{DisplayGrid, Mark};

/// One stage of the first square, as a step demo shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartialStage {
    /// The map's exponent: its last point is at `2^exponent`.
    pub exponent: u32,
    /// How many of the first square's point kinds are set, in the algorithm's order (1: the
    /// corners; 4: all of corners, edge midpoints and center).
    pub set: u8,
    /// The kind of point this stage set (1: corners, 2: edge midpoints, 3: the center).
    pub newest: u8,
    /// Whether the center is set before the edge midpoints (Diamond-Square's order; midpoint
    /// displacement sets the edges first).
    pub center_first: bool,
    /// The caption line, naming the points it highlights.
    pub caption: &'static str,
}

impl PartialStage {
    /// How point `(x, y)` looks: [`Mark::Highlight`] for the points this stage set (the corners,
    /// the four edge midpoints or the center), [`Mark::Set`] for points an earlier stage set,
    /// [`Mark::Unset`] for the rest.
    pub fn mark(&self, x: usize, y: usize) -> Mark {
        let last = 1usize << self.exponent;
        let mid = last / 2;
        let on_edge = |v: usize| v == 0 || v == last;
        // 1: a corner, 2: an edge midpoint, 3: the center.
        let kind = if on_edge(x) && on_edge(y) {
            1
        } else if (x == mid && on_edge(y)) || (y == mid && on_edge(x)) {
            2
        } else if x == mid && y == mid {
            3
        } else {
            return Mark::Unset;
        };
        let done = match (self.set, kind) {
            (4, _) => true,
            (3, 2) => !self.center_first,
            (3, _) => true,
            (s, k) => k <= s,
        };
        if kind == self.newest {
            Mark::Highlight
        } else if done {
            Mark::Set
        } else {
            Mark::Unset
        }
    }

    /// The points whose values point `(x, y)` averaged, if this stage set it: an edge midpoint
    /// its edge's 2 corners (Diamond-Square's diamond step adds the center: 3 on the border), the
    /// center its 4 edge midpoints (Diamond-Square's square step: its 4 corners); none for the
    /// corners and for points this stage did not set.
    pub fn neighbours(&self, x: usize, y: usize) -> Vec<(usize, usize)> {
        if self.mark(x, y) != Mark::Highlight {
            return Vec::new();
        }
        let last = 1usize << self.exponent;
        let mid = last / 2;
        let corners = [(0, 0), (last, 0), (0, last), (last, last)];
        let edges = [(mid, 0), (0, mid), (last, mid), (mid, last)];
        match (self.newest, self.center_first) {
            // The center: Diamond-Square's from the corners, midpoint displacement's from the
            // edge midpoints.
            (3, true) => corners.to_vec(),
            (3, false) => edges.to_vec(),
            // An edge midpoint: the corners at the ends of its edge, and in Diamond-Square the
            // center too.
            (2, center_first) => {
                let mut around: Vec<(usize, usize)> = corners
                    .into_iter()
                    .filter(|&(cx, cy)| (cx == x) != (cy == y))
                    .collect();
                if center_first {
                    around.push((mid, mid));
                }
                around
            }
            _ => Vec::new(),
        }
    }

    /// The finished (partial) map with one mark per shown point.
    pub fn staged(&self, shown: &Shown) -> (DisplayGrid, Vec<Mark>) {
        let marks = shown.points().map(|(x, y)| self.mark(x, y)).collect();
        (shown.grid.clone(), marks)
    }
}
