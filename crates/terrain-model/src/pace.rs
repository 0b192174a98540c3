//! A long job as the busy box over its canvas tells it: what is being made (the droplets or
//! faults of the setup on its way, on a map of which size), how many are done, and about how
//! long is left, estimated from the pace since the worker's first report of that job. The
//! caption under the canvas keeps describing the picture, which is still the last terrain.

use terrain::chapters::Recipe;

/// Shortest run, in milliseconds since a job's first report, before its time left is guessed:
/// the first moments (the worker fetching a module, the map's base) are not its pace.
const SETTLED_MS: f64 = 1000.0;

/// The pace of the job on its way: which job, and when and how far its first report said.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Pace {
    first: Option<(u32, f64, f32)>,
}

impl Pace {
    /// The worker says `share` (0 to 1) of job `token` is done at `now` (milliseconds): about
    /// how many seconds are left, once the job has run a second since its first report
    /// and moved; `None` before (a new token starts the clock again).
    pub fn left(&mut self, token: u32, share: f32, now: f64) -> Option<f64> {
        let (began, from) = match self.first {
            Some((job, began, from)) if job == token => (began, from),
            _ => {
                self.first = Some((token, now, share));
                return None;
            }
        };
        let (ran, moved) = (now - began, f64::from(share - from));
        if ran < SETTLED_MS || moved <= 0.0 {
            return None;
        }
        Some(ran / moved * f64::from(1.0 - share).max(0.0) / 1000.0)
    }
}

/// The busy box's words for a job making `recipe`, `share` of it done, about `left` seconds
/// left: "2 000 000 droplets on 2049 x 2049: 820 000 done, about 12 s left". A recipe without
/// droplets or faults says its map's size and the share done.
pub fn job_note(recipe: &Recipe, share: f32, left: Option<f64>) -> String {
    let (w, h) = recipe.size();
    let share = share.clamp(0.0, 1.0);
    let counted = recipe.schedule().and_then(|s| {
        let last = s.count();
        match (s.droplets_in(last).1, s.faults_in(last).1) {
            (0, 0) => None,
            (0, faults) => Some((faults, "faults")),
            (droplets, _) => Some((droplets, "droplets")),
        }
    });
    let mut note = match counted {
        Some((total, what)) => {
            let done = (f64::from(total) * f64::from(share)).round() as u64;
            format!(
                "{} {what} on {w} x {h}: {} done",
                grouped(u64::from(total)),
                grouped(done)
            )
        }
        None => format!("A {w} x {h} map: {} % done", (share * 100.0) as u32),
    };
    if let Some(left) = left.filter(|l| l.is_finite()) {
        note.push_str(", about ");
        note.push_str(&duration(left));
        note.push_str(" left");
    }
    note
}

/// `n` with its thousands apart: "2 000 000" (narrow no-break spaces, so it never wraps).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{202f}');
        }
        out.push(d);
    }
    out
}

/// `seconds` as a reader says it: "12 s", "3 min", "1 h 5 min" (rounded up, never "0 s").
fn duration(seconds: f64) -> String {
    let s = seconds.max(1.0).ceil() as u64;
    match s {
        0..=59 => format!("{s} s"),
        60..=3599 => format!("{} min", s.div_ceil(60)),
        _ => format!("{} h {} min", s / 3600, (s % 3600).div_ceil(60)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demos;
    use crate::fields::{read_setup, Field};

    fn recipe_of(id: &str) -> Recipe {
        demos::find(id).expect("a demo").setup(1).recipe
    }

    #[test]
    fn the_time_left_follows_the_pace_since_the_jobs_first_report() {
        let mut pace = Pace::default();
        assert_eq!(
            pace.left(7, 0.1, 0.0),
            None,
            "the first report starts the clock"
        );
        assert_eq!(pace.left(7, 0.15, 500.0), None, "too soon to say");
        // 0.2 of the job in 2 s: 0.5 of it left takes 5 s.
        let left = pace.left(7, 0.3, 2000.0).expect("a pace");
        assert!((left - 7.0).abs() < 1e-5, "{left}");
        assert_eq!(
            pace.left(7, 0.3, 2000.0),
            Some(left),
            "the same report, the same guess"
        );
        // Another job starts the clock again; a job that has not moved gives no guess.
        assert_eq!(pace.left(8, 0.5, 3000.0), None);
        assert_eq!(pace.left(8, 0.5, 9000.0), None);
        assert_eq!(pace.left(8, 1.0, 9000.0), Some(0.0));
    }

    #[test]
    fn a_note_names_the_jobs_own_droplets_or_faults_and_the_maps_size() {
        let start = demos::find("erosion").expect("a demo").setup(1);
        let knob = |name: &str| {
            let found = start.recipe.fields().iter().find(|k| k.name == name);
            Field(found.copied().expect("the field"))
        };
        let values = [(knob("exponent"), "11"), (knob("droplets"), "2000000")];
        let erosion = read_setup(start.clone(), values).expect("allowed").recipe;
        assert_eq!(
            job_note(&erosion, 0.41, Some(11.2)),
            "2\u{202f}000\u{202f}000 droplets on 2049 x 2049: 820\u{202f}000 done, about 12 s left"
        );
        let faults = job_note(&recipe_of("fault-lines"), 0.5, None);
        assert!(
            faults.contains(" faults on ") && faults.ends_with(" done"),
            "{faults}"
        );
        assert_eq!(
            job_note(&recipe_of("ds-final"), 0.255, Some(200.0)),
            format!(
                "A {0} x {0} map: 25 % done, about 4 min left",
                recipe_of("ds-final").size().0
            )
        );
    }

    #[test]
    fn numbers_are_grouped_and_times_said_as_a_reader_says_them() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1\u{202f}000");
        assert_eq!(grouped(16_000_000), "16\u{202f}000\u{202f}000");
        assert_eq!(duration(0.2), "1 s");
        assert_eq!(duration(59.0), "59 s");
        assert_eq!(duration(61.0), "2 min");
        assert_eq!(duration(3_900.0), "1 h 5 min");
    }
}
