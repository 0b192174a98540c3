//! The stepping of every chapter, through the recipe's [`Schedule`] as the page walks it.

use super::super::*;
use crate::chapters::diamond_square::algorithm as diamond_square;
use crate::chapters::eroded::algorithm::step::Erode;
use crate::chapters::eroded::algorithm::ErosionParams;
use crate::chapters::eroded::steps::erosion_ends;
use crate::chapters::faults::algorithm::FaultParams;
use crate::chapters::line::algorithm::LineParams;
use crate::chapters::midpoint::algorithm as midpoint;
use crate::chapters::midpoint::algorithm::MpdParams;
use crate::chapters::steps::{fault_steps, grid_points};
use crate::map::heightmap::Heightmap;
use crate::map::rng::PointRng;
use crate::shown::display::Mark;

fn stepped(recipe: Recipe) -> Schedule {
    recipe.schedule().expect("a recipe that steps")
}

fn by_passes(params: MpdParams) -> Schedule {
    stepped(crate::chapters::Midpoint::recipe(params))
}

fn by_calls(params: MpdParams) -> Schedule {
    stepped(Recipe::MidpointRecursive(MidpointRecursive { params }))
}

fn by_levels(params: MpdParams) -> Schedule {
    stepped(crate::chapters::DiamondSquare::recipe(params))
}

fn by_iterations(params: LineParams) -> Schedule {
    stepped(Recipe::Line(Line { params }))
}

fn by_faults(params: FaultParams) -> Schedule {
    stepped(Recipe::Faults(Faults { params }))
}

fn by_droplets(erosion: ErosionParams) -> Schedule {
    stepped(Recipe::Eroded(Eroded {
        params: MpdParams::DEFAULT,
        step: Erode(erosion),
    }))
}

fn mpd(exponent: u32) -> MpdParams {
    MpdParams {
        exponent,
        ..MpdParams::DEFAULT
    }
}

/// How many points of a `side` x `rows` grid each step sets, by [`Schedule::step_of`].
fn census(schedule: &Schedule, side: usize, rows: usize) -> Vec<u64> {
    let mut counts = vec![0u64; schedule.count() as usize + 1];
    for y in 0..rows {
        for x in 0..side {
            counts[schedule.step_of(x, y).expect("a point schedule") as usize] += 1;
        }
    }
    counts
}

#[test]
fn midpoint_pass_k_sets_the_points_the_post_says() {
    for n in 1..=8 {
        let schedule = by_passes(mpd(n));
        let side = (1 << n) + 1;
        let counts = census(&schedule, side, side);
        assert_eq!(counts[0], 4, "corners");
        for k in 1..=n {
            let expected = grid_points(k) - grid_points(k - 1);
            let formula = ((1u64 << k) + 1).pow(2) - ((1u64 << (k - 1)) + 1).pow(2);
            assert_eq!(expected, formula);
            assert_eq!(counts[k as usize], expected, "n {n} pass {k}");
            assert_eq!(schedule.points_set_at(k), expected);
        }
    }
}

#[test]
fn midpoint_steps_match_what_each_pass_actually_writes() {
    // Run the passes one at a time on a map of NaN and watch which points each one sets.
    let n = 5;
    let schedule = by_passes(mpd(n));
    let mut map = Heightmap::square(n);
    map.data_mut().fill(f32::NAN);
    let points = PointRng::new(3);
    midpoint::init_corners(&mut map, points);
    let mut before: Vec<bool> = map.data().iter().map(|v| v.is_finite()).collect();
    for pass in 0..n {
        midpoint::pass(&mut map, pass, 0.3, points);
        for (i, v) in map.data().iter().enumerate() {
            let (x, y) = (i % map.width(), i / map.width());
            let newly = v.is_finite() && !before[i];
            assert_eq!(
                newly,
                schedule.step_of(x, y) == Some(pass + 1),
                "({x}, {y}) at pass {}",
                pass + 1
            );
        }
        before = map.data().iter().map(|v| v.is_finite()).collect();
    }
}

