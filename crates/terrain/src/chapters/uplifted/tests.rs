//! The uplift chapter: its map is the near-flat start run through the model, and stepped it
//! ends on that map, each step measured.

use super::*;

fn small() -> Uplifted {
    Uplifted {
        exponent: 5,
        uplift: Uplift {
            steps: 20,
            ..Uplift::DEFAULT
        },
    }
}

#[test]
fn it_grows_from_near_flat_noise_and_steps_through_time() {
    let chapter = small();
    let start = chapter.start(3).expect("made");
    assert!(start
        .data()
        .iter()
        .all(|&h| (0.0..=START_RELIEF).contains(&h)));
    let made = chapter.generate(3).expect("made");
    assert_eq!(
        made.range(),
        Some((0.0, 1.0)),
        "heights 0 to 1, as every generator's"
    );
    // The model's own heights, before they are mapped to 0 to 1: the land rose.
    let mut raw = start.clone();
    chapter.uplift.run_seen(&mut raw, |_, _| {}).expect("ran");
    let peak = raw.data().iter().copied().fold(f32::MIN, f32::max);
    assert!(peak > 1.0, "the land rose: {peak}");
    // ... and their range is kept, so the sidecar gives the model's relief in cells.
    assert_eq!(made.range_before_normalising(), raw.range());
    assert_eq!(chapter.ends(), [1, 2, 4, 8, 16, 20]);
    let (columns, rows): (Vec<usize>, Vec<usize>) =
        ((0..33).step_by(4).collect(), (0..33).step_by(4).collect());
    let stepped = Recipe::Uplifted(chapter)
        .in_steps(None, 3, &columns, &rows)
        .expect("it steps")
        .expect("made");
    assert_eq!(stepped.map.data(), made.data());
    assert_eq!(stepped.map.range_before_normalising(), raw.range());
    assert_eq!(stepped.notes.lines().count(), 7, "the start and six steps");
    assert!(stepped
        .notes
        .lines()
        .last()
        .expect("a line")
        .contains("moved"));
    assert_eq!(chapter.caption(3), "Step 3 of 6: 4 time steps, time 40");
}
