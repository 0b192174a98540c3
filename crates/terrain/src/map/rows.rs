//! The rows a sweep of midpoint displacement or Diamond-Square writes ([`Grid`]), and borrowing
//! one of them for writing together with the rows a fixed distance above and below it for
//! reading ([`Grid::around`]): what the row-by-row sweeps need to run without a bounds check per
//! point.

use crate::map::heightmap::Heightmap;

/// Rows of a map a sweep writes: the whole map, or a band of it cut out for one core (rows
/// `first..` of the whole map, see [`crate::chapters::fine_levels`]). A band may end with a row of its own,
/// a scratch copy of the whole map's row just after the band, which the band reads but whose
/// writes are thrown away.
#[derive(Debug)]
pub(crate) struct Grid<'a> {
    /// Rows `0..body.len() / width`, written in place.
    body: &'a mut [f32],
    /// The scratch last row, if there is one.
    tail: Option<&'a mut [f32]>,
    width: usize,
    /// The whole map's index of the grid's first point: `first * width`, where `first` is the
    /// whole map's row of the grid's row 0. Each point's random number is keyed by this index,
    /// so a band draws the numbers the whole map would.
    base: usize,
}

/// Row `y` of a grid, writable, and the rows `distance` above and below it when they exist.
#[derive(Debug)]
pub(crate) struct Neighbours<'a> {
    /// Row `y - distance` (`None` past the first row).
    pub(crate) above: Option<&'a [f32]>,
    /// Row `y` itself.
    pub(crate) row: &'a mut [f32],
    /// Row `y + distance` (`None` past the last row).
    pub(crate) below: Option<&'a [f32]>,
}

impl<'a> Grid<'a> {
    /// Every row of `map`.
    pub(crate) fn whole(map: &'a mut Heightmap) -> Self {
        let width = map.width();
        Self::band(map.data_mut(), None, width, 0)
    }

    /// The rows `body` (whole rows of `width` points), then `tail` if given, starting at row
    /// `first` of a map `width` points wide.
    pub(crate) fn band(
        body: &'a mut [f32],
        tail: Option<&'a mut [f32]>,
        width: usize,
        first: usize,
    ) -> Self {
        debug_assert!(body.len().is_multiple_of(width));
        debug_assert!(tail.as_ref().is_none_or(|t| t.len() == width));
        Self {
            body,
            tail,
            width,
            base: first * width,
        }
    }

    /// Points per row.
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    /// Rows, the scratch row included.
    pub(crate) fn height(&self) -> usize {
        self.body_rows() + usize::from(self.tail.is_some())
    }

    /// Rows written in place (all but the scratch row).
    pub(crate) fn body_rows(&self) -> usize {
        self.body.len() / self.width
    }

    /// The whole map's index of point `(x, y)` of the grid: what keys its random number.
    pub(crate) fn index(&self, x: usize, y: usize) -> usize {
        self.base + y * self.width + x
    }

    /// The rows written in place, row-major.
    pub(crate) fn body(&self) -> &[f32] {
        self.body
    }

    /// Row `y`, writable.
    pub(crate) fn row_mut(&mut self, y: usize) -> &mut [f32] {
        let width = self.width;
        match (y < self.body_rows(), self.tail.as_deref_mut()) {
            (false, Some(tail)) => tail,
            _ => &mut self.body[y * width..][..width],
        }
    }

    /// Row `y` and its neighbours `distance` rows away (`distance` at least 1).
    pub(crate) fn around(&mut self, y: usize, distance: usize) -> Neighbours<'_> {
        let (width, body_rows) = (self.width, self.body_rows());
        let (before, rest) = self.body.split_at_mut(y.min(body_rows) * width);
        let before: &[f32] = before;
        let above = (y >= distance).then(|| &before[(y - distance) * width..][..width]);
        if y < body_rows {
            let (row, after) = rest.split_at_mut(width);
            let after: &[f32] = after;
            let below = match y + distance {
                b if b < body_rows => Some(&after[(distance - 1) * width..][..width]),
                b if b == body_rows => self.tail.as_deref(),
                _ => None,
            };
            Neighbours { above, row, below }
        } else {
            let row = self
                .tail
                .as_deref_mut()
                .expect("a row past the body is the scratch row");
            Neighbours {
                above,
                row,
                below: None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_the_rows_distance_away() {
        let mut map = Heightmap::new(2, 5).expect("map");
        for (i, v) in map.data_mut().iter_mut().enumerate() {
            *v = i as f32;
        }
        let mut grid = Grid::whole(&mut map);
        let n = grid.around(2, 2);
        assert_eq!(n.above, Some(&[0.0, 1.0][..]));
        assert_eq!(n.below, Some(&[8.0, 9.0][..]));
        n.row[1] = -1.0;
        let edge = grid.around(4, 1);
        assert_eq!((edge.above.is_some(), edge.below), (true, None));
        let top = grid.around(0, 3);
        assert_eq!((top.above, top.below.map(|r| r[0])), (None, Some(6.0)));
        assert_eq!(map.get(1, 2), -1.0);
    }

    #[test]
    fn a_band_reads_its_scratch_row_last_and_keys_points_by_the_whole_map() {
        let mut body: Vec<f32> = (0..6).map(|i| i as f32).collect();
        let mut tail = vec![10.0, 11.0];
        let mut grid = Grid::band(&mut body, Some(&mut tail), 2, 4);
        assert_eq!((grid.height(), grid.body_rows()), (4, 3));
        assert_eq!(grid.index(1, 2), 4 * 2 + 2 * 2 + 1);
        assert_eq!(grid.around(1, 2).below, Some(&[10.0, 11.0][..]));
        let last = grid.around(3, 1);
        assert_eq!((last.above, last.below), (Some(&[4.0, 5.0][..]), None));
        last.row[0] = -1.0;
        grid.row_mut(0)[1] = -2.0;
        assert_eq!((tail[0], body[1]), (-1.0, -2.0));
    }
}
