//! The front end's source stays findable: files of at most 400 lines, no import cycle between
//! modules or between the folders (`model`, `page`, `gpu`, `worker`), and the worker's message
//! keys spelled only in `worker/protocol/keys.rs` (worker.js reads them through `KEY`, see
//! tests/worker_script.rs).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use terrain_web::worker::protocol::KEYS;

const MOST_LINES: usize = 400;

/// Every `.rs` file under `src/`, with its module path (`page::view` for `page/view/mod.rs`).
fn modules() -> Vec<(Vec<String>, PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).expect("readable source folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    walk(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(&src).expect("under src");
            let mut parts: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|p| p.to_string_lossy().into_owned())
                .collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                parts.pop();
            }
            let text = fs::read_to_string(&path).expect("readable source");
            (parts, path, text)
        })
        .collect()
}

/// The modules the code in `text` (the file of module `me`) refers to through `crate::` or
/// `super::` paths, resolved to the longest known module path.
fn references(me: &[String], text: &str, known: &BTreeSet<Vec<String>>) -> BTreeSet<Vec<String>> {
    let mut found = BTreeSet::new();
    // Code only: a doc comment's link is not an import.
    let code: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect();
    let code = code.join("\n");
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .collect();
    for word in words {
        let mut segments = word.split("::").filter(|s| !s.is_empty());
        let mut path: Vec<String> = match segments.next() {
            Some("crate") => Vec::new(),
            Some("super") => {
                // `super` of a file's module is its parent (of `lib`, nothing).
                let mut parent = me.to_vec();
                parent.pop();
                parent
            }
            _ => continue,
        };
        let mut best = None;
        for segment in segments {
            if segment == "super" {
                path.pop();
                continue;
            }
            path.push(segment.to_string());
            if known.contains(&path) {
                best = Some(path.clone());
            }
        }
        if let Some(module) = best {
            found.insert(module);
        }
    }
    found
}

/// A cycle in `edges`, if there is one.
fn cycle(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<Vec<String>>> {
    fn visit(
        node: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        path: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            return Some(path[at..].to_vec());
        }
        if !done.insert(node.clone()) {
            return None;
        }
        path.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|node| visit(node, edges, &mut Vec::new(), &mut done))
}

#[test]
fn no_source_file_is_over_400_lines() {
    for (_, path, text) in modules() {
        let lines = text.lines().count();
        assert!(lines <= MOST_LINES, "{} has {lines} lines", path.display());
    }
}

#[test]
fn the_front_end_is_in_folders_by_job() {
    let folders: BTreeSet<String> = modules()
        .into_iter()
        .filter(|(parts, _, _)| parts.len() > 1)
        .map(|(parts, _, _)| parts[0].clone())
        .collect();
    let expected = ["gpu", "model", "page", "worker"].map(String::from);
    assert_eq!(folders, BTreeSet::from(expected));
}

#[test]
fn no_module_and_no_folder_imports_in_a_circle() {
    let modules = modules();
    let known: BTreeSet<Vec<String>> = modules.iter().map(|(m, _, _)| m.clone()).collect();
    // A module and the modules inside it are one room (a view and its drawing); between rooms,
    // and between the top folders, references go one way only.
    let related = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let mut folders: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let mut count = 0;
    for (me, _, text) in &modules {
        for target in references(me, text, &known) {
            if related(me, &target) {
                continue;
            }
            count += 1;
            edges.entry(me.clone()).or_default().insert(target.clone());
            if let (Some(from), Some(to)) = (me.first(), target.first()) {
                if from != to {
                    let to_folder = vec![to.clone()];
                    folders
                        .entry(vec![from.clone()])
                        .or_default()
                        .insert(to_folder);
                }
            }
        }
    }
    assert!(count > 40, "the scan finds the references ({count})");
    assert_eq!(cycle(&edges), None, "modules that import each other");
    assert_eq!(cycle(&folders), None, "folders that import each other");
    let model = folders.get(&vec!["model".to_string()]);
    assert_eq!(model, None, "the model needs no DOM, GPU or worker");
}

#[test]
fn message_keys_are_spelled_only_in_the_protocol() {
    for (me, path, text) in modules() {
        if me.first().map(String::as_str) != Some("worker")
            || me.get(1).is_some_and(|m| m == "protocol")
        {
            continue;
        }
        for key in KEYS {
            assert!(
                !text.contains(&format!("\"{key}\"")),
                "{} spells the message key {key:?}",
                path.display()
            );
        }
    }
    // Nor is a key read or written by name anywhere else (the clipboard and canvas options
    // are read so, by their own names).
    for (me, path, text) in modules() {
        if me == ["worker", "protocol"] {
            continue;
        }
        for line in text.lines().filter(|l| l.contains("Reflect::")) {
            for key in KEYS {
                assert!(
                    !line.contains(&format!("\"{key}\"")),
                    "{} reads the message key {key:?}: {line}",
                    path.display()
                );
            }
        }
    }
}
