use super::*;
use crate::chain::thermal::knobs as thermal_knobs;
use crate::chapters::step_list::{step_names, Link, StepList, MAX_STEPS};
use crate::knobs::params::rust_decimal;

/// DS at 65 x 65, eroded then weathered then redistributed.
fn chain() -> Composed {
    let mut thermal = Link::named("thermal").expect("a step");
    thermal
        .apply(&thermal_knobs::ITERATIONS, "20", rust_decimal)
        .expect("ok");
    let mut erode = Link::named("erode").expect("a step");
    erode
        .apply(
            &crate::chapters::eroded::knobs::DROPLETS,
            "500",
            rust_decimal,
        )
        .expect("ok");
    Composed {
        exponent: 6,
        steps: StepList::of(&[erode, thermal, Link::named("redistribute").expect("a step")]),
        ..Composed::DEFAULT
    }
}

#[test]
fn a_composed_map_is_its_base_then_each_step_in_order() {
    let composed = chain();
    let seed = 11;
    let mut by_hand = composed.base_recipe().generate(seed).expect("ok");
    for link in composed.steps.iter() {
        link.step_after(false)
            .expect("a step")
            .apply(&mut by_hand, seed)
            .expect("ok");
    }
    let made = composed.generate(seed).expect("ok");
    assert_eq!(made.data(), by_hand.data());
    // The steps did something: the base alone differs.
    let base = composed.base_recipe().generate(seed).expect("ok");
    assert_ne!(made.data(), base.data());
}

#[test]
fn every_base_is_its_command_at_the_composed_size() {
    for (at, name) in BASE_NAMES.iter().enumerate() {
        let composed = Composed {
            base: at as u8,
            exponent: 5,
            ..Composed::DEFAULT
        };
        if composed.read_base().is_some() {
            continue;
        }
        let recipe = composed.base_recipe();
        assert_eq!(recipe.name(), *name);
        assert_eq!(recipe.size(), (33, 33), "{name}");
        assert_eq!(composed.base_words(None)[0], *name);
    }
}

#[test]
fn each_step_shows_and_reads_the_fields_it_offers_and_refuses_others() {
    for name in step_names() {
        let mut link = Link::named(name).expect("a step");
        assert_eq!(link.name(), name);
        for &knob in link.knobs() {
            let shown = link.show(knob);
            assert!(!shown.is_empty(), "{name} {}", knob.name);
            link.apply(knob, &shown, rust_decimal).expect("ok");
        }
        let refused = link.apply(&crate::knobs::SPREAD, "0.5", rust_decimal);
        assert!(refused
            .expect_err("refused")
            .message
            .contains("not a setting of"));
    }
    assert!(Link::named("paint-by-numbers").is_none());
    let mut thermal = Link::named("thermal").expect("a step");
    let error = thermal
        .apply(&thermal_knobs::TALUS, "95", rust_decimal)
        .expect_err("refused");
    assert_eq!(error.field, "talus");
}

#[test]
fn a_list_holds_its_steps_in_order_up_to_its_room() {
    let mut list = StepList::EMPTY;
    assert!(list.is_empty());
    for at in 0..MAX_STEPS {
        let names: Vec<&str> = step_names().collect();
        let name = names[at % names.len()];
        list.push(Link::named(name).expect("a step")).expect("ok");
    }
    assert_eq!(list.len(), MAX_STEPS);
    assert!(list.push(Link::named("thermal").expect("a step")).is_err());
    let names: Vec<&str> = list.iter().map(Link::name).collect();
    assert_eq!(names[..4], step_names().take(4).collect::<Vec<_>>()[..]);
}

#[test]
fn the_base_choice_reads_its_names_and_refuses_others() {
    let mut recipe = Recipe::Composed(Composed::DEFAULT);
    recipe
        .apply(&BASE, "fbm", rust_decimal)
        .expect("ok")
        .expect("ok");
    assert_eq!(recipe.show(&BASE).expect("ok"), "fbm");
    let error = recipe
        .apply(&BASE, "perlin", rust_decimal)
        .expect("ok")
        .expect_err("refused");
    assert!(
        error
            .message
            .contains("ds, mpd, fbm, fault, noise, real-land or your-map"),
        "{}",
        error.message
    );
}

