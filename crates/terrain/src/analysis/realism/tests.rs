use super::*;
use crate::map::rng::PointRng;

fn map(w: usize, h: usize, f: impl Fn(usize, usize) -> f32) -> Heightmap {
    Heightmap::from_data(w, h, (0..w * h).map(|i| f(i % w, i / w)).collect()).expect("map")
}

#[test]
fn a_bowl_has_one_pit_and_a_cone_none() {
    let bowl = map(9, 9, |x, y| {
        (x as f32 - 4.0).powi(2) + (y as f32 - 4.0).powi(2)
    });
    assert!((pits_per_1000(&bowl) - 1000.0 / 49.0).abs() < 1e-9);
    let cone = map(9, 9, |x, y| {
        -((x as f32 - 4.0).abs() + (y as f32 - 4.0).abs())
    });
    assert_eq!(pits_per_1000(&cone), 0.0);
}

#[test]
fn a_valley_concentrates_drainage_more_than_a_plane() {
    // A plane tilted towards y = 0: every column drains on its own.
    let plane = map(65, 65, |x, y| y as f32 + 0.001 * x as f32);
    // A V valley along x = 32, falling towards y = 0: everything gathers in one channel.
    let valley = map(65, 65, |x, y| (x as f32 - 32.0).abs() + 0.1 * y as f32);
    let (p, v) = (
        drainage_top1(&plane).expect("finite"),
        drainage_top1(&valley).expect("finite"),
    );
    assert!(v > 2.0 * p, "valley {v}, plane {p}");
}

#[test]
fn noise_is_rough_at_the_pixel_scale_and_a_broad_change_is_not() {
    let rng = PointRng::new(5);
    let noise: Vec<f32> = (0..129 * 129).map(|i| rng.uniform_at(i) - 0.5).collect();
    let r = pixel_roughness(&noise, 129, 129);
    assert!((4.0..5.0).contains(&r), "white noise: {r}");
    let broad: Vec<f32> = (0..129 * 129)
        .map(|i| (-((i % 129) as f32 - 64.0).powi(2) / 200.0).exp())
        .collect();
    let r = pixel_roughness(&broad, 129, 129);
    assert!(r < 0.2, "a broad trough: {r}");
}

/// A surface whose power spectrum falls as k^-beta over rings (random phases, amplitudes
/// k^(-beta / 2)), synthesised by an inverse 2-D FFT: of known spectral slope beta, and, for
/// 2 < beta < 4, of Hurst exponent (beta - 2) / 2.
fn synthesised(side: usize, beta: f64, seed: u64) -> Heightmap {
    use rustfft::num_complex::Complex;
    let rng = PointRng::new(seed);
    let mut cells = vec![Complex::new(0.0f64, 0.0); side * side];
    let freq = |i: usize| {
        if i <= side / 2 {
            i as f64
        } else {
            i as f64 - side as f64
        }
    };
    for y in 0..side {
        for x in 0..side {
            let k = (freq(x).powi(2) + freq(y).powi(2)).sqrt();
            if k == 0.0 {
                continue;
            }
            let phase = 2.0 * std::f64::consts::PI * f64::from(rng.uniform_at(y * side + x));
            cells[y * side + x] = Complex::from_polar(k.powf(-beta / 2.0), phase);
        }
    }
    spectrum::fft_2d(&mut cells, side, side, rustfft::FftDirection::Inverse);
    // The real part of a random-phase field is itself such a field.
    map(side, side, |x, y| cells[y * side + x].re as f32)
}

#[test]
fn a_plane_has_hurst_one_and_its_mean_halfway_up() {
    // The same slope along rows and columns: every pair at lag l differs by 2 l.
    let plane = map(64, 48, |x, y| 2.0 * x as f32 + 2.0 * y as f32);
    let h = hurst(&plane).expect("big enough");
    assert!(
        (h - 1.0).abs() < 1e-9,
        "differences grow as the lag: H = 1, got {h}"
    );
    let hi = hypsometric_integral(&plane).expect("not flat");
    assert!((hi - 0.5).abs() < 1e-9, "{hi}");
    assert_eq!(pits_per_1000(&plane), 0.0);
}

