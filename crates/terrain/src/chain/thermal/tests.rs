//! Thermal erosion's promises: the ground's total kept exactly, the same bytes on any number of
//! threads and for any order of the cells, and slopes brought down to the talus.

use super::*;
use crate::chapters::diamond_square::algorithm as ds;
use crate::chapters::midpoint::algorithm::MpdParams;

fn diamond_square(exponent: u32, seed: u64) -> Heightmap {
    let params = MpdParams {
        exponent,
        ..ds::DEFAULT
    };
    ds::generate(&params, seed).expect("valid")
}

fn whole(map: &Heightmap) -> (Vec<i64>, f64) {
    let unit = f64::from(1u32 << fraction_bits(map).expect("finite"));
    let ground = map
        .data()
        .iter()
        .map(|&v| (f64::from(v) * unit).round() as i64)
        .collect();
    (ground, unit)
}

fn on_threads(map: &Heightmap, thermal: &Thermal, threads: usize) -> Heightmap {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a pool");
    let mut map = map.clone();
    pool.install(|| thermal.apply(&mut map, 0)).expect("valid");
    map
}

#[test]
fn the_grounds_total_is_kept_exactly() {
    let map = diamond_square(6, 1);
    let (before, unit) = whole(&map);
    let mut after = map.clone();
    Thermal {
        iterations: 40,
        ..Thermal::default()
    }
    .apply(&mut after, 0)
    .expect("valid");
    // The heights come back as f32: in the run's units they are whole again.
    let (moved, same_unit) = whole(&after);
    assert_eq!(unit, same_unit);
    assert_ne!(before, moved, "material slid");
    assert_eq!(before.iter().sum::<i64>(), moved.iter().sum::<i64>());
}

#[test]
fn the_same_bytes_on_any_number_of_threads_and_for_any_order_of_cells() {
    let map = diamond_square(6, 2);
    let thermal = Thermal {
        iterations: 20,
        ..Thermal::default()
    };
    let one = on_threads(&map, &thermal, 1);
    for threads in [2, 3, 8] {
        assert_eq!(
            one.checksum(),
            on_threads(&map, &thermal, threads).checksum(),
            "{threads}"
        );
    }
    let cells = map.width() * map.height();
    let backwards: Vec<usize> = (0..cells).rev().collect();
    // A shuffle: a step coprime to the number of cells visits every cell once.
    let shuffled: Vec<usize> = (0..cells).map(|i| (i * 2_654_435_761) % cells).collect();
    for order in [backwards, shuffled] {
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert!(sorted.iter().copied().eq(0..cells), "every cell once");
        let mut other = map.clone();
        thermal.apply_in(&mut other, Some(&order)).expect("valid");
        assert_eq!(one.checksum(), other.checksum());
    }
}

/// The share of pairs steeper than the talus on Diamond-Square 2^`exponent` + 1 (seed 3) after
/// each number of rounds, each run from the start; and the start's.
fn shares(exponent: u32, rounds: &[u32]) -> (f64, Vec<f64>) {
    let map = diamond_square(exponent, 3);
    let before = span(&map);
    let talus = Thermal::default().talus;
    let after = rounds
        .iter()
        .map(|&iterations| {
            let mut eased = map.clone();
            Thermal {
                iterations,
                ..Thermal::default()
            }
            .apply(&mut eased, 0)
            .expect("valid");
            steep_share(&eased, talus, before)
        })
        .collect();
    (steep_share(&map, talus, before), after)
}

#[test]
fn the_share_of_pairs_steeper_than_the_talus_falls_with_every_round() {
    // Diamond-Square at the page's relief is steep at every scale: its one-cell roughness
    // settles in a few rounds, its hillsides (steeper than the talus over tens of cells) only
    // as material travels their length, a cell a round, so the time grows with the square of
    // their length: at 257² the share halves in 500 rounds and is a quarter near 3000; at
    // 129² a quarter by 1000 (docs/realism.md, "Thermal erosion").
    let (start, after) = shares(8, &[1, 10, 100, 500]);
    assert!(
        start > 0.2,
        "Diamond-Square has slopes to bring down: {start}"
    );
    let mut last = start;
    for (share, rounds) in after.iter().zip([1, 10, 100, 500]) {
        assert!(*share < last, "after {rounds}: {share}, not under {last}");
        last = *share;
    }
    assert!(last <= start / 2.0, "257², 500 rounds: {last} of {start}");
    let (start, after) = shares(7, &[1000]);
    assert!(
        after[0] <= start / 4.0,
        "129², 1000 rounds: {} of {start}",
        after[0]
    );
}

#[test]
fn a_slope_at_the_talus_stays_and_a_cliff_spreads_downhill_only() {
    // A ramp rising its whole range across the map stands at atan(0.6), 31 degrees, in the
    // page's relief (0.6 of the width): under the talus, it stays put. Its heights are whole
    // numbers of the run's units, so nothing is rounded either.
    let side = 33;
    let ramp: Vec<f32> = (0..side * side)
        .map(|i| (i % side) as f32 / 1024.0)
        .collect();
    let ramp = Heightmap::from_data(side, side, ramp).expect("valid");
    let mut after = ramp.clone();
    Thermal::default().apply(&mut after, 0).expect("valid");
    assert_eq!(
        after.checksum(),
        ramp.checksum(),
        "nothing steeper than the talus"
    );

    // One tall column: it sheds to its ring, and nothing moves where nothing stood above.
    let mut spike = vec![0.0f32; side * side];
    spike[16 * side + 16] = 1.0;
    let spike = Heightmap::from_data(side, side, spike).expect("valid");
    let mut after = spike.clone();
    Thermal {
        iterations: 1,
        ..Thermal::default()
    }
    .apply(&mut after, 0)
    .expect("valid");
    let changed: Vec<usize> = (0..side * side)
        .filter(|&i| after.data()[i] != spike.data()[i])
        .collect();
    assert_eq!(changed.len(), 9, "the column and its eight neighbours");
    assert!(after.data()[16 * side + 16] < 1.0 && after.data()[16 * side + 17] > 0.0);
}

#[test]
fn settings_out_of_range_are_refused_by_name() {
    for (thermal, name) in [
        (
            Thermal {
                talus: 90.0,
                ..Thermal::default()
            },
            "talus",
        ),
        (
            Thermal {
                talus: f32::NAN,
                ..Thermal::default()
            },
            "talus",
        ),
        (
            Thermal {
                iterations: 0,
                ..Thermal::default()
            },
            "iterations",
        ),
        (
            Thermal {
                rate: 0.6,
                ..Thermal::default()
            },
            "rate",
        ),
    ] {
        let mut map = diamond_square(3, 1);
        let error = thermal.apply(&mut map, 0).expect_err("refused");
        assert!(error.to_string().starts_with(name), "{error}");
    }
}
