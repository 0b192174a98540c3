//! Every generator at exponents 8 to 12 (faults on 512 x 512, fBm on 1025 and 4097 beside
//! noise-rs's `Fbm<Perlin>`, erosion on 513 and 2049 points a side, masked steps beside the same
//! steps unmasked), each next to its naive baseline: the plain reading of its post, measured in the same
//! run. After the measurements a summary prints nanoseconds per cell (per droplet for erosion)
//! and how many times faster than the baseline each one is.
//!
//! `cargo bench -p terrain --bench generators` (BENCHMARKS.md); `-- <filter>` runs some groups.
//! `cargo test -p terrain --bench generators` runs each case once as a smoke test, but for the
//! per-cell faults baseline at 10 000 faults (the same code as at 1 000, ten times longer).

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput};
use terrain::faults::{self, FaultParams, ShapeSet};
use terrain::line::{self, LineParams};
use terrain::midpoint::{self, MpdParams};
use terrain::{diamond_square, limits, midpoint_recursive, random_noise, Heightmap, TerrainRng};

const EXPONENTS: std::ops::RangeInclusive<u32> = 8..=12;
const SEED: u64 = 7;

fn mpd(exponent: u32) -> MpdParams {
    MpdParams {
        exponent,
        ..MpdParams::default()
    }
}

fn cells(exponent: u32) -> u64 {
    let side = limits::side_for_exponent(exponent) as u64;
    side * side
}

/// Random noise read straight from the post: one `set` per point, row by row.
fn noise_point_by_point(side: usize, seed: u64) -> Heightmap {
    let mut map = Heightmap::new(side, side).expect("bench size");
    let mut rng = TerrainRng::new(seed);
    for y in 0..side {
        for x in 0..side {
            map.set(x, y, rng.uniform());
        }
    }
    map
}

/// A rayon pool of one thread: ours on one core, beside ours on all of them (criterion's own
/// threads use rayon's global pool, which has one thread per core).
fn one_thread() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread")
}

/// One group per square algorithm: the project's version and the baseline at every exponent,
/// and with `threaded` also the project's version on one thread ("ours-1-thread").
fn square_group(
    c: &mut Criterion,
    name: &str,
    fast: fn(u32) -> Heightmap,
    baseline: (&str, fn(u32) -> Heightmap),
    threaded: bool,
) {
    let one = one_thread();
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    for exponent in EXPONENTS {
        group.throughput(Throughput::Elements(cells(exponent)));
        group.bench_with_input(BenchmarkId::new("ours", exponent), &exponent, |b, &e| {
            b.iter(|| fast(black_box(e)))
        });
        if threaded {
            group.bench_with_input(
                BenchmarkId::new("ours-1-thread", exponent),
                &exponent,
                |b, &e| b.iter(|| one.install(|| fast(black_box(e)))),
            );
        }
        group.bench_with_input(
            BenchmarkId::new(baseline.0, exponent),
            &exponent,
            |b, &e| b.iter(|| (baseline.1)(black_box(e))),
        );
    }
    group.finish();
}

fn square_algorithms(c: &mut Criterion) {
    square_group(
        c,
        "diamond_square",
        |e| diamond_square::generate(&mpd(e), SEED).expect("valid"),
        ("baseline", |e| {
            diamond_square::generate_point_by_point(&mpd(e), SEED).expect("valid")
        }),
        true,
    );
    square_group(
        c,
        "midpoint",
        |e| midpoint::generate(&mpd(e), SEED).expect("valid"),
        ("baseline", |e| {
            midpoint::generate_square_by_square(&mpd(e), SEED).expect("valid")
        }),
        true,
    );
    // The recursive rewrite is itself the plain reading of the second post; it is set beside the
    // iterative row sweep computing a map of the same size.
    square_group(
        c,
        "midpoint_recursive",
        |e| midpoint_recursive::generate(&mpd(e), SEED).expect("valid"),
        ("baseline", |e| {
            midpoint::generate_square_by_square(&mpd(e), SEED).expect("valid")
        }),
        false,
    );
    square_group(
        c,
        "noise",
        |e| {
            let side = limits::side_for_exponent(e);
            random_noise::generate(side, side, SEED).expect("valid")
        },
        ("baseline", |e| {
            noise_point_by_point(limits::side_for_exponent(e), SEED)
        }),
        false,
    );
}

