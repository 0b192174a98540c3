use super::*;
use crate::algorithms::faults::ShapeSet;

#[test]
fn a_recipe_generates_what_its_algorithm_generates() {
    let mpd = MpdParams {
        exponent: 4,
        ..MpdParams::DEFAULT
    };
    assert_eq!(
        Recipe::midpoint(mpd).generate(3),
        midpoint::generate(&mpd, 3)
    );
    assert_eq!(
        Recipe::diamond_square(mpd).generate(3),
        diamond_square::generate(&mpd, 3)
    );
    assert_eq!(
        Recipe::MidpointRecursive { params: mpd }.generate(3),
        midpoint_recursive::generate(&mpd, 3)
    );
    let faults = FaultParams {
        shapes: ShapeSet::ALL,
        ..FaultParams::DEFAULT
    };
    assert_eq!(
        Recipe::Faults { params: faults }.generate(8),
        faults::generate(&faults, 8)
    );
    let noise = Recipe::Noise {
        params: NoiseParams::DEFAULT,
    };
    assert_eq!(noise.generate(1), random_noise::generate(33, 33, 1));
    assert_eq!(noise.size(), (33, 33));
    assert_eq!(Recipe::midpoint(mpd).size(), (17, 17));
    assert_eq!(
        Recipe::Line {
            params: LineParams::DEFAULT
        }
        .size(),
        (257, 1)
    );
    assert_eq!(noise.name(), "noise");
}

#[test]
fn parameters_are_reachable_only_where_the_algorithm_has_them() {
    let mut ds = Recipe::diamond_square(diamond_square::DEFAULT);
    ds.subdivision_mut().expect("ds has an exponent").exponent = 7;
    assert!(ds.line_mut().is_none() && ds.faults_mut().is_none());
    assert_eq!(ds.generate(1).expect("valid").width(), 129);
    let mut line = Recipe::Line {
        params: LineParams::DEFAULT,
    };
    assert!(line.subdivision_mut().is_none());
    line.line_mut().expect("a line").iterations = 3;
    assert_eq!(line.generate(1).expect("valid").width(), 9);
}

#[cfg(feature = "serde")]
#[test]
fn recipes_travel_as_json_with_named_fields_and_come_back_equal() {
    let recipe = Recipe::Faults {
        params: FaultParams {
            shapes: ShapeSet::of(&[crate::algorithms::faults::ShapeKind::Circle]),
            fuzziness: 2.5,
            ..FaultParams::DEFAULT
        },
    };
    let json = serde_json::to_value(recipe).expect("serialises");
    assert_eq!(json["algorithm"], "fault");
    assert_eq!(json["params"]["iterations"], 500);
    assert_eq!(json["params"]["shapes"], 2);
    let back: Recipe = serde_json::from_value(json).expect("deserialises");
    assert_eq!(back, recipe);
    let bad = serde_json::json!({"algorithm": "fault", "params": {"width": 9, "height": 9,
        "iterations": 5, "shapes": 99, "fuzziness": 0.0}});
    assert!(
        serde_json::from_value::<Recipe>(bad).is_err(),
        "no such shape set"
    );
}

#[test]
fn file_names_say_what_made_the_map() {
    let mut ds = Recipe::diamond_square(MpdParams {
        exponent: 9,
        ..MpdParams::DEFAULT
    });
    assert_eq!(ds.file_name(123, "png"), "ds-e9-seed-123.png");
    if let Some(wrap) = ds.wrap_mut() {
        *wrap = true;
    }
    assert_eq!(ds.file_name(1, "r16"), "ds-e9-seed-1-wrap.r16");
    let faults = Recipe::Faults {
        params: FaultParams::DEFAULT,
    };
    assert_eq!(faults.file_name(5, "glb"), "fault-129x129-seed-5.glb");
    assert_eq!(faults.wrap(), None);
}

#[test]
fn bad_parameters_are_refused_by_generate() {
    let mut recipe = Recipe::midpoint(MpdParams::DEFAULT);
    if let Some(params) = recipe.subdivision_mut() {
        params.exponent = 15;
    }
    let err = recipe.generate(0).expect_err("exponent 15");
    assert_eq!(err.field, "exponent");
}
