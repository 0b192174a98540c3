//! The table after the measurements: for every case criterion measured in this run, the time of
//! one map and nanoseconds per cell of ours (on all threads, and on one where measured) and of
//! the baseline, and the ratio. Read back from criterion's own JSON files
//! (`target/criterion/<group>/<function>/<value>/new/`), and also written to
//! `target/criterion/summary.md` for BENCHMARKS.md.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde_json::Value;

/// One measured case: mean time per iteration and cells per iteration.
struct Case {
    group: String,
    function: String,
    value: String,
    mean_ns: f64,
    cells: f64,
    written: SystemTime,
}

fn criterion_dir() -> Option<PathBuf> {
    if let Ok(home) = std::env::var("CRITERION_HOME") {
        return Some(PathBuf::from(home));
    }
    // The bench runs as target/<profile>/deps/<name>: criterion writes to target/criterion.
    let exe = std::env::current_exe().ok()?;
    Some(exe.ancestors().nth(3)?.join("criterion"))
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&fs::read_to_string(path).ok()?).ok()
}

fn read_case(new: &Path) -> Option<Case> {
    let estimates = read_json(&new.join("estimates.json"))?;
    let benchmark = read_json(&new.join("benchmark.json"))?;
    let text = |key: &str| benchmark.get(key)?.as_str().map(str::to_owned);
    Some(Case {
        group: text("group_id")?,
        function: text("function_id")?,
        value: text("value_str")?,
        mean_ns: estimates.get("mean")?.get("point_estimate")?.as_f64()?,
        cells: benchmark.get("throughput")?.get("Elements")?.as_f64()?,
        written: fs::metadata(new.join("estimates.json"))
            .ok()?
            .modified()
            .ok()?,
    })
}

/// Every `new` directory under `dir`.
fn find_cases(dir: &Path, found: &mut Vec<Case>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.file_name().is_some_and(|n| n == "new") {
            found.extend(read_case(&path));
        } else if path.is_dir() {
            find_cases(&path, found);
        }
    }
}

/// Prints and saves the table of the cases measured since `since`.
pub fn print(since: SystemTime) {
    let Some(dir) = criterion_dir() else {
        return;
    };
    let mut cases = Vec::new();
    find_cases(&dir, &mut cases);
    // (group, size in natural order) -> function -> (mean ns per map, cells per map)
    type Row = BTreeMap<String, (f64, f64)>;
    let mut rows: BTreeMap<(String, (String, u64), String), Row> = BTreeMap::new();
    for case in cases.into_iter().filter(|c| c.written >= since) {
        rows.entry((case.group, natural_key(&case.value), case.value))
            .or_default()
            .insert(case.function, (case.mean_ns, case.cells));
    }
    if rows.is_empty() {
        return;
    }
    let mut table = String::from(
        "| group | size | ours per map | ours ns/cell | ours, 1 thread, per map | ours, 1 thread, ns/cell | baseline per map | baseline ns/cell | baseline / ours |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for ((group, _, value), functions) in &rows {
        let time = |name: &str| {
            functions
                .get(name)
                .map_or("-".to_owned(), |&(ns, _)| duration(ns))
        };
        let per_cell = |name: &str| functions.get(name).map(|&(ns, cells)| ns / cells);
        let show = |v: Option<f64>| v.map_or("-".to_owned(), |v| format!("{v:.3}"));
        let ratio = match (per_cell("ours"), per_cell("baseline")) {
            (Some(ours), Some(base)) => format!("{:.1}x", base / ours),
            _ => "-".to_owned(),
        };
        table.push_str(&format!(
            "| {group} | {value} | {} | {} | {} | {} | {} | {} | {ratio} |\n",
            time("ours"),
            show(per_cell("ours")),
            time("ours-1-thread"),
            show(per_cell("ours-1-thread")),
            time("baseline"),
            show(per_cell("baseline"))
        ));
    }
    println!("\n{table}");
    let _ = fs::write(dir.join("summary.md"), &table);
}

/// Sorts `8` before `10` and `lines/1000` before `lines/10000`: the text before the trailing
/// digits, then their value.
fn natural_key(value: &str) -> (String, u64) {
    let digits = value.len() - value.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (text, number) = value.split_at(value.len() - digits);
    (text.to_owned(), number.parse().unwrap_or(0))
}

/// A time in nanoseconds in the unit that reads best: µs, ms or s.
fn duration(ns: f64) -> String {
    match ns {
        ns if ns < 1e6 => format!("{:.1} µs", ns / 1e3),
        ns if ns < 1e9 => format!("{:.2} ms", ns / 1e6),
        ns => format!("{:.2} s", ns / 1e9),
    }
}
