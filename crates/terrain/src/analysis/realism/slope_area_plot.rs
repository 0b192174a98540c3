//! The slope-area plot of the How-real panel: a map's channels, their slope S against the area A
//! draining into them on log-log axes (the binned medians [`super::rivers::binned`] gives), the
//! line fitted through them, whose slope is minus the concavity θ, beside real land's. Each
//! set's slopes are drawn relative to its own first bin (its steepest channels), so maps with
//! different height units share the axes and the eye compares how fast slope falls with area,
//! which is all θ measures. Markup only: the panel is written by the encoders' module, so the
//! plot costs the page's first load nothing.

use std::fmt::Write;

const WIDTH: f64 = 300.0;
const HEIGHT: f64 = 200.0;
const LEFT: f64 = 40.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 30.0;
const BOTTOM: f64 = 34.0;

/// Real land's binned medians (ln A, ln S): the Jacksboro DEM the panel compares with, as
/// [`super::rivers::binned`] gives them (held to the committed map by a test).
pub const REAL_LAND_SLOPE_AREA: [(f64, f64); 13] = [
    (4.4427, -8.8931),
    (4.9488, -9.1343),
    (5.4638, -9.1444),
    (5.9283, -9.4809),
    (6.4425, -9.704),
    (6.9315, -9.704),
    (7.4401, -9.9917),
    (7.8939, -9.8275),
    (8.4098, -10.0506),
    (8.8425, -10.0207),
    (9.4852, -9.704),
    (9.9829, -10.3972),
    (10.3825, -10.3383),
];

/// One set of points on the plot: its binned medians (ln A, ln S), its concavity, how it is drawn.
struct Series<'a> {
    points: &'a [(f64, f64)],
    theta: Option<f64>,
    colour: &'static str,
    square: bool,
}

