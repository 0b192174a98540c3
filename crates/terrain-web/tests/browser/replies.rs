//! The generator worker's replies, made and read in the browser's JS engine: every kind of reply
//! survives the trip whole, and a damaged one reads as a failure of its request, not a crash.

#![cfg(target_arch = "wasm32")]

use js_sys::{Object, Reflect};
use terrain::downloads::Download;
use terrain_web::model::demos::{self, DEMOS};
use terrain_web::worker::protocol::{Body, Reply, Ticket};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

const TICKET: Ticket = Ticket {
    view: 7,
    token: 4_000_000_000,
};

/// `body` sent as a reply and read back.
fn trip(body: Body) -> Reply {
    let sent = Reply {
        ticket: TICKET,
        body,
        memory: Some(1 << 20),
        runs: Some(3),
    };
    let (message, _transfer) = sent.to_js();
    let got = Reply::from_js(&message).expect("a reply");
    assert_eq!(got.ticket, TICKET);
    assert_eq!(got.memory, Some(1 << 20));
    assert_eq!(
        got.runs,
        Some(3),
        "the worker's count of runs comes through"
    );
    got
}

#[wasm_bindgen_test]
fn every_demos_terrain_survives_the_trip_from_the_worker() {
    for demo in DEMOS {
        let read = terrain::diamond_square::generate(&terrain::diamond_square::DEFAULT, 11)
            .expect("a map for the read ones");
        let held = demo.held.map(|_| &read);
        let answer = demo
            .answer(&demo.setup(11), held)
            .expect("the defaults generate");
        match trip(Body::Terrain(Ok(answer.clone()))).body {
            Body::Terrain(Ok(got)) => {
                // Bit for bit: the comparison's holes are NaN, which `==` never matches.
                let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(
                    bits(&got.grid.heights),
                    bits(&answer.grid.heights),
                    "{}",
                    demo.id
                );
                assert_eq!(
                    (&got.grid.xs, &got.grid.zs),
                    (&answer.grid.xs, &answer.grid.zs)
                );
                assert_eq!(bits(&got.batches), bits(&answer.batches), "{}", demo.id);
                assert_eq!(got.variogram, answer.variogram, "{}", demo.id);
                assert_eq!(got.creases, answer.creases, "{}", demo.id);
                assert_eq!(got.relief, answer.relief, "{}", demo.id);
                assert_eq!(got.trails, answer.trails, "{}", demo.id);
            }
            other => panic!("{}: {other:?}", demo.id),
        }
    }
}

#[wasm_bindgen_test]
fn maps_files_and_failures_survive_the_trip() {
    let demo = demos::find("ds-final").expect("a 2-D demo");
    let map = demo.recipe.generate(3).expect("generates");
    let moved = terrain::chain::moved::Moved {
        wear: vec![0.25; map.data().len()],
        deposit: vec![0.5; map.data().len()],
    };
    let body = Body::Map {
        download: Download::parse("r16").expect("a download"),
        map: map.clone(),
        asked: None,
        moved: Some(moved.clone()),
    };
    match trip(body).body {
        Body::Map {
            download,
            map: got,
            asked,
            moved: got_moved,
        } => {
            assert!(asked.is_none());
            assert_eq!(
                got_moved,
                Some(moved),
                "what the chain moved, for the splat"
            );
            assert_eq!(
                got.range_before_normalising(),
                map.range_before_normalising()
            );
            assert_eq!(download.name(), "r16");
            assert_eq!((got.width(), got.height()), (map.width(), map.height()));
            assert_eq!(got.data(), map.data());
        }
        other => panic!("{other:?}"),
    }
    let bytes = vec![0, 1, 254, 255];
    assert!(matches!(trip(Body::File(Ok(bytes.clone()))).body, Body::File(Ok(b)) if b == bytes));
    let failed = |body| match trip(body).body {
        Body::Terrain(Err(e)) => ("terrain", e),
        Body::File(Err(e)) => ("file", e),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        failed(Body::Terrain(Err("too big".into()))),
        ("terrain", "too big".into())
    );
    assert_eq!(
        failed(Body::File(Err("no encoder".into()))),
        ("file", "no encoder".into())
    );
}

