//! Turns DOM pointer, wheel and key input into three-d [`Event`]s for the orbit control.
//!
//! One pointer (mouse button or finger) dragging orbits; two fingers pinching zoom; the wheel
//! zooms; arrow keys orbit and `+`/`-` zoom when the canvas has focus. Pure logic, so it is
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
    /// A pointer went down at `(x, y)` (CSS pixels, relative to the canvas).
    pub fn press(&mut self, id: i32, x: f32, y: f32) {
        self.release(id);
        if self.pointers.len() < 2 {
            self.pointers.push(Pointer { id, x, y });
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
        self.pointers[index].x = x;
        self.pointers[index].y = y;
        match (before, self.spacing()) {
            (Some(old), Some(new)) if old > 1.0 => Some(Event::PinchGesture {
                delta: new / old - 1.0,
                position: point(x, y),
                modifiers: Modifiers::default(),
                handled: false,
            }),
            (Some(_), _) => None,
            (None, _) => Some(Event::MouseMotion {
                button: Some(MouseButton::Left),
                delta: (dx, dy),
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
