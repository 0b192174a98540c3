//! Pointing at a point in the Water view ([`terrain::water::picked`]): a click or tap picks the
//! shown point under it, the arrow keys move the pick one point, Escape lets it go. The view then
//! draws its path to the edge and its catchment, the caption says what its water does, and the
//! section's `data-picked="X,Y"` (map cells) and `data-catchment="N"` say which point and how
//! many points drain through it.

use terrain::display::DisplayGrid;
use terrain::water::flood::{self, FLOOD_STEPS};
use terrain::water::{picked, shown};

use super::DemoView;
use crate::model::stepping;

impl DemoView {
    /// Whether a click or an arrow key picks a point now: the Water view shows a map that does
    /// not pan (a map that pans is dragged there).
    fn picks_now(&self) -> bool {
        self.mode.row().floods
            && !self.demo.pans()
            && self.shown.is_some()
            && self.water.flood >= FLOOD_STEPS
    }

    /// A pointer went down at `at` (CSS pixels): picks the point under it; true if it did.
    pub(super) fn pick_at(&mut self, at: (f32, f32)) -> bool {
        if !self.picks_now() {
            return false;
        }
        let Some(shown) = self.shown.as_ref() else {
            return false;
        };
        let point = self.point_under(shown, at);
        if point.is_some() {
            self.water.picked = point;
            self.needs_draw = true;
        }
        point.is_some()
    }

    /// An arrow key moves the pick one shown point (from the middle when none is picked);
    /// Escape lets it go. True when the key was taken.
    pub(super) fn move_pick(&mut self, key: &str) -> bool {
        if !self.picks_now() {
            return false;
        }
        let Some((nx, nz)) = self.shown.as_ref().map(|s| s.staged.size()) else {
            return false;
        };
        if key == "Escape" {
            let had = self.water.picked.take().is_some();
            self.needs_draw |= had;
            return had;
        }
        let (dx, dz): (isize, isize) = match key {
            "ArrowLeft" => (-1, 0),
            "ArrowRight" => (1, 0),
            "ArrowUp" => (0, -1),
            "ArrowDown" => (0, 1),
            _ => return false,
        };
        let from = self.water.picked.unwrap_or(nz / 2 * nx + nx / 2);
        let x = ((from % nx) as isize + dx).clamp(0, nx as isize - 1) as usize;
        let z = ((from / nx) as isize + dz).clamp(0, nz as isize - 1) as usize;
        self.water.picked = Some(z * nx + x);
        self.needs_draw = true;
        true
    }

    /// The Water view's pixels of `shown`, with the picked point's path and catchment over
    /// them; says the pick in the section's attributes and the caption line. Before the flood
    /// stepper's last step, the flood at its step instead.
    pub(super) fn water_picture(&mut self, shown_grid: &DisplayGrid, scale: f32) -> Vec<u8> {
        let routed = self
            .shown
            .as_ref()
            .and_then(|s| s.routed.as_ref()?.as_ref());
        if let Some(routed) = routed.filter(|_| self.water.flood < FLOOD_STEPS) {
            return flood::flood_pixels(shown_grid, routed, self.water.flood, scale);
        }
        let mut pixels = shown::water_pixels_routed(shown_grid, scale, routed);
        let holes: Vec<bool> = shown_grid.heights.iter().map(|h| !h.is_finite()).collect();
        let found = routed
            .zip(self.water.picked)
            .and_then(|(routed, point)| picked::pick(routed, point, &holes));
        let text = match (&found, self.shown.as_ref()) {
            (Some(found), Some(shown)) => {
                picked::draw(&mut pixels, found);
                let (columns, rows) = stepping::positions(&shown.setup, &shown.staged);
                let (x, y) = (
                    columns
                        .get(found.point % columns.len().max(1))
                        .copied()
                        .unwrap_or(0),
                    rows.get(found.point / columns.len().max(1))
                        .copied()
                        .unwrap_or(0),
                );
                self.set_attribute("data-picked", &format!("{x},{y}"));
                self.set_attribute("data-catchment", &found.catchment.len().to_string());
                Some(picked::caption(found, &columns, &rows))
            }
            _ => None,
        };
        if text != self.water.caption {
            self.water.caption = text;
            self.show_step();
        }
        pixels
    }
}
