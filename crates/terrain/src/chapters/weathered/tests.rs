//! The weathered chapter: its stepped map is the command's (`terrain ds --then thermal`), and
//! each step carries its marks and what the worker measured.

use super::*;
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::steps::Steps;
use crate::chapters::{Chapter, Recipe};

fn small() -> Weathered {
    Weathered {
        params: MpdParams {
            exponent: 6,
            ..diamond_square::DEFAULT
        },
        step: Thermal {
            iterations: 20,
            ..Thermal::DEFAULT
        },
    }
}

#[test]
fn the_steps_are_one_two_four_rounds_then_all() {
    assert_eq!(small().ends(), [1, 2, 4, 8, 16, 20]);
    let one = Weathered {
        step: Thermal {
            iterations: 1,
            ..Thermal::DEFAULT
        },
        ..small()
    };
    assert_eq!(one.ends(), [1]);
    assert_eq!(small().count(), 6);
    assert_eq!(small().points_set_at(6), 4, "rounds 17 to 20");
    assert!(small()
        .caption(3)
        .contains("4 rounds of sliding towards the 35° talus"));
}

#[cfg(feature = "erosion")]
#[test]
fn in_steps_is_the_commands_map_and_marks_and_measures_each_step() {
    let weathered = small();
    let recipe = Recipe::Weathered(weathered);
    let side = weathered.size().0;
    let all: Vec<usize> = (0..side).collect();
    let made = recipe
        .in_steps(None, 3, &all, &all)
        .expect("it steps")
        .expect("valid");
    // The command: ds, then each step of the chain.
    let command = recipe.command().expect("a command");
    let mut map = command.generate(3).expect("valid");
    for step in recipe.chain() {
        step.apply(&mut map, 3).expect("valid");
    }
    assert_eq!(made.map.checksum(), map.checksum());
    assert_eq!(
        made.map.checksum(),
        recipe.generate(3).expect("valid").checksum()
    );
    let (count, n) = (weathered.count() as usize, side * side);
    assert_eq!(
        made.batches.len(),
        count * n,
        "the start and every step but the last"
    );
    assert_eq!(made.trails.len(), count * n, "marks after every step");
    let notes: Vec<&str> = made.notes.split('\n').collect();
    assert_eq!(notes.len(), count + 1, "the start and every step");
    assert!(notes[0].contains("% of neighbouring pairs steeper than the talus"));
    let marked = |step: usize| {
        made.trails[step * n..(step + 1) * n]
            .iter()
            .filter(|&&c| c != 0)
            .count()
    };
    assert!(
        marked(0) > marked(count - 1),
        "fewer steep cells as it settles"
    );
}
