//! Chains on the command line: `--then NAME [flags]` after a base, each step also a command on a
//! file, and a chain writing the same bytes as its steps run one by one through `.r32` files.

use crate::common::{scratch, terrain, text, MASK_FLAGS};

#[test]
fn a_chain_writes_the_same_bytes_as_its_steps_one_by_one() {
    let dir = scratch("chain");
    let (base, chained) = (dir.join("base.r32"), dir.join("chained.r32"));
    let seed = ["--seed", "4"];
    let ds = ["ds", "--exponent", "7"];
    let (ok, _, err) = terrain(&[&ds[..], &seed, &["--out", text(&base)]].concat());
    assert!(ok, "{err}");
    let (ok, said, err) = terrain(
        &[
            &ds[..],
            &seed,
            &["--out", text(&chained)],
            &["--then", "erode", "--droplets", "3000", "--batch", "256"],
            &["--then", "thermal", "--iterations", "20", "--talus", "30"],
            &["--then", "redistribute", "--power", "1.5"],
        ]
        .concat(),
    );
    assert!(ok, "{err}");
    assert!(
        said.contains("then erode (3000 droplets), thermal, redistribute"),
        "{said}"
    );

    // The same steps, each its own command on the file the one before wrote.
    let (a, b, c) = (dir.join("a.r32"), dir.join("b.r32"), dir.join("c.r32"));
    let runs: [Vec<&str>; 3] = [
        vec![
            "erode",
            "--in",
            text(&base),
            "--droplets",
            "3000",
            "--batch",
            "256",
        ],
        vec![
            "thermal",
            "--in",
            text(&a),
            "--iterations",
            "20",
            "--talus",
            "30",
        ],
        vec!["redistribute", "--in", text(&b), "--power", "1.5"],
    ];
    for (run, out) in runs.iter().zip([&a, &b, &c]) {
        let (ok, _, err) = terrain(&[&run[..], &seed, &["--out", text(out)]].concat());
        assert!(ok, "{run:?}: {err}");
    }
    let read = |p: &std::path::Path| std::fs::read(p).expect("written");
    assert_eq!(
        read(&chained),
        read(&c),
        "the chain is its steps one by one"
    );
    assert_ne!(read(&chained), read(&base));

    // `terrain read` is a base too: the file as it is, then the steps.
    let from_read = dir.join("from-read.r32");
    let (ok, _, err) = terrain(&[
        "read",
        "--in",
        text(&a),
        "--seed",
        "4",
        "--out",
        text(&from_read),
        "--then",
        "thermal",
        "--iterations",
        "20",
        "--talus",
        "30",
        "--then",
        "redistribute",
        "--power",
        "1.5",
    ]);
    assert!(ok, "{err}");
    assert_eq!(read(&from_read), read(&c));
    // `--erode N` stays the shorthand of `--then erode --droplets N`.
    let (short, long) = (dir.join("short.r32"), dir.join("long.r32"));
    let (ok, _, err) =
        terrain(&[&ds[..], &seed, &["--erode", "500", "--out", text(&short)]].concat());
    assert!(ok, "{err}");
    let (ok, _, err) = terrain(
        &[
            &ds[..],
            &seed,
            &["--out", text(&long), "--then", "erode", "--droplets", "500"],
        ]
        .concat(),
    );
    assert!(ok, "{err}");
    assert_eq!(read(&short), read(&long));
}

#[test]
fn the_sidecar_records_the_chain() {
    let dir = scratch("chain-sidecar");
    let out = dir.join("map.r16");
    let (ok, _, err) = terrain(&[
        "ds",
        "--exponent",
        "6",
        "--seed",
        "2",
        "--for",
        "unity",
        "--out",
        text(&out),
        "--then",
        "thermal",
        "--iterations",
        "7",
        "--then",
        "redistribute",
        "--power",
        "2",
    ]);
    assert!(ok, "{err}");
    let sidecar: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("map.json")).expect("written"))
            .expect("json");
    assert_eq!(
        sidecar["steps"],
        serde_json::json!([
            {"step": "thermal", "iterations": 7, "talus": 35, "rate": 0.5},
            {"step": "redistribute", "power": 2},
        ])
    );
    // `--erode N` is the step erode: the same sidecar as `--then erode --droplets N`.
    let sidecar_of = |name: &str, erode: &[&str]| {
        let out = dir.join(format!("{name}.r16"));
        let base = ["ds", "--exponent", "6", "--seed", "2", "--for", "unity"];
        let (ok, _, err) = terrain(&[&base[..], &["--out", text(&out)], erode].concat());
        assert!(ok, "{err}");
        let written = std::fs::read_to_string(out.with_extension("json")).expect("written");
        serde_json::from_str::<serde_json::Value>(&written).expect("json")
    };
    let short = sidecar_of("short", &["--erode", "300", "--batch", "64"]);
    let long = sidecar_of(
        "long",
        &["--then", "erode", "--droplets", "300", "--batch", "64"],
    );
    assert_eq!(short, long);
    assert_eq!(short["steps"][0]["step"], "erode");
    assert_eq!(short["steps"][0]["droplets"], 300);
    assert_eq!(short["steps"][0]["batch"], 64);
}

