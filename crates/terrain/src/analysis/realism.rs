//! Measures of how much a map looks like real land, each defined once here for the core, the
//! command line and the page (CONTRACTS.md, "Realism measures"). [`Measures::of`] takes the
//! eight the page's panel and `terrain stats` show:
//!
//! - [`hurst`]: how fast height differences grow with distance (real land about 0.5 to 0.9);
//! - [`spectral_slope`]: how fast the power spectrum falls with wavenumber;
//! - [`hypsometric_integral`]: where the mean height sits between the lowest and the highest
//!   (mature landscapes about 0.35 to 0.6; Strahler 1952);
//! - [`pits_per_1000`] and [`drainage_top1`], below;
//! - the rivers' three ([`rivers`]): the concavity, Hack's exponent and the bifurcation ratio.
//!
//! And those erosion's tests use:
//!
//! - [`pits_per_1000`]: real land drains, so it has few closed hollows; fractal surfaces have
//!   about as many pits as peaks, and speckle has many.
//! - [`drainage_top1`]: real land gathers its water into few large channels, so a small share of
//!   the cells carries most of the flow.
//! - [`steepest_descent_top1`]: the same share on the map unfilled, where pits end the paths.
//! - [`laplacian_rms`]: roughness at the scale of one cell.
//! - [`pixel_roughness`]: how much of a change (what erosion did, say) lies at the scale of one
//!   cell: about 4.5 for white noise, well under 1 for valleys a few cells wide.

mod guides;
mod layers;
pub mod rivers;
pub mod slope_area_plot;
mod spectrum;
#[cfg(test)]
mod tests;

pub use guides::{Guide, GUIDES};
pub use spectrum::{hurst, spectral_slope};

use crate::analysis::materials::Lines;
use crate::analysis::water::Water;
use crate::knobs::params::ParamError;
use crate::map::heightmap::Heightmap;

/// Inner cells strictly lower than all eight neighbours, per 1000 inner cells (0 for a map
/// without inner cells).
pub fn pits_per_1000(map: &Heightmap) -> f64 {
    let (w, h) = (map.width(), map.height());
    if w < 3 || h < 3 {
        return 0.0;
    }
    let z = map.data();
    let mut pits = 0usize;
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = y * w + x;
            let v = z[i];
            let lower = [
                i - w - 1,
                i - w,
                i - w + 1,
                i - 1,
                i + 1,
                i + w - 1,
                i + w,
                i + w + 1,
            ]
            .iter()
            .all(|&n| v < z[n]);
            if lower {
                pits += 1;
            }
        }
    }
    1000.0 * pits as f64 / ((w - 2) * (h - 2)) as f64
}

/// The share of the total flow accumulation held by the 1 % of cells (at least one) that carry
/// the most, on the map filled by priority-flood and routed by D8 ([`Water`]).
pub fn drainage_top1(map: &Heightmap) -> Result<f64, ParamError> {
    Ok(drainage_top1_of(&Water::of(map)?))
}

/// [`drainage_top1`] of water already routed.
pub fn drainage_top1_of(water: &Water) -> f64 {
    top1_share(water.accumulation.clone())
}

/// [`drainage_top1`] on the map as it is, unfilled: each cell drains to its steepest lower
/// neighbour (D8), and a pit ends the paths that reach it. Filling hides what erosion does to
/// hollows (a rough map's filled lakes already gather its flow into long chains), so this is the
/// one that says whether erosion made channels: it rises as droplets carve valleys that gather
/// water, and falls as speckle scatters it into pits.
pub fn steepest_descent_top1(map: &Heightmap) -> f64 {
    let routed =
        crate::analysis::water::flow::accumulation(&crate::analysis::water::flow::directions(map));
    top1_share(routed)
}

/// The share of the sum of `flow` held by its 1 % largest values (at least one).
fn top1_share(mut flow: Vec<u32>) -> f64 {
    let top = (flow.len() / 100).max(1);
    let total: f64 = flow.iter().map(|&f| f64::from(f)).sum();
    flow.select_nth_unstable_by(top - 1, |a, b| b.cmp(a));
    let held: f64 = flow[..top].iter().map(|&f| f64::from(f)).sum();
    held / total
}

/// Over the inner cells of a `width` x `height` grid of `values`: the sum of the squared discrete
/// Laplacian (four neighbours), the sum of the squared values, and how many cells there were.
fn laplacian_sums(values: &[f32], width: usize, height: usize) -> (f64, f64, usize) {
    let (mut lap, mut own, mut n) = (0.0f64, 0.0f64, 0usize);
    for y in 1..height.saturating_sub(1) {
        for x in 1..width.saturating_sub(1) {
            let i = y * width + x;
            let c = f64::from(values[i]);
            let l = f64::from(values[i - 1])
                + f64::from(values[i + 1])
                + f64::from(values[i - width])
                + f64::from(values[i + width])
                - 4.0 * c;
            lap += l * l;
            own += c * c;
            n += 1;
        }
    }
    (lap, own, n)
}

