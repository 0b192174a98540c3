//! worker.js and the protocol module stay in step: worker.js reads and writes every message key
//! through `KEY` and `KIND`, which the page defines from `protocol::KEYS` and `protocol::KINDS`
//! in front of it, and never spells a key itself.

use terrain_web::worker::protocol::{KEYS, KINDS};
use terrain_web::worker::worker_script;

const WORKER_JS: &str = include_str!("../src/worker/worker.js");

/// The names worker.js uses after `prefix` (`KEY.` or `KIND.`).
fn used(prefix: &str) -> Vec<&'static str> {
    WORKER_JS
        .match_indices(prefix)
        .filter(|(at, _)| !WORKER_JS[..*at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
        .map(|(at, _)| {
            let rest = &WORKER_JS[at + prefix.len()..];
            let end = rest
                .find(|c: char| !c.is_alphanumeric() && c != '_')
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

#[test]
fn worker_js_uses_only_keys_defined_here() {
    let keys = used("KEY.");
    // What worker.js itself must read and write: the hello, a reply's kind, a request's map file
    // (a map reply goes to the encoders whole, read by the protocol's own code there), and the
    // error of a request whose module could not be fetched.
    for needed in [
        "worker", "chapters", "files", "readers", "kind", "source", "error",
    ] {
        assert!(keys.contains(&needed), "worker.js reads KEY.{needed}");
    }
    for key in keys {
        assert!(KEYS.contains(&key), "worker.js uses KEY.{key}, not defined");
    }
    for kind in used("KIND.") {
        assert!(
            KINDS.contains(&kind),
            "worker.js uses KIND.{kind}, not defined"
        );
    }
}

#[test]
fn worker_js_spells_no_key_itself() {
    // Outside comments, a quoted key or a key before a colon would be a second spelling.
    let code: String = WORKER_JS
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    for key in KEYS {
        for spelling in [format!("'{key}'"), format!("\"{key}\""), format!("{key}:")] {
            assert!(!code.contains(&spelling), "worker.js spells {spelling}");
        }
    }
}

#[test]
fn the_script_defines_every_key_before_worker_js() {
    let script = worker_script();
    assert!(script.starts_with("const KEY = Object.freeze({ worker: 'worker', "));
    assert!(script.contains(
        "const KIND = Object.freeze({ terrain: 'terrain', map: 'map', file: 'file', later: 'later' });"
    ));
    // Then worker.js's code, line for line, without its comments and indentation.
    let code: Vec<&str> = WORKER_JS
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect();
    assert!(script.ends_with(&(code.join("\n") + "\n")));
    assert!(
        !script.contains("//"),
        "a comment is left in the page's copy"
    );
}