#[test]
fn bad_steps_are_refused_in_one_line_and_nothing_is_written() {
    let dir = scratch("chain-bad");
    let out = dir.join("map.r32");
    let base = ["ds", "--exponent", "5", "--out", text(&out)];
    for (then, said) in [
        (vec!["--then"], "--then needs a step's name"),
        (vec!["--then", "bogus"], "no step is named 'bogus'"),
        (
            vec!["--then", "thermal", "--talus", "95"],
            "talus must be a number from 1 to 89",
        ),
        (vec!["--then", "thermal", "--talus", "NaN"], "talus"),
        (
            vec!["--then", "thermal", "--iterations", "2.5"],
            "iterations",
        ),
        (
            vec!["--then", "thermal", "--iterations", "-3"],
            "iterations",
        ),
        (
            vec!["--then", "thermal", "--droplets", "5"],
            "unexpected argument '--droplets'",
        ),
        (
            vec!["--then", "redistribute", "--power", "9"],
            "power must be a number from 0.25 to 4",
        ),
        (vec!["--then", "erode", "--droplets", "text"], "droplets"),
    ] {
        let (ok, _, err) = terrain(&[&base[..], &then].concat());
        assert!(!ok, "{then:?} refused");
        assert_eq!(err.trim().lines().count(), 1, "{then:?}: one line: {err}");
        assert!(err.contains(said), "{then:?}: {err}");
        assert!(!out.exists(), "{then:?}: nothing written");
    }
    let text_out = dir.join("line.txt");
    let (ok, _, err) = terrain(&["line", "--out", text(&text_out), "--then", "thermal"]);
    assert!(!ok && err.contains("line makes a 1-D profile"), "{err}");
    assert_eq!(err.trim().lines().count(), 1);
    assert!(!text_out.exists());
    let (ok, _, err) = terrain(&["stats", "nothing.r32", "--then", "thermal"]);
    assert!(!ok && err.contains("stats makes no map"), "{err}");
}

#[test]
fn a_steps_help_lists_exactly_its_flags() {
    for (step, flags) in [
        ("thermal", vec!["--iterations", "--talus", "--rate"]),
        ("redistribute", vec!["--power"]),
    ] {
        let (ok, help, err) = terrain(&["ds", "--then", step, "--help"]);
        assert!(ok, "{err}");
        let listed: Vec<&str> = help
            .lines()
            .filter_map(|line| line.split_whitespace().next())
            .filter(|word| word.starts_with("--") && *word != "--help")
            .collect();
        // Its table, then the mask's flags, which every step takes.
        assert_eq!(listed, [&flags[..], &MASK_FLAGS].concat(), "{help}");
        assert!(help.contains("terrain --then"), "{help}");
    }
    // On a file, the step's command takes its flags and where the map comes from and goes.
    let (ok, help, _) = terrain(&["thermal", "--help"]);
    assert!(ok);
    for flag in [
        "--in",
        "--out",
        "--seed",
        "--iterations",
        "--talus",
        "--rate",
    ] {
        assert!(help.contains(flag), "{flag}: {help}");
    }
    assert!(!help.contains("--droplets"));
}

#[test]
fn the_out_flag_may_follow_the_last_step_as_the_pages_command_line_takes_it() {
    let dir = scratch("chain-out-last");
    let (first, last) = (dir.join("first.r32"), dir.join("last.r32"));
    let base = ["fbm", "--width", "65", "--height", "65", "--seed", "3"];
    let steps = [
        "--then",
        "thermal",
        "--iterations",
        "9",
        "--then",
        "redistribute",
    ];
    let (ok, _, err) = terrain(&[&base[..], &["--out", text(&first)], &steps].concat());
    assert!(ok, "{err}");
    let out_last = format!("--out={}", text(&last));
    let (ok, _, err) = terrain(&[&base[..], &steps, &[out_last.as_str()]].concat());
    assert!(ok, "{err}");
    let read = |path: &std::path::Path| std::fs::read(path).expect("written");
    assert_eq!(read(&first), read(&last));
}

