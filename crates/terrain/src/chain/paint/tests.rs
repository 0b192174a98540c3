use super::*;

/// A 64 x 64 map of gentle waves, heights about 0 to 1.
fn waves() -> Heightmap {
    let mut map = Heightmap::new(64, 64).expect("a size");
    for y in 0..64 {
        for x in 0..64 {
            map.set(
                x,
                y,
                0.5 + 0.25 * ((x as f32) * 0.3).sin() * ((y as f32) * 0.2).cos(),
            );
        }
    }
    map
}

fn stroke(brush: Brush, radius: f32, points: &[(f32, f32)]) -> Stroke {
    Stroke {
        brush,
        radius,
        strength: 0.5,
        points: points.to_vec(),
    }
}

#[test]
fn every_brush_changes_only_cells_within_its_radius_of_its_points() {
    let points = [(10.0, 12.0), (14.5, 13.0), (20.0, 20.25), (63.0, 0.0)];
    for (brush, _) in Brush::ALL {
        let before = waves();
        let mut after = before.clone();
        let s = stroke(brush, 5.5, &points);
        s.apply(&mut after);
        let mut changed = 0;
        for y in 0..64 {
            for x in 0..64 {
                if after.get(x, y) != before.get(x, y) {
                    changed += 1;
                    let near = points.iter().any(|&(px, py)| {
                        let (dx, dy) = (x as f32 - px, y as f32 - py);
                        (dx * dx + dy * dy).sqrt() < 5.5
                    });
                    assert!(
                        near,
                        "{brush:?} changed ({x}, {y}), farther than 5.5 from every point"
                    );
                }
            }
        }
        assert!(changed > 50, "{brush:?} changed {changed} cells");
    }
}

#[test]
fn raise_lifts_the_centre_by_its_strength_of_the_range_and_lower_undoes_it() {
    let before = waves();
    let (lo, hi) = before.range().expect("heights");
    let mut map = before.clone();
    stroke(Brush::Raise, 4.0, &[(30.0, 30.0)]).apply(&mut map);
    let lifted = f64::from(map.get(30, 30)) - f64::from(before.get(30, 30));
    assert!((lifted - 0.5 * f64::from(hi - lo)).abs() < 1e-6, "{lifted}");
    // Half way to the radius the falloff (1 - d²/r²)² is 9/16.
    let half = f64::from(map.get(32, 30)) - f64::from(before.get(32, 30));
    assert!(
        (half - 0.5 * 9.0 / 16.0 * f64::from(hi - lo)).abs() < 1e-6,
        "{half}"
    );
    // Flatten pulls towards the height under the first point; smooth lowers the spread.
    let mut flat = before.clone();
    let line: Vec<(f32, f32)> = (0..40).map(|x| (10.0 + x as f32, 20.0)).collect();
    for _ in 0..10 {
        stroke(Brush::Flatten, 3.0, &line).apply(&mut flat);
    }
    let target = before.get(10, 20);
    assert!((40..50).all(|x| (flat.get(x, 20) - target).abs() < 1e-3));
}

#[test]
fn strokes_apply_in_order_and_paint_is_its_strokes_one_by_one() {
    let strokes = Strokes {
        strokes: vec![
            stroke(Brush::Raise, 6.0, &[(20.0, 20.0), (22.0, 21.0)]),
            stroke(Brush::Flatten, 8.0, &[(25.0, 20.0), (18.0, 20.0)]),
            stroke(Brush::Smooth, 3.0, &[(21.0, 21.0)]),
        ],
    };
    let paint = Paint {
        strokes: strokes.clone(),
        file: "s.json".into(),
    };
    let mut all = waves();
    paint.apply(&mut all, 0).expect("on the map");
    let mut one_by_one = waves();
    for s in &strokes.strokes {
        s.apply(&mut one_by_one);
    }
    assert_eq!(all, one_by_one);
    let mut reversed = waves();
    for s in strokes.strokes.iter().rev() {
        s.apply(&mut reversed);
    }
    assert_ne!(all, reversed, "the order of strokes matters");
    // The file's text reads back as the same strokes.
    assert_eq!(
        Strokes::from_json(&strokes.to_json()).expect("read"),
        strokes
    );
}