#[test]
fn stepped_it_shows_the_base_then_each_step_and_ends_on_the_map() {
    use crate::chapters::steps::Steps;
    let composed = chain();
    let (columns, rows): (Vec<usize>, Vec<usize>) =
        ((0..65).step_by(8).collect(), (0..65).step_by(8).collect());
    let stepped = Recipe::Composed(composed.clone())
        .in_steps(None, 4, &columns, &rows)
        .expect("it steps")
        .expect("made");
    assert_eq!(
        stepped.map.data(),
        composed.generate(4).expect("made").data()
    );
    let n = columns.len() * rows.len();
    assert_eq!(
        stepped.batches.len(),
        3 * n,
        "the base and after the first two steps"
    );
    let base = composed.base_recipe().generate(4).expect("made");
    assert_eq!(
        &stepped.batches[..n],
        crate::chapters::steps::shown_heights(&base, &columns, &rows)
    );
    assert_eq!(composed.count(), 3);
    assert_eq!(
        composed.caption(0),
        "Start (step 0 of 3): the ds base, before any step"
    );
    assert_eq!(
        composed.caption(2),
        "Step 2 of 3: after thermal (iterations 20, talus 35, rate 0.5)"
    );
}

#[test]
fn a_paint_step_applies_the_strokes_its_link_holds_and_none_without() {
    use crate::chain::paint::Strokes;
    let text = "raise_6_0.5_20-20-24-22-28-26~smooth_4_1_30-30";
    let mut paint = Link::named("paint").expect("a step");
    paint.set_drawn(text);
    let thermal = Link::named("thermal").expect("a step");
    let composed = Composed {
        exponent: 6,
        steps: StepList::of(&[paint, thermal.clone()]),
        ..Composed::DEFAULT
    };
    let seed = 5;
    let strokes = Strokes::from_text(text).expect("ok");
    let painted = composed.generate(seed).expect("ok");
    // By hand: the base, the strokes one by one, then the thermal step.
    let mut by_hand = composed.base_recipe().generate(seed).expect("ok");
    for stroke in &strokes.strokes {
        stroke.apply(&mut by_hand);
    }
    Link::named("thermal")
        .expect("a step")
        .step_after(false)
        .expect("a step")
        .apply(&mut by_hand, seed)
        .expect("ok");
    assert_eq!(painted.data(), by_hand.data());
    // Without strokes the step paints nothing: the chain is the base and thermal alone.
    let bare = Composed {
        steps: StepList::of(&[Link::named("paint").expect("a step"), thermal]),
        ..composed.clone()
    };
    assert_ne!(bare, composed, "the strokes tell chains apart");
    let unpainted = bare.generate(seed).expect("ok");
    assert_ne!(unpainted.data(), painted.data());
    let mut plain = composed.base_recipe().generate(seed).expect("ok");
    Link::named("thermal")
        .expect("a step")
        .step_after(false)
        .expect("a step")
        .apply(&mut plain, seed)
        .expect("ok");
    assert_eq!(unpainted.data(), plain.data());
    // The command line reads the strokes from the file the page downloads.
    let line = composed.command_line(seed, None).expect("a line");
    assert!(
        line.contains("--then paint --strokes strokes.json --then thermal --iterations"),
        "{line}"
    );
}

#[test]
fn an_uplift_right_after_a_paint_rises_where_the_painted_map_is_high() {
    use crate::chain::paint::Strokes;
    use crate::chain::uplift::{Uplift, UpliftMap};
    let mut uplift = Link::named("uplift").expect("a step");
    uplift
        .apply(&crate::chain::uplift::knobs::STEPS, "10", rust_decimal)
        .expect("ok");
    let text = "raise_5_0.8_4-16-28-16";
    let mut paint = Link::named("paint").expect("a step");
    paint.set_drawn(text);
    let composed = Composed {
        exponent: 5,
        steps: StepList::of(&[paint, uplift]),
        ..Composed::DEFAULT
    };
    let strokes = Strokes::from_text(text).expect("ok");
    let seed = 2;
    let made = composed.generate(seed).expect("ok");
    // By hand: the painted map is the uplift map of the uplift that follows.
    let mut by_hand = composed.base_recipe().generate(seed).expect("ok");
    for stroke in &strokes.strokes {
        stroke.apply(&mut by_hand);
    }
    let rates = UpliftMap::of(&by_hand).on(33, 33);
    let model = Uplift {
        steps: 10,
        ..Uplift::DEFAULT
    };
    model.apply_with(&mut by_hand, Some(&rates)).expect("ok");
    assert_eq!(made.data(), by_hand.data());
    let line = composed.command_line(seed, None).expect("a line");
    assert!(
        line.ends_with("--diffusion 0 --routing d8 --deposition 0 --uplift-from-map"),
        "{line}"
    );
}

