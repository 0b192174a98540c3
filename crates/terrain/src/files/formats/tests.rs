use super::*;
use crate::files::export::{self, ExportError};
use crate::files::import::{self, Shown};

fn map() -> Heightmap {
    crate::chapters::diamond_square::algorithm::generate(
        &crate::chapters::diamond_square::algorithm::DEFAULT,
        5,
    )
    .expect("a map")
}

#[test]
fn every_row_is_named_once_and_listed_as_it_is() {
    let mut named: Vec<&str> = ALL
        .iter()
        .flat_map(|f| std::iter::once(f.extension()).chain(f.facts().aliases.iter().copied()))
        .collect();
    let count = named.len();
    named.sort_unstable();
    named.dedup();
    assert_eq!(named.len(), count, "an extension names two formats");
    for format in ALL {
        assert!(format
            .extension()
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()));
        if format.holds() != Holds::Profile {
            assert_eq!(
                Format::from_extension(&format.extension().to_uppercase()),
                Some(*format)
            );
        }
    }
    // The lists without code are the rows' facts, in the rows' order.
    let facts = |keep: fn(&Format) -> bool| -> Vec<Facts> {
        ALL.iter().filter(|f| keep(f)).map(|f| *f.facts()).collect()
    };
    assert_eq!(MAPS.to_vec(), facts(|f| f.holds() != Holds::Profile));
    assert_eq!(
        OFFERED.to_vec(),
        facts(|f| f.holds() != Holds::Profile && f.facts().offered)
    );
    assert_eq!(
        READABLE.to_vec(),
        facts(|f| f.holds() != Holds::Profile && f.reads())
    );
    assert_eq!(
        Format::from_extension("txt"),
        None,
        "profiles only as profiles"
    );
    assert_eq!(names(&[]), "");
    assert_eq!(names(&MAPS[..1]), ".png");
    assert_eq!(names(&MAPS[..3]), ".png, .r16 or .r32");
    assert_eq!(accepted(&MAPS[..2]), ".png,.r16");
    assert_eq!(find("PNG"), Some(PNG.facts()));
    assert_eq!(find("txt"), None);
}

#[test]
fn every_message_lists_the_formats_the_rows_give() {
    let unknown = ExportError::UnknownFormat {
        file: "x.jpg".into(),
    }
    .to_string();
    for facts in &MAPS {
        assert!(
            unknown.contains(&format!(".{}", facts.extension)),
            "{unknown}"
        );
    }
    let page = import::brought_formats();
    for facts in &READABLE {
        assert!(page.contains(&format!(".{}", facts.extension)), "{page}");
    }
    assert!(page.contains("(.r32, square)"), "{page}");
    assert!(!READABLE.iter().any(|f| f.holds == Holds::Mesh));
}

/// Every readable format gives back what it wrote: floats as they are, 16-bit samples within
/// half a step.
#[test]
fn what_every_readable_format_writes_reads_back() {
    let map = map();
    for format in ALL.iter().copied().filter(|f| f.reads()) {
        let bytes = export::to_bytes(&map, format).expect("written");
        let back = import::read(&bytes, format, None).expect("read");
        assert_eq!((back.width(), back.height()), (33, 33), "{format:?}");
        let tolerance = match format.holds() {
            Holds::Floats => 0.0,
            _ => 0.5 / 65535.0,
        };
        for (a, b) in map.data().iter().zip(back.data()) {
            assert!((a - b).abs() <= tolerance, "{format:?}: {a} against {b}");
        }
    }
}

/// A file whose size says more points than a map may hold is refused before anything is
/// allocated for them, in one line naming the limit; the page's limit is its own.
#[test]
fn a_declared_size_past_the_limit_is_refused_before_reading() {
    let command = Reading {
        width: None,
        shown: Shown::Command,
    };
    let page = Reading {
        width: None,
        shown: Shown::Page,
    };
    let said = command.check_size(60_000, 60_000).expect_err("too many");
    assert_eq!(
        said,
        "the file declares 60000 x 60000 points, more than the 268435456 a map may hold"
    );
    assert!(page
        .check_size(4098, 4097)
        .expect_err("too many for the page")
        .ends_with("more than the 4097 x 4097 the page reads"));
    assert_eq!(page.check_size(4097, 4097), Ok(4097 * 4097));
    assert!(command
        .check_size(0, 5)
        .expect_err("empty")
        .contains("0 x 5"));
    // A raw file's size is its length: a width the file's length allows is still checked.
    let wide = Reading {
        width: Some(1),
        shown: Shown::Page,
    };
    let tall = vec![0u8; 2 * (4097 * 4097 + 1)];
    let refused = import::read_as(&tall, R16, &wide).expect_err("too many");
    assert_eq!(
        refused,
        "the file holds 16785410 points, more than the 4097 x 4097 the page reads"
    );
}

#[test]
fn a_raw_file_that_is_not_square_is_told_what_it_can_do_where_it_is() {
    let bytes = [0u8; 24];
    let at = |shown| Reading { width: None, shown };
    let command = import::read_as(&bytes, R16, &at(Shown::Command)).expect_err("not square");
    assert_eq!(command, "12 points are not a square map: give its --width");
    let page = import::read_as(&bytes, R16, &at(Shown::Page)).expect_err("not square");
    assert!(!page.contains("--width"), "{page}");
    assert!(page.contains("write it square, or as a format that carries its size"));
}

#[test]
fn heights_that_are_not_numbers_are_refused_in_every_float_format() {
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let mut values = Heightmap::new(4, 4).expect("a map");
        values.data_mut()[5] = bad;
        for format in ALL
            .iter()
            .copied()
            .filter(|f| f.reads() && f.holds_floats())
        {
            let bytes = export::to_bytes(&values, format).expect("written");
            let said = import::read(&bytes, format, None)
                .expect_err("refused")
                .message;
            assert!(said.contains("not a number"), "{format:?} {bad}: {said}");
        }
    }
}

#[test]
fn the_readers_tables_are_the_rows_readers() {
    let readable: Vec<Format> = ALL.iter().copied().filter(|f| f.reads()).collect();
    let facts: Vec<&str> = readable.iter().map(|f| f.extension()).collect();
    let listed: Vec<&str> = READERS.iter().map(|(f, _)| f.extension).collect();
    assert_eq!(listed, facts);
    for (format, (_, reader)) in readable.iter().zip(READERS.iter()) {
        let row = format.spec().read.expect("a reader");
        assert!(std::ptr::fn_addr_eq(row, *reader), "{format:?}");
    }
    let small: Vec<&str> = readable
        .iter()
        .filter(|f| !f.spec().large)
        .map(|f| f.extension())
        .collect();
    let listed: Vec<&str> = SMALL_READERS.iter().map(|(f, _)| f.extension).collect();
    assert_eq!(listed, small);
    assert!(
        small.contains(&"png") && !small.contains(&"exr"),
        "{small:?}"
    );
}
