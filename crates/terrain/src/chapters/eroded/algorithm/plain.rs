//! Hydraulic erosion read straight from Beyer's thesis: each droplet's steps one after another,
//! the brush's cells and weights worked out afresh at every step. The reference the fast version
//! ([`super::droplets`]) is tested against, bit for bit.

use super::{check_map, start, ErosionParams, Ledger};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;

/// Height at `(x, y)` (inside the map, at most `width - 1` and `height - 1` exclusive) and its
/// gradient, bilinear between the four points of the cell: the thesis's equations.
pub(crate) fn height_and_gradient(map: &Heightmap, x: f32, y: f32) -> (f32, f32, f32) {
    let (cx, cy) = (x as usize, y as usize);
    let (u, v) = (x - cx as f32, y - cy as f32);
    let nw = map.get(cx, cy);
    let ne = map.get(cx + 1, cy);
    let sw = map.get(cx, cy + 1);
    let se = map.get(cx + 1, cy + 1);
    let gx = (ne - nw) * (1.0 - v) + (se - sw) * v;
    let gy = (sw - nw) * (1.0 - u) + (se - ne) * u;
    let h = nw * (1.0 - u) * (1.0 - v) + ne * u * (1.0 - v) + sw * (1.0 - u) * v + se * u * v;
    (h, gx, gy)
}

/// The cells of the erosion brush around the point `(cx, cy)`, those on the map, each with its
/// weight: 1 - distance / radius for the cells nearer than the radius, scaled to sum to 1.
pub(crate) fn brush(map: &Heightmap, cx: usize, cy: usize, radius: u32) -> Vec<(usize, f32)> {
    let r = radius as isize;
    let mut cells = Vec::new();
    let mut sum = 0.0f32;
    for dy in -r..=r {
        for dx in -r..=r {
            let squared = dx * dx + dy * dy;
            let (x, y) = (cx as isize + dx, cy as isize + dy);
            let on_map =
                x >= 0 && y >= 0 && (x as usize) < map.width() && (y as usize) < map.height();
            if squared < r * r && on_map {
                let weight = 1.0 - (squared as f32).sqrt() / radius as f32;
                sum += weight;
                cells.push((y as usize * map.width() + x as usize, weight));
            }
        }
    }
    for cell in &mut cells {
        cell.1 /= sum;
    }
    cells
}

/// Lays `amount` on the four points of the cell under `(x, y)`, bilinearly.
pub(crate) fn deposit(map: &mut Heightmap, x: f32, y: f32, amount: f32) {
    let (cx, cy) = (x as usize, y as usize);
    let (u, v) = (x - cx as f32, y - cy as f32);
    let w = map.width();
    let data = map.data_mut();
    data[cy * w + cx] += amount * (1.0 - u) * (1.0 - v);
    data[cy * w + cx + 1] += amount * u * (1.0 - v);
    data[(cy + 1) * w + cx] += amount * (1.0 - u) * v;
    data[(cy + 1) * w + cx + 1] += amount * u * v;
}

/// Lays `amount` over the erosion brush around the point `(cx, cy)` (the cells of [`brush`], by
/// its weights): where a droplet dies, its load is spread as widely as it was taken, rather than
/// piled on one cell's four corners, which left a bump per droplet.
pub(crate) fn settle(map: &mut Heightmap, cx: usize, cy: usize, radius: u32, amount: f32) {
    for (cell, weight) in brush(map, cx, cy, radius) {
        map.data_mut()[cell] += amount * weight;
    }
}

/// Erodes [`ErosionParams::droplets`] droplets from `seed` into `map`, one step at a time.
pub fn erode(map: &mut Heightmap, params: &ErosionParams, seed: u64) -> Result<Ledger, ParamError> {
    params.validate()?;
    check_map(map)?;
    let points = PointRng::new(seed);
    let mut ledger = Ledger::default();
    let (w, h) = ((map.width() - 1) as f32, (map.height() - 1) as f32);
    let lifetime = params.lifetime_on(map.width(), map.height());
    for droplet in 0..params.droplets {
        let (mut x, mut y) = start(points, droplet, map);
        let (mut dx, mut dy) = (0.0f32, 0.0f32);
        let (mut speed, mut water, mut sediment) = (1.0f32, 1.0f32, 0.0f32);
        let mut alive = true;
        for _ in 0..lifetime {
            let (height, gx, gy) = height_and_gradient(map, x, y);
            // Turn towards downhill, keeping a share of the old direction; move one cell.
            dx = dx * params.inertia - gx * (1.0 - params.inertia);
            dy = dy * params.inertia - gy * (1.0 - params.inertia);
            let length = (dx * dx + dy * dy).sqrt();
            if length == 0.0 {
                // A flat spot: the droplet stops here.
                break;
            }
            dx /= length;
            dy /= length;
            let (nx, ny) = (x + dx, y + dy);
            if !(0.0..w).contains(&nx) || !(0.0..h).contains(&ny) {
                // Off the edge: its load leaves the map with it.
                ledger.carried_off += f64::from(sediment);
                alive = false;
                break;
            }
            let new_height = height_and_gradient(map, nx, ny).0;
            let rise = new_height - height;
            // What it can carry: its fall times speed, water and the factor, never under the
            // floor (Lague's reading; a floor on the fall alone made it blind to the slope).
            let capacity = (-rise * speed * water * params.capacity).max(params.min_capacity);
            if sediment > capacity || rise > 0.0 {
                // Uphill: fill the pit behind it (no more than it carries); over capacity: drop
                // a share of the excess.
                let amount = if rise > 0.0 {
                    rise.min(sediment)
                } else {
                    (sediment - capacity) * params.deposition
                };
                sediment -= amount;
                deposit(map, x, y, amount);
                ledger.deposited += f64::from(amount);
            } else {
                // Under capacity: take a share of the spare capacity, no more than the drop, from
                // the ground around it (never below 0).
                let amount = ((capacity - sediment) * params.erosion).min(-rise);
                let mut took = 0.0f32;
                for (cell, weight) in brush(map, x as usize, y as usize, params.radius) {
                    let ground = &mut map.data_mut()[cell];
                    let taken = (amount * weight).min(ground.max(0.0));
                    *ground -= taken;
                    sediment += taken;
                    took += taken;
                }
                ledger.eroded += f64::from(took);
            }
            speed = (speed * speed - rise * params.gravity).max(0.0).sqrt();
            water *= 1.0 - params.evaporation;
            x = nx;
            y = ny;
        }
        if alive {
            // It evaporated or stopped: its load settles over the brush where it is.
            settle(map, x as usize, y as usize, params.radius, sediment);
            ledger.deposited += f64::from(sediment);
        }
    }
    Ok(ledger)
}