#[test]
fn a_cone_drains_from_its_top_and_a_bowl_holds_its_mean_low() {
    // A cone's mean lies a third of the way up (the volume of a cone over its cylinder), a bowl's
    // (z = r^2) two thirds up its height at the rim... measured over the disc inside the square.
    let cone = map(201, 201, |x, y| {
        let r = ((x as f32 - 100.0).powi(2) + (y as f32 - 100.0).powi(2)).sqrt();
        (100.0 - r).max(0.0)
    });
    let hi = hypsometric_integral(&cone).expect("not flat");
    // pi r^2 h / 3 over the square (2r)^2 h: pi / 12.
    assert!((hi - std::f64::consts::PI / 12.0).abs() < 0.01, "cone {hi}");
    assert_eq!(pits_per_1000(&cone), 0.0);
    let bowl = map(201, 201, |x, y| {
        (x as f32 - 100.0).powi(2) + (y as f32 - 100.0).powi(2)
    });
    // Over the square, the mean of x^2 + y^2 is 2/3 of 100^2, the max 2 x 100^2: a third.
    let hi = hypsometric_integral(&bowl).expect("not flat");
    assert!((hi - 1.0 / 3.0).abs() < 0.01, "bowl {hi}");
    assert!((pits_per_1000(&bowl) - 1000.0 / (199.0 * 199.0)).abs() < 1e-9);
}

#[test]
fn white_noise_has_no_memory_a_flat_spectrum_and_a_pit_in_nine() {
    let rng = PointRng::new(11);
    let noise = map(256, 256, |x, y| rng.uniform_at(y * 256 + x));
    let h = hurst(&noise).expect("big enough");
    assert!(h.abs() < 0.02, "differences do not grow with distance: {h}");
    let beta = spectral_slope(&noise).expect("big enough");
    assert!(beta.abs() < 0.15, "flat spectrum: {beta}");
    // A cell is the lowest of itself and its eight neighbours one time in nine.
    let pits = pits_per_1000(&noise);
    assert!((pits - 1000.0 / 9.0).abs() < 6.0, "{pits}");
}

#[test]
fn a_synthesised_surface_measures_the_exponents_it_was_made_with() {
    for (beta, seed) in [(2.6, 1), (3.0, 2), (3.6, 3)] {
        let surface = synthesised(256, beta, seed);
        let measured = spectral_slope(&surface).expect("big enough");
        assert!(
            (measured - beta).abs() < 0.15,
            "beta {beta}: measured {measured}"
        );
        let h = hurst(&surface).expect("big enough");
        let expected = (beta - 2.0) / 2.0;
        assert!(
            (h - expected).abs() < 0.12,
            "beta {beta}: H {h}, expected {expected}"
        );
    }
}

#[test]
fn too_small_or_flat_maps_have_no_exponents_and_the_json_says_null() {
    let small = map(12, 12, |x, y| (x * y) as f32);
    assert_eq!(hurst(&small), None);
    assert_eq!(spectral_slope(&small), None);
    let flat = map(40, 40, |_, _| 3.0);
    assert_eq!(hypsometric_integral(&flat), None);
    let measures = Measures::of(&flat).expect("finite");
    let json = measures.json();
    assert!(
        json["hurst"].is_null() && json["hypsometric_integral"].is_null(),
        "{json}"
    );
    assert_eq!(json["pits_per_1000"], 0.0);
    let keys: Vec<&String> = json.as_object().expect("object").keys().collect();
    assert_eq!(keys.len(), 8);
    for river in ["concavity", "hack", "bifurcation"] {
        assert!(json[river].is_null(), "no channels on a flat map: {json}");
    }
}

