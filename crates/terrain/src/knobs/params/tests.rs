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
