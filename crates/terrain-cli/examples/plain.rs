//! The third post's Diamond-Square read plainly, as a program of its own: one point at a time
//! (`diamond_square::generate_point_by_point`, on one thread), then the map written as `.r32`
//! by the `terrain` command's own writer (`src/output.rs`: a temporary file, synced, renamed into
//! place), so the two programs differ only in how they make the map. The baseline of the
//! whole-process benchmark (`benches/process/run.sh`), which times it beside `terrain ds` from
//! start to exit.
//!
//! Usage: `plain EXPONENT SEED OUT.r32`.

use std::path::Path;
use std::process::ExitCode;

use terrain::diamond_square;
use terrain::formats;

// The command's writer, shared as a file: this program uses only part of it.
#[allow(dead_code)]
#[path = "../src/output.rs"]
mod output;
use terrain::midpoint::MpdParams;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [exponent, seed, out] = args.as_slice() else {
        eprintln!("usage: plain EXPONENT SEED OUT.r32");
        return ExitCode::from(2);
    };
    let (Ok(exponent), Ok(seed)) = (exponent.parse(), seed.parse()) else {
        eprintln!("usage: plain EXPONENT SEED OUT.r32 (whole numbers)");
        return ExitCode::from(2);
    };
    let params = MpdParams {
        exponent,
        ..diamond_square::DEFAULT
    };
    let written = diamond_square::generate_point_by_point(&params, seed)
        .map_err(|e| e.to_string())
        .and_then(|map| output::write_atomically(Path::new(out), &map, formats::R32));
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