#[test]
fn a_composed_recipes_command_line_writes_the_map_it_makes() {
    use terrain::chapters::step_list::{Link, StepList};
    use terrain::chapters::{Chapter, Composed};
    let dir = scratch("chain-composed");
    let mut few_steps = Link::named("uplift").expect("a step");
    few_steps
        .apply(
            &terrain::chain::uplift::knobs::STEPS,
            "10",
            terrain::params::rust_decimal,
        )
        .expect("in range");
    for base in 0..5u8 {
        let composed = Composed {
            base,
            exponent: 6,
            steps: StepList::of(&[
                Link::named("redistribute").expect("a step"),
                Link::named("thermal").expect("a step"),
                few_steps.clone(),
            ]),
            ..Composed::DEFAULT
        };
        let made = composed.generate(8).expect("made");
        let out = dir.join(format!("base-{base}.r32"));
        let line = composed.command_line(8, None).expect("a command");
        let words: Vec<&str> = line.split(' ').skip(1).collect();
        let (ok, _, err) = terrain(&[&words[..], &["--out", text(&out)]].concat());
        assert!(ok, "{line}: {err}");
        let bytes: Vec<u8> = made.data().iter().flat_map(|h| h.to_le_bytes()).collect();
        assert_eq!(std::fs::read(&out).expect("written"), bytes, "{line}");
    }
}

