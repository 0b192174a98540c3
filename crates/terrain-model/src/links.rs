//! Share links: a demo's whole state in the page address, e.g.
//! `https://…/#ds-final?exponent=9&spread=0.3&reduction=0.5&wrap=false&seed=5`, and back.
//!
//! Opening a link restores that demo's fields and so its identical terrain. A value the field
//! would refuse is reported with the field's own message, and the demo starts at its defaults.

use terrain::params::ParamError;

use super::demos::{self, Demo};
use super::fields::{self, Setup};

/// The link to `demo` showing `setup`, on the page at `base` (origin and path).
pub fn link(base: &str, demo: &Demo, setup: &Setup) -> String {
    format!("{base}#{}?{}", demo.id, query(demo, setup))
}

/// The page that shows one demo filling its frame, beside the full page in the site's folder.
pub const EMBED_PAGE: &str = "embed.html";

/// Height of the embedded demo's frame in CSS pixels: its canvas, toolbar and fields at the
/// width of a blog's column.
pub const EMBED_HEIGHT: u32 = 720;

/// The `<iframe>` code that shows `demo` as `setup` in another page; `folder` is the address of
/// the site's folder (ending in `/`), where [`EMBED_PAGE`] is.
pub fn embed_code(folder: &str, demo: &Demo, setup: &Setup) -> String {
    let src = link(&format!("{folder}{EMBED_PAGE}"), demo, setup);
    format!(
        "<iframe src=\"{}\" title=\"Terrain generation: {}\" width=\"100%\" \
         height=\"{EMBED_HEIGHT}\" style=\"border:0\" loading=\"lazy\"></iframe>",
        escape_attribute(&src),
        demo.id
    )
}

/// `text` as an HTML attribute's value between double quotes (or an element's text).
pub fn escape_attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// `demo`'s fields as they stand in `setup`, as a link's query: `exponent=9&spread=0.3&seed=5`.
/// With the demo's defaults and the seed, it gives `setup` back ([`setup_from_query`]).
pub fn query(demo: &Demo, setup: &Setup) -> String {
    let mut pairs: Vec<String> = demo
        .fields()
        .iter()
        .map(|f| format!("{}={}", f.name(), f.show(setup)))
        .collect();
    let steps = fields::steps::pairs(&setup.recipe);
    pairs.extend(steps.iter().map(|(name, value)| format!("{name}={value}")));
    pairs.join("&")
}

/// The key of a link's strokes (a composed demo's painting: `terrain::chain::paint`'s text),
/// after every field; read into the chain's `paint` step.
pub const STROKES: &str = "strokes";

/// Longest link that carries strokes: past it a link leaves them out and says so (a strokes
/// file takes them home instead).
pub const MOST_LINK: usize = 4000;

/// [`query`] with the strokes `setup`'s `paint` step holds after it (`&strokes=...`, none
/// without): all a request to the worker needs to make the terrain.
pub fn query_with_strokes(demo: &Demo, setup: &Setup) -> String {
    query(demo, setup) + &strokes_pair(setup).unwrap_or_default()
}

/// `&strokes=...`: the strokes `setup`'s `paint` step holds, as a link ends with them; `None`
/// without strokes.
pub fn strokes_pair(setup: &Setup) -> Option<String> {
    let drawn = setup.recipe.step_list().map_or("", |steps| steps.drawn());
    (!drawn.is_empty()).then(|| format!("&{STROKES}={drawn}"))
}

/// The strokes a link's (decoded) values hold, if any.
pub fn strokes(values: &[(String, String)]) -> Option<&str> {
    values
        .iter()
        .find(|(name, _)| name == STROKES)
        .map(|(_, text)| text.as_str())
}

/// The `name=value` pairs of a link's query, in order.
fn pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (name.to_string(), value.to_string())
        })
        .collect()
}

/// A demo named by a link's fragment and the values it gives (still percent-encoded).
#[derive(Debug, Clone, PartialEq)]
pub struct Linked {
    /// The demo's row.
    pub demo: &'static Demo,
    /// `name=value` pairs, in the link's order.
    pub values: Vec<(String, String)>,
}

