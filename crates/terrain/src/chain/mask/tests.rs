//! A mask's promises: a band's weight is 1 inside, 0 past its soft edge and smooth between;
//! cells at weight 0 keep the map's bytes and cells at 1 the step's; parts multiply and
//! `--mask-invert` turns them round; a painted mask stays within 0 to 1; bad masks are refused.

use super::*;
use crate::chain::row::{Given, StepRow};
use crate::chain::thermal::row::ROW as THERMAL;
use crate::chapters::diamond_square::algorithm as ds;
use crate::chapters::midpoint::algorithm::MpdParams;

fn diamond_square(exponent: u32, seed: u64) -> Heightmap {
    let params = MpdParams {
        exponent,
        ..ds::DEFAULT
    };
    ds::generate(&params, seed).expect("valid")
}

/// Flags beside a step's table, as the command line gives them.
fn given(values: &[(&'static str, &str)], switches: &[&'static str]) -> Given {
    let mut given = Given::none();
    for &(flag, value) in values {
        given.values.push((flag, value.to_string()));
    }
    given.switches.extend_from_slice(switches);
    given
}

/// Thermal at its defaults, masked by `given`, and unmasked.
fn thermal(given: &Given) -> (Box<dyn Step>, Box<dyn Step>) {
    let settings = crate::chain::row::Settings::defaults(THERMAL.knobs());
    let masked = step_of(&THERMAL, &settings, given).expect("a masked step");
    let plain = step_of(&THERMAL, &settings, &Given::none()).expect("a step");
    (masked, plain)
}

#[test]
fn a_bands_weight_is_whole_inside_none_past_its_edge_and_smooth_between() {
    let band = Band {
        low: 0.4,
        high: 0.6,
    };
    assert_eq!(band.weight(0.4, 0.1), 1.0);
    assert_eq!(band.weight(0.5, 0.1), 1.0);
    assert_eq!(band.weight(0.6, 0.1), 1.0);
    assert_eq!(band.weight(0.29, 0.1), 0.0);
    assert_eq!(band.weight(0.75, 0.1), 0.0);
    assert_eq!(band.weight(0.39, 0.0), 0.0);
    let edge: Vec<f32> = (0..=10)
        .map(|i| band.weight(0.3 + 0.01 * i as f32, 0.1))
        .collect();
    assert!(edge.windows(2).all(|w| w[0] <= w[1]), "{edge:?}");
    assert!((band.weight(0.35, 0.1) - 0.5).abs() < 1e-3);
}

#[test]
fn cells_at_none_keep_the_maps_bytes_and_cells_at_whole_the_steps() {
    let before = [1.0f32, 2.0, 3.0, 0.1];
    let mut after = [5.0f32, 7.0, 11.0, 0.7];
    blend(&before, &mut after, &[0.0, 1.0, 0.5, 0.3]);
    assert_eq!(after[0].to_bits(), 1.0f32.to_bits());
    assert_eq!(after[1].to_bits(), 7.0f32.to_bits());
    assert_eq!(after[2], 7.0);
    assert!((after[3] - 0.28).abs() < 1e-6);
}

#[test]
fn a_height_mask_keeps_the_low_ground_and_weathers_the_high() {
    let base = diamond_square(7, 7);
    let (masked, plain) = thermal(&given(&[(MASK_HEIGHT, "0.5:1")], &[]));
    let (mut m, mut p) = (base.clone(), base.clone());
    masked.apply(&mut m, 7).expect("runs");
    plain.apply(&mut p, 7).expect("runs");
    let (lo, hi) = base.range().expect("a range");
    let (mut kept, mut worked) = (0, 0);
    for i in 0..base.data().len() {
        let t = (base.data()[i] - lo) / (hi - lo);
        if t < 0.5 - SOFT.number_default() as f32 - 1e-4 {
            assert_eq!(m.data()[i].to_bits(), base.data()[i].to_bits(), "cell {i}");
            kept += 1;
        } else if t >= 0.5 {
            assert_eq!(m.data()[i].to_bits(), p.data()[i].to_bits(), "cell {i}");
            worked += usize::from(p.data()[i] != base.data()[i]);
        }
    }
    assert!(kept > 1000 && worked > 100, "{kept} kept, {worked} worked");
    assert_eq!(
        masked.settings()[3..],
        [
            (MASK_HEIGHT, "0.5:1".to_string()),
            (SOFT.name, "0.05".to_string())
        ]
    );
}

#[test]
fn an_inverted_mask_keeps_what_the_mask_let_through() {
    let base = diamond_square(6, 3);
    let band = [(MASK_SLOPE, "20:90")];
    let (masked, plain) = thermal(&given(&band, &[]));
    let (inverted, _) = thermal(&given(&band, &[INVERT]));
    let (mut m, mut p, mut v) = (base.clone(), base.clone(), base.clone());
    masked.apply(&mut m, 1).expect("runs");
    plain.apply(&mut p, 1).expect("runs");
    inverted.apply(&mut v, 1).expect("runs");
    // Each cell: the masked and inverted steps' changes add up to the whole step's.
    for i in 0..base.data().len() {
        let (b, whole) = (base.data()[i], p.data()[i] - base.data()[i]);
        let sum = (m.data()[i] - b) + (v.data()[i] - b);
        assert!(
            (sum - whole).abs() < 1e-5,
            "cell {i}: {sum} against {whole}"
        );
    }
    assert_ne!(m, v);
}

#[test]
fn a_painted_mask_is_laid_on_taken_off_and_stays_within_none_and_whole() {
    let text = r#"{"strokes": [
        {"brush": "add", "radius": 4, "strength": 1, "points": [[8, 8], [8, 8], [9, 8]]},
        {"brush": "remove", "radius": 2, "strength": 1, "points": [[8, 8]]},
        {"brush": "soften", "radius": 3, "strength": 0.5, "points": [[8, 13]]}
    ]}"#;
    let strokes = mask_strokes(text).expect("a mask's strokes");
    let mask = painted::paint(&strokes, 17, 17).expect("painted");
    let z = mask.data();
    assert!(z.iter().all(|&m| (0.0..=1.0).contains(&m)));
    assert_eq!(z[8 * 17 + 8], 0.0, "taken off at its centre");
    assert_eq!(z[8 * 17 + 10], 1.0, "laid on beside it");
    assert_eq!(z[0], 0.0, "nothing far off");
    let paint_brush = r#"{"strokes": [{"brush": "raise", "radius": 4, "strength": 1,
        "points": [[1, 1]]}]}"#;
    let said = mask_strokes(paint_brush)
        .expect_err("paint's brush")
        .message;
    assert!(said.contains("add, remove or soften"), "{said}");
    let off = r#"{"strokes": [{"brush": "add", "radius": 4, "strength": 1, "points": [[40, 1]]}]}"#;
    let strokes = mask_strokes(off).expect("read");
    assert!(painted::paint(&strokes, 17, 17).is_err());
}