#[test]
fn an_uplift_map_raises_the_land_where_it_is_high_and_a_bad_one_writes_nothing() {
    let dir = scratch("uplift-map");
    let r32 = |path: &std::path::Path| -> Vec<f32> {
        std::fs::read(path)
            .expect("written")
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect()
    };
    // A map rising from 0 on the left to 1 on the right: 33 x 33 raw floats.
    let ramp = dir.join("ramp.r32");
    let heights: Vec<u8> = (0..33 * 33)
        .flat_map(|i| ((i % 33) as f32 / 32.0).to_le_bytes())
        .collect();
    std::fs::write(&ramp, heights).expect("written");
    let flat = dir.join("flat.r32");
    std::fs::write(&flat, vec![0u8; 33 * 33 * 4]).expect("written");
    let grow = |map: Option<&std::path::Path>, out: &std::path::Path| {
        let mut words = vec!["uplift", "--exponent", "6", "--steps", "30", "--seed", "4"];
        if let Some(map) = map {
            words.extend(["--uplift-map", text(map)]);
        }
        words.extend(["--out", text(out)]);
        let (ok, _, err) = terrain(&words);
        assert!(ok, "{err}");
        r32(out)
    };
    let plain = grow(None, &dir.join("plain.r32"));
    // A flat map rises everywhere at the full U: the same land as none.
    assert_eq!(grow(Some(&flat), &dir.join("flat-grown.r32")), plain);
    // Over the ramp the land stands higher on the right (x > 48) than on the left (x < 16).
    let ramped = grow(Some(&ramp), &dir.join("ramp-grown.r32"));
    let side = |keep: fn(usize) -> bool| -> f64 {
        let cells: Vec<f64> = (0..65 * 65)
            .filter(|i| keep(i % 65))
            .map(|i| f64::from(ramped[i]))
            .collect();
        cells.iter().sum::<f64>() / cells.len() as f64
    };
    let (left, right) = (side(|x| x < 16), side(|x| x > 48));
    assert!(right > 2.0 * left, "left {left}, right {right}");
    // As a step, on any map; a file that is not a heightmap is refused with nothing written.
    let stepped = dir.join("stepped.r32");
    let (ok, _, err) = terrain(&[
        "ds",
        "--exponent",
        "6",
        "--seed",
        "4",
        "--then",
        "uplift",
        "--steps",
        "5",
        "--uplift-map",
        text(&ramp),
        "--out",
        text(&stepped),
    ]);
    assert!(ok, "{err}");
    let junk = dir.join("junk.png");
    std::fs::write(&junk, b"not a picture").expect("written");
    for words in [
        vec!["uplift", "--exponent", "6", "--uplift-map", text(&junk)],
        vec![
            "ds",
            "--exponent",
            "6",
            "--then",
            "uplift",
            "--uplift-map",
            text(&junk),
        ],
    ] {
        let out = dir.join("refused.r32");
        let (ok, _, err) = terrain(&[&words[..], &["--out", text(&out)]].concat());
        assert!(!ok && err.starts_with("error: --uplift-map: "), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(!out.exists());
    }
}

#[test]
fn uplift_from_the_map_is_the_uplift_map_of_that_map_and_not_both() {
    let dir = scratch("uplift-from-map");
    let base = dir.join("base.r32");
    let (ok, _, err) = terrain(&["ds", "--exponent", "6", "--seed", "8", "--out", text(&base)]);
    assert!(ok, "{err}");
    let run = |words: &[&str], out: &std::path::Path| {
        let (ok, _, err) = terrain(&[words, &["--out", text(out)]].concat());
        assert!(ok, "{err}");
        std::fs::read(out).expect("written")
    };
    let steps = ["--then", "uplift", "--steps", "20"];
    let (from, by_file, plain) = (
        dir.join("from.r32"),
        dir.join("file.r32"),
        dir.join("plain.r32"),
    );
    let from = run(
        &[
            &["read", "--in", text(&base)],
            &steps[..],
            &["--uplift-from-map"],
        ]
        .concat(),
        &from,
    );
    let file = ["--uplift-map", text(&base)];
    let by_file = run(
        &[&["read", "--in", text(&base)], &steps[..], &file[..]].concat(),
        &by_file,
    );
    assert_eq!(from, by_file, "the map it starts from is its uplift map");
    let plain = run(
        &[&["read", "--in", text(&base)], &steps[..]].concat(),
        &plain,
    );
    assert_ne!(from, plain, "and it is not the uniform uplift");
    let both = [
        &["read", "--in", text(&base)],
        &steps[..],
        &file[..],
        &["--uplift-from-map"],
    ]
    .concat();
    let out = dir.join("both.r32");
    let (ok, _, err) = terrain(&[&both[..], &["--out", text(&out)]].concat());
    assert!(!ok && err.contains("--uplift-from-map"), "{err}");
    assert!(!out.exists());
}

#[test]
fn paint_writes_the_same_bytes_on_any_threads_and_refuses_a_bad_strokes_file() {
    let dir = scratch("paint");
    let strokes = dir.join("strokes.json");
    std::fs::write(
        &strokes,
        r#"{"strokes": [
            {"brush": "raise", "radius": 6, "strength": 0.3, "points": [[10, 10], [12, 11], [14, 12]]},
            {"brush": "smooth", "radius": 4, "strength": 0.5, "points": [[12, 11]]},
            {"brush": "flatten", "radius": 5, "strength": 0.8, "points": [[40, 40], [44, 40]]},
            {"brush": "lower", "radius": 3.5, "strength": 0.2, "points": [[64, 64]]}
        ]}"#,
    )
    .expect("written");
    let read = |path: &std::path::Path| std::fs::read(path).expect("written");
    let mut outputs = Vec::new();
    for threads in ["1", "2", "8"] {
        let out = dir.join(format!("painted-{threads}.r32"));
        let (ok, _, err) = terrain(&[
            "--threads",
            threads,
            "ds",
            "--exponent",
            "6",
            "--seed",
            "5",
            "--then",
            "paint",
            "--strokes",
            text(&strokes),
            "--out",
            text(&out),
        ]);
        assert!(ok, "{err}");
        outputs.push(read(&out));
    }
    assert!(outputs.windows(2).all(|pair| pair[0] == pair[1]));
    // The step on a file writes the chain's bytes.
    let base = dir.join("base.r32");
    let (ok, _, err) = terrain(&["ds", "--exponent", "6", "--seed", "5", "--out", text(&base)]);
    assert!(ok, "{err}");
    assert_ne!(read(&base), outputs[0], "the strokes changed the map");
    let on_file = dir.join("on-file.r32");
    let (ok, _, err) = terrain(&[
        "paint",
        "--in",
        text(&base),
        "--strokes",
        text(&strokes),
        "--out",
        text(&on_file),
    ]);
    assert!(ok, "{err}");
    assert_eq!(read(&on_file), outputs[0]);
    // Bad files: each refused in one line, nothing written.
    for (body, says) in [
        ("{\"strokes\": [", "is not JSON"),
        (
            r#"{"strokes": [{"brush": "melt", "radius": 4, "strength": 0.1, "points": [[1, 1]]}]}"#,
            "stroke 1: no brush is named \"melt\"",
        ),
        (
            r#"{"strokes": [{"brush": "raise", "radius": "NaN", "strength": 0.1, "points": [[1, 1]]}]}"#,
            "stroke 1: radius must be a number",
        ),
        (
            r#"{"strokes": [{"brush": "raise", "radius": 4, "strength": 7, "points": [[1, 1]]}]}"#,
            "stroke 1: strength must be",
        ),
        (
            r#"{"strokes": [{"brush": "raise", "radius": 4, "strength": 0.1, "points": [[1, 1]]}, {"brush": "lower", "radius": 4, "strength": 0.1, "points": [[65, 1]]}]}"#,
            "stroke 2: the point [65, 1] is off the map of 65 x 65",
        ),
    ] {
        let bad = dir.join("bad.json");
        std::fs::write(&bad, body).expect("written");
        let out = dir.join("refused.r32");
        let (ok, _, err) = terrain(&[
            "ds",
            "--exponent",
            "6",
            "--then",
            "paint",
            "--strokes",
            text(&bad),
            "--out",
            text(&out),
        ]);
        assert!(!ok && err.contains(says), "{body}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(!out.exists(), "{body}: nothing written");
    }
}