/// The root mean square of the discrete Laplacian (four neighbours) over the inner cells of
/// `map`: its roughness at the scale of one cell. Speckle raises it; smooth valleys barely.
pub fn laplacian_rms(map: &Heightmap) -> f64 {
    let (lap, _, n) = laplacian_sums(map.data(), map.width(), map.height());
    if n == 0 {
        0.0
    } else {
        (lap / n as f64).sqrt()
    }
}

/// The root mean square of the discrete Laplacian (four neighbours) of `change` over the root
/// mean square of `change`, on the inner cells of a `width` x `height` grid: about 4.5 for
/// independent noise in every cell, near 0 for a change that is smooth over many cells. 0 when
/// nothing changed.
pub fn pixel_roughness(change: &[f32], width: usize, height: usize) -> f64 {
    let (lap, own, n) = laplacian_sums(change, width, height);
    if n == 0 || own == 0.0 {
        return 0.0;
    }
    (lap / own).sqrt()
}

/// (mean - min) / (max - min): where the mean height sits between the lowest and the highest
/// point, 0.5 for a plane; `None` for a flat map.
pub fn hypsometric_integral(map: &Heightmap) -> Option<f64> {
    let z = map.data();
    let (lo, hi, sum) = z.iter().fold(
        (f64::INFINITY, f64::NEG_INFINITY, 0.0f64),
        |(lo, hi, sum), &v| {
            let v = f64::from(v);
            (lo.min(v), hi.max(v), sum + v)
        },
    );
    let mean = sum / z.len() as f64;
    (hi > lo).then(|| (mean - lo) / (hi - lo))
}

/// The eight realism measures of one map, as the page's "How real is it?" panel and `terrain
/// stats` give them. A measure the map is too small or too flat for is `None` (`null` in JSON).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measures {
    /// [`hurst`].
    pub hurst: Option<f64>,
    /// [`spectral_slope`].
    pub spectral_slope: Option<f64>,
    /// [`hypsometric_integral`].
    pub hypsometric_integral: Option<f64>,
    /// [`pits_per_1000`].
    pub pits_per_1000: f64,
    /// [`drainage_top1`].
    pub drainage_top1: f64,
    /// [`rivers::concavity`]: `None` with too few channels to fit.
    pub concavity: Option<f64>,
    /// [`rivers::hack`]: `None` with too few channels to fit, or on a flat map.
    pub hack: Option<f64>,
    /// [`rivers::bifurcation`]: `None` without streams of two orders, or on a flat map.
    pub bifurcation: Option<f64>,
}

impl Measures {
    /// Measures `map` at full resolution. Refuses a map with a height that is not a number (the
    /// routing cannot fill it).
    pub fn of(map: &Heightmap) -> Result<Measures, ParamError> {
        Ok(Measures::of_routed(map, &Water::of(map)?))
    }

    /// [`Measures::of`] `map` with its water already routed ([`Water::of`]).
    pub fn of_routed(map: &Heightmap, water: &Water) -> Measures {
        let relief = map.range().is_some_and(|(lo, hi)| hi > lo);
        Measures {
            hurst: hurst(map),
            spectral_slope: spectral_slope(map),
            hypsometric_integral: hypsometric_integral(map),
            pits_per_1000: pits_per_1000(map),
            drainage_top1: drainage_top1_of(water),
            concavity: rivers::concavity(map, water),
            // A flat map has no rivers, though the routing (which drains every flat) makes a
            // network of its fill.
            hack: relief.then(|| rivers::hack(map, water)).flatten(),
            bifurcation: relief.then(|| rivers::bifurcation(map, water)).flatten(),
        }
    }

