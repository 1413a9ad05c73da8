//! `check` on directories: the walk's rules (.gitignore, hidden files,
//! binary files, symbolic links, globs), stable output on any number of
//! threads, `--select`/`--ignore`, and `.utf8scope.toml`.

mod common;

use std::path::Path;

use common::check_in;

/// A small repository: one file of each kind the walk treats differently.
fn make_tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |path: &str, bytes: &[u8]| {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    };
    // The ignore crate honours .gitignore inside a git repository only, as git does.
    std::fs::create_dir(root.join(".git")).unwrap();
    write(".gitignore", b"ignored.txt\nbuild/\n");
    write("good.txt", "caf\u{e9}\n".as_bytes());
    write("sub/bad.txt", b"caf\xe9\n");
    write("sub/deeper/also-bad.md", b"ok\n\xc3(\n");
    write("ignored.txt", b"\xff\n");
    write("build/out.txt", b"\xff\n");
    write(".hidden/secret.txt", b"\xfe\n");
    write("blob.bin", b"\x00\x01\x02\xff\xfe");
    write("bidi.rs", "let s = \"\u{202E}x\";\n".as_bytes());
    let outside = root.join("..").join(format!(
        "{}-outside.txt",
        root.file_name().unwrap().to_string_lossy()
    ));
    std::fs::write(&outside, b"\xc0\xaf\n").unwrap();
    std::os::unix::fs::symlink(&outside, root.join("link.txt")).unwrap();
    dir
}