#[test]
fn real_lands_figures_are_the_committed_maps() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/real-land/jacksboro.png");
    let bytes = std::fs::read(path).expect("the committed map of real land");
    let map = crate::files::import::read(&bytes, crate::files::formats::PNG, None).expect("a map");
    assert_eq!((map.width(), map.height()), (403, 344));
    assert_eq!(Measures::of(&map).expect("finite").json(), REAL_LAND.json());
    let water = crate::analysis::water::Water::of(&map).expect("finite");
    let points = rivers::slope_area(&map, &water);
    let binned = rivers::binned(&points, rivers::channel_threshold(map.data().len()));
    let rounded: Vec<(f64, f64)> = binned
        .iter()
        .map(|&(a, s)| ((a * 1e4).round() / 1e4, (s * 1e4).round() / 1e4))
        .collect();
    assert_eq!(
        rounded,
        slope_area_plot::REAL_LAND_SLOPE_AREA,
        "the plot's real land is the committed map's"
    );
}

#[test]
fn the_report_holds_the_stats_and_a_row_per_measure() {
    let rng = PointRng::new(2);
    let noise = map(64, 64, |x, y| rng.uniform_at(y * 64 + x));
    let report = report(&noise, &Lines::DEFAULT).expect("finite");
    assert_eq!(
        report["stats"],
        Measures::of(&noise).expect("finite").json()
    );
    let rows = report["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 8);
    assert_eq!(rows[0]["label"], "Hurst exponent");
    assert_eq!(rows[0]["real"], "0.64");
    assert_eq!(rows[4]["real"], "0.81");
    assert_eq!(rows[5]["label"], "Concavity θ");
    assert_eq!(rows[5]["real"], "0.22");
    assert_eq!(rows[6]["label"], "Hack exponent");
    assert_eq!(rows[6]["real"], "0.52");
    assert_eq!(rows[7]["label"], "Bifurcation ratio");
    assert_eq!(rows[7]["real"], "4.82");
}

#[test]
fn the_report_gives_each_layer_its_share_of_the_map_and_a_legend() {
    // A cone: steep flanks (rock) round a flat top above the snow line (snow) and a flat plain
    // round it at the bottom of the range, which the sand level takes at its lowest cells.
    let side = 65;
    let cone = map(side, side, |x, y| {
        let r = ((x as f32 - 32.0).powi(2) + (y as f32 - 32.0).powi(2)).sqrt();
        (1.0 - (r - 6.0).max(0.0) / 14.0).clamp(0.0, 1.0)
    });
    let report = report(&cone, &Lines::DEFAULT).expect("finite");
    let layers = report["layers"].as_array().expect("layers");
    let names: Vec<&str> = layers.iter().filter_map(|l| l["name"].as_str()).collect();
    assert_eq!(names, crate::materials::LAYERS.map(|l| l.name));
    let share = |name: &str| {
        layers
            .iter()
            .find(|l| l["name"] == name)
            .and_then(|l| l["share"].as_f64())
            .expect("a share")
    };
    let total: f64 = names.iter().map(|n| share(n)).sum();
    assert!((total - 1.0).abs() < 1e-3, "the shares sum to 1: {total}");
    // The flanks: r from 6 to 20, against the map's 65 x 65 cells; the top: r under 6.
    let flanks = std::f64::consts::PI * (20.0f64.powi(2) - 6.0f64.powi(2)) / (65.0 * 65.0);
    assert!(
        share("rock") > 0.5 * flanks,
        "rock on the flanks: {}",
        share("rock")
    );
    assert!(share("snow") > 0.01, "snow on the top: {}", share("snow"));
    let html = report["html"].as_str().expect("html");
    assert!(html.contains("data-legend=\"layers\""), "{html}");
    let first = html.split("data-legend").nth(1).expect("a legend");
    let biggest = names
        .iter()
        .copied()
        .max_by(|a, b| share(a).total_cmp(&share(b)))
        .expect("a layer");
    let item = first.split("<li>").nth(1).unwrap_or_default();
    assert!(
        item.contains(&format!("{biggest} ")),
        "the largest share ({biggest}) is listed first: {item}"
    );
}
