use super::*;

mod steps;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::eroded::algorithm::step::Erode;
use crate::chapters::eroded::algorithm::ErosionParams;
use crate::chapters::faults::algorithm::{self as faults, FaultParams, ShapeSet};
use crate::chapters::line::algorithm::LineParams;
use crate::chapters::midpoint::algorithm::{self as midpoint, MpdParams};
use crate::chapters::midpoint_recursive::algorithm as midpoint_recursive;
use crate::chapters::noise::algorithm::{self as random_noise, NoiseParams};
use crate::knobs::{self, params::rust_decimal, Knob};

#[test]
fn a_recipe_generates_what_its_algorithm_generates() {
    let mpd = MpdParams {
        exponent: 4,
        ..MpdParams::DEFAULT
    };
    assert_eq!(
        crate::chapters::Midpoint::recipe(mpd).generate(3),
        midpoint::generate(&mpd, 3)
    );
    assert_eq!(
        crate::chapters::DiamondSquare::recipe(mpd).generate(3),
        diamond_square::generate(&mpd, 3)
    );
    assert_eq!(
        Recipe::MidpointRecursive(MidpointRecursive { params: mpd }).generate(3),
        midpoint_recursive::generate(&mpd, 3)
    );
    let faults = FaultParams {
        shapes: ShapeSet::ALL,
        ..FaultParams::DEFAULT
    };
    assert_eq!(
        Recipe::Faults(Faults { params: faults }).generate(8),
        faults::generate(&faults, 8)
    );
    let noise = Recipe::Noise(Noise {
        params: NoiseParams::DEFAULT,
    });
    assert_eq!(noise.generate(1), random_noise::generate(33, 33, 1));
    assert_eq!(noise.size(), (33, 33));
    assert_eq!(crate::chapters::Midpoint::recipe(mpd).size(), (17, 17));
    assert_eq!(
        Recipe::Line(Line {
            params: LineParams::DEFAULT
        })
        .size(),
        (257, 1)
    );
    assert_eq!(noise.name(), "noise");
}

#[test]
fn parameters_are_reachable_only_where_the_algorithm_has_them() {
    let mut ds = crate::chapters::DiamondSquare::recipe(diamond_square::DEFAULT);
    let set = ds.apply(&knobs::EXPONENT, "7", rust_decimal);
    assert_eq!(set, Some(Ok(())));
    assert!(ds
        .apply(&crate::chapters::line::knobs::ROUGHNESS, "1", rust_decimal)
        .is_none());
    assert!(ds
        .apply(
            &crate::chapters::faults::knobs::SHAPES,
            "line",
            rust_decimal
        )
        .is_none());
    assert_eq!(ds.generate(1).expect("valid").width(), 129);
    let mut line = Recipe::Line(Line {
        params: LineParams::DEFAULT,
    });
    assert!(line.partner(1, &[], &[]).is_none() && line.roughness_aim().is_none());
    assert!(line.apply(&knobs::SPREAD, "0.5", rust_decimal).is_none());
    let set = line.apply(
        &crate::chapters::line::knobs::LINE_ITERATIONS,
        "3",
        rust_decimal,
    );
    assert_eq!(set, Some(Ok(())));
    assert_eq!(line.generate(1).expect("valid").width(), 9);
    let refused = line.apply(
        &crate::chapters::line::knobs::LINE_ITERATIONS,
        "99",
        rust_decimal,
    );
    assert_eq!(refused.map(|r| r.is_err()), Some(true));
}

