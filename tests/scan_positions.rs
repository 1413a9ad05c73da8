//! The background index places every offset on the right line and column:
//! multi-MiB files cut into blocks and segments of any size, scanned on one
//! thread and on two, against a plain count of line feeds and against the
//! line:column `check` reports for each invalid span.

use std::sync::Arc;

use proptest::prelude::*;

mod common;

use common::scan_spans;
use utf8scope::model::Text;
use utf8scope::model::settings::Settings;
use utf8scope::model::{Scan, ScanConfig};

/// A few MiB of lines of mixed text: ASCII, 2-, 3- and 4-byte characters,
/// invalid bytes, and some long lines, from a seed.
fn generated_text(seed: u64, len: usize) -> Vec<u8> {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let pieces: [&[u8]; 10] = [
        b"line ",
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
        b"\n",
        b"\r\n",
        b"\xFF",
        b"\xE2\x82",
        b"\x80",
        b"abcdefgh",
    ];
    let mut bytes = Vec::with_capacity(len + 16);
    while bytes.len() < len {
        let roll = next();
        // Now and then a long run without line feeds (lines over a block).
        if roll % 97 == 0 {
            let run = (next() % 200_000) as usize;
            bytes.extend(std::iter::repeat_n(b'x', run));
        } else {
            bytes.extend_from_slice(pieces[(roll % pieces.len() as u64) as usize]);
        }
    }
    bytes
}

/// Line and column of the unit starting at `unit_start`, the slow way: line
/// feeds counted one by one, units as the characters of std's lossy
/// decoding (one U+FFFD per invalid span, DESIGN.md).
fn plain_position(bytes: &[u8], unit_start: usize) -> (u64, u64) {
    let before = &bytes[..unit_start];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count() as u64;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |lf| lf + 1);
    let column = 1 + String::from_utf8_lossy(&bytes[line_start..unit_start])
        .chars()
        .count() as u64;
    (line, column)
}

/// The start of the unit holding `offset` (DESIGN.md: step back over at most
/// three continuation bytes, then decode forward).
fn unit_start(bytes: &[u8], offset: usize) -> usize {
    let unit =
        utf8scope::model::window::unit_at(&Text::from_bytes("t", bytes.to_vec()), offset as u64)
            .unwrap()
            .unwrap();
    unit.offset as usize
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, ..ProptestConfig::default() })]

    #[test]
    fn the_index_places_offsets_on_the_lines_and_columns_check_reports(
        seed in any::<u64>(),
        len in (2usize << 20)..(5 << 20),
        block in 1_000usize..200_000,
        segment in 50_000u64..(3 << 20),
        threads in 1usize..=2,
        probes in prop::collection::vec(any::<prop::sample::Index>(), 40),
    ) {
        let bytes = generated_text(seed, len);
        let source = Arc::new(Text::from_bytes("t", bytes.clone()));
        let mut scan = Scan::start_with(source, ScanConfig { block, segment, threads });
        scan.wait();
        for probe in &probes {
            let offset = probe.index(bytes.len());
            let start = unit_start(&bytes, offset);
            let (line, column) = scan.position_of(offset as u64).unwrap().unwrap();
            prop_assert_eq!((line, column), plain_position(&bytes, start), "offset {}", offset);
        }
        let spans = scan_spans(&bytes);
        prop_assert!(!spans.is_empty());
        for located in spans.iter().step_by(spans.len() / 50 + 1) {
            let position = scan.position_of(located.span.offset).unwrap().unwrap();
            prop_assert_eq!(position, (located.line, located.column), "span at {}", located.span.offset);
        }
        let end = scan.position_of(bytes.len() as u64).unwrap().unwrap();
        prop_assert_eq!(end, plain_position(&bytes, bytes.len()));
    }
}

/// The defect as it was found: 20,000 lines of `line %07d\n`; offset 65536
/// is on line 5,042 (the index said 10,083), column 4 (the "e" of "line").
#[test]
fn offset_65536_of_twenty_thousand_numbered_lines_is_on_line_5042() {
    let text: String = (0..20_000).map(|i| format!("line {i:07}\n")).collect();
    let source = Arc::new(Text::from_bytes("t", text.into_bytes()));
    let mut scan = Scan::start(source, Settings::default());
    scan.wait();
    assert_eq!(scan.position_of(65_536).unwrap(), Some((5_042, 4)));
    assert_eq!(scan.line_of(13 * 19_999).unwrap(), Some(20_000));
}
