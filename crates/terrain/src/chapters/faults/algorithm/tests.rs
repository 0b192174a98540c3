use super::*;

fn sharp(noise: &Ragged) -> Fuzz<'_> {
    Fuzz {
        noise,
        offset: [0, 0],
    }
}

/// One fault applied by the definition and by the row sweep: asserts they agree exactly and
/// returns the levels.
fn cut_both_ways(
    width: usize,
    height: usize,
    divider: &Divider,
    units: i32,
    fuzz: &Fuzz<'_>,
) -> Vec<i32> {
    let mut per_cell = vec![0; width * height];
    apply_per_cell(&mut per_cell, width, divider, units, fuzz);
    let mut sums = FaultSums::new(width, height).expect("map");
    let mut pending = Pending::default();
    pending.add(&mut sums, divider, units, fuzz);
    pending.sweep(&mut sums, fuzz.noise);
    assert_eq!(
        sums.into_levels(),
        per_cell,
        "{divider:?} fuzz {}",
        fuzz.fuzziness()
    );
    per_cell
}

#[test]
fn one_straight_fault_splits_the_map_into_exactly_two_values() {
    let noise = Ragged::new(0.0, 1);
    let divider = Divider::Line {
        normal: [0.6, 0.8],
        offset: 9.0,
    };
    let levels = cut_both_ways(20, 10, &divider, 7, &sharp(&noise));
    let mut values = levels.clone();
    values.sort_unstable();
    values.dedup();
    assert_eq!(values, vec![-7, 7]);
    // Boundary convention: distance exactly 0 is on the lowered side. (15, 0): 0.6 * 15 = 9.
    assert_eq!(levels[15], -7);
    assert_eq!(levels[0], 7);
    let map = heightmap_from_levels(20, 10, levels.clone()).expect("map");
    assert_eq!(map.range(), Some((0.0, 1.0)));
}

#[test]
fn shapes_raise_their_inside() {
    let noise = Ragged::new(0.0, 1);
    let shapes = [
        Divider::Circle {
            center: [5.0, 5.0],
            radius: 2.5,
        },
        Divider::Rect {
            center: [5.0, 5.0],
            half: [2.0, 1.0],
        },
        Divider::Triangle {
            corners: [[2.0, 2.0], [8.0, 2.0], [5.0, 8.0]],
        },
    ];
    for divider in shapes {
        let levels = cut_both_ways(11, 11, &divider, 1, &sharp(&noise));
        assert_eq!(levels[5 * 11 + 5], 1, "{divider:?} center");
        assert_eq!(levels[10 * 11], -1, "{divider:?} far corner");
    }
}

#[test]
fn signed_distances_are_distances() {
    let circle = Divider::Circle {
        center: [0.0, 0.0],
        radius: 2.0,
    };
    assert_eq!(circle.signed_distance(5.0, 0.0), 3.0);
    assert_eq!(circle.signed_distance(0.0, 0.0), -2.0);
    let rect = Divider::Rect {
        center: [0.0, 0.0],
        half: [1.0, 1.0],
    };
    assert_eq!(rect.signed_distance(4.0, 5.0), 5.0);
    assert_eq!(rect.signed_distance(0.5, 0.0), -0.5);
    let triangle = Divider::Triangle {
        corners: [[0.0, 0.0], [4.0, 0.0], [0.0, 4.0]],
    };
    assert_eq!(triangle.signed_distance(1.0, -2.0), 2.0);
    assert_eq!(triangle.signed_distance(1.0, 1.0), -1.0);
}