fn line_profile(c: &mut Criterion) {
    let mut group = c.benchmark_group("line");
    for iterations in EXPONENTS {
        let params = LineParams {
            iterations,
            ..LineParams::default()
        };
        group.throughput(Throughput::Elements((1u64 << iterations) + 1));
        group.bench_with_input(BenchmarkId::new("ours", iterations), &params, |b, p| {
            b.iter(|| line::generate(black_box(p), SEED).expect("valid"))
        });
    }
    group.finish();
}

fn fault_lines(c: &mut Criterion) {
    let one = one_thread();
    let mut group = c.benchmark_group("faults_512");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Elements(512 * 512));
    for (label, shapes, fuzziness) in [
        ("lines", ShapeSet::LINES, 0.0),
        ("lines_fuzzy3", ShapeSet::LINES, 3.0),
        ("shapes", ShapeSet::ALL, 0.0),
        ("shapes_fuzzy3", ShapeSet::ALL, 3.0),
    ] {
        for iterations in [1000, 10_000] {
            let params = FaultParams {
                width: 512,
                height: 512,
                iterations,
                shapes,
                fuzziness,
            };
            let id = format!("{label}/{iterations}");
            group.bench_with_input(BenchmarkId::new("ours", &id), &params, |b, p| {
                b.iter(|| faults::generate(black_box(p), SEED).expect("valid"))
            });
            group.bench_with_input(BenchmarkId::new("ours-1-thread", &id), &params, |b, p| {
                b.iter(|| one.install(|| faults::generate(black_box(p), SEED).expect("valid")))
            });
            // The smoke (criterion's test mode) runs the per-cell reading at 1 000 faults only:
            // at 10 000 it is the same code ten times over, 145 s of one core across the four
            // shape sets, which is most of what the release tests' smoke cost.
            if iterations > 1000 && smoke() {
                continue;
            }
            group.bench_with_input(BenchmarkId::new("baseline", &id), &params, |b, p| {
                b.iter(|| faults::generate_per_cell(black_box(p), SEED).expect("valid"))
            });
        }
    }
    group.finish();
}

/// fBm, 8 octaves of gradient noise at lacunarity 2 and gain 0.5, on maps of 1025 and 4097 points
/// a side (257 in the smoke): ours on all threads and on one, the plain reading (every octave at
/// one point at a time, `fbm::height_at`) and noise-rs's own `Fbm<Perlin>` with the same octaves,
/// frequency, lacunarity and persistence, point by point on one thread as its `get` is used.
fn fbm(c: &mut Criterion) {
    use noise::{Fbm, MultiFractal, NoiseFn, Perlin};
    use terrain::fbm::{self, FbmParams};
    let one = one_thread();
    let mut group = c.benchmark_group("fbm");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    let sides: &[usize] = if smoke() { &[257] } else { &[1025, 4097] };
    for &side in sides {
        let params = FbmParams {
            width: side,
            height: side,
            ..FbmParams::DEFAULT
        };
        group.throughput(Throughput::Elements((side * side) as u64));
        group.bench_with_input(BenchmarkId::new("ours", side), &params, |b, p| {
            b.iter(|| fbm::generate(black_box(p), SEED).expect("valid"))
        });
        group.bench_with_input(BenchmarkId::new("ours-1-thread", side), &params, |b, p| {
            b.iter(|| one.install(|| fbm::generate(black_box(p), SEED).expect("valid")))
        });
        group.bench_with_input(BenchmarkId::new("baseline", side), &params, |b, p| {
            b.iter(|| fbm::generate_plain(black_box(p), SEED).expect("valid"))
        });
        let noise_rs = Fbm::<Perlin>::new(SEED as u32)
            .set_octaves(params.octaves as usize)
            .set_frequency(f64::from(params.frequency) / 256.0)
            .set_lacunarity(f64::from(params.lacunarity))
            .set_persistence(f64::from(params.gain));
        group.bench_with_input(BenchmarkId::new("noise-rs", side), &side, |b, &side| {
            b.iter(|| {
                let mut map = Heightmap::new(side, side).expect("bench size");
                for (i, h) in map.data_mut().iter_mut().enumerate() {
                    let point = [(i % side) as f64, (i / side) as f64];
                    *h = noise_rs.get(black_box(point)) as f32;
                }
                map
            })
        });
    }
    group.finish();
}