#[test]
fn uplift_routes_with_multiple_flow_directions_as_the_model_does_and_refuses_a_bad_routing() {
    use terrain::chain::uplift::Uplift;
    use terrain::chapters::Uplifted;
    let dir = scratch("uplift-mfd");
    let r32 = |path: &std::path::Path| std::fs::read(path).expect("written");
    let grow = |routing: &[&str], out: &std::path::Path| {
        let mut words = vec!["uplift", "--exponent", "6", "--steps", "20", "--seed", "2"];
        words.extend(routing);
        words.extend(["--out", text(out)]);
        let (ok, _, err) = terrain(&words);
        assert!(ok, "{err}");
        r32(out)
    };
    let d8 = grow(&[], &dir.join("d8.r32"));
    assert_eq!(grow(&["--routing", "d8"], &dir.join("d8-named.r32")), d8);
    let mfd = grow(
        &["--routing", "mfd", "--flow-exponent", "1.1"],
        &dir.join("mfd.r32"),
    );
    assert_ne!(mfd, d8, "another routing, another map");
    // The command writes the model's map: the library's land grown with the same settings.
    let model = Uplifted {
        exponent: 6,
        uplift: Uplift {
            steps: 20,
            routing: 1,
            ..Uplift::DEFAULT
        },
    };
    let grown = model.grow(2, None).expect("grown");
    let bytes: Vec<u8> = grown.data().iter().flat_map(|h| h.to_le_bytes()).collect();
    assert_eq!(mfd, bytes);
    // The sidecar gives the model's relief in cells: its range before the map was normalised.
    let sided = dir.join("sided.r32");
    let mut words = vec!["uplift", "--exponent", "6", "--steps", "20", "--seed", "2"];
    words.extend(["--routing", "mfd", "--maps", "slope", "--out", text(&sided)]);
    let (ok, _, err) = terrain(&words);
    assert!(ok, "{err}");
    let sidecar: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("sided.json")).expect("sidecar"))
            .expect("json");
    let (lo, hi) = grown.range_before_normalising().expect("a range");
    let said = |key: &str| sidecar[key].as_f64().map(|v| v as f32);
    assert_eq!(said("min_before_normalising"), Some(lo));
    assert_eq!(said("max_before_normalising"), Some(hi));
    assert!(hi - lo > 1.0, "the land rose {lo} to {hi} cells");
    // As a step too; a routing it does not know is refused in one line, nothing written.
    let stepped = dir.join("stepped.r32");
    let words = ["ds", "--exponent", "6", "--then", "uplift", "--steps", "3"];
    let (ok, _, err) =
        terrain(&[&words[..], &["--routing", "mfd", "--out", text(&stepped)]].concat());
    assert!(ok, "{err}");
    // Deposition: another map than none, with either routing; refused past its range.
    let deposited = dir.join("deposited.r32");
    let (ok, _, err) = terrain(
        &[
            &words[..],
            &["--deposition", "1", "--out", text(&deposited)],
        ]
        .concat(),
    );
    assert!(ok, "{err}");
    let none = dir.join("none.r32");
    let (ok, _, err) = terrain(&[&words[..], &["--out", text(&none)]].concat());
    assert!(ok, "{err}");
    assert_ne!(r32(&deposited), r32(&none));
    let spread = dir.join("spread.r32");
    let beside: &[&str] = &["--routing", "mfd", "--deposition", "1"];
    let (ok, _, err) = terrain(&[&words[..], beside, &["--out", text(&spread)]].concat());
    assert!(ok, "{err}");
    assert_ne!(r32(&spread), r32(&deposited));
    for bad in [
        &["--routing", "dinf"][..],
        &["--flow-exponent", "0"],
        &["--deposition", "11"],
    ] {
        let out = dir.join("refused.r32");
        let (ok, _, err) = terrain(&[&words[..], bad, &["--out", text(&out)]].concat());
        let named = bad[bad.len() - 2].trim_start_matches('-');
        assert!(!ok && err.contains(named), "{err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(!out.exists());
    }
}
