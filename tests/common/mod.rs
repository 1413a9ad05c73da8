//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::ops::ControlFlow;

use utf8scope::model::scan::feed::for_each_block_of;
use utf8scope::model::scan::{BlockScanner, LocatedSpan};
use utf8scope::model::{InvalidKind, Source};

/// Every invalid span of `bytes`, with line and column, as `check` reports them.
pub fn scan_spans(bytes: &[u8]) -> Vec<LocatedSpan> {
    let source = Source::from_bytes("test", bytes.to_vec());
    let mut scanner = BlockScanner::new();
    let mut spans = Vec::new();
    for_each_block_of(&source, |block| {
        scanner.scan(block, |s| spans.push(s));
        ControlFlow::Continue(())
    })
    .unwrap();
    spans
}

/// Parses a kind name as DESIGN.md spells it.
pub fn kind_named(name: &str) -> InvalidKind {
    InvalidKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .unwrap_or_else(|| panic!("unknown kind {name}"))
}
