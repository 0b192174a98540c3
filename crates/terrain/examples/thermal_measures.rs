//! Thermal erosion judged by its slopes: for a Diamond-Square map (`EXPONENT`, `SEED`) before and
//! after each number of rounds given, prints the share of neighbouring pairs steeper than the
//! talus and Olsen's erosion score, writes the histogram of the pairs' slope angles (1-degree
//! bins, the slope as thermal erosion measures it, in the page's relief) as `slopes.svg` and
//! `slopes.csv`, and a hill-shaded top view of every map to look at.
//!
//! cargo run --release -p terrain --example thermal_measures -- OUT_DIR [EXPONENT SEED ROUNDS...]

#[path = "shared/views.rs"]
mod views;

use std::fmt::Write as _;

use terrain::chain::row::{Given, Settings};
use terrain::chain::thermal::{self, knobs::ITERATIONS, knobs::TALUS};
use terrain::chapters::step_registry::step_named;
use terrain::diamond_square;
use terrain::erosion::score::erosion_score;
use terrain::midpoint::MpdParams;
use terrain::params::rust_decimal;
use terrain::Heightmap;
use views::{hill_shade, write_bytes};

/// Every neighbouring pair's slope angle in whole degrees (straight and diagonal, each once),
/// counted: `span` (the map's range before any rounds) stands 0.6 of the width tall.
fn histogram(map: &Heightmap, span: f32) -> [u64; 90] {
    let (w, h) = (map.width(), map.height());
    let relief = 0.6 * (w.max(h) - 1) as f64;
    let mut counts = [0u64; 90];
    for y in 0..h {
        for x in 0..w {
            for (dx, dy) in [(1isize, 0isize), (1, 1), (0, 1), (-1, 1)] {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                    continue;
                }
                let drop = f64::from(map.get(x, y) - map.get(nx as usize, ny as usize)).abs();
                let distance = if dx != 0 && dy != 0 { 2f64.sqrt() } else { 1.0 };
                let angle = (drop / f64::from(span) * relief / distance)
                    .atan()
                    .to_degrees();
                counts[(angle as usize).min(89)] += 1;
            }
        }
    }
    counts
}

/// The histograms as lines on one chart, the talus marked.
fn chart(lines: &[(String, [u64; 90])], talus: f32) -> String {
    let (width, height, left, bottom) = (640.0, 360.0, 50.0, 40.0);
    let most = lines
        .iter()
        .flat_map(|(_, c)| c.iter().copied())
        .max()
        .unwrap_or(1) as f64;
    let x = |degree: f64| left + degree / 90.0 * (width - left - 10.0);
    let y = |count: f64| height - bottom - count / most * (height - bottom - 20.0);
    let colours = ["#444", "#d62", "#26a", "#2a4"];
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    let _ = writeln!(
        svg,
        "<line x1=\"{0}\" y1=\"20\" x2=\"{0}\" y2=\"{1}\" stroke=\"magenta\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{2}\" y=\"16\" fill=\"magenta\">talus {talus}°</text>",
        x(f64::from(talus)),
        height - bottom,
        x(f64::from(talus)) + 4.0
    );
    for degree in (0..=90).step_by(15) {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{degree}°</text>",
            x(f64::from(degree)),
            height - bottom + 16.0
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">slope between neighbours</text>\
         <text x=\"12\" y=\"{}\" transform=\"rotate(-90 12 {})\" text-anchor=\"middle\">pairs</text>",
        width / 2.0,
        height - 6.0,
        height / 2.0,
        height / 2.0
    );
    for (at, (name, counts)) in lines.iter().enumerate() {
        let points: Vec<String> = counts
            .iter()
            .enumerate()
            .map(|(d, &c)| format!("{:.1},{:.1}", x(d as f64 + 0.5), y(c as f64)))
            .collect();
        let colour = colours[at % colours.len()];
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\" points=\"{}\"/>\
             <text x=\"{}\" y=\"{}\" fill=\"{colour}\">{name}</text>",
            points.join(" "),
            width - 150.0,
            40.0 + 16.0 * at as f64
        );
    }
    svg + "</svg>\n"
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().cloned().unwrap_or_else(|| ".".into());
    let exponent: u32 = args.get(1).map_or(Ok(8), |a| a.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(3), |a| a.parse())?;
    let rounds: Vec<u32> = if args.len() > 3 {
        args[3..]
            .iter()
            .map(|a| a.parse())
            .collect::<Result<_, _>>()?
    } else {
        vec![50, 500]
    };
    let params = MpdParams {
        exponent,
        ..diamond_square::DEFAULT
    };
    let start = diamond_square::generate(&params, seed)?;
    // The step as `--then thermal --iterations N` makes it.
    let row = step_named("thermal").ok_or("no step thermal")?;
    let talus = Settings::defaults(row.knobs()).number(&TALUS);
    let span = thermal::span(&start);
    let relief = 0.6 * (start.width() - 1) as f32;
    let mut lines = Vec::new();
    let mut csv = String::from("degree");
    println!("Diamond-Square 2^{exponent} + 1, seed {seed}, talus {talus}°:");
    println!("rounds  steeper than the talus  Olsen's score");
    for &n in [0].iter().chain(&rounds) {
        let mut map = start.clone();
        if n > 0 {
            let mut settings = Settings::defaults(row.knobs());
            settings.read(&ITERATIONS, &n.to_string(), rust_decimal)?;
            row.step(&settings, &Given::none())?.apply(&mut map, seed)?;
        }
        println!(
            "{n:>6}  {:>22.3}  {:>13.3}",
            thermal::steep_share(&map, talus, span),
            erosion_score(&map)
        );
        let shade = hill_shade(&map, relief / span);
        write_bytes(
            &format!("{out}/thermal-{n}.png"),
            (map.width(), map.height()),
            &shade,
        )?;
        let _ = write!(csv, ",{n} rounds");
        lines.push((format!("{n} rounds"), histogram(&map, span)));
    }
    csv.push('\n');
    for degree in 0..90 {
        let _ = write!(csv, "{degree}");
        for (_, counts) in &lines {
            let _ = write!(csv, ",{}", counts[degree]);
        }
        csv.push('\n');
    }
    std::fs::write(format!("{out}/slopes.csv"), csv)?;
    std::fs::write(format!("{out}/slopes.svg"), chart(&lines, talus))?;
    Ok(())
}