#[test]
fn a_bad_strokes_file_is_refused_in_one_line_naming_what_and_where() {
    let ok =
        r#"{"strokes": [{"brush": "raise", "radius": 8, "strength": 0.1, "points": [[1, 2]]}]}"#;
    assert!(Strokes::from_json(ok).is_ok());
    for (text, says) in [
        ("{\"strokes\": [", "is not JSON"),
        ("[]", "has no \"strokes\" list"),
        (
            &ok.replace("raise", "melt"),
            "stroke 1: no brush is named \"melt\"",
        ),
        (
            &ok.replace("\"radius\": 8", "\"radius\": \"NaN\""),
            "stroke 1: radius must be a number",
        ),
        (
            &ok.replace("\"radius\": 8", "\"radius\": NaN"),
            "is not JSON",
        ),
        (
            &ok.replace("\"radius\": 8", "\"radius\": 9999"),
            "stroke 1: radius must be",
        ),
        (&ok.replace("0.1", "-0.5"), "stroke 1: strength must be"),
        (&ok.replace("[[1, 2]]", "[]"), "stroke 1: has no points"),
        (
            &ok.replace("[[1, 2]]", "[[1, 2, 3]]"),
            "stroke 1: each point must be [x, y]",
        ),
    ] {
        let refused = Strokes::from_json(text).expect_err(text);
        assert!(
            refused.message.starts_with(says),
            "{text}: {}",
            refused.message
        );
        assert!(!refused.message.contains('\n'));
    }
    // A point off the map is refused when the map is known, and nothing changes.
    let strokes = Strokes::from_json(&ok.replace("[[1, 2]]", "[[1, 2], [64, 3]]")).expect("read");
    let paint = Paint {
        strokes,
        file: "s.json".into(),
    };
    let mut map = waves();
    let refused = paint.apply(&mut map, 0).expect_err("off the map");
    assert_eq!(
        refused.message,
        "stroke 1: the point [64, 3] is off the map of 64 x 64"
    );
    assert_eq!(map, waves());
}

#[test]
fn the_link_text_reads_back_as_the_strokes_and_bad_text_is_refused_in_one_line() {
    let text = "raise_8_0.1_120-64-121-64~smooth_4.5_0.5_30-30~flatten_2_1_0-0-1-1";
    let strokes = Strokes::from_text(text).expect("ok");
    assert_eq!(strokes.strokes.len(), 3);
    assert_eq!(strokes.strokes[1].brush, Brush::Smooth);
    assert_eq!(strokes.strokes[1].radius, 4.5);
    assert_eq!(
        strokes.strokes[0].points,
        vec![(120.0, 64.0), (121.0, 64.0)]
    );
    assert_eq!(strokes.to_text(), text);
    // The same strokes as the file the page downloads.
    assert_eq!(Strokes::from_json(&strokes.to_json()).expect("ok"), strokes);
    assert_eq!(Strokes::from_text("").expect("none"), Strokes::default());
    for bad in [
        "dig_8_0.1_1-1",
        "raise_x_0.1_1-1",
        "raise_8_0.1_1-1-2",
        "raise_8_0.1_1-y",
        "raise_8_0.1_",
        "raise_8_2_1-1",
        "raise_0_0.1_1-1",
        "raise_8_0.1_1-1_9",
        "raise_8_NaN_1-1",
    ] {
        let error = Strokes::from_text(bad).expect_err(bad);
        assert!(!error.message.contains('\n'), "{bad}: {}", error.message);
        assert_eq!(error.field, "strokes", "{bad}");
    }
}