#[test]
fn a_paint_steps_brush_is_not_part_of_the_map_but_every_other_setting_is() {
    use crate::chain::paint::knobs as paint_knobs;
    let mut brushed = Link::named("paint").expect("a step");
    brushed
        .apply(&paint_knobs::RADIUS, "20", rust_decimal)
        .expect("ok");
    // The brush for the next stroke: the same chain, so the same map, nothing made again.
    assert_ne!(
        brushed.show(&paint_knobs::RADIUS),
        Link::named("paint")
            .expect("a step")
            .show(&paint_knobs::RADIUS)
    );
    assert_eq!(brushed, Link::named("paint").expect("a step"));
    // Any other step's settings do tell chains apart, and steps of two kinds differ.
    let mut thermal = Link::named("thermal").expect("a step");
    thermal
        .apply(&thermal_knobs::ITERATIONS, "7", rust_decimal)
        .expect("ok");
    assert_ne!(thermal, Link::named("thermal").expect("a step"));
    assert_ne!(brushed, Link::named("thermal").expect("a step"));
    let with = |link| Composed {
        steps: StepList::of(&[link, Link::named("erode").expect("a step")]),
        ..Composed::DEFAULT
    };
    assert_eq!(with(brushed), with(Link::named("paint").expect("a step")));
}

#[test]
fn a_real_land_base_is_the_map_read_then_each_step_and_nothing_without_it() {
    let land = BASE_NAMES.iter().position(|&n| n == "real-land");
    let composed = Composed {
        base: land.expect("a real-land base") as u8,
        ..chain()
    };
    assert_eq!(composed.read_base(), Some(ReadBase::RealLand));
    assert_eq!(chain().read_base(), None);
    assert_eq!(composed.size(), (0, 0), "the file decides");
    assert_eq!(composed.base_words(None), ["read", "--in", LAND_FILE]);
    assert!(composed.command().is_none(), "no generator makes it");
    let line = composed.command_line(4, None).expect("a command line");
    assert!(
        line.starts_with("terrain read --in jacksboro.png --seed 4 --then erode"),
        "{line}"
    );
    // A map read from a file, not square: the steps run on it as they would on a base.
    let seed = 4;
    let held = crate::chapters::DiamondSquare::recipe(MpdParams {
        exponent: 6,
        ..diamond_square::DEFAULT
    })
    .generate(9)
    .expect("ok");
    let held = Heightmap::from_data(65, 40, held.data()[..65 * 40].to_vec()).expect("a map");
    let mut by_hand = held.clone();
    for link in composed.steps.iter() {
        link.step_after(false)
            .expect("a step")
            .apply(&mut by_hand, seed)
            .expect("ok");
    }
    let made = composed.made_from(Some(&held), seed).expect("made");
    assert_eq!(made.data(), by_hand.data());
    assert_ne!(made.data(), held.data(), "the steps did something");
    // Stepped: step 0 is the map read, and the finished map is the same.
    let all: Vec<usize> = (0..65).collect();
    let rows: Vec<usize> = (0..40).collect();
    let stepped = composed
        .in_steps(Some(&held), seed, &all, &rows)
        .expect("steps")
        .expect("made");
    assert_eq!(stepped.map.data(), made.data());
    assert_eq!(&stepped.batches[..65 * 40], held.data());
    // Without the map read, a refusal that says so; a generated base ignores a map held.
    let refused = composed.made_from(None, seed).expect_err("no map");
    assert!(refused.message.contains("real land"), "{}", refused.message);
    assert_eq!(
        chain().made_from(Some(&held), seed).expect("made").data(),
        chain().generate(seed).expect("made").data()
    );
}

