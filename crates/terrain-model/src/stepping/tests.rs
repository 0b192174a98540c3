//! The stepper's tests: moving, playing, and what each algorithm's steps mark.

use super::*;
use crate::fields::Field;
use terrain::chapters::{Midpoint, MidpointRecursive};
use terrain::midpoint::{MpdParams, Stage};
use terrain::variogram::Variogram;
use terrain::Recipe;

/// An answer of just the shown points.
fn answer(grid: &DisplayGrid) -> Answer {
    Answer {
        relief: 1.0,
        grid: grid.clone(),
        batches: Vec::new(),
        variogram: Variogram {
            points: Vec::new(),
            slope: 0.0,
        },
        creases: None,
        trails: Vec::new(),
        engine: None,
        notes: String::new(),
        masks: Vec::new(),
    }
}

fn setup(exponent: u32) -> Setup {
    Setup {
        recipe: terrain::chapters::Midpoint::recipe(MpdParams {
            exponent,
            ..MpdParams::DEFAULT
        }),
        seed: 4,
    }
}

fn grid(setup: &Setup) -> DisplayGrid {
    let map = setup.recipe.generate(setup.seed).expect("valid");
    display::display_grid(&map, display::DISPLAY_MAX_SIDE, display::DISPLAY_MAX_SIDE)
}

#[test]
fn a_new_terrain_opens_at_the_end_and_steps_stay_in_range() {
    let s = setup(5);
    let mut stepper = Stepper::for_setup(&s);
    assert_eq!((stepper.step(), stepper.count()), (5, 5));
    assert!(!stepper.apply(StepAction::Forward), "already at the end");
    assert!(stepper.apply(StepAction::Back));
    assert!(stepper.apply(StepAction::To(99)));
    assert_eq!(stepper.step(), 5, "clamped");
    assert!(stepper.apply(StepAction::To(0)));
    assert!(!stepper.apply(StepAction::Back), "never below 0");
}

#[test]
fn play_runs_to_the_end_and_stops_and_reduced_motion_jumps() {
    let s = setup(3);
    let mut stepper = Stepper::for_setup(&s);
    assert!(stepper.toggle_play(false), "at the end, play starts over");
    assert_eq!(stepper.step(), 0);
    let mut ticks = 0;
    while stepper.tick() {
        ticks += 1;
    }
    assert_eq!((ticks, stepper.step(), stepper.playing), (3, 3, false));
    stepper.apply(StepAction::To(1));
    assert!(
        stepper.toggle_play(true),
        "reduced motion: straight to the end"
    );
    assert_eq!((stepper.step(), stepper.playing), (3, false));
}

#[test]
fn play_covers_hundreds_of_calls_in_at_most_its_ticks() {
    let s = Setup {
        recipe: Recipe::MidpointRecursive(MidpointRecursive {
            params: MpdParams::DEFAULT,
        }),
        seed: 1,
    };
    let mut stepper = Stepper::for_setup(&s);
    assert!(stepper.count() > 300);
    stepper.toggle_play(false);
    let mut ticks = 0;
    while stepper.tick() {
        ticks += 1;
    }
    assert!(
        ticks <= PLAY_TICKS && ticks > PLAY_TICKS / 2,
        "{ticks} ticks"
    );
    assert!(stepper.at_end());
}

#[test]
fn the_last_step_is_the_finished_map_with_nothing_marked() {
    let s = setup(5);
    let g = grid(&s);
    let stepper = Stepper::for_setup(&s);
    assert_eq!(stepper.staged(&s, &answer(&g)), (g.clone(), Vec::new()));
}

#[test]
fn step_zero_of_midpoint_displacement_raises_only_the_four_corners() {
    let s = setup(5);
    let g = grid(&s);
    let mut stepper = Stepper::for_setup(&s);
    stepper.apply(StepAction::To(0));
    let (staged, marks) = stepper.staged(&s, &answer(&g));
    let raised: Vec<usize> = (0..staged.heights.len())
        .filter(|&i| marks[i] != Mark::Unset)
        .collect();
    assert_eq!(raised, [0, 32, 33 * 32, 33 * 33 - 1]);
    assert!(raised.iter().all(|&i| marks[i] == Mark::Highlight));
    assert!(staged
        .heights
        .iter()
        .enumerate()
        .all(|(i, &h)| raised.contains(&i) || h == 0.0));
    stepper.apply(StepAction::To(2));
    let (_, marks) = stepper.staged(&s, &answer(&g));
    let count = |m: Mark| marks.iter().filter(|&&x| x == m).count();
    assert_eq!(count(Mark::Highlight), 25 - 9, "pass 2 of a 33 x 33 map");
    assert_eq!(count(Mark::Set), 9);
}

