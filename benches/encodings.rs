//! Other encodings (issue #10), against the peers the issue names, in the
//! same run:
//! - `check --encoding utf-16le` on 1 GiB of UTF-16LE text against `check`
//!   on the same text in UTF-8;
//! - `fix --from windows-1252` and `fix --from utf-16le` on 1 GiB against
//!   `iconv -f … -t UTF-8` on the same file;
//! - detection on the test corpus (25 languages, 27 encodings) and on the
//!   held-out corpus (2,780 files, 40 encodings) against chardetng alone,
//!   with each one's accuracy printed.
//!
//! `UTF8SCOPE_ENC_MIB` sets the size (default 1024). Files are page-cached
//! by a first run; outputs go to /dev/null.

#[path = "../tests/common/corpus.rs"]
mod corpus;
#[path = "../tests/common/heldout.rs"]
mod heldout;
#[path = "inputs.rs"]
mod inputs;
#[path = "peers.rs"]
mod peers;

use std::path::Path;
use std::process::Command;

use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use inputs::{InputKind, generate};
use peers::{peer, run};
use utf8scope::model::encoding::{Extent, detect};

/// Western European text for windows-1252.
const WESTERN: &str = "Le château se trouve à côté de l'église, près de la forêt.\n\
    Die Straße führt über die Brücke zum großen Schloss.\n\
    ¿Dónde está la estación de autobuses más cercana? «Mañana», dijo él.\n\
    A informação foi publicada ontem no jornal da região — 25 € por mês.\n";

fn utf8scope(args: &[&str], path: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_utf8scope"));
    command.args(args).arg(path);
    command
}

fn bench_encodings(c: &mut Criterion) {
    let mib: usize = std::env::var("UTF8SCOPE_ENC_MIB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1024);
    let size = mib << 20;
    let dir = tempfile::tempdir().expect("a temporary directory");
    // The same text in UTF-16LE (1 GiB) and in UTF-8.
    let utf8_text = generate(InputKind::Multilingual, size / 2);
    let text = String::from_utf8(utf8_text).expect("generated text is UTF-8");
    let utf16: Vec<u8> = text
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .take(size & !3)
        .collect();
    let utf16_path = dir.path().join("utf16le.txt");
    std::fs::write(&utf16_path, &utf16).expect("room for the input");
    let utf16_chars = String::from_utf16_lossy(
        &utf16
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect::<Vec<_>>(),
    );
    let utf8_path = dir.path().join("utf8.txt");
    std::fs::write(&utf8_path, utf16_chars.as_bytes()).expect("room for the input");
    drop((text, utf16, utf16_chars));
    let western: Vec<u8> = encoding_rs::WINDOWS_1252
        .encode(&WESTERN.repeat(size / WESTERN.len() + 1))
        .0
        .into_owned();
    let cp1252_path = dir.path().join("windows-1252.txt");
    std::fs::write(&cp1252_path, &western[..size.min(western.len())]).expect("room for the input");
    drop(western);

    let check16 = || utf8scope(&["check", "--encoding", "utf-16le"], &utf16_path);
    let check8 = || utf8scope(&["check"], &utf8_path);
    let fix1252 = || utf8scope(&["fix", "--from", "windows-1252"], &cp1252_path);
    let fix16 = || utf8scope(&["fix", "--from", "utf-16le"], &utf16_path);
    for mut warm in [check16(), check8(), fix1252()] {
        run(&mut warm, 0);
    }

    let mut group = c.benchmark_group("encodings");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(size as u64));
    group.bench_function("check --encoding utf-16le", |b| {
        b.iter(|| run(&mut check16(), 0))
    });
    group.bench_function("check (same text in UTF-8)", |b| {
        b.iter(|| run(&mut check8(), 0))
    });
    group.bench_function("fix --from windows-1252", |b| {
        b.iter(|| run(&mut fix1252(), 0))
    });
    group.bench_function("fix --from utf-16le", |b| b.iter(|| run(&mut fix16(), 0)));
    if let Some(iconv) = peer("iconv", "UTF8SCOPE_ICONV") {
        let iconv_from = |from: &str, path: &Path| {
            let mut command = Command::new(&iconv);
            command.args(["-f", from, "-t", "UTF-8"]).arg(path);
            command
        };
        group.bench_function("iconv -f WINDOWS-1252", |b| {
            b.iter(|| run(&mut iconv_from("WINDOWS-1252", &cp1252_path), 0))
        });
        group.bench_function("iconv -f UTF-16LE", |b| {
            b.iter(|| run(&mut iconv_from("UTF-16LE", &utf16_path), 0))
        });
    }
    group.finish();
}

