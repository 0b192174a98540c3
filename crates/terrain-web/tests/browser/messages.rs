//! The generator worker's request messages, made and read in the browser's JS engine: every
//! demo's setup survives the trip exactly, and a damaged message is refused with a reason.

#![cfg(target_arch = "wasm32")]

use js_sys::{Object, Reflect};
use terrain::chapters::step_list::Link;
use terrain::downloads::Download;
use terrain_web::model::demos::{self, DEMOS};
use terrain_web::model::fields::Field;
use terrain_web::worker::protocol::{Request, Ticket};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

/// A value for `field` away from every demo's default, picked by `k`: awkward floats (no short
/// decimal, tiny, the limits) and whole numbers at their ends.
fn value(field: Field, k: usize) -> Option<&'static str> {
    let values: [(Field, &'static [&'static str]); 14] = [
        (Field(&terrain::knobs::PAGE_EXPONENT), &["1", "7", "12"]),
        (
            Field(&terrain::knobs::SPREAD),
            &["0.1", "0.30000001", "1e-7", "0", "2"],
        ),
        (
            Field(&terrain::knobs::REDUCTION),
            &["0.333", "0.9999999", "0"],
        ),
        (
            Field(&terrain::chapters::diamond_square::knobs::WRAP),
            &["true", "false"],
        ),
        (
            Field(&terrain::chapters::line::knobs::LINE_ITERATIONS),
            &["1", "9", "16"],
        ),
        (
            Field(&terrain::chapters::line::knobs::ROUGHNESS),
            &["0.01", "1.25", "3"],
        ),
        (
            Field(&terrain::chapters::faults::knobs::FAULT_ITERATIONS),
            &["1", "321", "100000"],
        ),
        (
            Field(&terrain::chapters::faults::knobs::SHAPES),
            &["circle,rect", "line", "line,circle,rect,triangle"],
        ),
        (
            Field(&terrain::chapters::faults::knobs::FUZZINESS),
            &["0", "1.5", "0.1"],
        ),
        (
            Field(&terrain::chapters::eroded::knobs::DROPLETS),
            &["1", "777", "2000000"],
        ),
        (
            Field(&terrain::chapters::eroded::knobs::HELD_DROPLETS),
            &["0", "777", "2000000"],
        ),
        (
            Field(&terrain::chapters::eroded::knobs::INERTIA),
            &["0", "0.30000001", "1"],
        ),
        (
            Field(&terrain::chapters::eroded::knobs::EROSION),
            &["1e-7", "0.5", "1"],
        ),
        (
            Field(&terrain::chapters::eroded::knobs::DEPOSITION),
            &["0.999", "0", "0.1"],
        ),
    ];
    if field == Field(&terrain::knobs::SEED) {
        return None;
    }
    let (_, picks) = values.iter().find(|(f, _)| *f == field)?;
    Some(picks[k % picks.len()])
}

#[wasm_bindgen_test]
fn every_demos_setup_survives_the_trip_to_the_worker() {
    let seeds = [0, 1, 987_654_321, u64::MAX];
    for (k, &seed) in seeds.iter().enumerate() {
        for demo in DEMOS {
            let mut setup = demo.setup(seed);
            for field in demo.fields() {
                if let Some(text) = value(field, k) {
                    if field.apply(text, &mut setup).is_err() {
                        // Some demos cap a value lower (the page's largest exponent, say).
                        continue;
                    }
                }
            }
            // A composed terrain's strokes travel in its paint step, as a link writes them.
            if let Some(steps) = setup.recipe.step_list_mut() {
                let mut paint = Link::named("paint").expect("a step");
                paint.set_drawn("raise_8_0.1_1-2-3-4~smooth_2_1_5-5");
                steps.push(paint).expect("room for a step");
            }
            let downloads = ["png", "flow.r32", "normal.png", "tiles-2x2.exr", "realism"]
                .map(|name| Some(Download::parse(name).expect("a download")));
            for download in [None].into_iter().chain(downloads) {
                let sent = Request {
                    ticket: Ticket { view: 3, token: 41 },
                    demo,
                    setup: setup.clone(),
                    download,
                    source: None,
                    grid: None,
                    query: None,
                };
                let message = sent.to_js();
                let got = Request::from_js(&message).expect("a readable message");
                assert_eq!(got.setup, setup, "{} with seed {seed}", demo.id);
                assert_eq!((got.ticket.view, got.ticket.token), (3, 41));
                assert_eq!(got.demo.id, demo.id);
                assert_eq!(got.download, download);
            }
        }
    }
}

#[wasm_bindgen_test]
fn a_damaged_request_is_refused_with_a_reason() {
    let demo = demos::find("ds-final").expect("a demo with an exponent");
    let good = Request {
        ticket: Ticket { view: 0, token: 1 },
        demo,
        setup: demo.setup(5),
        download: None,
        source: None,
        grid: None,
        query: None,
    }
    .to_js();
    let damaged = |key: &str, value: JsValue| {
        let copy = Object::assign(&Object::new(), good.unchecked_ref());
        Reflect::set(&copy, &JsValue::from_str(key), &value).expect("settable");
        Request::from_js(&copy).expect_err("refused")
    };
    assert!(damaged("demo", "no-such-demo".into()).contains("no demo called"));
    assert!(damaged("seed", "-3".into()).starts_with("seed must be"));
    assert!(damaged("setup", "exponent=40".into()).starts_with("exponent must be"));
    assert!(damaged("setup", "colour=red".into()).contains("\"colour\""));
    assert!(damaged("view", JsValue::from(1.5)).contains("view"));
    assert!(damaged("token", JsValue::UNDEFINED).contains("token"));
}