/// Hydraulic erosion: 100 000 droplets of the default lifetime on Diamond-Square maps of 513 and
/// 2049 points a side, the fast version beside the plain reading of Beyer's thesis, and the
/// batched erosion (`--batch`) on every core and on one. Throughput is in droplets.
fn erosion(c: &mut Criterion) {
    use terrain::erosion::{self, plain, ErosionParams};
    let mut group = c.benchmark_group("erosion");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    let pool = one_thread();
    // The thesis's 30 steps at every size, as the figures in BENCHMARKS.md were taken (the
    // default lifetime scales with the map: 60 at 513 x 513, 240 at 2049 x 2049).
    let params = ErosionParams {
        droplets: 100_000,
        lifetime: erosion::SCALED_LIFETIME,
        ..ErosionParams::DEFAULT
    };
    group.throughput(Throughput::Elements(u64::from(params.droplets)));
    for exponent in [9, 11] {
        let map = diamond_square::generate(&mpd(exponent), SEED).expect("valid");
        let side = map.width();
        group.bench_with_input(BenchmarkId::new("ours", side), &map, |b, m| {
            b.iter(|| {
                let mut map = m.clone();
                erosion::erode(&mut map, black_box(&params), SEED).expect("valid")
            })
        });
        group.bench_with_input(BenchmarkId::new("baseline", side), &map, |b, m| {
            b.iter(|| {
                let mut map = m.clone();
                plain::erode(&mut map, black_box(&params), SEED).expect("valid")
            })
        });
        // The batched erosion at its default batch, on every core and on one.
        let batched = ErosionParams {
            batch: erosion::batched::DEFAULT_BATCH,
            ..params
        };
        let run = |m: &Heightmap| {
            let mut map = m.clone();
            erosion::erode(&mut map, black_box(&batched), SEED).expect("valid")
        };
        group.bench_with_input(BenchmarkId::new("batched", side), &map, |b, m| {
            b.iter(|| run(m))
        });
        group.bench_with_input(BenchmarkId::new("batched-1-thread", side), &map, |b, m| {
            b.iter(|| pool.install(|| run(m)))
        });
    }
    group.finish();
}

