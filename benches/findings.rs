//! The findings pass against the plain scan it rides on: `utf8scope check`
//! with and without `--findings` on page-cached 1 GiB text files of ASCII,
//! multilingual lines, Russian prose and prose in Latin letters beyond
//! ASCII, each line numbered so that no two
//! are the same (the target: findings within 3× the plain scan's
//! time on any text).
//! `UTF8SCOPE_BENCH_MIB` sets another size. `check --findings` runs on
//! every backend the CPU has (AVX-512, AVX2, portable), each chosen in turn.

#[path = "inputs.rs"]
mod inputs;

use std::io;
use std::path::Path;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use inputs::{InputKind, generate_distinct};
use std::sync::Arc;
use utf8scope::check::{self, CheckOptions};

use utf8scope::model::findings::Repairer;
use utf8scope::model::findings::backend::Backend;
use utf8scope::model::settings::Settings;

/// The allocator the `utf8scope` binary uses (src/main.rs): the findings
/// pass keeps words' measures, and its speed depends on it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn size() -> usize {
    let mib = std::env::var("UTF8SCOPE_BENCH_MIB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024usize);
    mib << 20
}

/// `utf8scope check [--findings] PATH` with `settings`, its report
/// thrown away.
fn check(path: &Path, findings: bool, settings: Settings) -> check::Verdict {
    let options = CheckOptions {
        findings,
        repairer: Arc::new(Repairer::new(settings)),
        ..CheckOptions::default()
    };
    let inputs = [path.as_os_str().to_os_string()];
    check::run(&inputs, &options, None, io::sink(), &mut io::sink())
        .expect("a sink takes everything")
}

fn bench_findings(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let len = size();
    let mut group = c.benchmark_group("findings");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(len as u64));
    for kind in [
        InputKind::Ascii,
        InputKind::Multilingual,
        InputKind::RussianProse,
        InputKind::LatinProse,
    ] {
        let path = dir.path().join(kind.name());
        std::fs::write(&path, generate_distinct(kind, len)).expect("room for the input");
        // Read once so every run finds it in the page cache.
        let best = Settings::default();
        check(&path, false, best);
        group.bench_with_input(BenchmarkId::new("check", kind.name()), &path, |b, p| {
            b.iter(|| check(p, false, best))
        });
        // Every backend the CPU has, chosen in turn (AVX-512, AVX2, portable).
        for backend in Backend::ALL {
            let Ok(settings) = best.with_backend(backend) else {
                eprintln!("skipped the {} backend: this CPU lacks it", backend.name());
                continue;
            };
            let name = format!("check-findings-{}", backend.name());
            group.bench_with_input(BenchmarkId::new(name, kind.name()), &path, |b, p| {
                b.iter(|| check(p, true, settings))
            });
        }
        std::fs::remove_file(&path).expect("the input can go");
    }
    group.finish();
}

criterion_group!(benches, bench_findings);
criterion_main!(benches);