#[test]
fn recursive_steps_match_what_each_call_actually_writes() {
    // Run the real recursion on a map of NaN; after every call, the points set so far must be
    // those the schedule gives a step up to that call's.
    use crate::chapters::midpoint_recursive::algorithm::{displace_watched, init_corners, View};
    use crate::map::rng::TerrainRng;
    for n in 1..=5 {
        let schedule = by_calls(mpd(n));
        let recursive = MidpointRecursive { params: mpd(n) };
        let mut map = Heightmap::square(n);
        map.data_mut().fill(f32::NAN);
        let mut rng = TerrainRng::new(7);
        let mut view = View::whole(&mut map);
        init_corners(&mut view, &mut rng);
        let side = (1usize << n) + 1;
        let expected = |step: u32| -> Vec<bool> {
            (0..side * side)
                .map(|i| schedule.step_of(i % side, i / side).expect("on the map") <= step)
                .collect()
        };
        let mut calls = Vec::new();
        displace_watched(&mut view, 0.3, 0.5, &mut rng, &mut |call, set| {
            calls.push((call, set))
        });
        assert_eq!(calls.len() as u32, schedule.count());
        for (k, (call, set)) in calls.iter().enumerate() {
            let step = k as u32 + 1;
            assert_eq!(
                recursive.call_sets(step),
                Some((*call, *set)),
                "call {step}"
            );
            let ends = [
                (call.left, call.bottom),
                (call.left + call.last, call.bottom + call.last),
            ];
            assert_eq!(schedule.frame(step), Some(ends), "call {step}'s frame");
            let added = set.iter().filter(|&&s| s).count() as u64;
            assert_eq!(schedule.points_set_at(step), added);
        }
        // Replay the calls, marking what each set, and compare with the schedule's map.
        let mut done = expected(0);
        assert_eq!(done.iter().filter(|&&d| d).count(), 4, "the corners");
        for (k, (call, set)) in calls.iter().enumerate() {
            for (&(x, y), &wrote) in call.points().iter().zip(set) {
                assert_eq!(done[y * side + x], !wrote, "set once, skipped after");
                done[y * side + x] = true;
            }
            assert_eq!(done, expected(k as u32 + 1), "after call {}", k + 1);
        }
        assert!(map.data().iter().all(|v| v.is_finite()));
    }
}

#[test]
fn recursive_captions_name_the_call_its_depth_and_view() {
    let r = by_calls(MpdParams {
        exponent: 5,
        spread: 0.3,
        reduction: 0.5,
    });
    assert_eq!(r.count(), 341);
    assert_eq!(
        r.caption(1),
        "Call 1 of 341, depth 0: the 33 x 33 view at x 0-32, y 0-32, spread 0.3: sets 5 points"
    );
    // The second call is the first quarter, the top left (high y).
    assert_eq!(
        r.caption(2),
        "Call 2 of 341, depth 1: the 17 x 17 view at x 0-16, y 16-32, spread 0.15: sets 5 points"
    );
    // Depth first: the third call is that quarter's top-left quarter, the fifth the first
    // 3 x 3 view, and the sixth its neighbour to the right, whose left edge's midpoint the
    // fifth set.
    assert!(r
        .caption(3)
        .starts_with("Call 3 of 341, depth 2: the 9 x 9 view at x 0-8, y 24-32"));
    assert!(r
        .caption(5)
        .starts_with("Call 5 of 341, depth 4: the 3 x 3 view at x 0-2, y 30-32"));
    assert!(r.caption(5).ends_with("sets 5 points"));
    assert!(r
        .caption(6)
        .starts_with("Call 6 of 341, depth 4: the 3 x 3 view at x 2-4, y 30-32"));
    assert!(r
        .caption(6)
        .ends_with("sets 4 points, skips 1 a neighbouring view set already"));
    assert_eq!(r.neighbours(16, 0), [(0, 0), (32, 0)]);
    assert_eq!(r.neighbours(16, 16), [(0, 0), (32, 0), (0, 32), (32, 32)]);
    assert_eq!(
        r.neighbours(8, 16),
        [(0, 16), (16, 16)],
        "the bottom edge of call 2, the first quarter"
    );
    assert!(r.neighbours(0, 0).is_empty());
}

#[test]
fn diamond_square_steps_match_the_square_and_diamond_steps() {
    let n = 5;
    let schedule = by_levels(mpd(n));
    let side = (1 << n) + 1;
    let counts = census(&schedule, side, side);
    let mut map = Heightmap::square(n);
    map.data_mut().fill(f32::NAN);
    let points = PointRng::new(4);
    diamond_square::init_corners(&mut map, points);
    let set = |map: &Heightmap| map.data().iter().filter(|v| v.is_finite()).count() as u64;
    let mut total = set(&map);
    assert_eq!(total, counts[0]);
    let mut radius = 1usize << (n - 1);
    for level in 1..=n {
        diamond_square::square_step(&mut map, radius, 0.3, points);
        let after = set(&map);
        assert_eq!(
            after - total,
            counts[2 * level as usize - 1],
            "square {level}"
        );
        assert_eq!(
            after - total,
            1 << (2 * (level - 1)),
            "one center per square"
        );
        total = after;
        diamond_square::diamond_step(&mut map, radius, 0.3, points);
        let after = set(&map);
        assert_eq!(after - total, counts[2 * level as usize], "diamond {level}");
        total = after;
        radius /= 2;
    }
    for step in 0..=schedule.count() {
        assert_eq!(schedule.points_set_at(step), counts[step as usize]);
    }
}

