//! The command line's flags are rows of the core's table of knobs (`terrain::knobs`): their help
//! quotes the row's hint, their messages the row's range, and the CLI's sources hold no range or
//! default of their own.

use crate::common::terrain;

use terrain::knobs::{self, Knob};

/// The `--help` line of `--NAME` in `help`.
fn help_line<'a>(help: &'a str, name: &str) -> &'a str {
    let flag = format!("--{name} ");
    help.lines()
        .find(|line| line.trim_start().starts_with(&flag))
        .unwrap_or_else(|| panic!("no {flag} in:\n{help}"))
}

#[test]
fn a_knobs_help_and_message_quote_its_rows_range() {
    // The page's hint and message are held to the same row in terrain-web's tests
    // (`the_page_quotes_the_rows_range_in_its_hint_and_its_message`).
    let row = &terrain::chapters::eroded::knobs::INERTIA;
    let (ok, help, _) = terrain(&["erode", "--help"]);
    assert!(ok);
    let line = help_line(&help, row.name);
    assert!(line.contains(&row.hint()), "{line}");
    assert!(line.contains(&format!("({})", row.bounds())), "{line}");
    let (ok, _, stderr) = terrain(&["erode", "--in", "x.r32", "--out", "y.r32", "--inertia", "2"]);
    assert!(!ok);
    assert!(
        stderr.contains("inertia must be a number from 0 to 1, got \"2\""),
        "{stderr}"
    );
    assert!(stderr.contains(&row.range()), "{stderr}");
}

#[test]
fn every_flag_of_a_knob_says_its_rows_hint() {
    let erosion: [&Knob; 8] = [
        &terrain::chapters::eroded::knobs::LIFETIME,
        &terrain::chapters::eroded::knobs::INERTIA,
        &terrain::chapters::eroded::knobs::CAPACITY,
        &terrain::chapters::eroded::knobs::MIN_CAPACITY,
        &terrain::chapters::eroded::knobs::EROSION,
        &terrain::chapters::eroded::knobs::DEPOSITION,
        &terrain::chapters::eroded::knobs::GRAVITY,
        &terrain::chapters::eroded::knobs::RADIUS,
    ];
    let mut commands: Vec<(&str, Vec<&Knob>)> = vec![
        (
            "fault",
            vec![
                &knobs::WIDTH,
                &knobs::HEIGHT,
                &terrain::chapters::faults::knobs::FAULT_ITERATIONS,
                &terrain::chapters::faults::knobs::SHAPES,
                &terrain::chapters::faults::knobs::FUZZINESS,
            ],
        ),
        (
            "line",
            vec![
                &terrain::chapters::line::knobs::LINE_ITERATIONS,
                &terrain::chapters::line::knobs::ROUGHNESS,
            ],
        ),
        (
            "erode",
            [
                &terrain::chapters::eroded::knobs::CLI_DROPLETS,
                &terrain::chapters::eroded::knobs::EVAPORATION,
            ]
            .into_iter()
            .chain(erosion)
            .collect(),
        ),
    ];
    for command in ["mpd", "mpd-recursive", "ds"] {
        let subdivision = [
            &knobs::EXPONENT,
            &knobs::SPREAD,
            &knobs::REDUCTION,
            &terrain::chapters::eroded::knobs::ERODE,
            &knobs::THREADS,
        ];
        commands.push((command, subdivision.into_iter().chain(erosion).collect()));
    }
    for (command, rows) in commands {
        let (ok, help, _) = terrain(&[command, "--help"]);
        assert!(ok, "{command}");
        for row in rows {
            let line = help_line(&help, row.name);
            assert!(line.contains(&row.hint()), "{command}: {line}");
        }
    }
}

#[test]
fn a_value_past_a_rows_range_is_refused_with_the_rows_message() {
    for (args, row) in [
        (vec!["mpd", "--exponent", "15"], &knobs::EXPONENT),
        (vec!["mpd", "--spread", "101"], &knobs::SPREAD),
        (
            vec!["fault", "--iterations", "100001"],
            &terrain::chapters::faults::knobs::FAULT_ITERATIONS,
        ),
        (
            vec!["line", "--roughness", "9"],
            &terrain::chapters::line::knobs::ROUGHNESS,
        ),
        (
            vec!["ds", "--erode", "0"],
            &terrain::chapters::eroded::knobs::ERODE,
        ),
        (
            vec!["ds", "--radius", "9"],
            &terrain::chapters::eroded::knobs::RADIUS,
        ),
    ] {
        let mut all = args.clone();
        all.extend(["--out", "never.png"]);
        let (ok, _, stderr) = terrain(&all);
        assert!(!ok, "{args:?}");
        assert!(
            stderr.contains(&format!("{} must be {}", row.name, row.range())),
            "{stderr}"
        );
    }
}
#[test]
fn the_cli_sources_hold_no_range_or_default_of_a_knob() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    let mut folders = vec![src];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(folder).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push(path);
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let literal_default = code
                .split("default_value_t = ")
                .nth(1)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
            let own_parser = [
                "params::parse_number(",
                "params::parse_whole(",
                "params::parse_count(",
            ]
            .iter()
            .any(|call| code.contains(call));
            assert!(
                !literal_default && !own_parser,
                "{}:{}: a knob's range or default belongs in terrain::knobs: {line}",
                path.display(),
                n + 1
            );
        }
    }
}