/// The slope-area plot of a map's channels (`binned`, its concavity `theta`) beside real
/// land's, as an `<svg>` element's markup.
pub fn slope_area_svg(binned: &[(f64, f64)], theta: Option<f64>) -> String {
    let shown = |t: Option<f64>| t.map_or("none".to_string(), |t| format!("{t:.2}"));
    let summary = format!(
        "θ = {} here, {} on real land",
        shown(theta),
        shown(super::REAL_LAND.concavity)
    );
    let series = [
        Series {
            points: &REAL_LAND_SLOPE_AREA,
            theta: super::REAL_LAND.concavity,
            colour: "#9a6a2f",
            square: true,
        },
        Series {
            points: binned,
            theta,
            colour: "#28466a",
            square: false,
        },
    ];
    // Slopes relative to each set's first bin: both start at 1.
    let relative = |s: &Series| -> Vec<(f64, f64)> {
        let first = s.points.first().map_or(0.0, |p| p.1);
        s.points.iter().map(|&(a, sl)| (a, sl - first)).collect()
    };
    let all: Vec<(f64, f64)> = series.iter().flat_map(relative).collect();
    let (inner_w, inner_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" \
         aria-label=\"Slope against drainage area on the channels, log-log, each set relative to \
         its steepest: {summary}; real rivers about 0.45\">\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>\
         <text x=\"{LEFT}\" y=\"12\" font-size=\"11\">{summary}</text>\
         <text x=\"{LEFT}\" y=\"25\" font-size=\"9\"><tspan fill=\"#28466a\">● this terrain</tspan> \
         <tspan fill=\"#9a6a2f\">□ real land</tspan>, real rivers about 0.45</text>\
         <text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">drainage area (cells, log)</text>\
         <text x=\"10\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" transform=\"rotate(-90 10 {})\">slope (log, relative)</text>\
         <rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{inner_w}\" height=\"{inner_h}\" fill=\"none\" stroke=\"#aaa\"/>",
        LEFT + inner_w / 2.0,
        HEIGHT - 4.0,
        TOP + inner_h / 2.0,
        TOP + inner_h / 2.0,
    );
    if all.len() < 2 {
        svg.push_str("</svg>");
        return svg;
    }
    let span = |f: fn(&(f64, f64)) -> f64| {
        let lo = all.iter().map(f).fold(f64::INFINITY, f64::min);
        let hi = all.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
        (lo, (hi - lo).max(1e-9))
    };
    let ((x0, xs), (y0, ys)) = (span(|p| p.0), span(|p| p.1));
    let at = |(lx, ly): (f64, f64)| {
        (
            LEFT + (lx - x0) / xs * inner_w,
            HEIGHT - BOTTOM - (ly - y0) / ys * inner_h,
        )
    };
    // A tick at every power of ten of the area within the axis.
    let mut decade = (x0 / std::f64::consts::LN_10).ceil() as i32;
    while f64::from(decade) * std::f64::consts::LN_10 <= x0 + xs {
        let (x, _) = at((f64::from(decade) * std::f64::consts::LN_10, y0));
        let label = 10u64.pow(decade.clamp(0, 18) as u32);
        let _ = write!(
            svg,
            "<line x1=\"{x:.1}\" y1=\"{:.1}\" x2=\"{x:.1}\" y2=\"{:.1}\" stroke=\"#aaa\"/>\
             <text class=\"tick\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\">{label}</text>",
            HEIGHT - BOTTOM,
            HEIGHT - BOTTOM + 4.0,
            HEIGHT - BOTTOM + 13.0
        );
        decade += 1;
    }
    for s in &series {
        let points = relative(s);
        if let (Some(theta), true) = (s.theta, points.len() >= 2) {
            // The fitted line runs through the points' mean at slope -θ, over their own span.
            let n = points.len() as f64;
            let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
            let my = points.iter().map(|p| p.1).sum::<f64>() / n;
            let (lo, hi) = (points[0].0, points[points.len() - 1].0);
            let (ax, ay) = at((lo, my - theta * (lo - mx)));
            let (bx, by) = at((hi, my - theta * (hi - mx)));
            let _ = write!(
                svg,
                "<line class=\"fit\" x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" \
                 stroke=\"{}\" stroke-width=\"1.5\"{}/>",
                s.colour,
                if s.square {
                    " stroke-dasharray=\"4 3\""
                } else {
                    ""
                }
            );
        }
        for &p in &points {
            let (x, y) = at(p);
            let _ = if s.square {
                write!(
                    svg,
                    "<rect class=\"real\" x=\"{:.1}\" y=\"{:.1}\" width=\"6\" height=\"6\" fill=\"none\" stroke=\"{}\"/>",
                    x - 3.0,
                    y - 3.0,
                    s.colour
                )
            } else {
                write!(
                    svg,
                    "<circle class=\"here\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"{}\"/>",
                    s.colour
                )
            };
        }
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many marks of `class` `svg` draws.
    fn marks(svg: &str, class: &str) -> usize {
        svg.matches(&format!("class=\"{class}\"")).count()
    }

    #[test]
    fn a_dot_a_bin_real_lands_squares_both_fitted_lines_and_theta_in_words() {
        // Slope falling as A^-0.5 over three decades: five bins.
        let binned: Vec<(f64, f64)> = (0..5)
            .map(|i| {
                let a = 3.0 + 1.5 * f64::from(i);
                (a, -0.5 * a)
            })
            .collect();
        let svg = slope_area_svg(&binned, Some(0.5));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(marks(&svg, "here"), 5);
        assert_eq!(marks(&svg, "real"), REAL_LAND_SLOPE_AREA.len());
        assert_eq!(marks(&svg, "fit"), 2);
        assert!(svg.contains("θ = 0.50 here, 0.22 on real land"), "{svg}");
        assert!(svg.contains("role=\"img\""));
        // Area ticks at the powers of ten the axis covers: e^3 = 20 to e^10.4 = 32 000 cells.
        let ticks: Vec<&str> = svg
            .split("class=\"tick\"")
            .skip(1)
            .filter_map(|t| t.split('>').nth(1)?.split('<').next())
            .collect();
        assert_eq!(ticks, ["100", "1000", "10000"]);
        // Without channels: real land alone, and no line of its own.
        let none = slope_area_svg(&[], None);
        assert_eq!(marks(&none, "here"), 0);
        assert_eq!(marks(&none, "fit"), 1);
        assert!(none.contains("θ = none here"));
    }
}
