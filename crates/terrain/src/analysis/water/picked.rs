//! One point's water in the Water view: the path the rain falling there takes to the map's edge
//! and every point whose water passes through it (its catchment), on the shown points as the
//! view routes them ([`super::routing::route`]), drawn over the view's pixels.

use super::routed::{Routed, Wet};
use crate::shown::display::{HIGHLIGHT_COLOR, OUTLINE_COLOR};

/// What the water at one shown point does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picked {
    /// The point, as an index of the shown points.
    pub point: usize,
    /// The points its water passes, from it to the edge.
    pub path: Vec<usize>,
    /// The points whose water passes through it, itself included, in rising order.
    pub catchment: Vec<usize>,
    /// How many lakes the path crosses (runs of lake points along it).
    pub lakes: usize,
}

/// The water at shown point `point` of `routed`; `None` past the grid or on a hole.
pub fn pick(routed: &Routed, point: usize, holes: &[bool]) -> Option<Picked> {
    if point >= routed.water.downstream.len() || holes.get(point) == Some(&true) {
        return None;
    }
    let path = routed.water.path(point);
    let lake = |i: usize| matches!(routed.layer[i], Wet::Lake(_));
    let mut lakes = 0;
    let mut in_lake = false;
    for &i in &path {
        if lake(i) && !in_lake {
            lakes += 1;
        }
        in_lake = lake(i);
    }
    Some(Picked {
        point,
        path,
        catchment: routed.water.catchment(point),
        lakes,
    })
}

/// Draws `picked` over the Water view's `pixels` (RGBA, one per shown point): the catchment
/// washed in yellow, the path in magenta over it.
pub fn draw(pixels: &mut [u8], picked: &Picked) {
    let mut paint = |i: usize, color: [u8; 4], share: f32| {
        if let Some(pixel) = pixels.get_mut(i * 4..i * 4 + 4) {
            if pixel[3] == 0 {
                return;
            }
            for (c, &target) in pixel.iter_mut().zip(&color).take(3) {
                *c = (f32::from(*c) + (f32::from(target) - f32::from(*c)) * share).round() as u8;
            }
        }
    };
    for &i in &picked.catchment {
        paint(i, OUTLINE_COLOR, 0.45);
    }
    for &i in &picked.path {
        paint(i, HIGHLIGHT_COLOR, 1.0);
    }
}

/// The caption: where the point is and what its water does, the points named by the map
/// `columns` and `rows` they show.
pub fn caption(picked: &Picked, columns: &[usize], rows: &[usize]) -> String {
    let at = |i: usize| {
        let n = columns.len().max(1);
        (
            columns.get(i % n).copied().unwrap_or(0),
            rows.get(i / n).copied().unwrap_or(0),
        )
    };
    let (x, y) = at(picked.point);
    let end = picked.path.last().copied().unwrap_or(picked.point);
    let (ox, oy) = at(end);
    let lakes = match picked.lakes {
        0 => "crossing no lake".to_string(),
        1 => "crossing 1 lake".to_string(),
        n => format!("crossing {n} lakes"),
    };
    let drain = match picked.catchment.len() {
        1 => "only its own point drains through it".to_string(),
        n => format!("{n} points drain through it (yellow)"),
    };
    format!(
        "Water falling at ({x}, {y}) runs {} points downhill to the edge at ({ox}, {oy}), {lakes}; \
         {drain}, its path in magenta. Click elsewhere, or move it with the arrow keys.",
        picked.path.len() - 1,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shown::display::display_grid;
    use crate::water::routing::route;
    use crate::Heightmap;

    #[test]
    fn a_valley_floor_point_drains_its_upper_valley_and_runs_to_the_edge() {
        // Falling towards z = 0 and towards the middle column.
        let n = 33;
        let heights = (0..n * n)
            .map(|i| ((i % n) as f32 - 16.0).abs() * 0.01 + (i / n) as f32 * 0.002)
            .collect();
        let map = Heightmap::from_data(n, n, heights).expect("map");
        let grid = display_grid(&map, n, n);
        let routed = route(&grid).expect("routed");
        let point = 20 * n + 16;
        let picked = pick(&routed, point, &[]).expect("a point");
        assert_eq!(picked.path[0], point);
        assert!(picked.path.iter().all(|&i| i % n == 16), "down the floor");
        assert_eq!(
            *picked.path.last().expect("edge") / n,
            0,
            "out over the low edge"
        );
        assert_eq!(
            picked.catchment.len() as u32,
            routed.water.accumulation[point]
        );
        assert!(
            picked.catchment.iter().all(|&i| i / n >= 20),
            "only the land above drains here"
        );
        assert_eq!(picked.lakes, 0);
        let mut pixels = vec![100u8; n * n * 4];
        draw(&mut pixels, &picked);
        assert_eq!(
            &pixels[point * 4..point * 4 + 4],
            &[
                HIGHLIGHT_COLOR[0],
                HIGHLIGHT_COLOR[1],
                HIGHLIGHT_COLOR[2],
                100
            ]
        );
        let positions: Vec<usize> = (0..n).collect();
        let said = caption(&picked, &positions, &positions);
        assert!(
            said.starts_with(
                "Water falling at (16, 20) runs 20 points downhill to the edge at (16, 0)"
            ),
            "{said}"
        );
        assert!(pick(&routed, n * n, &[]).is_none());
    }
}