#[test]
fn a_your_map_base_reads_the_map_held_as_the_real_land_does_and_names_the_file_in_its_place() {
    let at = |name: &str| BASE_NAMES.iter().position(|&n| n == name).expect("a base") as u8;
    let yours = Composed {
        base: at("your-map"),
        ..chain()
    };
    let land = Composed {
        base: at("real-land"),
        ..chain()
    };
    assert_eq!(yours.read_base(), Some(ReadBase::YourMap));
    assert_eq!(yours.base_words(None), ["read", "--in", YOUR_FILE]);
    assert_eq!(yours.size(), (0, 0), "the file decides");
    assert_eq!(
        (yours.size_tag(), land.size_tag()),
        ("map".into(), "land".into())
    );
    assert!(yours.command().is_none(), "no generator makes it");
    let line = yours.command_line(4, None).expect("a command line");
    assert!(
        line.starts_with(&format!(
            "terrain read --in {YOUR_FILE} --seed 4 --then erode"
        )),
        "{line}"
    );
    let named = yours.command_line(4, Some("my map.png")).expect("a line");
    assert_eq!(named, line.replace(YOUR_FILE, "'my map.png'"));
    assert_eq!(
        land.command_line(4, Some("mine.png")),
        land.command_line(4, None)
    );
    // A map brought, not square: the same steps on it as on the real land's base.
    let held = crate::chapters::DiamondSquare::recipe(MpdParams {
        exponent: 5,
        ..diamond_square::DEFAULT
    })
    .generate(2)
    .expect("ok");
    let held = Heightmap::from_data(33, 20, held.data()[..33 * 20].to_vec()).expect("a map");
    let made = yours.made_from(Some(&held), 4).expect("made");
    assert_eq!(
        made.data(),
        land.made_from(Some(&held), 4).expect("made").data()
    );
    assert_ne!(made.data(), held.data(), "the steps did something");
    let refused = yours.made_from(None, 4).expect_err("no map");
    assert!(
        refused.message.contains("choose a heightmap file"),
        "{}",
        refused.message
    );
}

#[test]
fn a_file_name_is_one_shell_word_quoted_only_where_it_needs_it() {
    for (name, word) in [
        ("hills.png", "hills.png"),
        ("maps/dem_2-b+c.r32", "maps/dem_2-b+c.r32"),
        ("my map.png", "'my map.png'"),
        ("it's.png", "'it'\\''s.png'"),
        ("$(rm -rf ~).png", "'$(rm -rf ~).png'"),
        ("", "''"),
    ] {
        assert_eq!(shell_word(name), word, "{name}");
    }
}

#[test]
fn a_composed_terrains_material_lines_are_its_own_fields_and_colour_its_land() {
    use crate::analysis::materials::{knobs as materials, Lines};
    let mut recipe = Recipe::Composed(Composed {
        exponent: 6,
        ..Composed::DEFAULT
    });
    assert_eq!(recipe.lines(), Lines::DEFAULT);
    for (knob, text) in [
        (&materials::SNOW_LINE, "0.3"),
        (&materials::ROCK_SLOPE, "25"),
    ] {
        recipe
            .apply(knob, text, rust_decimal)
            .expect("a knob")
            .expect("in range");
    }
    let lines = recipe.lines();
    assert_eq!((lines.snow_line, lines.rock_slope), (0.3, 25.0));
    assert_eq!((lines.tree_line, lines.sand_level), (0.6, 0.04));
    let refused = recipe.apply(&materials::SNOW_LINE, "1.5", rust_decimal);
    let refused = refused.expect("a knob").expect_err("past the range");
    assert!(
        refused.message.starts_with("snow-line must be"),
        "{}",
        refused.message
    );
    // Other chapters have none of them: the defaults.
    assert_eq!(Recipe::DEFAULTS[3].lines(), Lines::DEFAULT);
    // The heights do not change; the land's colours do: snow comes lower.
    let map = recipe.generate(5).expect("a map");
    let default = Recipe::Composed(Composed {
        exponent: 6,
        ..Composed::DEFAULT
    });
    assert_eq!(default.generate(5).expect("a map").data(), map.data());
    let routed = |lines: &Lines| crate::water::routing::routing_bytes(&map, lines).expect("routed");
    assert_ne!(
        routed(&Lines::DEFAULT),
        routed(&lines),
        "the land is coloured by its lines"
    );
}

#[test]
fn a_step_acts_where_its_mask_fields_say_as_the_command_lines_mask_does() {
    use crate::chain::mask::{self, fields};
    let mut thermal = Link::named("thermal").expect("a step");
    // Everywhere: no mask pairs, flags or caption words; the step unmasked.
    assert!(fields::pairs(thermal.mask()).is_empty());
    assert!(!thermal.flags(false).iter().any(|f| f.contains("mask")));
    for (name, text) in [
        ("where", "slope"),
        ("slope-from", "20"),
        ("mask-invert", "true"),
    ] {
        let knob = thermal.knob_named(name).expect("a mask field");
        thermal.apply(knob, text, rust_decimal).expect("read");
    }
    let flags = thermal.flags(false).join(" ");
    assert!(
        flags.ends_with("--mask-slope 20:90 --mask-soft 0.05 --mask-invert"),
        "{flags}"
    );
    let composed = Composed {
        exponent: 6,
        steps: StepList::of(&[thermal.clone()]),
        ..Composed::DEFAULT
    };
    assert!(composed
        .caption(1)
        .contains("everywhere but on slopes of 20 to 90 degrees"));
    // The page's chain is the command line's masked step on the base.
    let seed = 3;
    let mut given = crate::chain::row::Given::none();
    given.values.push((mask::MASK_SLOPE, "20:90".into()));
    given.switches.push(mask::INVERT);
    let row = thermal.row();
    let step = mask::step_of(row, thermal.settings(), &given).expect("a masked step");
    let mut by_hand = composed.base_recipe().generate(seed).expect("ok");
    step.apply(&mut by_hand, seed).expect("ok");
    assert_eq!(composed.generate(seed).expect("ok").data(), by_hand.data());
    assert_ne!(
        thermal,
        Link::named("thermal").expect("a step"),
        "the mask tells links apart"
    );
    // A band upside down is refused, naming its low end.
    let from = thermal.knob_named("slope-from").expect("a field");
    thermal.apply(from, "80", rust_decimal).expect("in range");
    let to = thermal.knob_named("slope-to").expect("a field");
    thermal.apply(to, "40", rust_decimal).expect("in range");
    assert_eq!(
        thermal.check_mask().expect_err("refused").field,
        "slope-from"
    );
}