#[cfg(feature = "serde")]
#[test]
fn recipes_travel_as_json_with_named_fields_and_come_back_equal() {
    let recipe = Recipe::Faults(Faults {
        params: FaultParams {
            shapes: ShapeSet::of(&[crate::chapters::faults::algorithm::ShapeKind::Circle]),
            fuzziness: 2.5,
            ..FaultParams::DEFAULT
        },
    });
    let json = serde_json::to_value(&recipe).expect("serialises");
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
    let mut ds = crate::chapters::DiamondSquare::recipe(MpdParams {
        exponent: 9,
        ..MpdParams::DEFAULT
    });
    assert_eq!(ds.file_name(123, "png"), "ds-e9-seed-123.png");
    let set = ds.apply(
        &crate::chapters::diamond_square::knobs::WRAP,
        "true",
        rust_decimal,
    );
    assert_eq!(set, Some(Ok(())));
    assert_eq!(ds.file_name(1, "r16"), "ds-e9-seed-1-wrap.r16");
    let faults = Recipe::Faults(Faults {
        params: FaultParams::DEFAULT,
    });
    assert_eq!(faults.file_name(5, "glb"), "fault-129x129-seed-5.glb");
    assert_eq!(faults.wrap(), None);
}

#[test]
fn bad_parameters_are_refused_by_generate() {
    let mut recipe = crate::chapters::Midpoint::recipe(MpdParams::DEFAULT);
    let set = recipe.apply(&knobs::EXPONENT, "14", rust_decimal);
    assert_eq!(set, Some(Ok(())));
    if let Recipe::Midpoint(chapter) = &mut recipe {
        chapter.params.exponent = 15;
    }
    let err = recipe.generate(0).expect_err("exponent 15");
    assert_eq!(err.field, "exponent");
}

/// One recipe of every chapter, with its knobs' values moved off their defaults where it can.
fn one_of_each() -> Vec<Recipe> {
    let erosion = ErosionParams {
        droplets: 10,
        ..ErosionParams::DEFAULT
    };
    vec![
        Recipe::Noise(Noise {
            params: NoiseParams::DEFAULT,
        }),
        crate::chapters::Midpoint::recipe(MpdParams::DEFAULT),
        Recipe::MidpointRecursive(MidpointRecursive {
            params: midpoint_recursive::DEFAULT,
        }),
        crate::chapters::DiamondSquare::recipe(diamond_square::DEFAULT),
        Recipe::Fbm(crate::chapters::Fbm::DEFAULT),
        Recipe::Faults(Faults {
            params: FaultParams::DEFAULT,
        }),
        Recipe::Line(Line {
            params: LineParams::DEFAULT,
        }),
        Recipe::Eroded(Eroded {
            params: MpdParams::DEFAULT,
            step: Erode(erosion),
        }),
        Recipe::RainAtScale(RainAtScale {
            params: MpdParams::DEFAULT,
            step: Batches(ErosionParams {
                batch: 64,
                ..erosion
            }),
        }),
        Recipe::Held(Held { erosion }),
        Recipe::Weathered(Weathered {
            params: MpdParams::DEFAULT,
            step: crate::chain::thermal::Thermal::DEFAULT,
        }),
        Recipe::Composed(crate::chapters::Composed {
            exponent: 5,
            steps: crate::chapters::step_list::StepList::of(&[
                crate::chapters::step_list::Link::new(
                    &crate::chain::redistribute::ROW,
                    crate::chain::row::Settings::defaults(&crate::chain::redistribute::KNOBS).with(
                        &crate::chain::redistribute::POWER,
                        crate::chain::row::Setting::Number(2.0),
                    ),
                ),
            ]),
            ..crate::chapters::Composed::DEFAULT
        }),
        Recipe::Uplifted(crate::chapters::Uplifted {
            exponent: 5,
            uplift: crate::chain::uplift::Uplift {
                steps: 3,
                ..crate::chain::uplift::Uplift::DEFAULT
            },
        }),
    ]
}

#[test]
fn the_registry_lists_every_chapter_once_by_its_own_name() {
    let recipes = one_of_each();
    let names: Vec<&str> = recipes.iter().map(Recipe::name).collect();
    assert_eq!(
        names,
        Recipe::NAMES,
        "one recipe of each, in the registry's order"
    );
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "no name twice");
}