#[test]
fn the_line_doubles_its_segments() {
    let schedule = by_iterations(LineParams {
        iterations: 6,
        ..LineParams::DEFAULT
    });
    let counts = census(&schedule, 65, 1);
    assert_eq!(counts, [2, 1, 2, 4, 8, 16, 32]);
}

#[test]
fn neighbours_are_two_four_or_three_on_the_border() {
    let m = by_passes(mpd(2));
    assert_eq!(m.neighbours(2, 0), [(0, 0), (4, 0)], "top edge midpoint");
    assert_eq!(m.neighbours(0, 2), [(0, 0), (0, 4)], "left edge midpoint");
    assert_eq!(m.neighbours(2, 2).len(), 4, "center");
    assert!(m.neighbours(0, 0).is_empty(), "corner");
    assert_eq!(
        m.neighbours(1, 2),
        [(0, 2), (2, 2)],
        "pass 2, horizontal edge"
    );
    assert_eq!(
        m.neighbours(2, 1),
        [(2, 0), (2, 2)],
        "pass 2, vertical edge"
    );
    let ds = by_levels(mpd(2));
    assert_eq!(
        ds.neighbours(2, 2),
        [(0, 0), (4, 0), (0, 4), (4, 4)],
        "square"
    );
    assert_eq!(
        ds.neighbours(2, 0),
        [(0, 0), (4, 0), (2, 2)],
        "diamond on the border"
    );
    assert_eq!(ds.neighbours(1, 2).len(), 4, "inner diamond");
    assert_eq!(ds.neighbours(1, 1).len(), 4, "level 2 square");
    let line = by_iterations(LineParams {
        iterations: 3,
        ..LineParams::DEFAULT
    });
    assert_eq!(line.neighbours(3, 0), [(2, 0), (4, 0)]);
    assert!(line.neighbours(8, 0).is_empty());
}

#[test]
fn captions_say_the_numbers_of_their_step() {
    let p = MpdParams {
        exponent: 5,
        spread: 0.3,
        reduction: 0.5,
    };
    let m = by_passes(p);
    assert_eq!(
        m.caption(3),
        "Pass 3 of 5: 16 squares of side 8, spread 0.075: 56 new points"
    );
    assert_eq!(m.points_set_at(3), 9 * 9 - 5 * 5);
    assert!(m
        .caption(1)
        .starts_with("Pass 1 of 5: 1 square of side 32, spread 0.3"));
    let ds = by_levels(p);
    assert_eq!(ds.count(), 10);
    assert!(ds
        .caption(3)
        .starts_with("Step 3 of 10, square step of level 2: 4 square centers 8"));
    assert!(ds
        .caption(4)
        .contains(&format!("{} diamond centers", ds.points_set_at(4))));
    let faults = by_faults(FaultParams::DEFAULT);
    assert!(faults
        .caption(1)
        .starts_with("Step 1 of 10: fault 1 of 500, outlined"));
    assert_eq!(
        faults.caption(4),
        "Step 4 of 10: faults 5 to 8 of 500 (4 new cuts, outlined)"
    );
}

#[test]
fn fault_steps_double_their_cut_counts_and_the_last_is_the_finished_map() {
    for iterations in [1, 2, 3, 4, 5, 7, 8, 9, 500, 1500, 65_536, 100_000] {
        let faults = by_faults(FaultParams {
            iterations,
            ..FaultParams::DEFAULT
        });
        let last = faults.count();
        assert_eq!(faults.faults_in(0), (0, 0), "step 0: no fault");
        let ends: Vec<u32> = (1..=last).map(|s| faults.faults_in(s).1).collect();
        assert_eq!(
            *ends.last().expect("a step"),
            iterations,
            "the last step: every fault"
        );
        for (s, pair) in ends.windows(2).enumerate() {
            assert_eq!(faults.faults_in(s as u32 + 2).0, pair[0], "steps join");
            if s + 2 < last as usize {
                assert_eq!(pair[1], 2 * pair[0], "{iterations} faults: counts double");
            } else {
                assert!(pair[0] < pair[1] && pair[1] <= 2 * pair[0], "then the rest");
            }
        }
        let total: u64 = (1..=last).map(|s| faults.points_set_at(s)).sum();
        assert_eq!(
            total,
            u64::from(iterations),
            "every fault in exactly one step"
        );
    }
    assert_eq!((fault_steps(1500), fault_steps(100_000)), (12, 18));
}

