//! One octave of gradient noise beside value noise on the same lattice, the lattice drawn: the
//! `noise-lattice` demo's pair. Gradient noise is zero at every lattice point and rises along
//! the point's gradient; value noise takes a height there and blends between, so its cells show
//! as soft squares the lattice outlines.

use super::algorithm::{self as fbm, gradient, octave_key, octave_shift, FbmParams};
use crate::chapters::partner::Partner;
use crate::chapters::steps::{nearest, TRAIL_LINE, TRAIL_PATH};
use crate::knobs::params::ParamError;

/// Lattice points fewer shown points apart than this are not drawn: they would hide the map.
const FEWEST_SHOWN_APART: f64 = 4.0;

/// How far each gradient's line reaches from its lattice point, as a share of the spacing.
const GRADIENT_REACH: f64 = 0.45;

/// Value noise's map of `params` beside gradient noise's, with the first octave's lattice
/// marked on both at the shown map `columns` and `rows`, and its gradients on gradient noise's.
pub(super) fn value_beside(
    params: &FbmParams,
    seed: u64,
    columns: &[usize],
    rows: &[usize],
) -> Result<Partner, ParamError> {
    // Checked first: the worker's own module, which has no fBm, links none of the marks either.
    let map = fbm::generate_value(params, seed)?;
    if !fbm::LINKED {
        return Ok(Partner {
            map,
            marks: [Vec::new(), Vec::new()],
            creases: false,
        });
    }
    Ok(Partner {
        map,
        marks: [
            lattice_marks(params, seed, columns, rows, true),
            lattice_marks(params, seed, columns, rows, false),
        ],
        creases: false,
    })
}

/// The caption under the pair: what the lattice is and what each side does with it.
pub(super) fn caption(params: &FbmParams) -> String {
    let spacing = 256.0 / f64::from(params.frequency);
    format!(
        "Gradient noise (left) and value noise (right) on one lattice, its points {} cells \
         apart (magenta; yellow: each point's gradient). Gradient noise is zero at every \
         lattice point and slopes along its gradient; value noise takes a height there.",
        super::steps::short(spacing)
    )
}

/// One mark code per shown point: the first octave's lattice points ([`TRAIL_PATH`], three shown
/// points square) and, with
/// `gradients`, a line from each along its gradient ([`TRAIL_LINE`]); empty when the lattice is
/// too fine to draw.
fn lattice_marks(
    params: &FbmParams,
    seed: u64,
    columns: &[usize],
    rows: &[usize],
    gradients: bool,
) -> Vec<u8> {
    let Some(&(frequency, _)) = params.octave_list().first() else {
        return Vec::new();
    };
    let shown_gap = |positions: &[usize]| match positions {
        [a, b, ..] => (b - a) as f64,
        _ => 1.0,
    };
    let (gap_x, gap_y) = (shown_gap(columns), shown_gap(rows));
    let spacing = 1.0 / frequency;
    if spacing < FEWEST_SHOWN_APART * gap_x.max(gap_y) || columns.is_empty() || rows.is_empty() {
        return Vec::new();
    }
    let key = octave_key(seed, 0);
    let (sx, sy) = octave_shift(key);
    // Lattice line i crosses the plane where x * frequency + shift = i.
    let (x0, y0) = (params.x as f64, params.y as f64);
    let span = |origin: f64, shift: f64, count: usize| {
        let first = (origin * frequency + shift).ceil() as i64;
        let last = ((origin + count as f64 - 1.0) * frequency + shift).floor() as i64;
        first..=last
    };
    let mut marks = vec![0u8; columns.len() * rows.len()];
    let mut put = |x: f64, y: f64, code: u8| {
        let (last_x, last_y) = (columns[columns.len() - 1], rows[rows.len() - 1]);
        if (0.0..=last_x as f64).contains(&x) && (0.0..=last_y as f64).contains(&y) {
            let at = nearest(rows, y as f32) * columns.len() + nearest(columns, x as f32);
            if code == TRAIL_PATH || marks[at] != TRAIL_PATH {
                marks[at] = code;
            }
        }
    };
    let (width, height) = (columns[columns.len() - 1] + 1, rows[rows.len() - 1] + 1);
    for j in span(y0, sy, height) {
        for i in span(x0, sx, width) {
            let x = (i as f64 - sx) / frequency - x0;
            let y = (j as f64 - sy) / frequency - y0;
            if gradients {
                let (gx, gy) = gradient(fbm::lattice_hash(i, j, key));
                let step = 0.5 * gap_x.min(gap_y);
                let reach = GRADIENT_REACH * spacing;
                let mut t = step;
                while t <= reach {
                    put(x + t * f64::from(gx), y + t * f64::from(gy), TRAIL_LINE);
                    t += step;
                }
            }
            // Three shown points square, so one point stands out at any size.
            for (dx, dy) in [-1.0, 0.0, 1.0]
                .into_iter()
                .flat_map(|a| [(a, -1.0), (a, 0.0), (a, 1.0)])
            {
                put(x + dx * gap_x, y + dy * gap_y, TRAIL_PATH);
            }
        }
    }
    marks
}
