//! Every crate's source stays findable: files of at most 400 lines (test files apart), no import
//! cycle between modules or between top folders, the core and the front end in folders by job;
//! and the worker's message keys spelled only in `terrain-model`'s `protocol/keys.rs` (worker.js reads them
//! through `KEY`, see tests/worker_script.rs). It lives with the front end, the crate that uses
//! all the others, and reads every crate under `crates/`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use terrain_web::worker::protocol::KEYS;

const MOST_LINES: usize = 400;

/// The workspace's crates: every folder under `crates/` with a `src/`.
fn crates() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found: Vec<PathBuf> = fs::read_dir(&root)
        .expect("readable crates folder")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.join("src").is_dir())
        .collect();
    found.sort();
    found
}

/// The front end's modules.
fn modules() -> Vec<(Vec<String>, PathBuf, String)> {
    modules_of(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// Every `.rs` file under the crate's `src/`, with its module path (`page::view` for
/// `page/view/mod.rs`).
fn modules_of(krate: &Path) -> Vec<(Vec<String>, PathBuf, String)> {
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
    let src = krate.join("src");
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
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
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
    // Code only: a doc comment's link is not an import, and a file's inline tests (which may use
    // any part of the crate to make their inputs) are not the file's own code.
    let code: Vec<&str> = text
        .lines()
        .take_while(|line| *line != "mod tests {")
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

/// A test module (`tests.rs`, or a module inside one): test files are apart from the limit.
fn is_test(module: &[String]) -> bool {
    module.iter().any(|part| part == "tests")
}

#[test]
fn no_source_file_of_any_crate_is_over_400_lines() {
    let mut seen = 0;
    for krate in crates() {
        for (module, path, text) in modules_of(&krate) {
            seen += 1;
            let lines = text.lines().count();
            assert!(
                is_test(&module) || lines <= MOST_LINES,
                "{} has {lines} lines",
                path.display()
            );
        }
    }
    assert!(seen > 120, "the walk finds every crate's files ({seen})");
}

/// The top folders of a crate's modules (its rooms that hold other rooms).
fn top_folders(modules: &[(Vec<String>, PathBuf, String)]) -> BTreeSet<String> {
    modules
        .iter()
        .filter(|(parts, _, _)| parts.len() > 1 && !is_test(parts))
        .map(|(parts, _, _)| parts[0].clone())
        .collect()
}

#[test]
fn the_core_and_the_front_end_are_in_folders_by_job() {
    let web = ["gpu", "model", "page", "worker"].map(String::from);
    assert_eq!(top_folders(&modules()), BTreeSet::from(web));
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../terrain");
    let jobs = [
        "analysis", "chain", "chapters", "files", "knobs", "map", "shown",
    ]
    .map(String::from);
    assert_eq!(top_folders(&modules_of(&core)), BTreeSet::from(jobs));
}

/// The references between the rooms of one crate (a module and the modules inside it are one
/// room), and between its top folders.
type Edges = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

fn edges(modules: &[(Vec<String>, PathBuf, String)]) -> (Edges, Edges, usize) {
    let known: BTreeSet<Vec<String>> = modules.iter().map(|(m, _, _)| m.clone()).collect();
    let related = |a: &[String], b: &[String]| a.starts_with(b) || b.starts_with(a);
    let mut edges = Edges::new();
    let mut folders = Edges::new();
    let mut count = 0;
    for (me, _, text) in modules.iter().filter(|(me, _, _)| !is_test(me)) {
        for target in references(me, text, &known) {
            if related(me, &target) {
                continue;
            }
            count += 1;
            edges.entry(me.clone()).or_default().insert(target.clone());
            if let (Some(from), Some(to)) = (me.first(), target.first()) {
                if from != to {
                    folders
                        .entry(vec![from.clone()])
                        .or_default()
                        .insert(vec![to.clone()]);
                }
            }
        }
    }
    (edges, folders, count)
}

#[test]
fn no_module_and_no_folder_of_any_crate_imports_in_a_circle() {
    for krate in crates() {
        let (edges, folders, _) = edges(&modules_of(&krate));
        let name = krate.display();
        assert_eq!(
            cycle(&edges),
            None,
            "{name}: modules that import each other"
        );
        assert_eq!(
            cycle(&folders),
            None,
            "{name}: folders that import each other"
        );
    }
    // The scan finds the references, and the front end's model stands on the core alone.
    let (_, folders, count) = edges(&modules());
    assert!(count > 40, "the scan finds the references ({count})");
    let model = folders.get(&vec!["model".to_string()]);
    assert_eq!(model, None, "the model needs no DOM, GPU or worker");
    let core = Path::new(env!("CARGO_MANIFEST_DIR")).join("../terrain");
    let (_, _, count) = edges(&modules_of(&core));
    assert!(count > 60, "the scan finds the core's references ({count})");
}

/// The modules of the crate the five wasm modules share (`crates/terrain-model`).
fn shared_modules() -> Vec<(Vec<String>, PathBuf, String)> {
    modules_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../terrain-model"))
}

#[test]
fn no_wasm_module_imports_the_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for module in [
        "terrain-model",
        "terrain-files",
        "terrain-readers",
        "terrain-chapters",
        "terrain-worker",
    ] {
        let manifest =
            fs::read_to_string(root.join(module).join("Cargo.toml")).expect("a manifest");
        assert!(
            !manifest.contains("terrain-web"),
            "{module} depends on the page's crate"
        );
    }
    assert!(shared_modules().len() > 10, "the shared crate is found");
}

#[test]
fn message_keys_are_spelled_only_in_the_protocol() {
    // The worker's code outside the protocol: `maker` in the shared crate (a demo's ID or a
    // view's name may be the same word as a key elsewhere), `client` in the page's, and the
    // worker's own module (its mailbox, `host`).
    let shared = shared_modules()
        .into_iter()
        .filter(|(me, _, _)| me.first().map(String::as_str) == Some("maker"));
    for (_, path, text) in shared {
        for key in KEYS {
            assert!(
                !text.contains(&format!("\"{key}\"")),
                "{} spells the message key {key:?}",
                path.display()
            );
        }
    }
    let worker = modules_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../terrain-worker"));
    assert!(!worker.is_empty(), "the worker's module is found");
    let page = modules()
        .into_iter()
        .filter(|(me, _, _)| me.first().map(String::as_str) == Some("worker"));
    for (_, path, text) in page.chain(worker) {
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
