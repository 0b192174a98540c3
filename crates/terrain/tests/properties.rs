//! Property tests: for any parameters within the limits the generators give finite heights
//! spanning exactly 0..1 (random noise: each in 0..1, it is not stretched), and the same map twice; every parser answers any text with a value in
//! range or a readable error, never a panic; the mesh of any map is well formed; the per-row
//! fault sweep equals the per-cell definition for any faults.
//!
//! 64 cases per property (`PROPTEST_CASES` overrides it), so the test command stays quick.

use proptest::prelude::*;
use terrain::chapters::{DiamondSquare, Faults, Line, MidpointRecursive, Noise};
use terrain::faults::{self, FaultParams, ShapeKind, ShapeSet};
use terrain::knobs::Values;
use terrain::line::LineParams;
use terrain::midpoint::MpdParams;
use terrain::random_noise::NoiseParams;
use terrain::{mesh, Heightmap, Recipe};

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(64),
        ..ProptestConfig::default()
    }
}

/// Finite heights spanning exactly 0..1, or all 0 for a flat map.
fn assert_normalised(map: &Heightmap) -> Result<(), TestCaseError> {
    prop_assert!(
        map.data().iter().all(|h| h.is_finite()),
        "a height is not finite"
    );
    let (lo, hi) = map.range().expect("finite heights have a range");
    prop_assert!(
        (lo, hi) == (0.0, 1.0) || (lo, hi) == (0.0, 0.0),
        "range {lo}..{hi}"
    );
    Ok(())
}

fn subdivision() -> impl Strategy<Value = MpdParams> {
    (1u32..=7, 0.0f32..=100.0, 0.0f32..=2.0).prop_map(|(exponent, spread, reduction)| MpdParams {
        exponent,
        spread,
        reduction,
    })
}

fn shapes() -> impl Strategy<Value = ShapeSet> {
    proptest::sample::subsequence(ShapeKind::ALL.to_vec(), 1..=4).prop_map(|k| ShapeSet::of(&k))
}

fn fault_params() -> impl Strategy<Value = FaultParams> {
    (1usize..=40, 1usize..=40, 1u32..=150, shapes(), 0.0f32..=8.0).prop_map(
        |(width, height, iterations, shapes, fuzziness)| FaultParams {
            width,
            height,
            iterations,
            shapes,
            fuzziness,
        },
    )
}

fn recipe() -> impl Strategy<Value = Recipe> {
    prop_oneof![
        subdivision().prop_map(terrain::chapters::Midpoint::recipe),
        subdivision().prop_map(|params| Recipe::MidpointRecursive(MidpointRecursive { params })),
        (subdivision(), any::<bool>()).prop_map(|(params, wrap)| Recipe::DiamondSquare(
            DiamondSquare {
                params,
                stage: terrain::diamond_square::Stage::Full,
                wrap,
            }
        )),
        (1u32..=12, 0.0f32..=8.0).prop_map(|(iterations, roughness)| Recipe::Line(Line {
            params: LineParams {
                iterations,
                roughness,
            },
        })),
        fault_params().prop_map(|params| Recipe::Faults(Faults { params })),
        (1usize..=50, 1usize..=50).prop_map(|(width, height)| Recipe::Noise(Noise {
            params: NoiseParams { width, height },
        })),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn any_recipe_within_the_limits_spans_zero_to_one_and_repeats(recipe in recipe(), seed in any::<u64>()) {
        let map = recipe.generate(seed).expect("parameters within the limits");
        if let Recipe::Noise(Noise { .. }) = recipe {
            // Random noise is not stretched: every point is its own uniform(0, 1) draw.
            prop_assert!(map.data().iter().all(|h| (0.0..1.0).contains(h)));
        } else {
            assert_normalised(&map)?;
        }
        prop_assert_eq!(map.clone(), recipe.generate(seed).expect("valid"));
        prop_assert_eq!((map.width(), map.height()), recipe.size());
    }

    #[test]
    fn per_row_faults_equal_the_per_cell_definition(params in fault_params(), seed in any::<u64>()) {
        let fast = faults::generate(&params, seed).expect("valid");
        let reference = faults::generate_per_cell(&params, seed).expect("valid");
        prop_assert_eq!(fast, reference);
    }

    #[test]
    fn every_parser_answers_any_text_without_panicking(text in ".{0,40}") {
        for knob in terrain::Recipe::every_knob() {
            let (parsed, lo, hi) = match knob.values {
                Values::Whole { min, max, .. } => {
                    (knob.parse_whole(&text).map(|v| v as f64), min as f64, max as f64)
                }
                Values::Number { min, max, .. } => (knob.parse_number(&text), min, max),
                _ => continue,
            };
            match parsed {
                Ok(v) => prop_assert!((lo..=hi).contains(&v) && v.is_finite(), "{v}"),
                Err(e) => prop_assert!(e.message.starts_with(knob.name), "{}", e.message),
            }
        }
        match faults::parse_shapes(&text) {
            Ok(set) => prop_assert!(!set.is_empty()),
            Err(e) => prop_assert!(e.message.starts_with("shapes must")),
        }
        let _ = terrain::engines::parse_engine(&text);
    }

    #[test]
    fn the_mesh_of_any_map_has_indices_in_range_and_unit_normals(recipe in recipe(), seed in any::<u64>()) {
        let map = recipe.generate(seed).expect("valid");
        let surface = mesh::terrain_mesh(&map, terrain::display::DISPLAY_MAX_SIDE, 0.6);
        let count = surface.positions.len();
        prop_assert_eq!(surface.normals.len(), count);
        prop_assert!(surface.indices.iter().all(|&i| (i as usize) < count));
        prop_assert_eq!(surface.indices.len() % 3, 0);
        for n in &surface.normals {
            let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
            prop_assert!((length - 1.0).abs() < 1e-4, "normal {n:?}");
        }
    }
}
