use super::*;
use crate::chain::Step;
use crate::chapters::diamond_square::algorithm as ds;
use crate::chapters::midpoint::algorithm::MpdParams;

fn base() -> Heightmap {
    let params = MpdParams {
        exponent: 7,
        ..ds::DEFAULT
    };
    ds::generate(&params, 7).expect("valid")
}

fn distinct(map: &Heightmap) -> Vec<u32> {
    let mut bits: Vec<u32> = map.data().iter().map(|h| h.to_bits()).collect();
    bits.sort_unstable();
    bits.dedup();
    bits
}

#[test]
fn at_full_sharpness_only_the_level_heights_remain_the_lowest_and_highest_among_them() {
    let before = base();
    let (lo, hi) = before.range().expect("finite");
    for levels in [2, 6, 64] {
        let mut map = before.clone();
        let step = Terrace {
            levels,
            sharpness: 1.0,
        };
        step.apply(&mut map, 0).expect("ok");
        let heights = distinct(&map);
        assert!(
            heights.len() <= levels as usize + 1,
            "{levels}: {}",
            heights.len()
        );
        assert!(heights.len() >= 2, "{levels}");
        assert!(heights.contains(&lo.to_bits()) && heights.contains(&hi.to_bits()));
        // Each level is where the ground was, in its band: no height rises.
        for (a, b) in before.data().iter().zip(map.data()) {
            assert!(b <= a, "{levels}: {a} became {b}");
        }
    }
}

#[test]
fn at_no_sharpness_the_map_is_as_it_was() {
    let before = base();
    let mut map = before.clone();
    let step = Terrace {
        levels: 8,
        sharpness: 0.0,
    };
    step.apply(&mut map, 0).expect("ok");
    assert_eq!(map.data(), before.data());
}

#[test]
fn between_them_the_order_of_heights_is_kept_and_the_range_too() {
    let before = base();
    let mut map = before.clone();
    Terrace::DEFAULT.apply(&mut map, 0).expect("ok");
    assert_eq!(map.range(), before.range());
    let mut pairs: Vec<(f32, f32)> = before
        .data()
        .iter()
        .copied()
        .zip(map.data().iter().copied())
        .collect();
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    for w in pairs.windows(2) {
        assert!(w[1].1 >= w[0].1, "terraces never turn a slope over: {w:?}");
    }
    // A sharp tread: far fewer heights than the map had, though more than the levels.
    assert!(distinct(&map).len() > 9);
    let riser = Terrace::DEFAULT;
    assert_eq!(riser.within_band(0.0), 0.0);
    assert!((riser.within_band(1.0) - 1.0).abs() < 1e-12);
    assert!(
        riser.within_band(0.5) < 0.5,
        "the tread is flatter than the ground"
    );
}

#[test]
fn bad_settings_are_refused_naming_the_knob() {
    let mut map = base();
    for (step, knob) in [
        (
            Terrace {
                levels: 1,
                sharpness: 0.5,
            },
            "levels",
        ),
        (
            Terrace {
                levels: 65,
                sharpness: 0.5,
            },
            "levels",
        ),
        (
            Terrace {
                levels: 8,
                sharpness: 2.0,
            },
            "sharpness",
        ),
        (
            Terrace {
                levels: 8,
                sharpness: f32::NAN,
            },
            "sharpness",
        ),
    ] {
        let error = step.apply(&mut map, 0).expect_err("refused");
        assert_eq!(error.field, knob);
    }
}