#[test]
fn the_example_point_shows_the_neighbours_it_averaged() {
    let s = setup(2);
    let g = grid(&s);
    let mut stepper = Stepper::for_setup(&s);
    stepper.apply(StepAction::To(1));
    // Pass 1 of a 5 x 5 map: of the points it set, the center (2, 2) is the middlemost; it
    // averaged the four edge midpoints, 2 points away.
    assert_eq!(
        stepper.example(&s, &g, None),
        Some((12, vec![10, 14, 2, 22]))
    );
    // Hovering the top edge's midpoint: the two corners it averaged.
    assert_eq!(stepper.example(&s, &g, Some(2)), Some((2, vec![0, 4])));
    // Hovering a corner (not set by this step) falls back to the middlemost point.
    assert_eq!(stepper.example(&s, &g, Some(0)).map(|e| e.0), Some(12));
    stepper.apply(StepAction::To(2));
    assert_eq!(
        stepper.example(&s, &g, None),
        None,
        "the last step shows no example"
    );
}

#[test]
fn a_recursive_call_outlines_its_view_and_marks_what_it_skipped() {
    let s = Setup {
        recipe: Recipe::MidpointRecursive(MidpointRecursive {
            params: MpdParams {
                exponent: 5,
                ..MpdParams::DEFAULT
            },
        }),
        seed: 2,
    };
    let g = grid(&s);
    let mut stepper = Stepper::for_setup(&s);
    assert_eq!(stepper.count(), 341, "one step per call");
    let count = |marks: &[Mark], m: Mark| marks.iter().filter(|&&x| x == m).count();
    let at = |marks: &[Mark], x: usize, y: usize| marks[y * 33 + x];
    // Call 1: the whole map; its border, less the corners and the edge midpoints it set.
    stepper.apply(StepAction::To(1));
    let (_, marks) = stepper.staged(&s, &answer(&g));
    assert_eq!(count(&marks, Mark::Highlight), 5);
    assert_eq!(count(&marks, Mark::Outline), 4 * 32 - 4);
    assert_eq!(at(&marks, 0, 7), Mark::Outline);
    // Call 6: a 3 x 3 view at x 2-4, y 30-32; its left midpoint (2, 31) was set by call 5.
    stepper.apply(StepAction::To(6));
    let (_, marks) = stepper.staged(&s, &answer(&g));
    assert_eq!(at(&marks, 2, 31), Mark::Skipped);
    assert_eq!(count(&marks, Mark::Skipped), 1);
    assert_eq!(count(&marks, Mark::Highlight), 4);
    assert_eq!(
        at(&marks, 4, 31),
        Mark::Highlight,
        "its right edge's midpoint"
    );
    // The view's corners, set before, are its outline.
    assert_eq!(at(&marks, 2, 30), Mark::Outline);
    assert_eq!(at(&marks, 4, 30), Mark::Outline);
    assert_eq!(at(&marks, 4, 32), Mark::Outline);
    assert_eq!(at(&marks, 10, 10), Mark::Unset);
}

#[test]
fn a_tile_is_shown_two_by_two_at_every_step() {
    let mut s = Setup {
        recipe: terrain::chapters::DiamondSquare::recipe(MpdParams::DEFAULT),
        seed: 3,
    };
    Field(&terrain::chapters::diamond_square::knobs::WRAP)
        .apply("true", &mut s)
        .expect("ds tiles");
    let g = grid(&s);
    let mut stepper = Stepper::for_setup(&s);
    let (tiled, marks) = stepper.staged(&s, &answer(&g));
    assert_eq!(tiled.size(), (65, 65));
    assert!(marks.is_empty());
    assert_eq!(tiled.heights[5], tiled.heights[5 + 32], "the copies repeat");
    stepper.apply(StepAction::To(3));
    let (_, marks) = stepper.staged(&s, &answer(&g));
    assert_eq!(marks.len(), 65 * 65);
    assert_eq!(stepper.example(&s, &g, None), None);
}

#[test]
fn step_demos_mark_their_stage() {
    let s = Setup {
        recipe: Recipe::Midpoint(Midpoint {
            params: MpdParams::DEFAULT,
            stage: Stage::Center,
        }),
        seed: 1,
    };
    let g = grid(&s);
    let stepper = Stepper::for_setup(&s);
    assert_eq!(stepper.count(), 0, "no stepper on a step demo");
    let (_, marks) = stepper.staged(&s, &answer(&g));
    assert_eq!(marks.iter().filter(|&&m| m == Mark::Highlight).count(), 1);
}

