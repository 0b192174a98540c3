//! Turns DOM pointer, wheel and key input into three-d [`Event`]s for the orbit control.
//!
//! One pointer (mouse button or finger) dragging orbits; two fingers pinching zoom and moving
//! together orbit (a one-finger swipe scrolls the page on a touch screen: the canvas's
//! `touch-action` is `pan-y`); the wheel zooms where the page lets it (Ctrl or ⌘ held, or the
//! demo clicked into: `page::wiring`); arrow keys orbit and `+`/`-` zoom when the canvas has focus. Pure logic, so it is
//! tested natively.

use three_d::{Event, Modifiers, MouseButton, PhysicalPoint};

/// How much one wheel pixel zooms (the orbit control zooms by `1 - exp(-0.01 * delta)`).
const WHEEL_SCALE: f32 = 0.25;

/// Degrees-ish of orbit per arrow key press, in the control's pixel units.
const KEY_STEP: f32 = 24.0;

#[derive(Debug, Clone, Copy)]
struct Pointer {
    id: i32,
    x: f32,
    y: f32,
    /// A finger on a touch screen (not a mouse or pen).
    touch: bool,
}

/// The pointers currently pressed on one canvas.
#[derive(Debug, Default, Clone)]
pub struct Gestures {
    pointers: Vec<Pointer>,
}

fn point(x: f32, y: f32) -> PhysicalPoint {
    PhysicalPoint { x, y }
}

impl Gestures {
    /// A mouse button or pen went down at `(x, y)` (CSS pixels, relative to the canvas).
    pub fn press(&mut self, id: i32, x: f32, y: f32) {
        self.press_as(id, x, y, false);
    }

    /// A pointer went down at `(x, y)`; `touch` for a finger. One finger only turns the terrain
    /// sideways: up and down are the page's to scroll (the browser takes a vertical swipe once
    /// it has moved a little, and the moves before that must not tilt the terrain).
    pub fn press_as(&mut self, id: i32, x: f32, y: f32, touch: bool) {
        self.release(id);
        if self.pointers.len() < 2 {
            self.pointers.push(Pointer { id, x, y, touch });
        }
    }

    /// A pointer went up or was cancelled.
    pub fn release(&mut self, id: i32) {
        self.pointers.retain(|p| p.id != id);
    }

    /// Whether any pointer is pressed.
    pub fn is_active(&self) -> bool {
        !self.pointers.is_empty()
    }

