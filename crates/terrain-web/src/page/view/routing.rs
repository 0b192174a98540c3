//! The Water views' routing: where the water of the points on screen goes is asked of the worker,
//! whose encoders' module routes them (`terrain::water::routed::routing_bytes`), so Priority-Flood
//! and the flow are no part of the page's first load. While the points on screen are being
//! routed the section says `data-water="routing"`, and `routed` once the answer is in; the views
//! draw the dry relief meanwhile.

use terrain::water::routed::Routed;

use super::takehome::TakeHome;
use super::DemoView;
use crate::model::fields::Setup;
use crate::model::view_mode::ViewMode;

impl DemoView {
    /// Whether the view on screen shows water.
    fn shows_water(&self) -> bool {
        matches!(self.mode, ViewMode::Water | ViewMode::Water3d)
    }

    /// The routing to ask for now, if the view shows water and the points on screen are neither
    /// routed nor on their way: a fresh token, the setup, and the points (columns, heights).
    pub fn routing_request(&mut self) -> Option<(u32, Setup, (usize, Vec<f32>))> {
        if !self.shows_water() || self.downloads.get(&TakeHome::Water).is_some() {
            return None;
        }
        let shown = self.shown.as_ref().filter(|s| s.routed.is_none())?;
        let grid = (shown.staged.size().0, shown.staged.heights.clone());
        let setup = shown.setup;
        let token = self.downloads.issue(TakeHome::Water, String::new());
        self.set_attribute("data-water", "routing");
        Some((token, setup, grid))
    }

    /// The points on screen changed (or the worker that was routing them stopped): their
    /// routing, and any on its way, are forgotten, to be asked for again.
    pub(super) fn forget_routing(&mut self) {
        if let Some((token, _)) = self.downloads.get(&TakeHome::Water) {
            self.downloads.take(&TakeHome::Water, token);
        }
        if let Some(shown) = self.shown.as_mut() {
            shown.routed = None;
        }
    }

    /// The routing of the points on screen arrived, or could not be made (too few points, or
    /// no worker): the views draw it, or the relief dry.
    pub(super) fn finish_routing(&mut self, bytes: Result<Vec<u8>, String>) {
        if let Some(shown) = self.shown.as_mut() {
            let routed = bytes
                .ok()
                .and_then(|bytes| Routed::from_bytes(&shown.staged, &bytes));
            shown.routed = Some(routed);
            shown.stale |= shown.water;
        }
        self.set_attribute("data-water", "routed");
        self.needs_draw = true;
    }
}