#[test]
fn a_painted_mask_is_the_steps_strokes_and_the_command_reads_them_from_mask_json() {
    use crate::chain::mask::{self, fields};
    let mut erode = Link::named("erode").expect("a step");
    let painted = erode.knob_named("where").expect("a mask field");
    erode.apply(painted, "painted", rust_decimal).expect("read");
    assert!(erode.is_drawn() && erode.paints_mask());
    // The mask's brush: add paints as paint's raise, at the mask's radius and strength.
    let brushing = erode.brushing().expect("drawn on");
    assert_eq!(brushing.brush(), crate::chain::paint::Brush::Raise);
    assert_eq!((brushing.radius, brushing.strength), (12.0, 1.0));
    // The brush shapes the next stroke only: not a pair, not another terrain.
    let radius = erode.knob_named("mask-radius").expect("a mask field");
    let mut wider = erode.clone();
    wider.apply(radius, "20", rust_decimal).expect("read");
    assert_eq!(wider, erode);
    let pairs = fields::pairs(erode.mask());
    assert_eq!(
        pairs,
        [("where", "painted".into()), ("mask-invert", "false".into())]
    );
    // Painted on the left of a 33 x 33 map: the command reads the strokes from mask.json,
    // named with the mask's brushes.
    let text = "raise_6_1_4-16-8-16~smooth_3_0.5_8-16";
    erode.set_drawn(text);
    assert_eq!(erode.drawn(), text);
    assert!(erode
        .flags(false)
        .join(" ")
        .ends_with("--mask-strokes mask.json"));
    let file = mask::mask_file(text).expect("a mask file");
    assert!(
        file.contains("\"add\"") && file.contains("\"soften\""),
        "{file}"
    );
    let composed = Composed {
        exponent: 5,
        steps: StepList::of(&[erode.clone()]),
        ..Composed::DEFAULT
    };
    assert!(composed
        .caption(1)
        .contains("only where its mask is painted"));
    let seed = 11;
    let mut given = crate::chain::row::Given::none();
    given
        .texts
        .push((mask::MASK_STROKES, file, "mask.json".into()));
    let step = mask::step_of(erode.row(), erode.settings(), &given).expect("masked");
    let base = composed.base_recipe().generate(seed).expect("ok");
    let mut by_hand = base.clone();
    step.apply(&mut by_hand, seed).expect("ok");
    let made = composed.generate(seed).expect("ok");
    assert_eq!(made.data(), by_hand.data());
    // Unpainted cells (the right half, beyond every stroke's reach) keep the base's bytes;
    // painted ones took the erosion.
    let w = made.width();
    let kept =
        |x: usize, y: usize| made.data()[y * w + x].to_bits() == base.data()[y * w + x].to_bits();
    assert!((20..w).all(|x| (0..w).all(|y| kept(x, y))));
    assert!(
        (0..w).any(|x| (0..w).any(|y| !kept(x, y))),
        "the erosion shows where painted"
    );
    // A painted mask on a step painted itself, or a second step drawn on, is refused.
    let mut paint = Link::named("paint").expect("a step");
    let where_ = paint.knob_named("where").expect("a mask field");
    paint.apply(where_, "painted", rust_decimal).expect("read");
    assert_eq!(paint.check_mask().expect_err("refused").field, "where");
    let two = StepList::of(&[erode.clone(), erode]);
    let (place, error) = two.check_drawn().expect_err("one step drawn on");
    assert_eq!((place, error.field), (1, "where"));
}