#[test]
fn fuzziness_only_changes_cells_near_the_boundary() {
    let noise = Ragged::new(0.0, 3);
    let ragged = Ragged::new(4.0, 3);
    let divider = Divider::Line {
        normal: [1.0, 0.0],
        offset: 16.5,
    };
    let sharp_map = cut_both_ways(33, 33, &divider, 1, &sharp(&noise));
    let fuzzy = Fuzz {
        noise: &ragged,
        offset: [3, 7],
    };
    let fuzzy_map = cut_both_ways(33, 33, &divider, 1, &fuzzy);
    let mut changed = 0;
    for y in 0..33 {
        for x in 0..33 {
            let distance = (x as f32 - 16.5).abs();
            if sharp_map[y * 33 + x] != fuzzy_map[y * 33 + x] {
                assert!(distance < 4.0, "({x},{y}) is {distance} from the line");
                changed += 1;
            }
        }
    }
    assert!(changed > 0, "some cells near the line flip");
}

#[test]
fn per_row_sweep_equals_the_per_cell_definition() {
    // Whole maps: every shape mix, sharp and fuzzy, odd and non-square sizes, many seeds.
    let mixes: [&[ShapeKind]; 5] = [
        &[ShapeKind::Line],
        &[ShapeKind::Circle],
        &[ShapeKind::Rect],
        &[ShapeKind::Triangle],
        &ShapeKind::ALL,
    ];
    let mut compared = 0;
    for shapes in mixes {
        for (fuzziness, (width, height)) in [(0.0, (65, 65)), (2.5, (40, 23)), (7.0, (1, 30))] {
            for seed in 0..12 {
                let params = FaultParams {
                    width,
                    height,
                    iterations: 60,
                    shapes: ShapeSet::of(shapes),
                    fuzziness,
                };
                let fast = generate(&params, seed).expect("valid");
                let reference = generate_per_cell(&params, seed).expect("valid");
                assert_eq!(fast, reference, "{shapes:?} F={fuzziness} seed {seed}");
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 5 * 3 * 12);
}

#[test]
fn straight_sweep_equals_the_per_cell_definition_on_many_lines_and_sizes() {
    // Sharp lines only: the block sweep, its whole-row shortcut for rows the line passes
    // before, and its trust in crossings far from a cell, against every cell asking.
    for (width, height, iterations) in [(200, 200, 400), (100, 37, 300), (1, 50, 80), (50, 1, 80)] {
        for seed in 0..6 {
            let params = FaultParams {
                width,
                height,
                iterations,
                shapes: ShapeSet::LINES,
                fuzziness: 0.0,
            };
            let fast = generate(&params, seed).expect("valid");
            let reference = generate_per_cell(&params, seed).expect("valid");
            assert_eq!(fast, reference, "{width} x {height} seed {seed}");
        }
    }
    // Lines whose crossings land on or a hair from cell centers, steep and flat ones.
    let noise = Ragged::new(0.0, 2);
    for (normal, offset) in [
        (
            [
                std::f32::consts::FRAC_1_SQRT_2,
                std::f32::consts::FRAC_1_SQRT_2,
            ],
            10.0,
        ),
        ([0.6, 0.8], 12.0),
        ([-0.6, 0.8], -3.0),
        ([1e-7, 1.0], 3.5),
        ([1.0, 1e-9], 3.0),
        ([-1.0, -1e-9], -3.0),
        ([0.8, -0.6], 40.0),
    ] {
        cut_both_ways(41, 77, &Divider::Line { normal, offset }, 5, &sharp(&noise));
    }
}

#[test]
fn per_row_sweep_handles_awkward_dividers() {
    // Boundaries through cell centers, shapes hanging off the map, flat lines, thin shapes.
    let dividers = [
        Divider::Line {
            normal: [1.0, 0.0],
            offset: 4.0,
        },
        Divider::Line {
            normal: [-1.0, 0.0],
            offset: -4.0,
        },
        Divider::Line {
            normal: [0.0, 1.0],
            offset: 3.0,
        },
        Divider::Line {
            normal: [0.0, -1.0],
            offset: -3.0,
        },
        Divider::Line {
            normal: [0.6, -0.8],
            offset: 100.0,
        },
        Divider::Circle {
            center: [4.0, 4.0],
            radius: 3.0,
        },
        Divider::Circle {
            center: [-3.0, 12.0],
            radius: 5.0,
        },
        Divider::Circle {
            center: [5.0, 5.0],
            radius: 0.01,
        },
        Divider::Rect {
            center: [2.0, 3.0],
            half: [2.0, 1.0],
        },
        Divider::Rect {
            center: [20.0, -2.0],
            half: [8.0, 4.0],
        },
        Divider::Triangle {
            corners: [[0.0, 0.0], [8.0, 0.0], [0.0, 8.0]],
        },
        Divider::Triangle {
            corners: [[-5.0, 3.0], [15.0, 3.5], [4.0, 3.2]],
        },
        Divider::Triangle {
            corners: [[2.0, 2.0], [2.0, 2.0], [6.0, 9.0]],
        },
    ];
    for divider in &dividers {
        for fuzziness in [0.0, 0.5, 3.0, 40.0] {
            let noise = Ragged::new(fuzziness, 9);
            let fuzz = Fuzz {
                noise: &noise,
                offset: [25, 50],
            };
            cut_both_ways(13, 11, divider, 3, &fuzz);
            cut_both_ways(1, 1, divider, 3, &fuzz);
        }
    }
}

#[test]
fn random_lines_cover_directions_evenly() {
    // Both vertical-ish and horizontal-ish lines appear about equally often.
    let mut rng = TerrainRng::new(5);
    let (mut steep, total) = (0, 4000);
    for _ in 0..total {
        if let Divider::Line { normal, .. } = Divider::random(ShapeKind::Line, 101, 101, &mut rng) {
            if normal[0].abs() > normal[1].abs() {
                steep += 1;
            }
        }
    }
    let share = steep as f32 / total as f32;
    assert!((share - 0.5).abs() < 0.03, "{share}");
}

#[test]
fn steps_are_prefixes_of_the_same_faults_and_end_at_the_same_map() {
    for (iterations, shapes, fuzziness) in [
        (500, ShapeSet::LINES, 0.0),
        (130, ShapeSet::ALL, 2.0),
        (7, ShapeSet::ALL, 0.0),
    ] {
        let params = FaultParams {
            width: 40,
            height: 31,
            iterations,
            shapes,
            fuzziness,
        };
        let schedule = crate::Recipe::Faults(crate::chapters::Faults { params })
            .schedule()
            .expect("faults step");
        let ends: Vec<u32> = (1..=schedule.count())
            .map(|s| schedule.faults_in(s).1)
            .collect();
        let mut seen = Vec::new();
        let map = generate_in_steps(&params, 3, &ends, |batch, levels| {
            let faults = ends[batch as usize - 1];
            seen.push(batch);
            if faults == 0 {
                assert!(levels.iter().all(|&l| l == 0), "batch {batch}: flat");
                return;
            }
            let prefix = FaultParams {
                iterations: faults,
                ..params
            };
            let expected = generate_per_cell(&prefix, 3).expect("valid");
            let got = heightmap_from_levels(40, 31, levels.to_vec()).expect("map");
            assert_eq!(got, expected, "{iterations} faults, batch {batch}");
        })
        .expect("valid");
        assert_eq!(seen, (1..=schedule.count()).collect::<Vec<_>>());
        assert_eq!(
            map,
            generate(&params, 3).expect("valid"),
            "the same finished map"
        );
    }
}

#[test]
fn outlines_are_the_faults_the_map_was_cut_with() {
    let params = FaultParams {
        width: 48,
        height: 40,
        iterations: 12,
        shapes: ShapeSet::ALL,
        fuzziness: 0.0,
    };
    let all = outlines(&params, 9, 0..12).expect("valid");
    assert_eq!(all.len(), 12);
    assert_eq!(outlines(&params, 9, 5..7).expect("valid"), all[5..7]);
    // Fault by fault, the levels rise on the raised side of its outline and fall on the other.
    let ends: Vec<u32> = (1..=12).collect();
    let mut levels = vec![vec![0; 48 * 40]];
    generate_in_steps(&params, 9, &ends, |_, now| levels.push(now.to_vec())).expect("valid");
    for (k, outline) in all.iter().enumerate() {
        assert_eq!(outline.band(), 0.0, "sharp");
        for y in 0..40 {
            for x in 0..48 {
                let i = y * 48 + x;
                let change = levels[k + 1][i] - levels[k][i];
                let raised = outline.distance(x as f32, y as f32) < 0.0;
                assert_eq!(change > 0, raised, "fault {k} at ({x}, {y}): {change}");
            }
        }
    }
    let fuzzy = FaultParams {
        fuzziness: 3.0,
        ..params
    };
    let kinds: Vec<ShapeKind> = outlines(&fuzzy, 9, 0..12)
        .expect("valid")
        .iter()
        .map(|o| {
            assert_eq!(o.band(), 3.0);
            o.kind()
        })
        .collect();
    assert_eq!(
        kinds,
        all.iter().map(Outline::kind).collect::<Vec<_>>(),
        "the same draws"
    );
}

#[test]
fn counts_and_fuzziness_parse_within_their_limits() {
    let iterations = crate::chapters::faults::knobs::FAULT_ITERATIONS;
    assert_eq!(iterations.parse_u32("100000"), Ok(100_000));
    assert!(iterations.parse_u32("0").is_err());
    let err = iterations.parse_u32("100001").expect_err("past the limit");
    assert_eq!(
        err.message,
        "iterations must be a whole number from 1 to 100000, got \"100001\""
    );
    assert!(crate::chapters::faults::knobs::FUZZINESS
        .parse_f32("-1")
        .is_err());
}

#[test]
fn every_core_makes_the_same_map_as_one() {
    // Sharp and fuzzy, every shape, on maps whose rows are not a whole number of blocks.
    for (fuzziness, width, height) in [(0.0, 300, 203), (3.0, 257, 130), (8.0, 97, 333)] {
        let params = FaultParams {
            width,
            height,
            iterations: 400,
            shapes: ShapeSet::ALL,
            fuzziness,
        };
        let one = crate::testing::on_threads(1, || generate(&params, 5).expect("valid"));
        for threads in [2, 3, 5] {
            let many = crate::testing::on_threads(threads, || generate(&params, 5).expect("valid"));
            assert!(
                one == many,
                "fuzziness {fuzziness}: {threads} threads differ"
            );
        }
    }
}

#[test]
fn deterministic_with_golden_checksums() {
    let all = FaultParams {
        shapes: ShapeSet::ALL,
        fuzziness: 3.0,
        iterations: 200,
        ..FaultParams::default()
    };
    let a = generate(&FaultParams::default(), 1).expect("valid");
    assert_eq!(a, generate(&FaultParams::default(), 1).expect("valid"));
    assert_ne!(a, generate(&FaultParams::default(), 2).expect("valid"));
    assert_eq!(a.range(), Some((0.0, 1.0)));
    let got = [a.checksum(), generate(&all, 1).expect("valid").checksum()];
    assert_eq!(got, GOLDEN);
}

const GOLDEN: [u32; 2] = [129353702, 2545700299];

#[test]
fn invalid_params_are_refused() {
    let bad = |p: FaultParams| generate(&p, 0).is_err();
    assert!(bad(FaultParams {
        iterations: 0,
        ..FaultParams::default()
    }));
    assert!(bad(FaultParams {
        shapes: ShapeSet::EMPTY,
        ..FaultParams::default()
    }));
    assert!(bad(FaultParams {
        fuzziness: f32::NAN,
        ..FaultParams::default()
    }));
    assert!(bad(FaultParams {
        width: 0,
        ..FaultParams::default()
    }));
}
