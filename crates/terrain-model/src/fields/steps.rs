//! The steps of a composed recipe as `name=value` pairs: `then=thermal`, then that step's
//! fields (`iterations=50&talus=35`), as the share link holds them, the worker's requests carry
//! them and the page's step fieldsets give them. One reader for all three, so a bad value gets
//! the same message wherever it came from.

use terrain::chapters::step_list::{step_names, Link, StepList};
use terrain::params::ParamError;
use terrain::Recipe;

use super::read_decimal;

/// The key that starts a step, its value the step's name.
pub const THEN: &str = "then";

/// `recipe`'s steps as pairs: `then=NAME` and each field the page offers for it; none for a
/// recipe without steps.
pub fn pairs(recipe: &Recipe) -> Vec<(&'static str, String)> {
    let mut pairs = Vec::new();
    for link in recipe.step_list().into_iter().flat_map(StepList::iter) {
        pairs.push((THEN, link.name().to_string()));
        pairs.extend(link.pairs());
    }
    pairs
}

/// Reads `pairs` (starting with `then=NAME`) into `recipe`'s steps, replacing them. Each
/// refusal comes with the place of the step it belongs to (0 for the first), its message
/// naming the step: "step 2 (thermal): talus must be ...".
pub fn read<'a>(
    recipe: &mut Recipe,
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<(usize, ParamError)> {
    let mut errors = Vec::new();
    let Some(list) = recipe.step_list_mut() else {
        return vec![(0, ParamError::new("link", "this demo takes no steps"))];
    };
    *list = StepList::EMPTY;
    // Where the current step is, or None before the first and after one refused.
    let mut at: Option<usize> = None;
    let mut count = 0;
    for (name, value) in pairs {
        if name == THEN {
            let place = count;
            count += 1;
            let pushed = match Link::named(value) {
                Some(link) => list.push(link),
                None => Err(ParamError::new(
                    "steps",
                    format!(
                        "no step is called {value:?}; the steps are {}",
                        step_names().collect::<Vec<_>>().join(", ")
                    ),
                )),
            };
            at = match pushed {
                Ok(()) => Some(place),
                Err(error) => {
                    errors.push((place, error));
                    None
                }
            };
            continue;
        }
        let (Some(place), Some(link)) = (at, list.last_mut()) else {
            if count == 0 {
                let message = format!("{name} comes before any step");
                errors.push((0, ParamError::new("steps", message)));
            }
            continue;
        };
        let step = link.name();
        let read = match link.knob_named(name) {
            Some(knob) => link.apply(knob, value, read_decimal),
            None => Err(ParamError::new(
                "steps",
                format!("{step} has no setting {name:?}"),
            )),
        };
        if let Err(error) = read {
            let message = format!("step {} ({step}): {}", place + 1, error.message);
            errors.push((place, ParamError::new(error.field, message)));
        }
    }
    check_masks(list, &mut errors);
    errors
}

/// Adds to `errors` where each step of `list` acts, once all its fields are read (a band's
/// ends together). Not generic, so one copy serves every reader of pairs.
fn check_masks(list: &StepList, errors: &mut Vec<(usize, ParamError)>) {
    for (place, link) in list.iter().enumerate() {
        if let Err(error) = link.check_mask() {
            let message = format!("step {} ({}): {}", place + 1, link.name(), error.message);
            errors.push((place, ParamError::new(error.field, message)));
        }
    }
    if let Err((place, error)) = list.check_drawn() {
        let name = list.iter().nth(place).map_or("", |link| link.name());
        let message = format!("step {} ({name}): {}", place + 1, error.message);
        errors.push((place, ParamError::new(error.field, message)));
    }
}
