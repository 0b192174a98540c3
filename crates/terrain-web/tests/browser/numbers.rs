//! Typed numbers as the page reads them: the browser's `parseFloat` against Rust's own reader,
//! in the browser's JS engine. The page reads with the browser's so its first module carries no
//! copy of Rust's float parsing; this checks that every text the decimal syntax lets through
//! becomes the same `f64`, bit for bit, either way.

#![cfg(target_arch = "wasm32")]

use terrain::params::{is_decimal, rust_decimal};
use terrain::rng::TerrainRng;
use terrain_web::model::fields::read_decimal;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn same_either_way(text: &str) {
    assert!(is_decimal(text), "{text:?} is a decimal");
    let browser = read_decimal(text).map(f64::to_bits);
    let rust = rust_decimal(text).map(f64::to_bits);
    assert_eq!(
        browser, rust,
        "{text:?}: browser {browser:?}, Rust {rust:?}"
    );
}

#[wasm_bindgen_test]
fn typed_numbers_read_the_same_in_the_browser_as_in_rust() {
    // Every corner of the syntax: each sign, with each form of digits, with each exponent.
    for sign in ["", "+", "-"] {
        for digits in [
            "5",
            "0",
            "0.55",
            ".5",
            "5.",
            "123456789012345678901234567890",
        ] {
            for exponent in ["", "e3", "E3", "e-2", "E+2", "e400", "e-400"] {
                same_either_way(&format!("{sign}{digits}{exponent}"));
            }
        }
    }
    // The halfway and long cases where a sloppy reader rounds wrong.
    for text in [
        "0.1",
        "0.30000001192092896",
        "2.2250738585072011e-308",
        "9007199254740993",
        "4.9406564584124654e-324",
        "1.7976931348623157e308",
        "0.000000000000000000000000000000000000000000001",
        "7.038531e-26",
        "1448997445238699",
    ] {
        same_either_way(text);
    }
    // Every knob's own texts: the shortest decimal of an f32 and of an f64, and a fixed number of
    // digits, over values spread across many magnitudes.
    let mut rng = TerrainRng::new(34);
    for _ in 0..20_000 {
        let value = f64::from_bits(rng.next_u64());
        if !value.is_finite() {
            continue;
        }
        let digits = (rng.next_u64() % 20) as usize;
        let magnitude = (rng.next_u64() % 17) as i32 - 8;
        let typed = f64::from(rng.uniform()) * 10f64.powi(magnitude);
        for text in [
            value.to_string(),
            // An f64 past f32's range narrows to "inf", which no knob takes: its f64 text stands in.
            Some(value as f32)
                .filter(|v| v.is_finite())
                .map_or(value.to_string(), |v| v.to_string()),
            format!("{value:e}"),
            format!("{typed:.digits$}"),
        ] {
            same_either_way(&text);
        }
    }
}

#[wasm_bindgen_test]
fn text_outside_the_syntax_never_reaches_the_reader() {
    // What parseFloat would take but the syntax refuses: the page's answer stays Rust's.
    for text in ["0x10", "1_000", "Infinity", "12abc", "", " 5", "1e", "."] {
        assert!(!is_decimal(text), "{text:?}");
    }
}