    /// The measures by name, in the order the page and `terrain stats` list them.
    pub fn named(&self) -> [(&'static str, Option<f64>); 8] {
        [
            ("hurst", self.hurst),
            ("spectral_slope", self.spectral_slope),
            ("hypsometric_integral", self.hypsometric_integral),
            ("pits_per_1000", Some(self.pits_per_1000)),
            ("drainage_top1", Some(self.drainage_top1)),
            ("concavity", self.concavity),
            ("hack", self.hack),
            ("bifurcation", self.bifurcation),
        ]
    }

    /// One JSON object with the keys `hurst`, `spectral_slope`, `hypsometric_integral`,
    /// `pits_per_1000`, `drainage_top1`, `concavity`, `hack` and `bifurcation`, each rounded to 4 decimals, `null` where there is no
    /// value: what `terrain stats --json` prints and the page's `data-realism` holds. Rounding
    /// keeps the page (wasm's own `ln` and `cos`) and the command line equal to the last digit.
    pub fn json(&self) -> serde_json::Value {
        let fields = self
            .named()
            .into_iter()
            .map(|(name, value)| (name.to_string(), rounded(value)));
        serde_json::Value::Object(fields.collect())
    }
}

/// Real land's measures: the USGS map of the Jacksboro fault area, Tennessee, that the page shows
/// beside every terrain (`www/real-land/jacksboro.png`; held to it by a test).
pub const REAL_LAND: Measures = Measures {
    hurst: Some(0.6354),
    spectral_slope: Some(3.7123),
    hypsometric_integral: Some(0.3512),
    pits_per_1000: 8.6917,
    drainage_top1: 0.8113,
    concavity: Some(0.2166),
    hack: Some(0.5211),
    bifurcation: Some(4.8228),
};

/// What the page's "How real is it?" panel shows of `map`: `stats`, the JSON `terrain stats
/// --json` prints; `rows`, one per measure with its label, this map's value and real land's
/// (2 decimals), what it means, the published range and what would move it; `layers`, each
/// material layer's name, colour and share of the map (as the Land view colours it); and
/// `html`, the panel's text, table, slope-area plot (`data-plot="slope-area"`) and the layers'
/// legend (`data-legend="layers"`), so the page's first-load module builds no table or plot of
/// its own. The layers are drawn by the materials' `lines`, as the map's Land view draws them.
pub fn report(map: &Heightmap, lines: &Lines) -> Result<serde_json::Value, ParamError> {
    let water = Water::of(map)?;
    let measures = Measures::of_routed(map, &water);
    let points = rivers::slope_area(map, &water);
    let binned = rivers::binned(&points, rivers::channel_threshold(map.data().len()));
    let plot = slope_area_plot::slope_area_svg(&binned, measures.concavity);
    let shown = |v: Option<f64>| v.map_or("none".to_string(), |v| format!("{v:.2}"));
    let rows: Vec<serde_json::Value> = measures
        .named()
        .into_iter()
        .zip(REAL_LAND.named())
        .zip(GUIDES)
        .map(|(((_, value), (_, real)), guide)| {
            serde_json::json!({
                "label": guide.label,
                "value": shown(value),
                "real": shown(real),
                "means": guide.means,
                "published": guide.published,
                "moves": guide.moves,
            })
        })
        .collect();
    let body: String = rows.iter().map(row_html).collect();
    let (layers, legend) = layers::legend(map, &water, lines)?;
    let html = format!(
        "<p>Real land: a USGS map of the Jacksboro fault area, Tennessee (403 x 344 cells of about \
         74 m by 93 m). Measured on the full-resolution map, as <code>terrain stats</code> \
         measures a file.</p><table><thead><tr><th scope=\"col\">Measure</th><th scope=\"col\">This \
         terrain</th><th scope=\"col\">Real land</th><th scope=\"col\">What it says</th></tr>\
         </thead><tbody>{body}</tbody></table><figure class=\"slope-area\" \
         data-plot=\"slope-area\">{plot}<figcaption>The rivers' slope against the area draining \
         into them (each set relative to its steepest channels). Real rivers steepen towards their \
         heads: slope falls with area as A^-θ, θ about 0.45 (0.225 to 0.575 for most). A flat \
         line is land whose channels are as steep far downstream as at their heads, as noise and \
         the posts' generators make; the uplift step makes θ its m.</figcaption></figure>{legend}"
    );
    Ok(serde_json::json!({
        "stats": measures.json(),
        "rows": rows,
        "layers": layers,
        "html": html,
    }))
}

/// One row of the panel's table as HTML, its text escaped.
fn row_html(row: &serde_json::Value) -> String {
    let text = |key: &str| {
        row[key]
            .as_str()
            .unwrap_or_default()
            .replace('&', "&amp;")
            .replace('<', "&lt;")
    };
    format!(
        "<tr><th scope=\"row\">{}</th><td class=\"value\">{}</td><td class=\"value\">{}</td>\
         <td>{}. Real land: {}. Moves it: {}.</td></tr>",
        text("label"),
        text("value"),
        text("real"),
        text("means"),
        text("published"),
        text("moves")
    )
}

/// `value` rounded to 4 decimals as a JSON number, or `null`.
fn rounded(value: Option<f64>) -> serde_json::Value {
    value
        .filter(|v| v.is_finite())
        .map(|v| (v * 1e4).round() / 1e4 + 0.0)
        .and_then(serde_json::Number::from_f64)
        .map_or(serde_json::Value::Null, serde_json::Value::Number)
}
