//! Files over 4 GiB (sparse, so no disk is used) and files that change under us.

use std::io::{Seek, SeekFrom, Write};
use std::sync::Arc;

use assert_cmd::Command;

mod common;

use common::{json_lines, run_utf8scope};
use utf8scope::model::settings::Settings;
use utf8scope::model::{InvalidKind, Scan, ScanState, SourceError, Text, Window};

const FOUR_GIB: u64 = 4 << 30;

/// A sparse file of NUL bytes just over 4 GiB with two invalid spans past 4 GiB.
fn sparse_file_over_4_gib() -> (tempfile::NamedTempFile, u64, u64) {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    let len = FOUR_GIB + (1 << 20);
    file.as_file().set_len(len).unwrap();
    let first = FOUR_GIB + 100;
    let second = len - 2;
    file.seek(SeekFrom::Start(first)).unwrap();
    file.write_all(b"\xFF").unwrap();
    file.seek(SeekFrom::Start(second)).unwrap();
    file.write_all(b"\xE2\x82").unwrap();
    file.flush().unwrap();
    (file, first, second)
}

/// Anonymous resident memory of this process, from /proc (Linux).
fn rss_anon_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("RssAnon:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_sparse_file_over_4_gib_is_scanned_and_indexed_with_bounded_memory() {
    let (file, first, second) = sparse_file_over_4_gib();
    let source = Arc::new(Text::open(file.path()).unwrap());
    let mut scan = Scan::start(Arc::clone(&source), Settings::default());
    scan.wait();
    {
        let index = scan.index();
        assert_eq!(index.state(), &ScanState::Complete);
        assert_eq!(index.totals().invalid(), 2);
        assert_eq!(index.totals().ascii, source.len() - 3);
        // One summary per 64 KiB block, not per byte or per span.
        assert!(index.block_count() <= (source.len() >> 16) as usize + 1);
    }
    if let Some(kib) = rss_anon_kib() {
        assert!(
            kib < 64 * 1024,
            "anonymous memory {kib} KiB after scanning 4 GiB"
        );
    }
    let found = scan.next_invalid(0).unwrap().unwrap();
    assert_eq!(
        (found.offset, found.kind),
        (first, InvalidKind::InvalidByte)
    );
    let next = scan.next_invalid(found.end()).unwrap().unwrap();
    assert_eq!(
        (next.offset, next.len, next.kind),
        (second, 2, InvalidKind::Truncated)
    );
    assert_eq!(scan.next_invalid(next.end()).unwrap(), None);
    assert_eq!(
        scan.prev_invalid(second).unwrap().map(|s| s.offset),
        Some(first)
    );
    assert_eq!(scan.prev_invalid(first).unwrap(), None);
    assert_eq!(scan.line_of(second).unwrap(), Some(1));
    let window = Window::load(&source, first, first + 1).unwrap();
    assert_eq!(
        window.unit_at(first).unwrap().invalid_kind(),
        Some(InvalidKind::InvalidByte)
    );
}

#[test]
fn check_reports_offsets_past_4_gib() {
    let (file, first, second) = sparse_file_over_4_gib();
    let args = [
        "check".as_ref(),
        "--format".as_ref(),
        "jsonl".as_ref(),
        file.path().as_os_str(),
    ];
    let records = json_lines(&run_utf8scope(&args, 1));
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["offset"], first);
    assert_eq!(
        records[0]["column"],
        first + 1,
        "every NUL before it is one unit"
    );
    assert_eq!(records[1]["offset"], second);
    assert_eq!(records[1]["kind"], "truncated");
}

#[test]
fn a_file_truncated_while_open_gives_an_error_value_not_a_crash() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(&b"line of text\n".repeat(200_000)).unwrap();
    file.flush().unwrap();
    let source = Arc::new(Text::open(file.path()).unwrap());
    let full = source.len();
    // Another handle truncates it after we opened it.
    std::fs::OpenOptions::new()
        .write(true)
        .open(file.path())
        .unwrap()
        .set_len(1000)
        .unwrap();
    let err = Window::load(&source, full - 10, full).unwrap_err();
    assert!(
        matches!(err, SourceError::Shrunk { found: 1000, .. }),
        "{err}"
    );
    let mut scan = Scan::start(Arc::clone(&source), Settings::default());
    scan.wait();
    match scan.index().state() {
        ScanState::Failed(reason) => assert!(reason.contains("shrank"), "{reason}"),
        other => panic!("expected a failed scan, got {other:?}"),
    }
    Command::cargo_bin("utf8scope")
        .unwrap()
        .arg("check")
        .arg(file.path())
        .assert()
        .code(0);
}