/// Reads a fragment (`#ds-final?exponent=9&seed=5`); `None` when it names no demo (a plain
/// anchor such as `#faults`).
pub fn parse_fragment(fragment: &str) -> Option<Linked> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let (id, query) = fragment.split_once('?').unwrap_or((fragment, ""));
    let demo = demos::find(id)?;
    Some(Linked {
        demo,
        values: pairs(query),
    })
}

/// The setup a link's (decoded) values give `demo`, starting from its defaults with `seed`; or,
/// when any value is refused or names no field of the demo, the defaults and every message.
pub fn restore(demo: &Demo, values: &[(String, String)], seed: u64) -> (Setup, Vec<ParamError>) {
    match read_values(demo, values, seed) {
        Ok(setup) => (setup, Vec::new()),
        Err(errors) => (demo.setup(seed), errors),
    }
}

/// The setup a query made by [`query`] gives `demo` with `seed`, or every message when a value
/// is refused or names no field of the demo. The generator worker reads its requests with it.
pub fn setup_from_query(demo: &Demo, query: &str, seed: u64) -> Result<Setup, Vec<ParamError>> {
    read_values(demo, &pairs(query), seed)
}

/// `demo`'s defaults with `seed`, changed by the fields `values` name.
fn read_values(
    demo: &Demo,
    values: &[(String, String)],
    seed: u64,
) -> Result<Setup, Vec<ParamError>> {
    // A recipe that takes steps reads them from the first `then=` on: a link always lists the
    // whole chain, so one with values and no `then` has none.
    let takes_steps = demo.recipe.step_list().is_some() && !values.is_empty();
    let first_step = values
        .iter()
        .position(|(name, _)| name == fields::steps::THEN)
        .filter(|_| takes_steps)
        .unwrap_or(values.len());
    let drawn = strokes(values);
    let (values, steps) = values.split_at(first_step);
    // The strokes are the paint step's (`strokes`), not a field.
    let steps: Vec<&(String, String)> = steps.iter().filter(|(n, _)| n != STROKES).collect();
    let mut unknown = Vec::new();
    let mut known = Vec::new();
    let offered = demo.fields();
    for (name, value) in values {
        match offered.iter().find(|f| f.name() == name) {
            Some(&field) => known.push((field, value.as_str())),
            None => unknown.push(ParamError::new(
                "link",
                format!("the link names no setting {name:?} of this demo"),
            )),
        }
    }
    let mut start = demo.setup(seed);
    if takes_steps {
        let pairs = steps.iter().map(|(n, v)| (n.as_str(), v.as_str()));
        unknown.extend(
            fields::steps::read(&mut start.recipe, pairs)
                .into_iter()
                .map(|(_, e)| e),
        );
        if let (Some(text), Some(steps)) = (drawn, start.recipe.step_list_mut()) {
            steps.set_drawn(text);
        }
    }
    match fields::read_setup(start, known) {
        Ok(setup) if unknown.is_empty() => Ok(setup),
        Ok(_) => Err(unknown),
        Err(mut errors) => {
            errors.extend(unknown);
            Err(errors)
        }
    }
}