#[wasm_bindgen_test]
fn a_damaged_reply_is_a_failure_of_its_request_and_a_foreign_message_is_none() {
    let demo = demos::find("mpd-final").expect("a demo");
    let answer = demo.answer(&demo.setup(2), None).expect("generates");
    let (good, _) = Reply {
        ticket: TICKET,
        body: Body::Terrain(Ok(answer)),
        memory: None,
        runs: None,
    }
    .to_js();
    let damaged = |key: &str, value: JsValue| {
        let copy = Object::assign(&Object::new(), good.unchecked_ref());
        Reflect::set(&copy, &JsValue::from_str(key), &value).expect("settable");
        Reply::from_js(&copy)
    };
    let heights = damaged("heights", JsValue::from(3));
    assert!(
        matches!(heights.map(|r| r.body), Some(Body::Terrain(Err(e))) if e.contains("malformed")),
        "a terrain without its heights"
    );
    assert!(
        damaged("view", JsValue::from(-1)).is_none(),
        "no view to go to"
    );
    assert!(damaged("kind", "poem".into()).is_none(), "not a reply");
    assert!(Reply::from_js(&JsValue::from_str("hello")).is_none());
    assert_eq!(Reply::from_js(&good).map(|r| r.memory), Some(None));
}

#[wasm_bindgen_test]
fn a_request_handed_on_to_the_later_chapters_is_answered_as_the_page_answers_it() {
    use terrain_web::worker::maker::{answer, answer_later};
    use terrain_web::worker::protocol::Request;
    // What the page's module would answer, and what the hand-on brings back.
    let later = |id: &str,
                 droplets: Option<u32>,
                 download: Option<&str>,
                 held: Option<terrain::Heightmap>| {
        let demo = demos::find(id).expect("a demo");
        let mut setup = demo.setup(5);
        if let Some(droplets) = droplets {
            let field = demo
                .fields()
                .into_iter()
                .find(|f| f.knob().name == "droplets");
            field
                .expect("a demo with droplets")
                .apply(&droplets.to_string(), &mut setup)
                .expect("droplets in range");
        }
        let request = Request {
            ticket: TICKET,
            demo,
            setup,
            download: download.and_then(Download::parse),
            source: None,
            grid: None,
            query: None,
        };
        let expected = answer(&request, held.as_ref());
        // As the worker's module hands it on: the page's message as it came, with the held map.
        let sent = request.to_js();
        let message = Request::hand_on(&sent, held.as_ref()).get(0);
        let handed = Request::from_js(&message).expect("a readable request");
        let text = |m: &JsValue| js_sys::Reflect::get(m, &"setup".into()).ok()?.as_string();
        assert_eq!(
            handed.query,
            text(&sent),
            "the setup's text passed on as it came"
        );
        let got = Reply::from_js(&answer_later(&message).get(0)).expect("a reply");
        assert_eq!(got.ticket, TICKET);
        (expected, got.body)
    };
    let heights = |pair| match pair {
        (Body::Terrain(Ok(expected)), Body::Terrain(Ok(got))) => {
            let expected: terrain_web::model::answer::Answer = expected;
            assert_eq!(got.batches, expected.batches);
            (expected.grid.heights, got.grid.heights)
        }
        (
            Body::Map { map: expected, .. },
            Body::Map {
                map: got, download, ..
            },
        ) => {
            assert_eq!(download.name(), "r32");
            (expected.data().to_vec(), got.data().to_vec())
        }
        other => panic!("{other:?}"),
    };
    // The quick chapters are answered by the worker's own module; routing is handed on.
    for (id, download, later) in [("ds-final", None, false), ("ds-final", Some("water"), true)] {
        let demo = demos::find(id).expect("a demo");
        let request = Request {
            ticket: TICKET,
            demo,
            setup: demo.setup(5),
            download: download.and_then(Download::parse),
            source: None,
            grid: None,
            query: None,
        };
        assert_eq!(request.answered_later(), later);
    }
    // A fault-line demo's terrain, and a download of the erosion demo (the full map, on its way
    // to the encoders): the same heights, bit for bit.
    let (expected, got) = heights(later("fault-shapes", None, None, None));
    assert_eq!(got, expected);
    let (expected, got) = heights(later("erosion", None, Some("r32"), None));
    assert_eq!(got, expected);
    // Real land with droplets: the held map travels with the request, and is eroded.
    let land =
        terrain::diamond_square::generate(&terrain::diamond_square::DEFAULT, 4).expect("a map");
    let (dry, _) = heights(later("real-land", Some(0), None, Some(land.clone())));
    let (expected, got) = heights(later("real-land", Some(300), None, Some(land)));
    assert_eq!(got, expected);
    assert_ne!(got, dry, "the droplets eroded the held map");
}
