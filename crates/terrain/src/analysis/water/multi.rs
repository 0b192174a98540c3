//! Multiple flow directions (`--routing mfd` of `terrain flow` and of uplift; Freeman 1991,
//! Quinn et al. 1991, as fastscapelib's `MultiFlowRouter`): each cell sends its water to every
//! lower neighbour, each taking a share in proportion to slope^p, so a hillslope drains as a
//! sheet and water gathers into channels where the ground funnels it, instead of running down
//! one of eight directions (D8), which lays parallel one-cell gullies along the diagonals. The
//! map is filled first (Priority-Flood with epsilon) unless every inner cell already has a lower
//! neighbour; the cells come lowest first, so the stream-power model solves each cell after all
//! its receivers (`chain::uplift`) and the areas add up highest first.

use crate::analysis::water::fill::priority_flood;
use crate::analysis::water::flow::{directions, pit_free};
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// A map routed with multiple flow directions: its heights with the lakes filled, each cell's
/// receivers and their shares, the drainage areas, and the cells lowest first.
pub struct MultiFlow {
    /// The heights, hollows filled (each inner cell above a neighbour).
    pub heights: Vec<f32>,
    /// Every cell after all the cells it drains to.
    pub order: Vec<u32>,
    /// The receivers of cell `i` are `to[first[i]..first[i + 1]]`.
    pub first: Vec<u32>,
    /// Receivers, cell by cell.
    pub to: Vec<u32>,
    /// Each receiver's share of its cell's water (w_r, by slope^p; a cell's add up to 1).
    pub share: Vec<f64>,
    /// Drainage area in cells: the cell itself and the shares of every cell draining into it.
    pub area: Vec<f64>,
}

/// The eight neighbours: offsets and distances in cells.
const AROUND: [(isize, isize, f64); 8] = [
    (-1, -1, std::f64::consts::SQRT_2),
    (0, -1, 1.0),
    (1, -1, std::f64::consts::SQRT_2),
    (-1, 0, 1.0),
    (1, 0, 1.0),
    (-1, 1, std::f64::consts::SQRT_2),
    (0, 1, 1.0),
    (1, 1, std::f64::consts::SQRT_2),
];

/// Routes `map` with multiple flow directions, shares by slope to the power `p`. The border is
/// the base level: its cells send nothing on.
pub fn route(map: &Heightmap, p: f64) -> Result<MultiFlow, ParamError> {
    let (w, rows) = (map.width(), map.height());
    // As for D8: a map where every inner cell has a lower neighbour needs no filling.
    let heights = if pit_free(map, &directions(map)) {
        map.data().to_vec()
    } else {
        priority_flood(map)?.data().to_vec()
    };
    let n = w * rows;
    let mut first = Vec::with_capacity(n + 1);
    let (mut to, mut share) = (Vec::new(), Vec::new());
    let mut slopes = [(0u32, 0.0f64); 8];
    for i in 0..n {
        first.push(to.len() as u32);
        let (x, y) = (i % w, i / w);
        if x == 0 || y == 0 || x + 1 == w || y + 1 == rows {
            continue;
        }
        let here = f64::from(heights[i]);
        let mut count = 0;
        let mut total = 0.0;
        for &(dx, dy, d) in &AROUND {
            let j = (y as isize + dy) as usize * w + (x as isize + dx) as usize;
            let drop = here - f64::from(heights[j]);
            if drop > 0.0 {
                // In f32: a share needs no more, and f32's power is the quicker by far.
                let weight = f64::from(libm::powf((drop / d) as f32, p as f32));
                slopes[count] = (j as u32, weight);
                total += weight;
                count += 1;
            }
        }
        for &(j, weight) in &slopes[..count] {
            to.push(j);
            share.push(weight / total);
        }
    }
    first.push(to.len() as u32);
    let order = lowest_first(&first, &to);
    // Areas, highest cell first: each hands its area on in its receivers' shares.
    let mut area = vec![1.0f64; n];
    for &c in order.iter().rev() {
        let i = c as usize;
        let (from, until) = (first[i] as usize, first[i + 1] as usize);
        let mine = area[i];
        for (&r, &w_r) in to[from..until].iter().zip(&share[from..until]) {
            area[r as usize] += mine * w_r;
        }
    }
    Ok(MultiFlow {
        heights,
        order,
        first,
        to,
        share,
        area,
    })
}

/// The cells in an order where each comes after every cell it drains to (Kahn's algorithm, in
/// linear time): the cells nothing drains into first, each cell once all that drain into it
/// are listed, then the list turned round. One order for one map, whatever the threads.
fn lowest_first(first: &[u32], to: &[u32]) -> Vec<u32> {
    let n = first.len() - 1;
    let mut donors = vec![0u32; n];
    for &r in to {
        donors[r as usize] += 1;
    }
    let mut order: Vec<u32> = (0..n as u32).filter(|&i| donors[i as usize] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let i = order[next] as usize;
        next += 1;
        for &r in &to[first[i] as usize..first[i + 1] as usize] {
            donors[r as usize] -= 1;
            if donors[r as usize] == 0 {
                order.push(r);
            }
        }
    }
    order.reverse();
    order
}
