//! The fields' tests: round trips, the core's limits, refusals.

use super::*;
use terrain::chapters::{Eroded, Faults};
use terrain::faults::{FaultParams, ShapeKind, ShapeSet};
use terrain::limits::{MIN_EXPONENT, PAGE_MAX_EXPONENT};
use terrain::midpoint::MpdParams;

fn mpd(seed: u64) -> Setup {
    Setup {
        recipe: terrain::chapters::Midpoint::recipe(MpdParams::DEFAULT),
        seed,
    }
}

#[test]
fn fields_round_trip_their_defaults() {
    let start = mpd(77);
    let all = [
        Field(&terrain::knobs::PAGE_EXPONENT),
        Field(&terrain::knobs::SPREAD),
        Field(&terrain::knobs::REDUCTION),
        Field(&terrain::knobs::SEED),
    ];
    let texts: Vec<(Field, String)> = all.iter().map(|&f| (f, f.show(&start))).collect();
    let read = read_setup(mpd(0), texts.iter().map(|(f, t)| (*f, t.as_str())));
    assert_eq!(read, Ok(start));
}

#[test]
fn shapes_round_trip_in_canonical_order_and_limits_come_from_the_core() {
    let mut setup = Setup {
        recipe: Recipe::Faults(Faults {
            params: FaultParams::DEFAULT,
        }),
        seed: 1,
    };
    Field(&terrain::chapters::faults::knobs::SHAPES)
        .apply("triangle,line", &mut setup)
        .expect("valid");
    assert_eq!(
        Field(&terrain::chapters::faults::knobs::SHAPES).show(&setup),
        "line,triangle"
    );
    assert!(Field(&terrain::chapters::faults::knobs::SHAPES)
        .apply("", &mut setup)
        .is_err());
    let max = terrain::faults::MAX_ITERATIONS.to_string();
    assert!(Field(&terrain::chapters::faults::knobs::FAULT_ITERATIONS)
        .apply(&max, &mut setup)
        .is_ok());
    let past = (terrain::faults::MAX_ITERATIONS + 1).to_string();
    assert!(Field(&terrain::chapters::faults::knobs::FAULT_ITERATIONS)
        .apply(&past, &mut setup)
        .is_err());
    assert!(Field(&terrain::chapters::faults::knobs::FAULT_ITERATIONS)
        .hint()
        .contains(&max));
    assert_eq!(
        match setup.recipe {
            Recipe::Faults(chapter) => Some(chapter.params.shapes),
            _ => None,
        },
        Some(ShapeSet::of(&[ShapeKind::Line, ShapeKind::Triangle]))
    );
    assert_eq!(
        Field(&terrain::chapters::faults::knobs::SHAPES).entry(),
        Entry::Checkboxes(&["line", "circle", "rect", "triangle"])
    );
}

#[test]
fn wrap_is_true_or_false_on_diamond_square_only() {
    let mut ds = Setup {
        recipe: terrain::chapters::DiamondSquare::recipe(MpdParams::DEFAULT),
        seed: 1,
    };
    assert_eq!(
        Field(&terrain::chapters::diamond_square::knobs::WRAP).show(&ds),
        "false"
    );
    Field(&terrain::chapters::diamond_square::knobs::WRAP)
        .apply("true", &mut ds)
        .expect("valid");
    assert_eq!(ds.recipe.wrap(), Some(true));
    let err = Field(&terrain::chapters::diamond_square::knobs::WRAP)
        .apply("yes", &mut ds)
        .expect_err("not a boolean");
    assert_eq!(err.message, "wrap must be true or false, got \"yes\"");
    assert!(
        Field(&terrain::chapters::diamond_square::knobs::WRAP)
            .apply("true", &mut mpd(0))
            .is_err(),
        "mpd does not tile"
    );
}

#[test]
fn a_field_the_recipe_lacks_is_refused_not_a_panic() {
    let mut setup = mpd(0);
    let err = Field(&terrain::chapters::line::knobs::ROUGHNESS)
        .apply("1", &mut setup)
        .expect_err("mpd has no roughness");
    assert_eq!(err.field, "roughness");
    assert_eq!(
        Field(&terrain::chapters::line::knobs::ROUGHNESS).show(&setup),
        ""
    );
}

#[test]
fn every_bad_field_is_reported_and_the_page_caps_the_exponent() {
    let errors = read_setup(
        mpd(0),
        [
            (Field(&terrain::knobs::PAGE_EXPONENT), "13"),
            (Field(&terrain::knobs::SPREAD), "0.2"),
            (Field(&terrain::knobs::SEED), "x"),
        ],
    )
    .expect_err("two bad fields");
    let names: Vec<&str> = errors.iter().map(|e| e.field).collect();
    assert_eq!(names, ["exponent", "seed"]);
    let range = format!("from {MIN_EXPONENT} to {PAGE_MAX_EXPONENT}");
    assert!(errors[0].message.contains(&range));
    assert!(Field(&terrain::knobs::PAGE_EXPONENT)
        .hint()
        .contains(&range.replace("from ", "")));
    assert_eq!(capitalise("exponent must"), "Exponent must");
}

#[test]
fn every_field_is_its_row_of_the_table_of_knobs() {
    let all = [
        Field(&terrain::knobs::PAGE_EXPONENT),
        Field(&terrain::knobs::SPREAD),
        Field(&terrain::knobs::REDUCTION),
        Field(&terrain::knobs::SEED),
        Field(&terrain::chapters::line::knobs::LINE_ITERATIONS),
        Field(&terrain::chapters::faults::knobs::FAULT_ITERATIONS),
        Field(&terrain::chapters::line::knobs::ROUGHNESS),
        Field(&terrain::chapters::faults::knobs::SHAPES),
        Field(&terrain::chapters::faults::knobs::FUZZINESS),
        Field(&terrain::chapters::diamond_square::knobs::WRAP),
        Field(&terrain::chapters::eroded::knobs::DROPLETS),
        Field(&terrain::chapters::eroded::knobs::INERTIA),
        Field(&terrain::chapters::eroded::knobs::EROSION),
        Field(&terrain::chapters::eroded::knobs::DEPOSITION),
    ];
    for field in all {
        let knob = field.knob();
        assert_eq!(field.name(), knob.name);
        assert_eq!(field.label(), knob.label);
        assert_eq!(field.hint(), knob.hint());
    }
}

#[test]
fn the_page_quotes_the_rows_range_in_its_hint_and_its_message() {
    // The command line's --help and messages are held to the same row in terrain-cli's tests
    // (`a_knobs_help_and_message_quote_its_rows_range`).
    let row = &terrain::chapters::eroded::knobs::INERTIA;
    let mut setup = Setup {
        recipe: Recipe::Eroded(Eroded {
            params: MpdParams::DEFAULT,
            step: terrain::erosion::step::Erode(terrain::erosion::ErosionParams::DEFAULT),
        }),
        seed: 1,
    };
    let err = Field(&terrain::chapters::eroded::knobs::INERTIA)
        .apply("2", &mut setup)
        .expect_err("past 1");
    assert_eq!(
        err.message,
        "inertia must be a number from 0 to 1, got \"2\""
    );
    assert!(err.message.contains(&row.bounds()));
    assert!(Field(&terrain::chapters::eroded::knobs::INERTIA)
        .hint()
        .ends_with(&format!("({})", row.bounds())));
}
