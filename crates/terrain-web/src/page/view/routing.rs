//! The Water views' routing: where the water of the points on screen goes is asked of the worker,
//! whose later chapters' module routes them (`terrain::water::routing::routing_bytes`), so Priority-Flood
//! and the flow are no part of the page's first load. While the points on screen are being
//! routed the section says `data-water="routing"`, and `routed` once the answer is in; the views
//! draw the dry relief meanwhile.

use terrain::water::flood::FLOOD_STEPS;
use terrain::water::routed::Routed;

use super::takehome::TakeHome;
use super::DemoView;
use crate::model::fields::Setup;
use crate::model::stepping::StepAction;

/// What a demo's Water view holds beside the terrain.
#[derive(Debug)]
pub(super) struct WaterView {
    /// The shown point picked, and what the caption says of its water.
    pub picked: Option<usize>,
    pub caption: Option<String>,
    /// The flood stepper's step ([`FLOOD_STEPS`]: the finished view).
    pub flood: u32,
}

impl Default for WaterView {
    fn default() -> Self {
        Self {
            picked: None,
            caption: None,
            flood: FLOOD_STEPS,
        }
    }
}

/// What the shown heights are multiplied by before they are routed: the 3-D view's relief (a
/// height of 1 standing `height_scale` of a map 2 wide) over the relief of `--maps` that the
/// worker's land colours read (0.6 of the width, `terrain::derived::Relief::shown_at`).
fn drawn_relief(shown: &super::Shown) -> f32 {
    (shown.height_scale() / 1.2).max(f32::MIN_POSITIVE)
}

impl DemoView {
    /// Whether the view on screen shows water.
    fn shows_water(&self) -> bool {
        self.mode.row().routes
    }

    /// The routing to ask for now, if the view shows water and the points on screen are neither
    /// routed nor on their way: a fresh token, the setup, and the points (columns, heights).
    pub fn routing_request(&mut self) -> Option<(u32, Setup, (usize, Vec<f32>))> {
        if !self.shows_water() || self.downloads.get(&TakeHome::Water).is_some() {
            return None;
        }
        let shown = self.shown.as_ref().filter(|s| s.routed.is_none())?;
        // In the relief the 3-D views draw: the worker's land colours read the heights in the
        // relief of `--maps` (0.6 of the width, twice the 3-D view's for a generated map), so
        // the heights go scaled to it, and the filled heights come back divided again.
        let to_drawn = drawn_relief(shown);
        let heights = shown.staged.heights.iter().map(|h| h * to_drawn).collect();
        let grid = (shown.staged.size().0, heights);
        let setup = shown.setup.clone();
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
        self.mark_routing_due();
    }

    /// Says `data-water="routing"` from the moment a view that shows water has points to route
    /// that are not routed (the request goes after the next frame), so whoever waits for the
    /// routing cannot look between the two.
    pub(super) fn mark_routing_due(&self) {
        let due = self.shows_water() && self.shown.as_ref().is_some_and(|s| s.routed.is_none());
        if due {
            self.set_attribute("data-water", "routing");
        }
    }

    /// The routing of the points on screen arrived, or could not be made (too few points, or
    /// no worker): the views draw it, or the relief dry.
    pub(super) fn finish_routing(&mut self, bytes: Result<Vec<u8>, String>) {
        if let Some(shown) = self.shown.as_mut() {
            let points = shown.staged.heights.len();
            let to_drawn = drawn_relief(shown);
            let routed = bytes
                .ok()
                .and_then(|bytes| Routed::from_bytes(points, &bytes))
                .map(|mut routed| {
                    let filled = routed.water.filled.data_mut();
                    filled.iter_mut().for_each(|h| *h /= to_drawn);
                    routed
                });
            shown.routed = Some(routed);
            shown.stale |= shown.built_for.0.row().routes;
        }
        self.set_attribute("data-water", "routed");
        self.needs_draw = true;
        self.show_step();
    }

    /// The flood stepper moved: the Water view draws the flood at its step.
    pub fn step_flood(&mut self, action: StepAction) {
        let step = self.water.flood;
        self.water.flood = match action {
            StepAction::Back => step.saturating_sub(1),
            StepAction::Forward => step + 1,
            StepAction::To(to) => to,
        }
        .min(FLOOD_STEPS);
        self.needs_draw |= self.water.flood != step;
        self.show_step();
    }

    /// The caption line of the Water view: the flood's step, or the picked point's water.
    pub(super) fn water_caption(&self) -> Option<String> {
        if !self.mode.row().floods || self.shown.is_none() {
            return None;
        }
        if self.water.flood >= FLOOD_STEPS {
            return self.water.caption.clone();
        }
        let shown = self.shown.as_ref()?;
        Some(match shown.routed.as_ref() {
            Some(Some(routed)) => routed.captions.get(self.water.flood as usize)?.clone(),
            Some(None) => "Too few points to flood.".to_string(),
            None => "Routing the water…".to_string(),
        })
    }

    /// Sets the Land view's sun `degrees` over the horizon: its shadows are cast again.
    pub fn set_sun(&mut self, degrees: u8) {
        if degrees != self.sun {
            self.sun = degrees;
            self.needs_draw |= self.mode.row().sun;
            self.set_attribute("data-sun", &degrees.to_string());
        }
    }

    /// Shows the flood stepper (in the Water view only) and its step in `data-flood` and
    /// `data-flood-steps`, and the sun's height while a view it lights is on screen.
    pub(super) fn show_flood(&self) {
        if let Some((label, _)) = &self.elements.toolbar.sun {
            let _ = match self.mode.row().sun {
                true => label.remove_attribute("hidden"),
                false => label.set_attribute("hidden", ""),
            };
        }
        if let Some(controls) = &self.elements.toolbar.flood {
            let shown = self.mode.row().floods;
            controls.show(self.water.flood, shown);
            self.set_attribute("data-flood", &self.water.flood.to_string());
            self.set_attribute("data-flood-steps", &FLOOD_STEPS.to_string());
        }
    }
}