fn bench_detection(c: &mut Criterion) {
    let cases = corpus::cases();
    let ours = cases
        .iter()
        .filter(|case| {
            corpus::reads_back(
                detect(&case.bytes, Extent::Whole).encoding.name(),
                &case.bytes,
                &case.text,
            )
        })
        .count();
    let chardetng_alone = |bytes: &[u8]| {
        let mut detector = EncodingDetector::new(Iso2022JpDetection::Allow);
        detector.feed(bytes, true);
        detector.guess(None, Utf8Detection::Allow)
    };
    let theirs = cases
        .iter()
        .filter(|case| {
            corpus::reads_back(chardetng_alone(&case.bytes).name(), &case.bytes, &case.text)
        })
        .count();
    eprintln!(
        "detection accuracy on {} cases: utf8scope {:.1}%, chardetng {:.1}%",
        cases.len(),
        100.0 * ours as f64 / cases.len() as f64,
        100.0 * theirs as f64 / cases.len() as f64
    );
    let bytes: u64 = cases.iter().map(|case| case.bytes.len() as u64).sum();
    let mut group = c.benchmark_group("detection");
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("utf8scope detect", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| detect(&case.bytes, Extent::Whole).encoding.name().len())
                .sum::<usize>()
        })
    });
    group.bench_function("chardetng alone", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|case| chardetng_alone(&case.bytes).name().len())
                .sum::<usize>()
        })
    });
    group.finish();
    bench_held_out_detection(c, chardetng_alone);
}

/// Detection on the held-out corpus (the one `benches/detect_peers.py`
/// compares chardet 7.7 and charset-normalizer on) against chardetng alone.
fn bench_held_out_detection(
    c: &mut Criterion,
    chardetng_alone: impl Fn(&[u8]) -> &'static encoding_rs::Encoding,
) {
    let cases = heldout::held_out_cases();
    let right = |name: &str, case: &heldout::HeldOut| {
        let bom_len = utf8scope::model::encoding::detect_bom(&case.bytes).map_or(0, |(_, n)| n);
        heldout::reads_back_as(name, bom_len, &case.bytes, &case.text)
    };
    let ours = (cases.iter())
        .filter(|case| {
            let found = detect(&case.bytes, Extent::Whole);
            heldout::reads_back_as(
                found.encoding.name(),
                found.bom_len,
                &case.bytes,
                &case.text,
            )
        })
        .count();
    let theirs = (cases.iter())
        .filter(|case| right(chardetng_alone(&case.bytes).name(), case))
        .count();
    eprintln!(
        "held-out detection: utf8scope {ours} of {}, chardetng {theirs}",
        cases.len()
    );
    let mut group = c.benchmark_group("detection, held-out corpus");
    group.bench_function("utf8scope detect", |b| {
        b.iter(|| {
            (cases.iter())
                .map(|case| detect(&case.bytes, Extent::Whole).encoding.name().len())
                .sum::<usize>()
        })
    });
    group.bench_function("chardetng alone", |b| {
        b.iter(|| {
            (cases.iter())
                .map(|case| chardetng_alone(&case.bytes).name().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_encodings, bench_detection);
criterion_main!(benches);
