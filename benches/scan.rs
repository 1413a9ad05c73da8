//! The whole-file scan against the practical limit (a simdutf8 validation loop)
//! and std's validator, on generated inputs.

#[path = "inputs.rs"]
mod inputs;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use inputs::{InputKind, generate};
use utf8scope::model::findings::{FindingsJob, Repairer};
use utf8scope::model::settings::Settings;
use utf8scope::model::{Scan, Text, pass};

/// Input size: large enough to leave the caches, small enough for 2 cores.
const LEN: usize = 256 << 20;

/// Counts invalid spans the way a plain validator user would: validate, and
/// on an error skip past it and validate the rest. `first_error` gives the
/// error's `valid_up_to` and `error_len`.
fn restart_loop(
    mut bytes: &[u8],
    first_error: impl Fn(&[u8]) -> Option<(usize, Option<usize>)>,
) -> u64 {
    let mut errors = 0;
    while let Some((valid, len)) = first_error(bytes) {
        errors += 1;
        bytes = &bytes[valid + len.unwrap_or(bytes.len() - valid)..];
    }
    errors
}

/// The loop with `simdutf8::compat::from_utf8`: the practical limit.
fn simdutf8_loop(bytes: &[u8]) -> u64 {
    restart_loop(bytes, |b| {
        simdutf8::compat::from_utf8(b)
            .err()
            .map(|e| (e.valid_up_to(), e.error_len()))
    })
}

/// The loop with `std::str::from_utf8`.
fn std_loop(bytes: &[u8]) -> u64 {
    restart_loop(bytes, |b| {
        std::str::from_utf8(b)
            .err()
            .map(|e| (e.valid_up_to(), e.error_len()))
    })
}

/// The full background scan, building the index, as the inspector runs it.
fn utf8scope_scan(source: &Arc<Text>) -> u64 {
    let mut scan = Scan::start(Arc::clone(source), Settings::default());
    scan.wait();
    scan.index().totals().invalid()
}

fn bench_scan(c: &mut Criterion) {
    let mut group = c.benchmark_group("scan");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(LEN as u64));
    for kind in InputKind::ALL {
        let bytes = generate(kind, LEN);
        let expected = std_loop(&bytes);
        let source = Arc::new(Text::from_bytes(kind.name(), bytes.clone()));
        assert_eq!(utf8scope_scan(&source), expected, "scan disagrees with std");
        assert_eq!(simdutf8_loop(&bytes), expected);
        group.bench_with_input(
            BenchmarkId::new("utf8scope", kind.name()),
            &source,
            |b, s| b.iter(|| utf8scope_scan(black_box(s))),
        );
        group.bench_with_input(
            BenchmarkId::new("simdutf8-loop", kind.name()),
            &bytes,
            |b, s| b.iter(|| simdutf8_loop(black_box(s))),
        );
        group.bench_with_input(BenchmarkId::new("std-loop", kind.name()), &bytes, |b, s| {
            b.iter(|| std_loop(black_box(s)))
        });
    }
    group.finish();
}

/// Next and previous invalid span from offsets all over an indexed file.
fn bench_lookup(c: &mut Criterion) {
    let mut group = c.benchmark_group("lookup");
    for kind in [InputKind::SparseErrors, InputKind::RandomBinary] {
        let source = Arc::new(Text::from_bytes(kind.name(), generate(kind, LEN)));
        let mut scan = Scan::start(Arc::clone(&source), Settings::default());
        scan.wait();
        let mut offset = 0u64;
        group.bench_function(BenchmarkId::new("next-and-previous", kind.name()), |b| {
            b.iter(|| {
                // Hop through the file by a large odd stride.
                offset = (offset + 0x0123_4567) % source.len();
                let next = scan.next_invalid(offset).unwrap();
                let previous = scan.prev_invalid(offset).unwrap();
                black_box((next, previous))
            })
        });
    }
    group.finish();
}

/// The inspector's two passes over a file on disk, until both indexes are
/// complete: started apart (two reads of the file, as before
/// `model::pass`), and as the inspector runs them now (one read).
fn bench_inspector_passes(c: &mut Criterion) {
    let mut group = c.benchmark_group("inspector-passes");
    group.sample_size(10);
    let len = 64 << 20;
    group.throughput(Throughput::Bytes(len as u64));
    for kind in [InputKind::Multilingual, InputKind::SparseErrors] {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), generate(kind, len)).unwrap();
        let source = Arc::new(Text::open(file.path()).unwrap());
        let settings = Settings::default();
        group.bench_function(BenchmarkId::new("two-reads", kind.name()), |b| {
            b.iter(|| {
                let repairer = Arc::new(Repairer::new(settings));
                let mut scan = Scan::start(Arc::clone(&source), settings);
                let mut findings = FindingsJob::start(Arc::clone(&source), repairer);
                scan.wait();
                findings.wait();
                black_box((scan.index().totals().invalid(), findings.index().total()))
            })
        });
        group.bench_function(BenchmarkId::new("one-read", kind.name()), |b| {
            b.iter(|| {
                let repairer = Arc::new(Repairer::new(settings));
                let (mut scan, mut findings) = pass::start(Arc::clone(&source), settings, repairer);
                scan.wait();
                findings.wait();
                black_box((scan.index().totals().invalid(), findings.index().total()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_scan, bench_lookup, bench_inspector_passes);
criterion_main!(benches);