#[test]
fn the_highlight_links_the_example_and_frames_a_recursive_call() {
    let s = Setup {
        recipe: Recipe::MidpointRecursive(MidpointRecursive {
            params: MpdParams {
                exponent: 5,
                ..MpdParams::DEFAULT
            },
        }),
        seed: 2,
    };
    let g = grid(&s);
    let mut stepper = Stepper::for_setup(&s);
    assert!(
        stepper.highlight(&s, &g, None).is_empty(),
        "the finished map"
    );
    // Call 6: the 3 x 3 view at x 2-4, y 30-32; its center (3, 31) averaged the view's corners.
    stepper.apply(StepAction::To(6));
    let highlight = stepper.highlight(&s, &g, None);
    let index = |x: usize, y: usize| y * 33 + x;
    let (point, mut around) = highlight.links[0].clone();
    around.sort_unstable();
    assert_eq!(point, index(3, 31));
    let corners = [index(2, 30), index(4, 30), index(2, 32), index(4, 32)];
    assert_eq!(around, corners);
    // Its frame: the view's corners, in order around it.
    let frame = highlight.frame;
    assert_eq!(
        frame,
        [index(2, 30), index(4, 30), index(4, 32), index(2, 32)]
    );
    // Call 1, the whole map: its frame is the map's corners.
    stepper.apply(StepAction::To(1));
    let frame = stepper.highlight(&s, &g, None).frame;
    assert_eq!(
        frame,
        [index(0, 0), index(32, 0), index(32, 32), index(0, 32)]
    );
}

#[test]
fn a_pass_links_its_example_and_frames_nothing() {
    let s = setup(5);
    let g = grid(&s);
    let mut stepper = Stepper::for_setup(&s);
    stepper.apply(StepAction::To(3));
    let highlight = stepper.highlight(&s, &g, None);
    assert!(highlight.frame.is_empty());
    // Pass 3 of a 33 x 33 map: the middlemost of its points is (16, 12), 4 above the center, an
    // edge midpoint that averaged its edge's two ends.
    let (point, mut around) = highlight.links[0].clone();
    around.sort_unstable();
    assert_eq!(point, 12 * 33 + 16);
    assert_eq!(around, [8 * 33 + 16, 16 * 33 + 16]);
    // It leads the alternatives a view chooses among: the map view draws it, a 3-D view the
    // one whose points land farthest apart on screen.
    assert!(highlight.alternatives);
    assert_eq!(highlight.links.len(), CANDIDATES);
    assert_eq!(highlight.chosen(|_| 1.0, 0.0), &highlight.links[..1]);
    let last = highlight.links[CANDIDATES - 1].0;
    let rate = |link: &Link| if link.0 == last { 2.0 } else { 1.0 };
    let only = |links: &[Link]| links.iter().map(|l| l.0).collect::<Vec<_>>();
    assert_eq!(
        only(highlight.chosen(rate, 1.0)),
        [point],
        "the first good enough"
    );
    assert_eq!(
        only(highlight.chosen(rate, 1.5)),
        [last],
        "the only one good enough"
    );
    assert_eq!(
        only(highlight.chosen(rate, 3.0)),
        [last],
        "none is: the best"
    );
    // Hovering a point of the step puts it first.
    let hovered = stepper.highlight(&s, &g, Some(last));
    assert_eq!(hovered.links[0].0, last);
    assert_eq!(hovered.links.iter().filter(|l| l.0 == last).count(), 1);
    stepper.apply(StepAction::To(0));
    assert!(
        stepper.highlight(&s, &g, None).is_empty(),
        "the corners averaged nothing"
    );
}

#[test]
fn a_step_demo_links_every_point_its_stage_set() {
    let s = Setup {
        recipe: Recipe::DiamondSquare(terrain::chapters::DiamondSquare {
            params: MpdParams::DEFAULT,
            stage: terrain::diamond_square::Stage::Diamond,
            wrap: false,
        }),
        seed: 1,
    };
    let g = grid(&s);
    let highlight = Stepper::for_setup(&s).highlight(&s, &g, None);
    assert_eq!(highlight.links.len(), 4, "the 4 edge midpoints");
    assert!(!highlight.alternatives, "all drawn");
    assert_eq!(highlight.chosen(|_| 0.0, 1.0).len(), 4);
    assert!(highlight.links.iter().all(|(_, around)| around.len() == 3));
    assert!(highlight.frame.is_empty());
}