#[test]
fn every_knob_a_chapter_lists_shows_its_value_and_reads_it_back() {
    for recipe in one_of_each() {
        for knob in recipe.knobs() {
            let shown = recipe
                .show(knob)
                .unwrap_or_else(|| panic!("{} shows {}", recipe.name(), knob.name));
            let mut again = recipe.clone();
            let read = again.apply(knob, &shown, rust_decimal);
            assert_eq!(
                read,
                Some(Ok(())),
                "{} reads {} = {shown}",
                recipe.name(),
                knob.name
            );
            assert_eq!(again, recipe, "{} {} round trip", recipe.name(), knob.name);
        }
        let mut unknown = recipe.clone();
        assert!(unknown.apply(&knobs::SEED, "1", rust_decimal).is_none());
        assert!(
            recipe.show(&knobs::SEED).is_none(),
            "the seed is not a chapter's"
        );
    }
}

#[test]
fn a_partial_stage_is_no_command_and_has_no_stepper() {
    let corners = Recipe::Midpoint(Midpoint {
        params: MpdParams::DEFAULT,
        stage: midpoint::Stage::Corners,
    });
    assert!(corners.command().is_none() && corners.schedule().is_none());
    assert!(corners.stage().is_some() && corners.caption(0).is_some());
    let by_name = |name| one_of_each().into_iter().find(|r| r.name() == name);
    let eroded = by_name("ds-eroded").expect("the eroded map");
    assert_eq!(eroded.name(), "ds-eroded");
    let command = eroded.command().expect("ds, then erode");
    assert_eq!(command.name(), "ds");
    let chain = eroded.chain();
    let names: Vec<&str> = chain.iter().map(|step| step.name()).collect();
    assert_eq!(names, ["erode"], "the erosion is a step after the base");
    // The command's map, then the erode step with the same seed, is the chapter's map.
    let mut made = command.generate(3).expect("made");
    crate::chain::run(&chain, &mut made, 3).expect("eroded");
    assert_eq!(made.data(), eroded.generate(3).expect("generated").data());
    assert!(
        by_name("held").expect("a held map").command().is_none(),
        "a map read on the page"
    );
}

#[test]
fn the_defaults_are_one_recipe_of_each_chapter_that_generates_or_waits_for_a_file() {
    let names: Vec<&str> = Recipe::DEFAULTS.iter().map(Recipe::name).collect();
    assert_eq!(names, Recipe::NAMES);
    for recipe in Recipe::DEFAULTS {
        assert!(!recipe.chapter().about().is_empty());
        match recipe.command() {
            Some(command) => assert!(command.generate(1).is_ok(), "{}", recipe.name()),
            None => assert_eq!(recipe.size(), (0, 0), "only a read map has no command"),
        }
    }
}

#[test]
fn noise_takes_its_size_as_an_exponent_or_as_sides_that_default_to_each_other() {
    let noise = |given: &[(&'static Knob, &str)]| {
        let mut recipe = Recipe::Noise(Noise::DEFAULT);
        recipe
            .chapter_mut()
            .apply_all(given, rust_decimal)
            .map(|()| recipe.size())
    };
    assert_eq!(noise(&[(&knobs::EXPONENT, "3")]), Ok((9, 9)));
    assert_eq!(noise(&[(&knobs::WIDTH, "40")]), Ok((40, 40)));
    assert_eq!(noise(&[(&knobs::HEIGHT, "7")]), Ok((7, 7)));
    assert_eq!(
        noise(&[(&knobs::WIDTH, "20"), (&knobs::HEIGHT, "10")]),
        Ok((20, 10))
    );
    assert!(noise(&[(&knobs::EXPONENT, "3"), (&knobs::WIDTH, "9")]).is_err());
    assert_eq!(
        Recipe::Noise(Noise::DEFAULT)
            .show(&knobs::EXPONENT)
            .as_deref(),
        Some("5")
    );
}
