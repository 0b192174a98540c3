//! noise-rs's own `Fbm<Perlin>` as a program of its own: the same octaves, frequency, lacunarity
//! and persistence as `terrain fbm`'s defaults, point by point on one thread as its `get` is
//! used, its -1..1 heights mapped to 0..1 and written as `.r32` by the `terrain` command's own
//! writer (`src/output.rs`). The baseline of the fBm whole-process benchmark
//! (`benches/process/fbm.sh`), which times it beside `terrain fbm --threads 1` from start to
//! exit. The maps differ (each its own noise); the work and the file do not.
//!
//! Usage: `noise_rs_fbm EXPONENT SEED OUT.r32`.

use std::path::Path;
use std::process::ExitCode;

use noise::{Fbm, MultiFractal, NoiseFn, Perlin};
use terrain::fbm::FbmParams;
use terrain::formats;
use terrain::Heightmap;

// The command's writer, shared as a file: this program uses only part of it.
#[allow(dead_code)]
#[path = "../src/output.rs"]
mod output;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [exponent, seed, out] = args.as_slice() else {
        eprintln!("usage: noise_rs_fbm EXPONENT SEED OUT.r32");
        return ExitCode::from(2);
    };
    let (Ok(exponent), Ok(seed)) = (exponent.parse::<u32>(), seed.parse::<u32>()) else {
        eprintln!("usage: noise_rs_fbm EXPONENT SEED OUT.r32 (whole numbers)");
        return ExitCode::from(2);
    };
    let side = (1usize << exponent.min(13)) + 1;
    let params = FbmParams::DEFAULT;
    let fbm = Fbm::<Perlin>::new(seed)
        .set_octaves(params.octaves as usize)
        .set_frequency(f64::from(params.frequency) / 256.0)
        .set_lacunarity(f64::from(params.lacunarity))
        .set_persistence(f64::from(params.gain));
    let written = Heightmap::new(side, side)
        .map_err(|e| e.to_string())
        .and_then(|mut map| {
            for (i, h) in map.data_mut().iter_mut().enumerate() {
                let point = [(i % side) as f64, (i / side) as f64];
                *h = (0.5 + 0.5 * fbm.get(point) as f32).clamp(0.0, 1.0);
            }
            output::write_atomically(Path::new(out), &map, formats::R32)
        });
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