/// The files a report names, in order of first mention.
fn files_named(report: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for line in report.lines().filter(|l| !l.starts_with("checked ")) {
        let name = line.split(':').next().unwrap().to_string();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

#[test]
fn a_walk_honours_gitignore_and_skips_hidden_binary_and_linked_files() {
    let tree = make_tree();
    let (out, err, code) = check_in(tree.path(), &["."]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(
        files_named(&out),
        [
            "./bidi.rs",
            "./good.txt",
            "./sub/bad.txt",
            "./sub/deeper/also-bad.md"
        ],
        "{out}"
    );
    assert!(
        out.ends_with(
            "checked 4 files, 33 bytes: 2 with invalid UTF-8, \
             1 binary file skipped (--binary checks them)\n"
        ),
        "{out}"
    );
    assert_eq!(err, "");
}

#[test]
fn flags_widen_the_walk_one_rule_at_a_time() {
    let tree = make_tree();
    let walked = |args: &[&str]| {
        let mut all = vec!["-q"];
        all.extend_from_slice(args);
        all.push(".");
        files_named(&check_in(tree.path(), &all).0)
    };
    let base = walked(&[]);
    assert_eq!(base, ["./sub/bad.txt", "./sub/deeper/also-bad.md"]);
    assert_eq!(
        walked(&["--hidden"]),
        [
            "./.hidden/secret.txt",
            "./sub/bad.txt",
            "./sub/deeper/also-bad.md"
        ]
    );
    assert_eq!(
        walked(&["--no-ignore"]),
        [
            "./build/out.txt",
            "./ignored.txt",
            "./sub/bad.txt",
            "./sub/deeper/also-bad.md"
        ]
    );
    assert_eq!(
        walked(&["-L"]),
        ["./link.txt", "./sub/bad.txt", "./sub/deeper/also-bad.md"]
    );
    assert_eq!(
        walked(&["--binary"]),
        ["./blob.bin", "./sub/bad.txt", "./sub/deeper/also-bad.md"]
    );
    assert_eq!(walked(&["--glob", "*.md"]), ["./sub/deeper/also-bad.md"]);
    assert_eq!(walked(&["--exclude", "deeper/"]), ["./sub/bad.txt"]);
}

#[test]
fn a_file_named_is_checked_whatever_the_walk_would_say() {
    let tree = make_tree();
    let (out, _, code) = check_in(tree.path(), &["blob.bin", "ignored.txt", "link.txt"]);
    assert_eq!(code, 1);
    assert_eq!(files_named(&out), ["blob.bin", "ignored.txt", "link.txt"]);
}

#[test]
fn the_report_is_the_same_bytes_on_one_thread_or_many() {
    let dir = tempfile::tempdir().unwrap();
    // Enough files for several rounds of parallel checks, with reports of
    // very different lengths.
    for i in 0..1_300 {
        let mut bytes = format!("file {i}\n").into_bytes();
        for _ in 0..(i % 7) {
            bytes.extend_from_slice(b"\xe2\x82 \xff\n");
        }
        let sub = dir.path().join(format!("d{}", i % 13));
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join(format!("f{i:05}.txt")), bytes).unwrap();
    }
    for format in ["text", "jsonl", "sarif", "github"] {
        let one = check_in(dir.path(), &["--format", format, "-j", "1", "."]);
        let two = check_in(dir.path(), &["--format", format, "-j", "2", "."]);
        let again = check_in(dir.path(), &["--format", format, "."]);
        assert_eq!(one.2, 1);
        assert!(one.0 == two.0 && two.0 == again.0, "{format} differs");
    }
    let (out, _, _) = check_in(dir.path(), &["-q", "."]);
    let names = files_named(&out);
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert!(out.ends_with("checked 1,300 files, 30.6 KiB: 1,114 with invalid UTF-8\n"));
}

#[test]
fn select_and_ignore_choose_the_kinds_that_count() {
    let tree = make_tree();
    let dir = tree.path();
    // bidi.rs holds a bidi control: it fails with findings on.
    let (out, _, code) = check_in(dir, &["--findings", "bidi.rs"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("warning bidi-control"), "{out}");
    let (out, _, code) = check_in(dir, &["--findings", "--ignore", "bidi-control", "bidi.rs"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        "bidi.rs: valid UTF-8, 16 bytes; findings: 0 warnings, 0 info; 1 ignored\n"
    );
    // Naming a finding kind turns findings on, and only it counts.
    let (out, _, code) = check_in(dir, &["--select", "bidi-control", "bidi.rs", "sub/bad.txt"]);
    assert_eq!(code, 1);
    assert!(out.contains("bidi.rs:1:10: offset 0x00000009: warning bidi-control"));
    assert!(out.contains("sub/bad.txt: no invalid spans counted in 5 bytes"));
    // Ignoring a kind of invalid span: the file is not called valid.
    let (out, _, code) = check_in(dir, &["--ignore", "truncated", "sub/bad.txt"]);
    assert_eq!(
        (out.as_str(), code),
        (
            "sub/bad.txt: no invalid spans counted in 5 bytes; 1 ignored\n",
            0
        )
    );
    let (_, err, code) = check_in(dir, &["--ignore", "bidi", "bidi.rs"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("utf8scope: unknown kind 'bidi' (kinds: unexpected-continuation,"));
}

#[test]
fn the_config_file_is_found_upward_and_its_overrides_apply() {
    let tree = make_tree();
    let dir = tree.path();
    std::fs::write(
        dir.join(".utf8scope.toml"),
        "findings = true\nexclude = [\"sub/deeper/\"]\n\n\
         [[overrides]]\nglob = \"*.rs\"\nignore = [\"bidi-control\"]\n",
    )
    .unwrap();
    // Run from a subdirectory: the file is found above it.
    let (out, err, code) = check_in(&dir.join("sub"), &["-q", ".."]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(files_named(&out), ["../sub/bad.txt"], "{out}");
    // The excluded directory is still checked when a file in it is named.
    let (out, _, _) = check_in(dir, &["sub/deeper/also-bad.md"]);
    assert!(
        out.contains("also-bad.md:2:1: offset 0x00000003: truncated"),
        "{out}"
    );
    // Findings are on for every file, bidi controls off for *.rs.
    let (out, _, code) = check_in(dir, &["bidi.rs"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("findings: 0 warnings, 0 info; 1 ignored"),
        "{out}"
    );
    // --no-config reads none.
    let (out, _, _) = check_in(dir, &["--no-config", "bidi.rs"]);
    assert_eq!(out, "bidi.rs: valid UTF-8, 16 bytes\n");
}

#[test]
fn a_bad_config_file_is_one_line_naming_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ok.txt"), "ok\n").unwrap();
    let config = dir.path().join(".utf8scope.toml");
    std::fs::write(
        &config,
        "findings = true\n\n[[overrides]]\nglob = \"*.md\"\nignored = [\"bom\"]\n",
    )
    .unwrap();
    let (out, err, code) = check_in(dir.path(), &["ok.txt"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(err.lines().count(), 1, "{err}");
    let named = format!("utf8scope: {}:5: unknown field `ignored`", config.display());
    assert!(err.starts_with(&named), "{err}");
    std::fs::write(&config, "ignore = [\"bom\", \"zero-width\"]\n").unwrap();
    let (_, err, code) = check_in(dir.path(), &["ok.txt"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(".utf8scope.toml:1: unknown kind 'zero-width'"),
        "{err}"
    );
}

#[test]
fn this_repository_passes_its_own_check_with_findings() {
    // The README's examples of mojibake and look-alikes are allowed by the
    // repository's .utf8scope.toml, and nothing else is.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (out, err, code) = check_in(root, &["--findings", "-q", "."]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("checked "), "{out}");
}
