//! `utf8scope dump FILE` against hexyl on the same page-cached file of
//! multilingual text (64 MiB; `UTF8SCOPE_DUMP_MIB` sets another size), both
//! writing plain text to /dev/null as they do into a pipe. hexyl is found
//! on PATH (`cargo install hexyl`) or named by `UTF8SCOPE_HEXYL`; without
//! it only utf8scope is measured.

#[path = "inputs.rs"]
mod inputs;
#[path = "peers.rs"]
mod peers;

use std::path::Path;
use std::process::Command;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use inputs::{InputKind, generate};
use peers::{peer, run};

fn bench_dump(c: &mut Criterion) {
    let mib: usize = std::env::var("UTF8SCOPE_DUMP_MIB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("multilingual.txt");
    std::fs::write(&path, generate(InputKind::Multilingual, mib << 20))
        .expect("room for the input");
    let utf8scope = env!("CARGO_BIN_EXE_utf8scope");
    let dump = |path: &Path| {
        let mut command = Command::new(utf8scope);
        command.arg("dump").arg(path);
        command
    };
    // Read once so that every run finds it in the page cache.
    run(&mut dump(&path), 0);
    let mut group = c.benchmark_group("dump");
    group.sample_size(10);
    group.throughput(Throughput::Bytes((mib << 20) as u64));
    group.bench_function("utf8scope dump", |b| b.iter(|| run(&mut dump(&path), 0)));
    if let Some(hexyl) = peer("hexyl", "UTF8SCOPE_HEXYL") {
        group.bench_function("hexyl", |b| {
            b.iter(|| run(Command::new(&hexyl).arg(&path), 0))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_dump);
criterion_main!(benches);
