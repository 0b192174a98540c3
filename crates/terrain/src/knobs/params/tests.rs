use super::*;

#[test]
fn whole_numbers_refuse_empty_text_words_fractions_and_huge_numbers() {
    assert_eq!(parse_whole("seed", " 7 ", 0, 9), Ok(7));
    let err = parse_whole("seed", "", 0, 9).expect_err("empty");
    assert_eq!(
        err.message,
        "seed must be a whole number from 0 to 9, but it is empty"
    );
    for bad in ["x", "2.5", "-1", "10", "NaN", "1e3"] {
        let err = parse_whole("seed", bad, 0, 9).expect_err(bad);
        assert!(
            err.message
                .starts_with("seed must be a whole number from 0 to 9, got"),
            "{err}"
        );
    }
    let err = parse_whole("seed", "18446744073709551616", 0, u64::MAX).expect_err("too large");
    assert!(err.message.contains("too large"), "{err}");
}

#[test]
fn numbers_refuse_nan_infinities_and_values_out_of_range() {
    assert_eq!(parse_number("spread", "0.3", 0.0, 1.0), Ok(0.3));
    for bad in ["", "x", "NaN", "inf", "-inf", "-0.1", "1e308"] {
        assert!(parse_number("spread", bad, 0.0, 1.0).is_err(), "{bad:?}");
    }
    assert_eq!(
        check_number("spread", f64::NAN, 0.0, 1.0)
            .expect_err("NaN")
            .message,
        "spread must be a number from 0 to 1, got NaN"
    );
}

#[test]
fn counts_share_the_whole_number_rules() {
    assert_eq!(parse_count("iterations", " 20 ", 20), Ok(20));
    let err = parse_count("iterations", "21", 20).expect_err("past max");
    assert_eq!(
        err.message,
        "iterations must be a whole number from 1 to 20, got \"21\""
    );
    assert_eq!(
        check_count("iterations", 0, 20).expect_err("zero").message,
        "iterations must be a whole number from 1 to 20, got 0"
    );
}

#[test]
fn long_input_is_shortened_in_messages() {
    let long = "x".repeat(500);
    let err = parse_number("spread", &long, 0.0, 1.0).expect_err("text");
    assert!(err.message.len() < 120, "{}", err.message);
}

/// How many of [`DECIMAL_EDGES`] come first and are decimals; the rest are not.
const DECIMALS_FIRST: usize = 20;

/// Texts near the edges of the decimal syntax, then ones just outside it.
const DECIMAL_EDGES: [&str; 38] = [
    "5",
    "+5",
    "-5",
    "0.55",
    ".5",
    "5.",
    "-.5",
    "+5.",
    "1e3",
    "1E3",
    "2.5e-2",
    "2.5E+2",
    ".5e1",
    "5.e1",
    "-0",
    "0.1",
    "1e400",
    "1e-400",
    "123456789012345678901234567890",
    "0.30000001192092896",
    "",
    ".",
    "+",
    "-",
    "e3",
    ".e3",
    "1e",
    "1e+",
    "1.2.3",
    "--5",
    "0x10",
    "1_000",
    " 5",
    "5 ",
    "inf",
    "NaN",
    "Infinity",
    "١",
];

#[test]
fn the_decimal_syntax_is_the_part_of_rusts_that_both_readers_share() {
    for text in DECIMAL_EDGES {
        let rust = rust_decimal(text);
        if is_decimal(text) {
            assert!(
                rust.is_some(),
                "{text:?} passes the syntax, so Rust reads it"
            );
        } else {
            // Outside the syntax Rust reads only the words for infinity and NaN, which no knob
            // allows: so the syntax turns away no number a knob could take.
            assert!(
                rust.is_none_or(|v| !v.is_finite()),
                "{text:?} fails the syntax but Rust reads {rust:?}"
            );
        }
    }
    let (decimals, others) = DECIMAL_EDGES.split_at(DECIMALS_FIRST);
    assert!(decimals.iter().all(|t| is_decimal(t)), "{decimals:?}");
    assert!(!others.iter().any(|t| is_decimal(t)), "{others:?}");
}

#[test]
fn a_number_read_by_another_reader_gets_the_same_messages() {
    // A reader that never answers: only text that passes the syntax reaches it.
    let refuse: ReadDecimal = |_| None;
    let err = parse_number_with("spread", "0.5", 0.0, 1.0, refuse).expect_err("refused");
    assert_eq!(
        err.message,
        "spread must be a number from 0 to 1, got \"0.5\""
    );
    let err = parse_number_with("spread", " ", 0.0, 1.0, refuse).expect_err("empty");
    assert_eq!(
        err.message,
        "spread must be a number from 0 to 1, but it is empty"
    );
    let half: ReadDecimal = |_| Some(0.5);
    assert_eq!(
        parse_number_with("spread", "0x10", 0.0, 1.0, half).ok(),
        None
    );
    assert_eq!(parse_number_with("spread", " 7 ", 0.0, 1.0, half), Ok(0.5));
}
