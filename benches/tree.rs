//! `utf8scope check DIR` on a repository-sized tree (issue: 50,000 files and
//! 1 GB of source text, page-cached) against ripgrep searching the same tree
//! for bidi controls; and on a tree of 1,000 files (20 MiB) against
//! anti-trojan-source (npm), which takes minutes for the large tree (it
//! scans about 3 MB/s).
//!
//! The trees are generated once into `target/bench-tree-FILES-MIB` and kept.
//! `UTF8SCOPE_TREE_FILES` and `UTF8SCOPE_TREE_MIB` change the large one's size. The peers
//! are found on PATH (`cargo install ripgrep`; `npm install -g
//! anti-trojan-source`, or `UTF8SCOPE_ATS=/path/to/anti-trojan-source`); a
//! missing peer is left out with a note.

#[path = "inputs.rs"]
mod inputs;
#[path = "peers.rs"]
mod peers;

use std::path::{Path, PathBuf};
use std::process::Command;

use criterion::{Criterion, criterion_group, criterion_main};
use inputs::{InputKind, generate};
use peers::{peer, run};

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Makes (or finds) the tree: `files` files in directories of 100, sizes
/// from 1 KiB to about twice the mean, mostly ASCII source-like text and
/// one file in ten multilingual; every 5,000th file holds a bidi control.
fn tree(files: usize, mib: usize) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(format!("bench-tree-{files}-{mib}"));
    let done = root.join(".complete");
    if done.exists() {
        return root;
    }
    let _ = std::fs::remove_dir_all(&root);
    let pool_len = 64 << 20;
    let ascii = String::from_utf8(generate(InputKind::Ascii, pool_len)).expect("text");
    let multilingual =
        String::from_utf8(generate(InputKind::Multilingual, pool_len)).expect("text");
    let mean = (mib << 20) / files;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for i in 0..files {
        let dir = root.join(format!("d{:03}", i / 100));
        if i % 100 == 0 {
            std::fs::create_dir_all(&dir).expect("room for the tree");
        }
        let pool = if i % 10 == 9 { &multilingual } else { &ascii };
        let len = 1024 + (next() as usize % (2 * mean).max(1));
        let mut start = next() as usize % (pool.len() - len - 8);
        while !pool.is_char_boundary(start) {
            start += 1;
        }
        let mut end = start + len;
        while !pool.is_char_boundary(end) {
            end += 1;
        }
        let mut text = pool[start..end].to_string();
        if i % 5_000 == 4_999 {
            text.insert_str(
                0,
                "let access = \"user\u{202E} \u{2066}// admin\u{2069} \u{2066}\";\n",
            );
        }
        std::fs::write(dir.join(format!("f{i:06}.rs")), text).expect("room for the tree");
    }
    std::fs::write(&done, "").expect("room for the marker");
    root
}

fn bench_tree(c: &mut Criterion) {
    let files = env_number("UTF8SCOPE_TREE_FILES", 50_000);
    let mib = env_number("UTF8SCOPE_TREE_MIB", 1024);
    let root = tree(files, mib);
    let utf8scope = env!("CARGO_BIN_EXE_utf8scope");
    // The tree lies inside this repository (in target/), and cargo runs
    // benchmarks from the repository's root: --no-config keeps the
    // repository's own .utf8scope.toml from applying to the generated tree.
    let check = |args: &[&str]| {
        let mut command = Command::new(utf8scope);
        command.args(["check", "--no-config"]).args(args).arg(&root);
        command
    };
    // Read the tree once so that every run finds it in the page cache.
    run(&mut check(&["-q"]), 1);

    let mut group = c.benchmark_group("tree");
    group.sample_size(10);
    group.bench_function("utf8scope check", |b| {
        b.iter(|| run(&mut check(&["-q"]), 1))
    });
    for threads in ["1", "2"] {
        group.bench_function(format!("utf8scope check -j{threads}"), |b| {
            b.iter(|| run(&mut check(&["-q", "-j", threads]), 1))
        });
    }
    group.bench_function("utf8scope check --findings", |b| {
        b.iter(|| run(&mut check(&["-q", "--findings"]), 1))
    });
    for threads in ["1", "2"] {
        group.bench_function(format!("utf8scope check --findings -j{threads}"), |b| {
            b.iter(|| run(&mut check(&["-q", "--findings", "-j", threads]), 1))
        });
    }
    if let Some(rg) = peer("rg", "UTF8SCOPE_RG") {
        group.bench_function("rg -l bidi", |b| {
            b.iter(|| {
                run(
                    Command::new(&rg)
                        .arg("-l")
                        .arg("[\\x{202A}-\\x{202E}\\x{2066}-\\x{2069}]")
                        .arg(&root),
                    1,
                )
            })
        });
    }
    group.finish();

    let Some(ats) = peer("anti-trojan-source", "UTF8SCOPE_ATS") else {
        return;
    };
    let small = tree(1_000, 20);
    let mut group = c.benchmark_group("tree-1000");
    group.sample_size(10);
    group.bench_function("utf8scope check --findings", |b| {
        b.iter(|| {
            run(
                Command::new(utf8scope)
                    .args(["check", "--no-config", "-q", "--findings"])
                    .arg(&small),
                1,
            )
        })
    });
    group.bench_function("anti-trojan-source", |b| {
        b.iter(|| {
            run(
                Command::new(&ats).arg(format!("--files={}/**/*.rs", small.display())),
                1,
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench_tree);
criterion_main!(benches);
