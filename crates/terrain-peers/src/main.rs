//! The native side of the peer benchmark: times the same calls as the wasm module, with the
//! same sizes, on one thread like the page's wasm, and prints one JSON object per case
//! (`{"case":..,"side":..,"ms":..}`) for `benches/peers/run.mjs` to put beside the wasm and
//! THREE.Terrain figures.
//!
//! Usage: `terrain-peers-native EXPONENT... --faults COUNT`.

use std::time::Instant;

/// Median time in milliseconds of `run`, after one warm-up call, over enough calls to fill
/// about half a second (at least 3).
fn median_ms(mut run: impl FnMut()) -> f64 {
    run();
    let mut times = Vec::new();
    let started = Instant::now();
    while times.len() < 3 || (started.elapsed().as_secs_f64() < 0.5 && times.len() < 50) {
        let t = Instant::now();
        run();
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    // The page's wasm runs on one thread; so does its native counterpart here, so the ratio is
    // the code's and not the cores' (the core would otherwise share rows out on every core).
    if let Err(err) = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build_global()
    {
        eprintln!("cannot keep to one thread: {err}");
        std::process::exit(2);
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut exponents = Vec::new();
    let mut fault_count = 100;
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let parsed = if word == "--faults" {
            words
                .next()
                .and_then(|n| n.parse().ok())
                .map(|n| fault_count = n)
        } else {
            word.parse().ok().map(|e| exponents.push(e))
        };
        if parsed.is_none() {
            eprintln!("usage: terrain-peers-native EXPONENT... --faults COUNT");
            std::process::exit(2);
        }
    }
    for exponent in exponents {
        let side = (1usize << exponent) + 1;
        let mut out = vec![0.0f32; side * side];
        let mut failure = None;
        let ds = median_ms(|| {
            if let Err(e) = terrain_peers::diamond_square_into(exponent, 1, &mut out) {
                failure = Some(e);
            }
        });
        let faults = median_ms(|| {
            if let Err(e) = terrain_peers::faults_into(side, fault_count, 1, &mut out) {
                failure = Some(e);
            }
        });
        let mut kept = 0.0;
        let ds_only = median_ms(|| match terrain_peers::diamond_square_center(exponent, 1) {
            Ok(h) => kept += h,
            Err(e) => failure = Some(e),
        });
        let midpoint_only = median_ms(|| match terrain_peers::midpoint_center(exponent, 1) {
            Ok(h) => kept += h,
            Err(e) => failure = Some(e),
        });
        let faults_only = median_ms(
            || match terrain_peers::faults_center(side, fault_count, 1) {
                Ok(h) => kept += h,
                Err(e) => failure = Some(e),
            },
        );
        let eroded_only = median_ms(|| match terrain_peers::eroded_center(exponent, 1) {
            Ok(h) => kept += h,
            Err(e) => failure = Some(e),
        });
        if let Some(e) = failure {
            eprintln!("{e}");
            std::process::exit(1);
        }
        std::hint::black_box(kept);
        println!(r#"{{"case":"diamond-square","side":{side},"ms":{ds}}}"#);
        println!(r#"{{"case":"faults","side":{side},"ms":{faults}}}"#);
        println!(r#"{{"case":"diamond-square generate","side":{side},"ms":{ds_only}}}"#);
        println!(r#"{{"case":"midpoint generate","side":{side},"ms":{midpoint_only}}}"#);
        println!(r#"{{"case":"faults generate","side":{side},"ms":{faults_only}}}"#);
        println!(r#"{{"case":"erosion generate","side":{side},"ms":{eroded_only}}}"#);
    }
}
