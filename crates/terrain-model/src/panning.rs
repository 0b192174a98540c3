//! Moving a map over the endless plane: a demo whose fields include the map's corner (`x` and
//! `y`, [`terrain::chapters::fbm::knobs::ORIGIN_X`] and its `ORIGIN_Y`) can be dragged in its
//! top-down views, or
//! moved with the arrow keys, and each move sets those fields and asks for the map at the new
//! corner. The land moves with the pointer: dragging right shows what lies to the left.

use super::fields::Field;

/// How far one press of an arrow key moves the view, as a share of the map's side.
pub const KEY_SHARE: f64 = 0.125;

/// A drag in progress: the pointer that holds it, where it went down and the corner then.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drag {
    /// The pointer's id.
    pub pointer: i32,
    /// Where it went down, in CSS pixels from the canvas's corner.
    pub at: (f32, f32),
    /// The map's corner on the plane when it went down, in cells.
    pub origin: (u64, u64),
}

impl Drag {
    /// The corner with the pointer at `at`, where one CSS pixel spans `cells_per_pixel` map
    /// cells: the land follows the pointer, so the corner moves against it.
    pub fn origin_at(&self, at: (f32, f32), cells_per_pixel: f64) -> (u64, u64) {
        let by = |now: f32, then: f32| -(f64::from(now - then) * cells_per_pixel).round();
        moved(self.origin, (by(at.0, self.at.0), by(at.1, self.at.1)))
    }
}

/// The corner `origin` moved by `by` cells (right and down), kept within the fields' ranges.
pub fn moved(origin: (u64, u64), by: (f64, f64)) -> (u64, u64) {
    let along = |field: Field, from: u64, by: f64| {
        let knob = field.knob();
        let to = from as f64 + by;
        // Within the knob's range, whole cells: the float is exact below 2^53. (Not `clamp`,
        // whose check formats floats: 1 KB of the page's first load.)
        to.max(knob.whole_min() as f64).min(knob.whole_max() as f64) as u64
    };
    (
        along(
            Field(&terrain::chapters::fbm::knobs::ORIGIN_X),
            origin.0,
            by.0,
        ),
        along(
            Field(&terrain::chapters::fbm::knobs::ORIGIN_Y),
            origin.1,
            by.1,
        ),
    )
}

/// Which way an arrow key moves the view (across, down), in shares of the map's side; `None`
/// for any other key.
pub fn arrow(key: &str) -> Option<(f64, f64)> {
    match key {
        "ArrowLeft" => Some((-KEY_SHARE, 0.0)),
        "ArrowRight" => Some((KEY_SHARE, 0.0)),
        "ArrowUp" => Some((0.0, -KEY_SHARE)),
        "ArrowDown" => Some((0.0, KEY_SHARE)),
        _ => None,
    }
}

/// The corner the fields `x` and `y` hold, when both read as allowed values.
pub fn read_origin(x: &str, y: &str) -> Option<(u64, u64)> {
    let x = Field(&terrain::chapters::fbm::knobs::ORIGIN_X)
        .knob()
        .parse_whole(x)
        .ok()?;
    let y = Field(&terrain::chapters::fbm::knobs::ORIGIN_Y)
        .knob()
        .parse_whole(y)
        .ok()?;
    Some((x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_land_follows_the_pointer() {
        let drag = Drag {
            pointer: 1,
            at: (100.0, 50.0),
            origin: (1000, 1000),
        };
        // Right and up by 10 pixels of 2 cells each: the corner goes 20 cells left, 20 down.
        assert_eq!(drag.origin_at((110.0, 40.0), 2.0), (980, 1020));
        assert_eq!(drag.origin_at((100.0, 50.0), 2.0), (1000, 1000));
    }

    #[test]
    fn the_corner_stays_within_the_fields_ranges() {
        let most = Field(&terrain::chapters::fbm::knobs::ORIGIN_X)
            .knob()
            .whole_max();
        assert_eq!(moved((5, 5), (-20.0, 3.0)), (0, 8));
        assert_eq!(moved((most - 1, 0), (20.0, -1.0)), (most, 0));
    }

    #[test]
    fn arrows_move_an_eighth_of_the_view_and_other_keys_nothing() {
        assert_eq!(arrow("ArrowRight"), Some((0.125, 0.0)));
        assert_eq!(arrow("ArrowUp"), Some((0.0, -0.125)));
        assert_eq!(arrow("a"), None);
        assert_eq!(read_origin("12", " 7 "), Some((12, 7)));
        assert_eq!(read_origin("-1", "7"), None);
    }
}
