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
    assert_eq!(
        made.trails.len(),
        (count + 1) * n,
        "marks at the start and after every step"
    );
    let notes: Vec<&str> = made.notes.split('\n').collect();
    assert_eq!(notes.len(), count + 1, "the start and every step");
    assert!(notes[0].contains("% of neighbouring pairs steeper than the talus"));
    let marked = |step: usize| {
        made.trails[step * n..(step + 1) * n]
            .iter()
            .filter(|&&c| c != 0)
            .count()
    };
    assert!(marked(0) > marked(count), "fewer steep cells as it settles");
    // What a step shows: the heights kept after it and its own marks, the last step's too.
    let grid = crate::shown::display::display_grid(&made.map, side, side);
    let shown = crate::chapters::steps::Shown {
        grid: &grid,
        columns: &all,
        rows: &all,
        batches: &made.batches,
        trails: &made.trails,
    };
    for step in 0..=count as u32 {
        let (grid, marks) = weathered.staged(step, &shown);
        assert_eq!(grid.heights.len(), n);
        let at = step as usize * n;
        let expected: Vec<crate::shown::display::Mark> = made.trails[at..at + n]
            .iter()
            .map(|&c| crate::chapters::steps::trail_mark(c))
            .collect();
        assert_eq!(marks, expected, "step {step}'s marks");
    }
}

#[cfg(feature = "erosion")]
#[test]
fn steep_ground_is_outlined_and_dotted_inside_so_the_land_shows() {
    use super::steps::rounds::outlined_and_dotted;
    // All steep (beyond the edge counts as steep): one point in four, at even columns and rows.
    let marked = outlined_and_dotted(&[true; 36], 6);
    assert_eq!(marked.iter().filter(|&&c| c != 0).count(), 9);
    assert!(marked[0] != 0 && marked[1] == 0 && marked[7] == 0 && marked[14] != 0);
    // One steep point alone is marked; nothing else is.
    let mut lone = vec![false; 25];
    lone[7] = true;
    let marked = outlined_and_dotted(&lone, 5);
    assert_eq!(marked.iter().filter(|&&c| c != 0).count(), 1);
    assert_ne!(marked[7], 0);
    // A 5 x 5 steep block in a 9 x 9 map: its ring of 16 marked, its inside (3 x 3, from
    // column and row 3) dotted at (4, 4) alone; every steep point is next to a mark.
    let steep: Vec<bool> = (0..81)
        .map(|i| (2..7).contains(&(i % 9)) && (2..7).contains(&(i / 9)))
        .collect();
    let marked = outlined_and_dotted(&steep, 9);
    assert_eq!(marked.iter().filter(|&&c| c != 0).count(), 17);
    assert_ne!(marked[4 * 9 + 4], 0);
    assert_eq!(marked[3 * 9 + 3], 0);
    for i in (0..81).filter(|&i| steep[i]) {
        let (x, y) = ((i % 9) as i64, (i / 9) as i64);
        let near =
            (-1..=1).any(|dy| (-1..=1).any(|dx| marked[((y + dy) * 9 + x + dx) as usize] != 0));
        assert!(near, "steep point {i} has a mark beside it");
    }
    // Nothing steep, nothing marked.
    assert!(outlined_and_dotted(&[false; 16], 4).iter().all(|&c| c == 0));
}
