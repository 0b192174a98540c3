//! The variogram plot as an SVG: mean squared height difference against distance on log-log
//! axes, one dot per distance the fit uses (each distance labelled under it), the fitted line,
//! and its slope in words. Plain text, so it is
//! tested natively and scales crisply on any screen.

use terrain::variogram::Variogram;

const WIDTH: f64 = 240.0;
const HEIGHT: f64 = 164.0;
const LEFT: f64 = 34.0;
const RIGHT: f64 = 10.0;
const TOP: f64 = 22.0;
const BOTTOM: f64 = 32.0;

/// The plot of `variogram`, as an `<svg>` element's markup.
pub fn variogram_svg(variogram: &Variogram) -> String {
    let summary = format!(
        "slope {:.2}, so H ≈ {:.2}",
        variogram.slope,
        variogram.hurst()
    );
    let logs: Vec<(f64, f64)> = variogram
        .points
        .iter()
        .filter(|p| p.1 > 0.0)
        .map(|&(d, g)| (f64::from(d).log10(), f64::from(g).log10()))
        .collect();
    let lags = match (variogram.points.first(), variogram.points.last()) {
        (Some(a), Some(b)) => format!("{} to {}", a.0, b.0),
        _ => "none".to_string(),
    };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" \
         aria-label=\"Variogram: mean squared height difference against distance, log-log, fitted over distances {lags}; {summary}\">\
         <rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"white\"/>\
         <text x=\"{LEFT}\" y=\"14\" font-size=\"11\">{summary}</text>\
         <text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">distance (log)</text>\
         <text x=\"10\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\" transform=\"rotate(-90 10 {})\">difference²</text>\
         <rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#aaa\"/>",
        LEFT + (WIDTH - LEFT - RIGHT) / 2.0,
        HEIGHT - 5.0,
        TOP + (HEIGHT - TOP - BOTTOM) / 2.0,
        TOP + (HEIGHT - TOP - BOTTOM) / 2.0,
        WIDTH - LEFT - RIGHT,
        HEIGHT - TOP - BOTTOM,
    );
    if logs.len() >= 2 {
        let span = |f: fn(&(f64, f64)) -> f64| {
            let lo = logs.iter().map(f).fold(f64::INFINITY, f64::min);
            let hi = logs.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
            (lo, (hi - lo).max(1e-9))
        };
        let ((x0, xs), (y0, ys)) = (span(|p| p.0), span(|p| p.1));
        let at = |(lx, ly): (f64, f64)| {
            (
                LEFT + (lx - x0) / xs * (WIDTH - LEFT - RIGHT),
                HEIGHT - BOTTOM - (ly - y0) / ys * (HEIGHT - TOP - BOTTOM),
            )
        };
        // The fitted line passes through the points' mean at the fitted slope.
        let n = logs.len() as f64;
        let mx = logs.iter().map(|p| p.0).sum::<f64>() / n;
        let my = logs.iter().map(|p| p.1).sum::<f64>() / n;
        let slope = f64::from(variogram.slope);
        let (ax, ay) = at((x0, my + slope * (x0 - mx)));
        let (bx, by) = at((x0 + xs, my + slope * (x0 + xs - mx)));
        svg.push_str(&format!(
            "<line x1=\"{ax:.1}\" y1=\"{ay:.1}\" x2=\"{bx:.1}\" y2=\"{by:.1}\" stroke=\"#ec008c\" stroke-width=\"1.5\"/>"
        ));
        for &p in &logs {
            let (x, y) = at(p);
            let lag = 10f64.powf(p.0).round();
            svg.push_str(&format!(
                "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"3\" fill=\"#28466a\"/>\
                 <text class=\"lag\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"9\" \
                 text-anchor=\"middle\">{lag}</text>",
                HEIGHT - BOTTOM + 11.0
            ));
        }
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_dot_per_distance_the_fitted_line_and_the_slope_in_words() {
        let variogram = Variogram {
            points: vec![(1.0, 0.001), (2.0, 0.004), (4.0, 0.016), (8.0, 0.0)],
            slope: 2.0,
        };
        let svg = variogram_svg(&variogram);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(
            svg.matches("<circle").count(),
            3,
            "a zero difference has no log"
        );
        assert_eq!(svg.matches("<line").count(), 1);
        assert!(svg.contains("slope 2.00, so H ≈ 1.00"));
        assert!(svg.contains("role=\"img\""));
        assert!(svg.contains("fitted over distances 1 to 8"));
        let lags: Vec<&str> = svg
            .split("class=\"lag\"")
            .skip(1)
            .filter_map(|t| t.split('>').nth(1)?.split('<').next())
            .collect();
        assert_eq!(lags, ["1", "2", "4"], "each fitted distance labelled");
        // A slope of 2 through points of slope 2: the line runs corner to corner of the box.
        assert!(svg.contains(&format!("x1=\"{LEFT:.1}\" y1=\"{:.1}\"", HEIGHT - BOTTOM)));
        let empty = variogram_svg(&Variogram {
            points: vec![],
            slope: 0.0,
        });
        assert_eq!(empty.matches("<circle").count(), 0);
    }
}