#[test]
fn bad_masks_are_refused_naming_the_flag() {
    for (values, switches, said) in [
        (
            vec![(MASK_HEIGHT, "0.6:0.2")],
            vec![],
            "LO must not be above HI",
        ),
        (vec![(MASK_HEIGHT, "0:2")], vec![], "from 0 to 1"),
        (vec![(MASK_HEIGHT, "NaN:1")], vec![], "from 0 to 1"),
        (vec![(MASK_HEIGHT, "0.5")], vec![], "LO:HI"),
        (vec![(MASK_SLOPE, "-5:40")], vec![], "0 to 90 degrees"),
        (
            vec![(SOFT.name, "0.1")],
            vec![],
            "--mask-soft shapes the edge",
        ),
        (
            vec![(MASK_SLOPE, "0:40"), (SOFT.name, "1")],
            vec![],
            "--mask-soft",
        ),
        (vec![], vec![INVERT], "--mask-invert turns a mask round"),
    ] {
        let said_now = Mask::given(&given(&values, &switches))
            .expect_err("refused")
            .message;
        assert!(said_now.contains(said), "{values:?}: {said_now}");
        assert_eq!(said_now.lines().count(), 1);
    }
    assert_eq!(Mask::given(&Given::none()).expect("no mask"), None);
}

#[test]
fn the_sidecar_names_the_mask_file_and_its_fingerprint() {
    let file = diamond_square(4, 1);
    let mut given = Given::none();
    given.maps.push((MASK, file.clone(), "ridge.png".into()));
    let (masked, _) = thermal(&given);
    let record = crate::chain::record(masked.as_ref());
    assert_eq!(record["mask"], "ridge.png");
    assert_eq!(record["mask-crc32"], format!("{:08x}", file.checksum()));
    let words = crate::chain::command_words(&[masked]);
    assert!(words.ends_with(&["--mask".to_string(), "ridge.png".to_string()]));
}

#[test]
fn a_slope_band_read_off_the_rise_weighs_every_cell_as_its_angle_does() {
    use crate::derived::{slope_map, Relief};
    let map = diamond_square(7, 5);
    let angles = slope_map(&map, Relief::as_shown(&map)).expect("slopes");
    for (low, high) in [
        (0.0, 90.0),
        (30.0, 90.0),
        (10.0, 40.0),
        (45.0, 46.0),
        (0.0, 20.0),
    ] {
        for soft in [0.0, 0.05, 0.2] {
            let mask = Mask {
                slope: Some(Band { low, high }),
                soft,
                ..Mask::default()
            };
            let weights = mask.weights(&map).expect("weights");
            let band = Band { low, high };
            for (i, &share) in angles.data().iter().enumerate() {
                let exact = band.weight(share * 90.0, soft * 90.0);
                assert_eq!(
                    weights[i].to_bits(),
                    exact.to_bits(),
                    "{low}:{high} soft {soft}, cell {i}"
                );
            }
        }
    }
}
