//! A chain runs its steps in order, and its command words name every setting.

use super::redistribute::Redistribute;
use super::thermal::Thermal;
use super::*;
use crate::chapters::diamond_square::algorithm as ds;
use crate::chapters::eroded::algorithm::step::Erode;
use crate::chapters::eroded::algorithm::ErosionParams;
use crate::chapters::midpoint::algorithm::MpdParams;

fn base() -> Heightmap {
    let params = MpdParams {
        exponent: 6,
        ..ds::DEFAULT
    };
    ds::generate(&params, 5).expect("valid")
}

#[test]
fn a_chain_equals_its_steps_one_by_one() {
    let erosion = ErosionParams {
        droplets: 500,
        ..ErosionParams::DEFAULT
    };
    let steps: Vec<Box<dyn Step>> = vec![
        Box::new(Erode(erosion)),
        Box::new(Thermal::default()),
        Box::new(Redistribute { power: 2.0 }),
    ];
    let mut chained = base();
    run(&steps, &mut chained, 9).expect("valid");
    let mut one_by_one = base();
    for step in &steps {
        step.apply(&mut one_by_one, 9).expect("valid");
    }
    assert_eq!(chained.checksum(), one_by_one.checksum());
    assert_ne!(chained.checksum(), base().checksum());
}

#[test]
fn the_first_refusal_stops_the_chain_and_names_the_setting() {
    let steps: Vec<Box<dyn Step>> = vec![
        Box::new(Redistribute { power: 2.0 }),
        Box::new(Thermal {
            rate: 2.0,
            ..Thermal::default()
        }),
    ];
    let mut map = base();
    let error = run(&steps, &mut map, 1).expect_err("refused");
    assert!(error.to_string().starts_with("rate"), "{error}");
}

#[test]
fn the_command_words_list_every_setting_of_every_step() {
    let steps: Vec<Box<dyn Step>> = vec![
        Box::new(Thermal::default()),
        Box::new(Redistribute { power: 1.5 }),
    ];
    assert_eq!(
        command_words(&steps).join(" "),
        "--then thermal --iterations 50 --talus 35 --rate 0.5 --then redistribute --power 1.5"
    );
}

#[test]
fn redistribute_keeps_the_range_and_bends_the_heights_between() {
    let map = base();
    let (lo, hi) = map.range().expect("finite");
    let mut bent = map.clone();
    Redistribute { power: 2.0 }
        .apply(&mut bent, 0)
        .expect("valid");
    let (blo, bhi) = bent.range().expect("finite");
    assert_eq!((lo, hi), (blo, bhi));
    for (a, b) in map.data().iter().zip(bent.data()) {
        assert!(
            b <= a,
            "raised to 2, heights between 0 and 1 of the range only fall"
        );
    }
    let mut same = map.clone();
    Redistribute { power: 1.0 }
        .apply(&mut same, 0)
        .expect("valid");
    assert_eq!(same.checksum(), map.checksum());
}
