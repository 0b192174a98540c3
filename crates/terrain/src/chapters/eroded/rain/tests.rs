use super::steps::rain_ends;
use super::RainAtScale;
use crate::chapters::steps::Steps;
use crate::chapters::{Chapter, Recipe};
use crate::erosion;

/// A small rain: 65 x 65, 3000 droplets in batches of 256.
fn small() -> RainAtScale {
    let mut rain = RainAtScale::DEFAULT;
    rain.params.exponent = 6;
    rain.step.0.droplets = 3000;
    rain.step.0.batch = 256;
    rain
}

#[test]
fn steps_end_after_doubling_batches_then_every_droplet() {
    assert_eq!(rain_ends(3000, 256), [256, 512, 1024, 2048, 3000]);
    assert_eq!(rain_ends(1024, 256), [256, 512, 1024]);
    assert_eq!(rain_ends(10, 256), [10]);
    let rain = small();
    assert_eq!(rain.count(), 5);
    let ends: Vec<u32> = (1..=rain.count()).map(|s| rain.added(s)[1].1).collect();
    assert_eq!(ends, rain_ends(3000, 256));
    assert!(rain
        .caption(0)
        .starts_with("Start (step 0 of 5): the Diamond-Square terrain"));
    let first = rain.caption(1);
    assert!(
        first.contains("of 5: droplets 1 to 256 of 3000, through batch 1"),
        "{first}"
    );
    let third = rain.caption(3);
    assert!(
        third.contains("droplets 513 to 1024 of 3000, through batch 4"),
        "{third}"
    );
    assert_eq!(
        rain.caption(5),
        "Step 5 of 5: all 3000 droplets in 12 batches (0.71 droplets a cell, each living up to \
         30 steps)"
    );
}

#[test]
fn in_steps_is_the_command_lines_map_and_keeps_each_step() {
    let rain = small();
    let seed = 11;
    // What `terrain ds --exponent 6 --erode 3000 --batch 256` writes.
    let (Some(Recipe::DiamondSquare(ds)), constants) = (rain.command(), rain.step.0) else {
        panic!("rain at scale is ds --erode --batch");
    };
    assert_eq!(constants.batch, 256);
    let mut cli = ds.generate(seed).expect("valid");
    erosion::erode(&mut cli, &constants, seed).expect("valid");
    let columns: Vec<usize> = (0..65).step_by(8).collect();
    let made = rain
        .in_steps(None, seed, &columns, &columns)
        .expect("steps")
        .expect("valid");
    assert_eq!(made.map.data(), cli.data());
    assert_eq!(rain.generate(seed).expect("valid").data(), cli.data());
    // Step 0 and the four steps before the last, each a grid of the shown points.
    let n = columns.len() * columns.len();
    assert_eq!(made.batches.len(), 5 * n);
    // The rain changes the map from step to step.
    let steps: Vec<&[f32]> = made.batches.chunks(n).collect();
    assert!(steps.windows(2).all(|w| w[0] != w[1]));
}

#[test]
fn a_job_run_elsewhere_finishes_as_the_cpu_run() {
    let rain = small();
    let job = rain.job(5).expect("valid");
    assert_eq!(job.starts().len(), 2 * 3000);
    let columns = [0, 32, 64];
    let cpu = job.clone().run(&columns, &columns).expect("valid");
    // Another engine hands back the final ground: the map is the same.
    let (_, ground, _) =
        erosion::batched::run(&job.before, &rain.step.0, 5, 256, |_, _| {}).expect("valid");
    let heights = cpu.batches.clone();
    assert_eq!(job.finish(&ground, heights).map.data(), cpu.map.data());
}

#[test]
fn a_batch_of_none_and_too_many_droplets_are_refused() {
    let mut rain = small();
    rain.step.0.batch = 0;
    assert!(rain.generate(1).is_err());
    let mut rain = small();
    rain.step.0.droplets = 100_000_001;
    assert!(rain
        .generate(1)
        .expect_err("too many")
        .message
        .contains("100000000"));
    // One after another stops at 2 000 000, and says batches go further.
    let mut sequential = rain.step.0;
    sequential.batch = 0;
    sequential.droplets = 2_000_001;
    let why = sequential.validate().expect_err("too many").message;
    assert!(why.contains("from 1 to 2000000"), "{why}");
}
