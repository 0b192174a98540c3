//! The page's `<section data-demo>` marks, which the end-to-end suites read their lists of demos
//! from (`tests/e2e/harness.mjs`), held to the demo table: `data-map="read"` on exactly the rows
//! whose map is read from a file. (`data-module="later"`, the rows the later chapters' module
//! makes, is held to what the page does by the end-to-end `chapters.test.mjs`: these tests link
//! every chapter, so they cannot tell.)

#![cfg(target_arch = "wasm32")]

use terrain_web::model::demos::DEMOS;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn the_page_marks_each_demo_as_the_table_makes_it() {
    let page = include_str!("../../../../index.html");
    for demo in DEMOS {
        let start = format!("<section data-demo=\"{}\"", demo.id);
        let at = page.find(&start).expect("every row is on the page");
        let tag = &page[at..at + page[at..].find('>').expect("a whole tag")];
        let read = tag.contains("data-map=\"read\"");
        assert_eq!(read, demo.held.is_some(), "{}: {tag}", demo.id);
    }
}
