//! `terrain`: generate a heightmap with one of the project's algorithms and write it to a file.
//!
//! ```text
//! terrain mpd --exponent 9 --seed 1 --out map.png
//! terrain noise --width 640 --height 480 --seed 7 --out noise.r32
//! terrain ds --exponent 12 --threads 1 --out big.r32
//! ```
//!
//! The file extension picks the format (`.png` 16-bit greyscale, `.r16` raw u16, `.r32` raw f32,
//! `.pgm` 16-bit PGM, `.glb` glTF mesh; `line` writes `.txt` or `.csv`). `terrain erode` and
//! `terrain flow` read a map from a file. Bad arguments exit with status 2 and one line on
//! stderr, and no file is written.

mod args;
mod chapter_args;
mod flags;
mod flow;
mod job;
mod map_output;
mod one_line;
mod output;
mod read;
mod run;
mod stats;
mod steps;

use std::process::ExitCode;

fn main() -> ExitCode {
    let parsed = match args::parse() {
        Ok(cli) => cli,
        Err(exit) => return exit,
    };
    if let Some(threads) = parsed.threads {
        // Before anything uses rayon's pool, so nothing has started it with the default.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads as usize);
        if let Err(err) = pool.build_global() {
            eprintln!("error: cannot start {threads} threads: {err}");
            return ExitCode::from(2);
        }
    }
    match parsed.run() {
        Ok(summary) => {
            println!("{summary}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
