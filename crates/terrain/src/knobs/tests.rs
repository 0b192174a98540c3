use super::*;
use crate::chapters::diamond_square::knobs::WRAP;
use crate::chapters::eroded::knobs::{BATCHED_DROPLETS, DROPLETS, ERODE, INERTIA};
use crate::chapters::faults::knobs::{SHAPES, SHAPE_NAMES};
use crate::chapters::Recipe;

#[test]
fn exponent_accepts_the_whole_range_and_rejects_the_rest() {
    assert_eq!(PAGE_EXPONENT.parse_u32("1"), Ok(1));
    assert_eq!(PAGE_EXPONENT.parse_u32(" 12 "), Ok(12));
    assert_eq!(EXPONENT.parse_u32("14"), Ok(14));
    for bad in [
        "",
        "  ",
        "0",
        "13",
        "40",
        "-1",
        "2.5",
        "abc",
        "NaN",
        "1e3",
        "99999999999999999999999",
    ] {
        let err = PAGE_EXPONENT.parse_u32(bad).expect_err(bad);
        assert_eq!(err.field, "exponent");
        assert!(
            err.message
                .starts_with("exponent must be a whole number from 1 to 12"),
            "{err}"
        );
    }
}

#[test]
fn a_message_names_the_value_and_the_range() {
    let err = PAGE_EXPONENT
        .parse_u32("40")
        .expect_err("40 is out of range");
    assert_eq!(
        err.to_string(),
        "exponent must be a whole number from 1 to 12, got \"40\""
    );
    let err = EXPONENT.parse_u32("").expect_err("empty");
    assert_eq!(
        err.to_string(),
        "exponent must be a whole number from 1 to 14, but it is empty"
    );
    let err = INERTIA.check_number(5.0).expect_err("past 1");
    assert_eq!(
        err.to_string(),
        "inertia must be a number from 0 to 1, got 5"
    );
}

#[test]
fn spread_and_reduction_reject_non_finite_and_negative() {
    assert_eq!(SPREAD.parse_f32("0.3"), Ok(0.3));
    assert_eq!(REDUCTION.parse_f32("0.55"), Ok(0.55));
    assert_eq!(SPREAD.parse_f32("0"), Ok(0.0));
    for bad in ["", "x", "NaN", "nan", "inf", "-inf", "-0.1", "1e308", "101"] {
        assert!(SPREAD.parse_f32(bad).is_err(), "spread {bad:?}");
    }
    for bad in ["", "-1", "2.5", "Infinity"] {
        assert!(REDUCTION.parse_f32(bad).is_err(), "reduction {bad:?}");
    }
}

#[test]
fn seed_takes_any_u64() {
    assert_eq!(SEED.parse_whole("0"), Ok(0));
    assert_eq!(SEED.parse_whole("18446744073709551615"), Ok(u64::MAX));
    let err = SEED
        .parse_whole("18446744073709551616")
        .expect_err("too large");
    assert!(err.message.contains("too large"), "{err}");
    assert!(SEED.parse_whole("-3").is_err());
    assert!(SEED.parse_whole("1.5").is_err());
}

#[test]
fn every_row_says_its_range_the_same_way_in_its_hint_and_its_messages() {
    for knob in Recipe::every_knob() {
        let bounds = knob.bounds();
        assert!(knob.hint().contains(&bounds), "{}", knob.hint());
        assert!(knob.range().ends_with(&bounds), "{}", knob.range());
        assert!(
            !knob.help.ends_with('.'),
            "{}: one sentence, no full stop (messages and hints add their own)",
            knob.name
        );
        let message = match knob.values {
            Values::Whole { max, .. } if max < u64::MAX => knob.check_whole(max + 1),
            Values::Number { max, .. } => knob.check_number(max * 2.0 + 1.0),
            _ => continue,
        };
        let message = message.expect_err("past the range").message;
        assert!(message.starts_with(knob.name), "{message}");
        assert!(message.contains(&bounds), "{message}");
    }
}

#[test]
fn every_default_is_inside_its_range() {
    for knob in Recipe::every_knob() {
        match knob.values {
            Values::Whole { min, max, default } => {
                assert!((min..=max).contains(&default), "{}", knob.name)
            }
            Values::Number { min, max, default } => {
                assert!((min..=max).contains(&default), "{}", knob.name)
            }
            Values::Names { names, default } | Values::Choice { names, default } => {
                assert!(names.contains(&default))
            }
            Values::Toggle { .. } => {}
        }
    }
}

#[test]
fn a_wrong_kind_of_parse_is_refused_not_a_panic() {
    assert!(SHAPES.parse_whole("3").is_err());
    assert!(EXPONENT.parse_number("3").is_err());
    assert!(WRAP.check_number(1.0).is_err());
}

#[test]
fn names_and_ranges_read_as_a_person_writes_them() {
    assert_eq!(SHAPES.bounds(), "line, circle, rect or triangle");
    assert_eq!(DROPLETS.bounds(), "1 to 2000000");
    assert_eq!(
        INERTIA.hint(),
        "Share of its direction a droplet keeps each step: 0 cuts narrow gullies straight \
         downhill, near 1 smears the path (0 to 1)"
    );
    // `--erode` reads up to the batched limit; one after another stops at DROPLETS'.
    assert_eq!(ERODE.bounds(), BATCHED_DROPLETS.bounds());
    assert_eq!(BATCHED_DROPLETS.bounds(), "1 to 100000000");
    assert_eq!(ERODE.name, "erode");
}

#[test]
fn the_shape_names_are_the_fault_kinds_names() {
    let kinds = crate::faults::ShapeKind::ALL.map(|kind| kind.name());
    assert_eq!(SHAPE_NAMES, kinds);
}

#[test]
fn defaults_read_back_as_the_same_f32_as_typed() {
    // The algorithms take f32; a row's f64 default narrowed must be the f32 a person typing it
    // would get, so the page's field shows the default as written.
    for knob in Recipe::every_knob() {
        if let Values::Number { default, .. } = knob.values {
            let typed: f32 = default.to_string().parse().expect("a number");
            assert_eq!(default as f32, typed, "{}", knob.name);
        }
    }
}

#[test]
fn every_knob_is_gathered_from_the_chapters_and_steps_once_each() {
    let every = Recipe::every_knob();
    let named = |name: &str| every.iter().filter(|k| k.name == name).count();
    // The steps' own knobs are among them, and the seed once.
    for name in [
        "talus",
        "power",
        "brush",
        "diffusion",
        "base",
        "seed",
        "threads",
    ] {
        assert!(named(name) >= 1, "{name}");
    }
    assert_eq!(named("seed"), 1);
    // Three rows share the name droplets (the page's, a read map's, the batched one's) and
    // the command line's fourth: each is there.
    assert_eq!(named("droplets"), 4);
}
