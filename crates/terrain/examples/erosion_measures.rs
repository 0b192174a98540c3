//! Erosion judged against real land: for a Diamond-Square map (`--exponent`, `--seed`) eroded
//! by each droplet count given, prints the `realism` measures (pits per 1000 cells, the drainage
//! held by the top 1 % of cells, filled and not, the roughness at the one-cell scale against the
//! start's, and how much of the change lies at that scale), and writes a hill-shaded top view of
//! every map and its flow (log scale) to look at (8-bit PNGs).
//!
//! cargo run --release -p terrain --example erosion_measures -- OUT_DIR [EXPONENT SEED DROPLETS...]
//! (with `BATCH=N` in the environment, each count is also eroded in batches of N)

use terrain::chain::row::{Given, Settings};
use terrain::chapters::eroded::knobs::{BATCH, CLI_DROPLETS};
use terrain::chapters::step_registry::step_named;
use terrain::diamond_square;
use terrain::midpoint::MpdParams;
use terrain::params::rust_decimal;
use terrain::realism;
use terrain::Heightmap;

#[path = "shared/views.rs"]
mod views;
use views::{hill_shade, write_bytes};

/// Writes `map` hill-shaded, its relief as tall as a quarter of its width.
fn write_png(path: &str, map: &Heightmap) -> Result<(), Box<dyn std::error::Error>> {
    let scale = (map.width() - 1) as f32 / 4.0;
    let size = (map.width(), map.height());
    write_bytes(path, size, &hill_shade(map, scale))
}

/// Writes `map`'s values, 0 to 1, as 8-bit grey.
fn write_grey(path: &str, map: &Heightmap) -> Result<(), Box<dyn std::error::Error>> {
    let bytes: Vec<u8> = map
        .data()
        .iter()
        .map(|v| (v.clamp(0.0, 1.0) * 255.0) as u8)
        .collect();
    write_bytes(path, (map.width(), map.height()), &bytes)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().cloned().unwrap_or_else(|| ".".into());
    let exponent: u32 = args.get(1).map_or(Ok(8), |a| a.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(7), |a| a.parse())?;
    let counts: Vec<u32> = if args.len() > 3 {
        args[3..]
            .iter()
            .map(|a| a.parse())
            .collect::<Result<_, _>>()?
    } else {
        vec![30_000, 300_000]
    };
    let params = MpdParams {
        exponent,
        ..MpdParams::DEFAULT
    };
    let start = diamond_square::generate(&params, seed)?;
    println!(
        "| droplets | pits per 1000 | drainage top 1 % (filled) | steepest descent top 1 % \
         | Laplacian rms / start | change's Laplacian / change |"
    );
    println!("|---|---|---|---|---|---|");
    let measure = |label: &str, map: &Heightmap| -> Result<(), Box<dyn std::error::Error>> {
        let change: Vec<f32> = map
            .data()
            .iter()
            .zip(start.data())
            .map(|(a, b)| a - b)
            .collect();
        println!(
            "| {label} | {:.1} | {:.3} | {:.3} | {:.2} | {:.2} |",
            realism::pits_per_1000(map),
            realism::drainage_top1(map)?,
            realism::steepest_descent_top1(map),
            realism::laplacian_rms(map) / realism::laplacian_rms(&start),
            realism::pixel_roughness(&change, map.width(), map.height()),
        );
        write_png(&format!("{out}/eroded-{label}.png"), map)?;
        let water = terrain::water::Water::of(map)?;
        let top = f64::from(*water.accumulation.iter().max().unwrap_or(&1)).ln();
        let flow: Vec<f32> = water
            .accumulation
            .iter()
            .map(|&a| (f64::from(a).ln() / top) as f32)
            .collect();
        let flow = Heightmap::from_data(map.width(), map.height(), flow)?;
        write_grey(&format!("{out}/flow-{label}.png"), &flow)?;

        Ok(())
    };
    measure("0", &start)?;
    // BATCH=N also erodes each count in batches of N (`--batch N`), beside the sequential run.
    let batch: Option<u32> = std::env::var("BATCH").ok().map(|b| b.parse()).transpose()?;
    for &droplets in &counts {
        for batch in std::iter::once(0).chain(batch) {
            let mut map = start.clone();
            // The step as `--then erode --droplets N [--batch B]` makes it.
            let row = step_named("erode").ok_or("no step erode")?;
            let mut settings = Settings::defaults(row.knobs());
            settings.read(&CLI_DROPLETS, &droplets.to_string(), rust_decimal)?;
            let mut given = Given::none();
            if batch > 0 {
                given.optional.push((BATCH.name, batch));
            }
            row.step(&settings, &given)?.apply(&mut map, 3)?;
            let label = match batch {
                0 => droplets.to_string(),
                b => format!("{droplets}-batch{b}"),
            };
            measure(&label, &map)?;
        }
    }
    Ok(())
}
