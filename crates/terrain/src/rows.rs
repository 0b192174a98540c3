//! Borrowing a row of a heightmap for writing together with the rows a fixed distance above and
//! below it for reading: what the row-by-row sweeps of midpoint displacement and Diamond-Square
//! need to run without a bounds check per point.

use crate::heightmap::Heightmap;

/// Row `y` of a map, writable, and the rows `distance` above and below it when they exist.
#[derive(Debug)]
pub(crate) struct Neighbours<'a> {
    /// Row `y - distance` (`None` past the first row).
    pub(crate) above: Option<&'a [f32]>,
    /// Row `y` itself.
    pub(crate) row: &'a mut [f32],
    /// Row `y + distance` (`None` past the last row).
    pub(crate) below: Option<&'a [f32]>,
}

/// Row `y` of `map` and its neighbours `distance` rows away (`distance` at least 1).
pub(crate) fn around(map: &mut Heightmap, y: usize, distance: usize) -> Neighbours<'_> {
    let width = map.width();
    let height = map.height();
    let (before, rest) = map.data_mut().split_at_mut(y * width);
    let (row, after) = rest.split_at_mut(width);
    let (before, after): (&[f32], &[f32]) = (before, after);
    Neighbours {
        above: (y >= distance).then(|| &before[(y - distance) * width..][..width]),
        row,
        below: (y + distance < height).then(|| &after[(distance - 1) * width..][..width]),
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
        let n = around(&mut map, 2, 2);
        assert_eq!(n.above, Some(&[0.0, 1.0][..]));
        assert_eq!(n.below, Some(&[8.0, 9.0][..]));
        n.row[1] = -1.0;
        assert_eq!(map.get(1, 2), -1.0);
        let edge = around(&mut map, 4, 1);
        assert_eq!((edge.above.is_some(), edge.below), (true, None));
        let top = around(&mut map, 0, 3);
        assert_eq!((top.above, top.below.map(|r| r[0])), (None, Some(6.0)));
    }
}
