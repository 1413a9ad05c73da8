//! What `fix` may write and what it must leave alone: devices and FIFOs are
//! written through, symlinks' targets rewritten, modes, owners and hard
//! links respected, binary files refused, and streams read with bounded memory.

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt, symlink};
use std::path::Path;
use std::process::Command as Process;

use assert_cmd::Command;
use predicates::prelude::*;

/// "Le café" read as windows-1252: one mojibake repair to make.
const GARBLED: &str = "Le caf\u{c3}\u{a9} est pr\u{c3}\u{aa}t.\n";
const MEANT: &str = "Le café est prêt.\n";

fn fix() -> Command {
    let mut cmd = Command::cargo_bin("utf8scope").unwrap();
    cmd.arg("fix");
    cmd
}

fn running_as_root() -> bool {
    let probe = tempfile::NamedTempFile::new().unwrap();
    fs::metadata(probe.path()).unwrap().uid() == 0
}

fn mkfifo(path: &Path) {
    let status = Process::new("mkfifo").arg(path).status().unwrap();
    assert!(status.success());
}

#[test]
fn dev_null_is_written_through_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, GARBLED).unwrap();
    fix().arg(&input).args(["-o", "/dev/null"]).assert().code(0);
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

#[test]
fn a_fifo_is_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, GARBLED).unwrap();
    let fifo = dir.path().join("out.fifo");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            fs::File::open(fifo)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        })
    };
    fix().arg(&input).arg("-o").arg(&fifo).assert().code(0);
    assert_eq!(reader.join().unwrap(), MEANT);
    assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn a_symlink_output_has_its_target_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, GARBLED).unwrap();
    let target = dir.path().join("target.txt");
    fs::write(&target, "old\n").unwrap();
    let link = dir.path().join("link.txt");
    symlink(&target, &link).unwrap();
    fix().arg(&input).arg("-o").arg(&link).assert().code(0);
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read_to_string(&target).unwrap(), MEANT);
}

#[test]
fn a_new_file_gets_the_mode_the_umask_gives_and_an_existing_one_keeps_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, GARBLED).unwrap();
    let new = dir.path().join("new.txt");
    let binary = assert_cmd::cargo::cargo_bin("utf8scope");
    let output = Process::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" fix \"$1\" -o \"$2\"")
        .arg(&binary)
        .arg(&input)
        .arg(&new)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        fs::metadata(&new).unwrap().permissions().mode() & 0o777,
        0o644
    );
    let existing = dir.path().join("existing.txt");
    fs::write(&existing, "old\n").unwrap();
    fs::set_permissions(&existing, fs::Permissions::from_mode(0o640)).unwrap();
    fix().arg(&input).arg("-o").arg(&existing).assert().code(0);
    assert_eq!(
        fs::metadata(&existing).unwrap().permissions().mode() & 0o777,
        0o640
    );
    assert_eq!(fs::read_to_string(&existing).unwrap(), MEANT);
}

#[test]
fn in_place_keeps_the_owner_and_group() {
    if !running_as_root() {
        eprintln!("skipped: only root can give a file to another user");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("theirs.txt");
    fs::write(&input, GARBLED).unwrap();
    std::os::unix::fs::chown(&input, Some(4321), Some(4322)).unwrap();
    fix().arg("--in-place").arg(&input).assert().code(0);
    let metadata = fs::metadata(&input).unwrap();
    assert_eq!((metadata.uid(), metadata.gid()), (4321, 4322));
    assert_eq!(fs::read_to_string(&input).unwrap(), MEANT);
}

#[test]
fn a_file_with_other_hard_links_is_refused_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    fs::write(&input, GARBLED).unwrap();
    let other = dir.path().join("other-name.txt");
    fs::hard_link(&input, &other).unwrap();
    fix()
        .arg("--in-place")
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("has 2 hard links"));
    assert_eq!(fs::read_to_string(&other).unwrap(), GARBLED);
    fix()
        .args(["--in-place", "--break-hard-links"])
        .arg(&input)
        .assert()
        .code(0);
    assert_eq!(fs::read_to_string(&input).unwrap(), MEANT);
    assert_eq!(fs::read_to_string(&other).unwrap(), GARBLED);
}

#[test]
fn binary_files_are_left_alone_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    // A compiled Python file: a header with NULs, then a length-prefixed string.
    let mut pyc = b"\xa7\x0d\x0d\x0a\x00\x00\x00\x00".to_vec();
    pyc.extend_from_slice(b"\x05\x00\x00\x00\xc3\x82\xc2\xa4x");
    let input = dir.path().join("module.pyc");
    fs::write(&input, &pyc).unwrap();
    let out = dir.path().join("out.pyc");
    fix()
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "looks binary (a NUL byte at offset 4)",
        ));
    assert!(!out.exists(), "nothing is written");
    fix().arg("--in-place").arg(&input).assert().code(2);
    assert_eq!(fs::read(&input).unwrap(), pyc);
    fix()
        .args(["--binary", "-o"])
        .arg(&out)
        .arg(&input)
        .assert()
        .code(0);
    // Random bytes without a NUL: too many invalid spans to be text.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let noise: Vec<u8> = (0..3000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8 | 1
        })
        .collect();
    let random = dir.path().join("random.bin");
    fs::write(&random, &noise).unwrap();
    fix()
        .arg(&random)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid spans or control characters",
        ));
}

#[test]
fn a_windows_1252_csv_is_not_binary() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("export.csv");
    fs::write(
        &input,
        b"name;city\r\nRen\xe9;Z\xfcrich\r\nAnn;Paris\r\n".repeat(20),
    )
    .unwrap();
    fix().arg(&input).assert().code(0);
}

#[test]
fn a_fifo_input_is_streamed() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("in.fifo");
    mkfifo(&fifo);
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, GARBLED).unwrap())
    };
    fix().arg(&fifo).assert().code(0).stdout(MEANT);
    writer.join().unwrap();
}

#[test]
fn a_long_line_of_mojibake_is_reported_in_short_lines() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("long.txt");
    fs::write(&input, "x\u{c3}\u{a9} ".repeat(1_700_000 / 5)).unwrap();
    let output = fix()
        .arg(&input)
        .arg("-o")
        .arg(dir.path().join("out.txt"))
        .assert()
        .code(0)
        .get_output()
        .clone();
    let report = String::from_utf8(output.stderr).unwrap();
    assert!(report.len() < 4_000, "{} bytes of report", report.len());
    for line in report.lines() {
        assert!(line.chars().count() < 300, "{line}");
    }
    let check = Command::cargo_bin("utf8scope")
        .unwrap()
        .args(["check", "--findings"])
        .arg(&input)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let check = String::from_utf8(check).unwrap();
    for line in check.lines() {
        assert!(line.chars().count() < 400, "{} chars", line.chars().count());
    }
}