    fn spacing(&self) -> Option<f32> {
        match self.pointers.as_slice() {
            [a, b] => Some(((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()),
            _ => None,
        }
    }

    /// A pressed pointer moved to `(x, y)`: an orbit drag for one pointer, a pinch zoom for two.
    /// Moves of pointers that are not pressed (hovering mice) give nothing.
    pub fn motion(&mut self, id: i32, x: f32, y: f32) -> Option<Event> {
        let before = self.spacing();
        let index = self.pointers.iter().position(|p| p.id == id)?;
        let (dx, dy) = (x - self.pointers[index].x, y - self.pointers[index].y);
        let touch = self.pointers[index].touch;
        // A move along the line to the other finger pinches; across it, the two orbit.
        let along = self
            .pointers
            .get(1 - index.min(1))
            .filter(|_| self.pointers.len() == 2);
        let pinches = along.is_some_and(|other| {
            let (ax, ay) = (
                self.pointers[index].x - other.x,
                self.pointers[index].y - other.y,
            );
            let across = (ax * dy - ay * dx).abs();
            (ax * dx + ay * dy).abs() >= across
        });
        self.pointers[index].x = x;
        self.pointers[index].y = y;
        match (before, self.spacing()) {
            (Some(old), Some(new)) if old > 1.0 && pinches => Some(Event::PinchGesture {
                delta: new / old - 1.0,
                position: point(x, y),
                modifiers: Modifiers::default(),
                handled: false,
            }),
            // Two fingers moving together orbit: each finger's move turns it by half, so
            // both together turn it as one finger's drag would.
            (Some(_), Some(_)) => Some(Event::MouseMotion {
                button: Some(MouseButton::Left),
                delta: (dx / 2.0, dy / 2.0),
                position: point(x, y),
                modifiers: Modifiers::default(),
                handled: false,
            }),
            (Some(_), None) => None,
            (None, _) if touch && dx == 0.0 => None,
            (None, _) => Some(Event::MouseMotion {
                button: Some(MouseButton::Left),
                delta: (dx, if touch { 0.0 } else { dy }),
                position: point(x, y),
                modifiers: Modifiers::default(),
                handled: false,
            }),
        }
    }
}

/// A wheel turn: `delta_y` as the DOM reports it (positive scrolls down, which zooms out) in
/// `delta_mode` units (0 pixels, 1 lines, 2 pages).
pub fn wheel(delta_y: f64, delta_mode: u32) -> Event {
    let pixels = match delta_mode {
        1 => delta_y * 16.0,
        2 => delta_y * 400.0,
        _ => delta_y,
    } as f32;
    Event::MouseWheel {
        delta: (0.0, -pixels * WHEEL_SCALE),
        position: point(0.0, 0.0),
        modifiers: Modifiers::default(),
        handled: false,
    }
}

/// A key press on a focused canvas: arrows orbit, `+`/`=` zoom in, `-` zooms out.
pub fn key(key: &str) -> Option<Event> {
    let orbit = |dx: f32, dy: f32| Event::MouseMotion {
        button: Some(MouseButton::Left),
        delta: (dx, dy),
        position: point(0.0, 0.0),
        modifiers: Modifiers::default(),
        handled: false,
    };
    match key {
        "ArrowLeft" => Some(orbit(-KEY_STEP, 0.0)),
        "ArrowRight" => Some(orbit(KEY_STEP, 0.0)),
        "ArrowUp" => Some(orbit(0.0, -KEY_STEP)),
        "ArrowDown" => Some(orbit(0.0, KEY_STEP)),
        "+" | "=" => Some(wheel(-100.0, 0)),
        "-" | "_" => Some(wheel(100.0, 0)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pointer_drags_orbit_by_its_movement() {
        let mut g = Gestures::default();
        assert!(g.motion(1, 5.0, 5.0).is_none(), "hover does nothing");
        g.press(1, 10.0, 10.0);
        match g.motion(1, 13.0, 6.0) {
            Some(Event::MouseMotion {
                button: Some(MouseButton::Left),
                delta,
                ..
            }) => assert_eq!(delta, (3.0, -4.0)),
            other => panic!("expected an orbit drag, got {other:?}"),
        }
        g.release(1);
        assert!(!g.is_active());
    }

    #[test]
    fn two_fingers_spreading_zoom_in_and_pinching_zoom_out() {
        let mut g = Gestures::default();
        g.press(1, 0.0, 0.0);
        g.press(2, 100.0, 0.0);
        match g.motion(2, 150.0, 0.0) {
            Some(Event::PinchGesture { delta, .. }) => assert!((delta - 0.5).abs() < 1e-6),
            other => panic!("expected a pinch, got {other:?}"),
        }
        match g.motion(1, 75.0, 0.0) {
            Some(Event::PinchGesture { delta, .. }) => assert!(delta < 0.0),
            other => panic!("expected a pinch, got {other:?}"),
        }
        g.release(2);
        assert!(
            matches!(g.motion(1, 70.0, 0.0), Some(Event::MouseMotion { .. })),
            "back to orbiting"
        );
    }

    #[test]
    fn two_fingers_moving_together_orbit_by_half_of_each_move() {
        let mut g = Gestures::default();
        g.press(1, 0.0, 0.0);
        g.press(2, 100.0, 0.0);
        match g.motion(1, 0.0, 10.0) {
            Some(Event::MouseMotion { delta, .. }) => assert_eq!(delta, (0.0, 5.0)),
            other => panic!("expected an orbit, got {other:?}"),
        }
    }

    #[test]
    fn one_finger_turns_the_terrain_sideways_only() {
        let mut g = Gestures::default();
        g.press_as(7, 50.0, 50.0, true);
        assert!(
            g.motion(7, 50.0, 38.0).is_none(),
            "straight up: the page's swipe"
        );
        match g.motion(7, 60.0, 30.0) {
            Some(Event::MouseMotion { delta, .. }) => assert_eq!(delta, (10.0, 0.0)),
            other => panic!("expected a sideways orbit, got {other:?}"),
        }
    }

    #[test]
    fn a_third_finger_is_ignored() {
        let mut g = Gestures::default();
        g.press(1, 0.0, 0.0);
        g.press(2, 10.0, 0.0);
        g.press(3, 20.0, 0.0);
        assert!(g.motion(3, 30.0, 0.0).is_none());
    }

    #[test]
    fn wheel_down_zooms_out_in_any_unit() {
        for (delta, mode) in [(100.0, 0), (3.0, 1), (1.0, 2)] {
            match wheel(delta, mode) {
                Event::MouseWheel { delta: (_, dy), .. } => assert!(dy < 0.0),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn keys_orbit_and_zoom() {
        assert!(matches!(key("ArrowLeft"), Some(Event::MouseMotion { .. })));
        assert!(matches!(key("+"), Some(Event::MouseWheel { delta: (_, dy), .. }) if dy > 0.0));
        assert!(key("a").is_none());
    }
}