#[test]
fn erosion_steps_go_one_droplet_at_a_time_then_double_and_end_with_all() {
    assert_eq!(erosion_ends(5), [1, 2, 3, 4, 5]);
    assert_eq!(erosion_ends(8), [1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(erosion_ends(100), [1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 100]);
    assert_eq!(erosion_ends(128), [1, 2, 3, 4, 5, 6, 7, 8, 16, 32, 64, 128]);
    let e = by_droplets(ErosionParams {
        droplets: 30_000,
        ..ErosionParams::DEFAULT
    });
    assert_eq!(e.count(), 8 + 11 + 1, "16 ... 16384, then 30000");
    assert_eq!(e.droplets_in(0), (0, 0));
    assert_eq!(e.droplets_in(3), (2, 3));
    assert_eq!(e.droplets_in(9), (8, 16));
    assert_eq!(e.droplets_in(e.count()), (16_384, 30_000));
    assert!(e
        .caption(1)
        .starts_with("Step 1 of 20: droplet 1 of 30000, its path"));
    assert!(e
        .caption(9)
        .starts_with("Step 9 of 20: droplets 9 to 16 of 30000 (8 more)"));
    // The last says how hard it rained, per cell, and how long droplets lived (33 x 33).
    assert_eq!(
        e.caption(20),
        "Step 20 of 20: all 30000 droplets (28 droplets a cell, each living up to 30 steps); \
         the Erosion view shows what they removed and laid down"
    );
    let total: u64 = (1..=e.count()).map(|s| e.points_set_at(s)).sum();
    assert_eq!(total, 30_000);
}

#[test]
fn step_demos_mark_the_points_their_stage_set() {
    let marks = |recipe: &Recipe| -> Vec<(usize, usize, Mark)> {
        (0..9)
            .flat_map(|y| (0..9).map(move |x| (x, y)))
            .filter_map(|(x, y)| {
                let mark = recipe.stage().expect("a partial stage").mark(x, y);
                (mark != Mark::Unset).then_some((x, y, mark))
            })
            .collect()
    };
    let (h, s) = (Mark::Highlight, Mark::Set);
    let edges = Recipe::Midpoint(Midpoint {
        params: mpd(3),
        stage: midpoint::Stage::Edges,
    });
    assert_eq!(
        marks(&edges),
        [
            (0, 0, s),
            (4, 0, h),
            (8, 0, s),
            (0, 4, h),
            (8, 4, h),
            (0, 8, s),
            (4, 8, h),
            (8, 8, s)
        ]
    );
    let square = Recipe::DiamondSquare(DiamondSquare {
        params: mpd(3),
        stage: diamond_square::Stage::Square,
        wrap: false,
    });
    assert_eq!(
        marks(&square),
        [(0, 0, s), (8, 0, s), (4, 4, h), (0, 8, s), (8, 8, s)]
    );
    let diamond = Recipe::DiamondSquare(DiamondSquare {
        params: mpd(3),
        stage: diamond_square::Stage::Diamond,
        wrap: false,
    });
    let set: Vec<_> = marks(&diamond).into_iter().filter(|m| m.2 == h).collect();
    assert_eq!(set, [(4, 0, h), (0, 4, h), (8, 4, h), (4, 8, h)]);
    assert_eq!(marks(&diamond).len(), 9);
    assert_eq!(crate::chapters::Midpoint::recipe(mpd(3)).stage(), None);
}

#[test]
fn step_demos_name_the_neighbours_their_points_averaged() {
    let around = |recipe: Recipe, x: usize, y: usize| {
        let mut n = recipe.stage().expect("a partial stage").neighbours(x, y);
        n.sort_unstable();
        n
    };
    let mpd_stage = |stage| {
        Recipe::Midpoint(Midpoint {
            params: mpd(3),
            stage,
        })
    };
    let ds_stage = |stage| {
        Recipe::DiamondSquare(DiamondSquare {
            params: mpd(3),
            stage,
            wrap: false,
        })
    };
    // Midpoint displacement: an edge midpoint from its 2 corners, the center from the 4 edges.
    let edges = mpd_stage(midpoint::Stage::Edges);
    assert_eq!(around(edges.clone(), 4, 0), [(0, 0), (8, 0)]);
    assert_eq!(around(edges.clone(), 0, 4), [(0, 0), (0, 8)]);
    assert_eq!(around(edges, 0, 0), [], "a corner averaged nothing");
    let center = mpd_stage(midpoint::Stage::Center);
    assert_eq!(
        around(center.clone(), 4, 4),
        [(0, 4), (4, 0), (4, 8), (8, 4)]
    );
    assert_eq!(around(center, 4, 0), [], "set by an earlier stage");
    // Diamond-Square: the center from the 4 corners, a border diamond from 3 points.
    let square = ds_stage(diamond_square::Stage::Square);
    assert_eq!(around(square, 4, 4), [(0, 0), (0, 8), (8, 0), (8, 8)]);
    let diamond = ds_stage(diamond_square::Stage::Diamond);
    assert_eq!(around(diamond.clone(), 8, 4), [(4, 4), (8, 0), (8, 8)]);
    assert_eq!(around(diamond, 4, 4), []);
}
