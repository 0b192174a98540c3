//! `amplify` on the command line: a step that changes the map's size, as `--then amplify` and
//! as `terrain amplify --in FILE`; the steps after it run at the new size.

use crate::common::{scratch, terrain, text};

/// How many heights a `.r32` file holds.
fn cells(path: &std::path::Path) -> usize {
    std::fs::metadata(path).expect("written").len() as usize / 4
}

#[test]
fn the_chain_runs_on_at_the_new_size_and_equals_the_step_on_a_file() {
    let dir = scratch("amplify");
    let (base, chain, on_file, after) = (
        dir.join("base.r32"),
        dir.join("a.r32"),
        dir.join("on-file.r32"),
        dir.join("after.r32"),
    );
    let uplift = ["uplift", "--exponent", "6", "--seed", "2"];
    let (ok, _, err) = terrain(&[&uplift[..], &["--out", text(&base)]].concat());
    assert!(ok, "{err}");
    let then = ["--then", "amplify", "--factor", "4"];
    let (ok, said, err) = terrain(&[&uplift[..], &then, &["--out", text(&chain)]].concat());
    assert!(ok, "{err}");
    assert!(said.contains("257 x 257"), "{said}");
    assert_eq!(cells(&chain), 257 * 257);
    let (ok, _, err) = terrain(&[
        "amplify",
        "--in",
        text(&base),
        "--factor",
        "4",
        "--seed",
        "2",
        "--out",
        text(&on_file),
    ]);
    assert!(ok, "{err}");
    assert_eq!(std::fs::read(&on_file).ok(), std::fs::read(&chain).ok());

    // A step after it runs on the finer map; the sidecar says the new size and records both.
    let erode = ["--then", "erode", "--droplets", "2000"];
    let sidecar = dir.join("after.json");
    let (ok, _, err) = terrain(
        &[
            &uplift[..],
            &then,
            &erode,
            &["--out", text(&after), "--maps", "wear"],
        ]
        .concat(),
    );
    assert!(ok, "{err}");
    assert_eq!(cells(&after), 257 * 257);
    assert_ne!(std::fs::read(&after).ok(), std::fs::read(&chain).ok());
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(sidecar).expect("a sidecar")).expect("JSON");
    assert_eq!(value["width"], 257, "{value}");
    assert_eq!(value["steps"][0]["step"], "amplify");
    assert_eq!(value["steps"][0]["factor"], 4);
    assert_eq!(value["steps"][0]["detail"], 0.3);
    assert_eq!(value["steps"][1]["step"], "erode");
    assert!(dir.join("after_wear.png").exists());
}

#[test]
fn its_help_lists_its_two_flags_and_no_mask() {
    let (ok, help, err) = terrain(&["ds", "--then", "amplify", "--help"]);
    assert!(ok, "{err}");
    let listed: Vec<&str> = help
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| word.starts_with("--") && *word != "--help")
        .collect();
    assert_eq!(listed, ["--factor", "--detail"], "{help}");
}

#[test]
fn bad_amplifying_is_refused_in_one_line_with_nothing_written() {
    let dir = scratch("amplify-bad");
    let out = dir.join("a.r32");
    for (base, then, said) in [
        ("5", &["--factor", "3"][..], "factor"),
        (
            "5",
            &["--detail", "2"][..],
            "detail must be a number from 0 to 1",
        ),
        ("5", &["--detail", "NaN"][..], "detail"),
        ("5", &["--mask-height", "0:1"][..], "mask-height"),
        (
            "12",
            &["--factor", "8"][..],
            "4097 x 4097 by 8 makes 32769 x 32769",
        ),
    ] {
        let (ok, _, err) = terrain(
            &[
                &["ds", "--exponent", base, "--out", text(&out)][..],
                &["--then", "amplify"],
                then,
            ]
            .concat(),
        );
        assert!(!ok, "{then:?}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
        assert!(err.contains(said), "{then:?}: {err}");
        assert!(!out.exists());
    }
}
