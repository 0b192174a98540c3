//! How a file is read ([`Reading`]): where (the command line or the page), which sets the most
//! points a map may have and how a refusal is worded, and the width of a raw file's rows. Every
//! format's reader checks the size its file declares here before it allocates.

use crate::knobs::limits;

/// Where a map is read, which sets its limit and how its refusals are worded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// By `terrain` (`--in`): maps up to the core's limit, [`limits::MAX_CELLS`] points.
    Command,
    /// On the page ("Your map"): maps up to [`MOST_BROUGHT_POINTS`].
    Page,
}

/// How a file is read: where, and for a raw file without a size, how wide its rows are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// The row length of a raw file (`--width`); `None`: the map must be square.
    pub width: Option<usize>,
    /// Where the map is read.
    pub shown: Shown,
}

impl Reading {
    /// Most points a map read here may have.
    pub fn most_points(&self) -> usize {
        match self.shown {
            Shown::Command => limits::MAX_CELLS,
            Shown::Page => MOST_BROUGHT_POINTS,
        }
    }

    /// Checks the size a file declares (in its header, or by its length) before anything is
    /// allocated for it: its points, or one line naming the limit.
    pub fn check_size(&self, width: usize, height: usize) -> Result<usize, String> {
        let points = width.saturating_mul(height);
        if width == 0 || height == 0 {
            return Err(format!(
                "the file declares a map of {width} x {height} points: a map has at least one"
            ));
        }
        if points > self.most_points() {
            return Err(self.too_many(&format!("declares {width} x {height} points")));
        }
        Ok(points)
    }

    /// Checks the number of points a raw file holds (its length says it) before they are read.
    pub fn check_points(&self, points: usize) -> Result<(), String> {
        if points > self.most_points() {
            return Err(self.too_many(&format!("holds {points} points")));
        }
        Ok(())
    }

    /// "the file `holds`, more than" the limit here.
    fn too_many(&self, holds: &str) -> String {
        match self.shown {
            Shown::Command => format!(
                "the file {holds}, more than the {} a map may hold",
                limits::MAX_CELLS
            ),
            Shown::Page => format!("the file {holds}, more than the 4097 x 4097 the page reads"),
        }
    }
}

/// Most points of a map brought to the page: 4097 x 4097, the largest map the generators make.
pub const MOST_BROUGHT_POINTS: usize = 4097 * 4097;