/// Water routing (`Water::of`: Priority-Flood with epsilon, D8 directions, accumulation) on
/// Diamond-Square maps of 1025 and 4097 points a side, beside the plain readings it equals bit
/// for bit (`water::plain`: a heap of floats and neighbours checked against the edges) and
/// generating that map on one thread (the baseline: what routing costs next to making the
/// terrain). Throughput is in cells.
fn flow(c: &mut Criterion) {
    use terrain::water::Water;
    let mut group = c.benchmark_group("flow");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(6));
    let pool = one_thread();
    for exponent in [10, 12] {
        let map = diamond_square::generate(&mpd(exponent), SEED).expect("valid");
        group.throughput(Throughput::Elements(cells(exponent)));
        let side = map.width();
        group.bench_with_input(BenchmarkId::new("ours", side), &map, |b, m| {
            b.iter(|| Water::of(black_box(m)).expect("finite"))
        });
        group.bench_with_input(BenchmarkId::new("plain", side), &map, |b, m| {
            b.iter(|| terrain::water::plain::water(black_box(m)).expect("finite"))
        });
        // Our three parts alone, to see where the time goes.
        let filled = terrain::water::fill::priority_flood(&map).expect("finite");
        let down = terrain::water::flow::directions(&filled);
        group.bench_with_input(BenchmarkId::new("ours-fill", side), &map, |b, m| {
            b.iter(|| terrain::water::fill::priority_flood(black_box(m)).expect("finite"))
        });
        group.bench_with_input(
            BenchmarkId::new("ours-directions", side),
            &filled,
            |b, f| b.iter(|| terrain::water::flow::directions(black_box(f))),
        );
        group.bench_with_input(
            BenchmarkId::new("ours-accumulation", side),
            &down,
            |b, d| b.iter(|| terrain::water::flow::accumulation(black_box(d))),
        );
        group.bench_with_input(
            BenchmarkId::new("plain-accumulation", side),
            &down,
            |b, d| b.iter(|| terrain::water::plain::accumulation(black_box(d))),
        );
        group.bench_with_input(BenchmarkId::new("baseline", side), &exponent, |b, &e| {
            b.iter(|| pool.install(|| diamond_square::generate(black_box(&mpd(e)), SEED)))
        });
    }
    group.finish();
}

/// A mask's cost (issue 74: at most 10 % on its step at 1025²): erosion (30 000 droplets) and
/// thermal weathering (50 rounds) on a Diamond-Square map of 1025 points a side, each unmasked
/// (the baseline, in the same run) and acting only on slopes of 30 to 90 degrees (the dearest
/// mask: the slope of every cell, then the blend) or on a height band read from a mask file
/// (the file stretched over the map). `cargo bench -p terrain --bench generators -- masks`.
fn masks(c: &mut Criterion) {
    use terrain::chain::mask::{step_of, MASK, MASK_HEIGHT, MASK_SLOPE};
    use terrain::chain::row::{Given, Settings};
    use terrain::chapters::step_registry::step_named;
    let mut group = c.benchmark_group("masks");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(8));
    let map = diamond_square::generate(&mpd(10), SEED).expect("valid");
    let file = diamond_square::generate(&mpd(6), SEED + 1).expect("valid");
    let masked = |flag: &'static str, value: &str| {
        let mut given = Given::none();
        match flag {
            MASK => given.maps.push((MASK, file.clone(), "mask.png".into())),
            _ => given.values.push((flag, value.to_string())),
        }
        given
    };
    let cases = [
        ("unmasked", Given::none()),
        ("slope", masked(MASK_SLOPE, "30:90")),
        ("file-and-height", {
            let mut given = masked(MASK, "");
            given.values.push((MASK_HEIGHT, "0.3:1".into()));
            given
        }),
    ];
    for name in ["erode", "thermal"] {
        let row = step_named(name).expect("a step");
        let settings = Settings::defaults(row.knobs());
        for (case, given) in &cases {
            let step = step_of(row, &settings, given).expect("a step");
            group.bench_with_input(
                BenchmarkId::new(format!("{name}-{case}"), 1025),
                &map,
                |b, m| {
                    b.iter(|| {
                        let mut map = m.clone();
                        step.apply(&mut map, black_box(SEED)).expect("valid")
                    })
                },
            );
        }
    }
    group.finish();
}

/// Whether this is criterion's test mode: each case once, unmeasured. `cargo bench` passes
/// `--bench`; `cargo test --benches` passes nothing, and `-- --test` asks for it by hand.
fn smoke() -> bool {
    !std::env::args().any(|arg| arg == "--bench") || std::env::args().any(|arg| arg == "--test")
}

#[path = "support/summary.rs"]
mod summary;

fn main() {
    let started = std::time::SystemTime::now();
    let mut criterion = Criterion::default().configure_from_args();
    square_algorithms(&mut criterion);
    line_profile(&mut criterion);
    fault_lines(&mut criterion);
    fbm(&mut criterion);
    erosion(&mut criterion);
    flow(&mut criterion);
    masks(&mut criterion);
    criterion.final_summary();
    summary::print(started);
}
