//! The step registry: every step a chain can take, one row each, in the order the page offers
//! them. A row ([`StepRow`]) lives in its step's folder and says everything about the step; the
//! command line's `--then NAME` and step commands, the page's Make your own, share links, the
//! worker's requests and the sidecar are all read off this list.

use crate::chain::row::StepRow;
use crate::chain::{amplify, paint, redistribute, terrace, thermal, uplift};
use crate::chapters::eroded;

/// Every step, in the order the page offers them.
pub static STEPS: [&dyn StepRow; 7] = [
    &eroded::row::ROW,
    &thermal::row::ROW,
    &redistribute::ROW,
    &uplift::row::ROW,
    &paint::row::ROW,
    &terrace::row::ROW,
    &amplify::row::ROW,
];

/// The step called `name`; `None` for any other.
pub fn step_named(name: &str) -> Option<&'static dyn StepRow> {
    STEPS.iter().copied().find(|row| row.name() == name)
}

/// The steps' names, as a message lists them: "erode, thermal, ... or paint".
pub fn names_said() -> String {
    let names: Vec<&str> = STEPS.iter().map(|row| row.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::row::{Given, Settings, MOST_SETTINGS};

    #[test]
    fn every_row_is_named_once_and_its_step_answers_to_the_name() {
        for (at, row) in STEPS.iter().enumerate() {
            let name = row.name();
            assert_eq!(step_named(name).map(|r| r.name()), Some(name));
            assert!(
                STEPS[..at].iter().all(|other| other.name() != name),
                "{name} twice"
            );
            let step = row
                .step(&Settings::defaults(row.knobs()), &Given::none())
                .expect("a step at its defaults");
            assert_eq!(step.name(), name);
            step.validate().expect("its defaults are in range");
            let on_page = row
                .step(&Settings::defaults(row.fields()), &Given::none())
                .expect("a step at the page's defaults");
            assert_eq!(on_page.settings(), step.settings(), "{name}");
        }
        assert!(step_named("bogus").is_none());
        let said = names_said();
        assert!(STEPS.iter().all(|row| said.contains(row.name())), "{said}");
        assert!(said.ends_with(&format!(" or {}", STEPS[STEPS.len() - 1].name())));
    }

    #[test]
    fn each_table_fits_and_the_sidecar_entry_comes_from_it() {
        for row in STEPS {
            let name = row.name();
            assert!(row.knobs().len() <= MOST_SETTINGS, "{name}");
            assert!(row.fields().len() <= MOST_SETTINGS, "{name}");
            let step = row
                .step(&Settings::defaults(row.knobs()), &Given::none())
                .expect("a step");
            let flags: Vec<&str> = row.knobs().iter().map(|k| k.name).collect();
            let extras: Vec<&str> = row.extras().iter().map(|e| e.name).collect();
            for (flag, _) in step.settings() {
                assert!(
                    flags.contains(&flag) || extras.contains(&flag),
                    "{name} records --{flag}, which its table lacks"
                );
            }
            // The table's settings are recorded in the table's order.
            let recorded: Vec<&str> = step
                .settings()
                .into_iter()
                .map(|(flag, _)| flag)
                .filter(|flag| flags.contains(flag))
                .collect();
            assert_eq!(recorded, flags, "{name}");
        }
    }
}