/// The seed a page address's query gives every demo (`?seed=123`): `None` without one, else the
/// seed or why it is refused.
pub fn seed_from_query(query: &str) -> Option<Result<u64, ParamError>> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .find_map(|pair| pair.strip_prefix("seed="))
        .map(|text| terrain::knobs::SEED.parse_whole(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fields::Field;

    fn decoded(linked: &Linked) -> Vec<(String, String)> {
        linked.values.clone()
    }

    #[test]
    fn every_demo_round_trips_through_its_link() {
        for demo in demos::DEMOS {
            // Every field the demo offers away from its default.
            let mut setup = demo.setup(987_654_321);
            for field in demo.fields() {
                let away = [
                    (Field(&terrain::knobs::PAGE_EXPONENT), "7"),
                    (Field(&terrain::knobs::SPREAD), "0.45"),
                    (Field(&terrain::knobs::REDUCTION), "0.6"),
                    (
                        Field(&terrain::chapters::diamond_square::knobs::WRAP),
                        "true",
                    ),
                    (Field(&terrain::chapters::line::knobs::LINE_ITERATIONS), "9"),
                    (Field(&terrain::chapters::line::knobs::ROUGHNESS), "1.25"),
                    (
                        Field(&terrain::chapters::faults::knobs::FAULT_ITERATIONS),
                        "321",
                    ),
                    (
                        Field(&terrain::chapters::faults::knobs::SHAPES),
                        "circle,rect",
                    ),
                    (Field(&terrain::chapters::faults::knobs::FUZZINESS), "1.5"),
                    (Field(&terrain::chapters::eroded::knobs::DROPLETS), "1234"),
                    (
                        Field(&terrain::chapters::eroded::knobs::HELD_DROPLETS),
                        "1234",
                    ),
                    (Field(&terrain::knobs::RAIN_EXPONENT), "8"),
                    (
                        Field(&terrain::chapters::eroded::knobs::RAIN_DROPLETS),
                        "4321",
                    ),
                    (Field(&terrain::chapters::eroded::knobs::BATCH), "300"),
                    (Field(&terrain::chapters::eroded::knobs::INERTIA), "0.2"),
                    (Field(&terrain::chapters::eroded::knobs::EROSION), "0.45"),
                    (Field(&terrain::chapters::eroded::knobs::DEPOSITION), "0.15"),
                    (Field(&terrain::chapters::fbm::knobs::OCTAVES), "5"),
                    (Field(&terrain::chapters::fbm::knobs::FREQUENCY), "3.5"),
                    (Field(&terrain::chapters::fbm::knobs::LACUNARITY), "2.25"),
                    (Field(&terrain::chapters::fbm::knobs::GAIN), "0.65"),
                    (Field(&terrain::chapters::fbm::knobs::SHAPE), "billow"),
                    (Field(&terrain::chain::redistribute::POWER), "1.5"),
                    (Field(&terrain::chapters::fbm::knobs::WARP), "0.75"),
                    (Field(&terrain::chapters::fbm::knobs::ORIGIN_X), "1234567"),
                    (Field(&terrain::chapters::fbm::knobs::ORIGIN_Y), "42"),
                    (Field(&terrain::chain::thermal::knobs::ITERATIONS), "77"),
                    (Field(&terrain::chain::thermal::knobs::TALUS), "28.5"),
                    (Field(&terrain::chain::thermal::knobs::RATE), "0.25"),
                    (Field(&terrain::chapters::composed::BASE), "fbm"),
                    (Field(&terrain::chain::uplift::knobs::STEPS), "33"),
                    (Field(&terrain::chain::uplift::knobs::M), "0.5"),
                    (Field(&terrain::chain::uplift::knobs::ROUTING), "mfd"),
                    (Field(&terrain::chain::uplift::knobs::DIFFUSION), "0.05"),
                    (Field(&terrain::chain::uplift::knobs::DEPOSITION), "1.5"),
                    (Field(&terrain::materials::knobs::SNOW_LINE), "0.5"),
                    (Field(&terrain::materials::knobs::TREE_LINE), "0.45"),
                    (Field(&terrain::materials::knobs::SAND_LEVEL), "0.1"),
                    (Field(&terrain::materials::knobs::ROCK_SLOPE), "32.5"),
                ];
                if field == Field(&terrain::knobs::SEED) {
                    continue;
                }
                let (_, text) = away
                    .iter()
                    .find(|(f, _)| *f == field)
                    .unwrap_or_else(|| panic!("a value away from {}'s default", field.name()));
                field.apply(text, &mut setup).expect("a valid value");
            }
            let url = link("http://127.0.0.1:8080/", demo, &setup);
            let fragment = url.split_once('#').map(|(_, f)| f).expect("a fragment");
            let linked = parse_fragment(fragment).expect("names the demo");
            assert_eq!(linked.demo.id, demo.id);
            let (restored, errors) = restore(linked.demo, &decoded(&linked), 1);
            assert!(errors.is_empty(), "{}: {errors:?}", demo.id);
            assert_eq!(restored, setup, "{}", demo.id);
        }
    }

    #[test]
    fn a_link_holds_the_whole_chain_in_order_and_refuses_a_bad_step() {
        let demo = demos::find("compose").expect("a demo");
        let fragment = "#compose?base=mpd&exponent=6&seed=3&then=redistribute&power=2\
                        &then=thermal&iterations=9&talus=30&rate=0.25&then=erode&droplets=500";
        let linked = parse_fragment(fragment).expect("a demo");
        let (setup, errors) = restore(linked.demo, &linked.values, 1);
        assert!(errors.is_empty(), "{errors:?}");
        let steps = setup.recipe.step_list().expect("steps");
        let names: Vec<&str> = steps.iter().map(|s| s.name()).collect();
        assert_eq!(names, ["redistribute", "thermal", "erode"]);
        // Made back into a link, it names every step's every field, in order.
        let again = query(demo, &setup);
        assert!(
            again.starts_with(
                "base=mpd&exponent=6&snow-line=0.78&tree-line=0.6&sand-level=0.04&rock-slope=40\
                 &seed=3&then=redistribute&power=2&then=thermal"
            ),
            "{again}"
        );
        assert_eq!(setup_from_query(demo, &again, 3), Ok(setup));
        // No steps at all is a chain too.
        let bare = setup_from_query(demo, "base=ds&exponent=6&seed=3", 3).expect("read");
        assert_eq!(bare.recipe.step_list().map(|s| s.len()), Some(0));

        for (bad, said) in [
            ("then=thermal&talus=95", "step 1 (thermal): talus must be"),
            (
                "then=erode&then=thermal&rate=NaN",
                "step 2 (thermal): rate must be",
            ),
            ("then=sculpt", "no step is called \"sculpt\""),
            (
                "then=redistribute&talus=30",
                "redistribute has no setting \"talus\"",
            ),
        ] {
            let query = format!("base=ds&exponent=6&seed=3&{bad}");
            let errors = setup_from_query(demo, &query, 3).expect_err(bad);
            assert!(errors[0].message.contains(said), "{bad}: {errors:?}");
        }
    }

    #[test]
    fn a_refused_value_is_reported_and_the_demo_starts_at_its_defaults() {
        let linked = parse_fragment("#ds-final?exponent=40&seed=5").expect("a demo");
        let (setup, errors) = restore(linked.demo, &linked.values, 77);
        assert_eq!(setup, linked.demo.setup(77));
        assert_eq!(errors.len(), 1);
        assert!(errors[0]
            .message
            .starts_with("exponent must be a whole number from 1 to 12"));
        let odd = parse_fragment("#mpd-final?colour=red").expect("a demo");
        let (_, errors) = restore(odd.demo, &odd.values, 1);
        assert!(errors[0].message.contains("\"colour\""));
        assert_eq!(parse_fragment("#faults"), None, "a plain anchor");
        assert_eq!(parse_fragment(""), None);
    }

    #[test]
    fn the_embed_code_is_an_iframe_of_the_embed_page_with_the_same_fragment() {
        let demo = demos::find("ds-final").expect("a demo");
        let setup = demo.setup(5);
        let code = embed_code("https://u.github.io/terrain/", demo, &setup);
        let fragment = link("", demo, &setup);
        assert!(code.starts_with(
            "<iframe src=\"https://u.github.io/terrain/embed.html#ds-final?exponent=5&amp;"
        ));
        assert!(code.contains(&fragment.replace('&', "&amp;")));
        assert!(code.ends_with("></iframe>"));
        assert!(!code.contains("&s"), "every ampersand is escaped: {code}");
        assert_eq!(escape_attribute("a\"<&"), "a&quot;&lt;&amp;");
    }

    #[test]
    fn the_address_seed_is_read_or_refused() {
        assert_eq!(seed_from_query("?seed=99"), Some(Ok(99)));
        assert_eq!(seed_from_query("?x=1"), None);
        let refused = seed_from_query("?seed=abc").expect("a seed was given");
        assert!(refused
            .expect_err("abc")
            .message
            .starts_with("seed must be a whole number"));
    }
}
