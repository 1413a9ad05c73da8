//! `utf8scope check` as scripts use it: formats, exit statuses, stdin, errors.

use assert_cmd::Command;
use predicates::prelude::*;

mod common;

use common::{json_lines, run_utf8scope};

const KINDS: &str = "assets/samples/invalid-kinds.txt";
const VALID: &str = "assets/samples/multilingual.txt";

fn check() -> Command {
    let mut cmd = Command::cargo_bin("utf8scope").unwrap();
    cmd.arg("check").env_remove("NO_COLOR");
    cmd
}

#[test]
fn valid_file_exits_0_with_a_summary() {
    check()
        .arg(VALID)
        .assert()
        .code(0)
        .stdout("assets/samples/multilingual.txt: valid UTF-8, 960 bytes\n")
        .stderr("");
}

#[test]
fn text_format_is_one_diagnostic_per_span_then_a_summary() {
    let text = run_utf8scope(&["check".as_ref(), KINDS.as_ref()], 1);
    let lines: Vec<_> = text.lines().collect();
    assert_eq!(lines.len(), 17);
    assert_eq!(
        lines[1],
        "assets/samples/invalid-kinds.txt:3:28: offset 0x00000077: overlong: C0"
    );
    assert_eq!(
        lines[14],
        "assets/samples/invalid-kinds.txt:8:28: offset 0x00000115: truncated: E2 82"
    );
    assert_eq!(
        lines[16],
        "assets/samples/invalid-kinds.txt: 16 invalid spans in 311 bytes"
    );
}

#[test]
fn jsonl_has_exactly_the_documented_keys_and_nothing_else() {
    let args = ["check", "--format", "jsonl", KINDS].map(std::ffi::OsStr::new);
    let records = json_lines(&run_utf8scope(&args, 1));
    assert_eq!(records.len(), 16);
    for record in &records {
        // `as` (a legacy reading) is documented too, for spans that have one.
        let mut keys: Vec<_> = record
            .as_object()
            .unwrap()
            .keys()
            .filter(|k| *k != "as")
            .cloned()
            .collect();
        keys.sort();
        assert_eq!(
            keys,
            [
                "bytes", "column", "kind", "length", "line", "offset", "path"
            ]
        );
    }
    let kinds: std::collections::BTreeSet<_> = records
        .iter()
        .map(|r| r["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.len(), 6, "every invalid kind appears: {kinds:?}");
    let surrogate = records.iter().find(|r| r["kind"] == "surrogate").unwrap();
    assert_eq!(
        surrogate,
        &serde_json::json!({"path": KINDS, "offset": 182, "length": 1, "line": 5,
                            "column": 28, "kind": "surrogate", "bytes": "ED"})
    );
    let last = records.last().unwrap();
    assert_eq!(
        (last["kind"].as_str(), last["bytes"].as_str()),
        (Some("truncated"), Some("F0 9F 98"))
    );
}

#[test]
fn stdin_is_read_with_a_dash() {
    check()
        .arg("-")
        .write_stdin(b"ok\n\xC3(".to_vec())
        .assert()
        .code(1)
        .stdout(
            "<stdin>:2:1: offset 0x00000003: truncated: C3\n<stdin>: 1 invalid span in 5 bytes\n",
        );
    check()
        .args(["--format", "jsonl", "-"])
        .write_stdin(b"\xFF".to_vec())
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(r#"{"path":"-","offset":0,"#));
}

#[test]
fn an_empty_file_is_valid() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, b"").unwrap();
    check()
        .arg(&empty)
        .assert()
        .code(0)
        .stdout(predicate::str::ends_with(": valid UTF-8, 0 bytes\n"));
}

#[test]
fn unreadable_inputs_exit_2_and_the_others_are_still_checked() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.txt");
    let unreadable = dir.path().join("not-a-dir");
    std::fs::write(&unreadable, "").unwrap();
    let assert = check()
        .arg(&missing)
        .arg(unreadable.join("below"))
        .arg(KINDS)
        .arg(VALID)
        .assert()
        .code(2);
    let output = assert.get_output();
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    let errors: Vec<_> = stderr.lines().collect();
    assert_eq!(errors.len(), 2, "{stderr}");
    assert_eq!(
        errors[0],
        format!(
            "utf8scope: {}: no such file or directory",
            missing.display()
        )
    );
    assert_eq!(
        errors[1],
        format!(
            "utf8scope: {}: not a directory",
            unreadable.join("below").display()
        )
    );
    let stdout = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(stdout.contains("invalid-kinds.txt: 16 invalid spans"));
    assert!(stdout.contains("multilingual.txt: valid UTF-8"));
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let colored = check()
        .args(["--color", "always", KINDS])
        .assert()
        .get_output()
        .stdout
        .clone();
    assert!(colored.contains(&0x1B), "--color always styles the text");
    let plain = check()
        .args(["--color", "auto", KINDS])
        .assert()
        .get_output()
        .stdout
        .clone();
    assert!(!plain.contains(&0x1B), "auto never colours a pipe");
    check()
        .args(["--color", "auto", KINDS])
        .env("NO_COLOR", "1")
        .assert()
        .stdout(predicate::str::contains("\x1b").not());
}

#[test]
fn file_names_are_escaped_before_they_reach_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let nasty = dir.path().join("evil\x1b[2J.txt");
    std::fs::write(&nasty, b"\xFF").unwrap();
    let output = check()
        .arg(&nasty)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert!(!text.contains('\x1b'));
    assert!(text.contains("evil\\x1b[2J.txt:1:1:"));
}

#[test]
fn with_no_file_piped_stdin_is_checked() {
    check()
        .write_stdin(b"caf\xE9\n".to_vec())
        .assert()
        .code(1)
        .stdout(
            "<stdin>:1:4: offset 0x00000003: truncated: E9\n<stdin>: 1 invalid span in 5 bytes; \
             looks like windows-1252, tentative (café)\n",
        );
}

#[test]
fn findings_are_reported_in_both_formats_and_warnings_fail_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "Le cafÃ© est prÃªt.\r\nx\u{202E}y\n".as_bytes()).unwrap();
    let path = file.display().to_string();
    let text = run_utf8scope(&["check", "--findings", &path].map(std::ffi::OsStr::new), 1);
    let lines: Vec<_> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{path}:1:4: offset 0x00000003: warning mojibake: “cafÃ©” is “café”: UTF-8 read as windows-1252"
        )
    );
    // In offset order, though mixed line endings are known only at the end.
    assert!(lines[2].starts_with(&format!(
        "{path}:1:20: offset 0x00000017: info mixed-line-endings"
    )));
    assert!(lines[3].starts_with(&format!(
        "{path}:2:2: offset 0x0000001a: warning bidi-control: U+202E"
    )));
    assert_eq!(
        lines[4],
        format!("{path}: valid UTF-8, 31 bytes; findings: 3 warnings, 1 info")
    );

    let args = ["check", "--findings", "--format", "jsonl", &path].map(std::ffi::OsStr::new);
    let records = json_lines(&run_utf8scope(&args, 1));
    let mojibake = &records[0];
    let mut keys: Vec<_> = mojibake.as_object().unwrap().keys().cloned().collect();
    keys.sort();
    let expected = [
        "bytes", "chain", "column", "detail", "kind", "length", "line", "offset", "path", "repair",
        "severity", "steps",
    ];
    assert_eq!(keys, expected);
    assert_eq!(
        mojibake["steps"],
        serde_json::json!(["UTF-8 read as windows-1252: Ã = C3, © = A9 → C3 A9 = é"])
    );
    assert_eq!(mojibake["repair"], "café");
    assert_eq!(mojibake["chain"], "UTF-8 read as windows-1252");
    assert_eq!(mojibake["bytes"], "63 61 66 C3 83 C2 A9");
    assert_eq!(records[2]["kind"], "mixed-line-endings");
    assert_eq!(records[3]["kind"], "bidi-control");
    assert!(
        records[3].get("repair").is_none(),
        "only mojibake has a repair"
    );
}

#[test]
fn info_findings_never_fail_the_check() {
    let args = ["check", "--findings", VALID].map(std::ffi::OsStr::new);
    let text = run_utf8scope(&args, 0);
    assert!(text.contains("info not-nfc"), "{text}");
    assert!(
        text.ends_with("valid UTF-8, 960 bytes; findings: 0 warnings, 1 info\n"),
        "{text}"
    );
    // Without --findings nothing about them is said.
    check()
        .arg(VALID)
        .assert()
        .code(0)
        .stdout(predicate::str::contains("findings").not());
}

#[test]
fn spans_after_valid_blocks_are_placed_alike_with_and_without_findings() {
    // Several MiB of lines (CRLF and LF, wide characters, a line longer
    // than a block), then invalid bytes: with --findings the plain scan
    // takes the line and column over valid blocks from the findings pass.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("long.txt");
    let mut bytes = Vec::new();
    for i in 0..60_000 {
        bytes.extend_from_slice(format!("line {i}: привет, 日本語 😀\r\n").as_bytes());
        bytes.extend_from_slice(b"plain ascii line\n");
    }
    bytes.extend(std::iter::repeat_n(b'x', 1_500_000));
    bytes.extend_from_slice(b"\xFF tail \xC3\n\xE2\x82 end\n");
    std::fs::write(&file, &bytes).unwrap();
    let path = file.display().to_string();
    let spans = |findings: bool| -> Vec<String> {
        let mut args = vec!["check"];
        args.extend(findings.then_some("--findings"));
        args.push(&path);
        let args: Vec<&std::ffi::OsStr> = args.iter().map(std::ffi::OsStr::new).collect();
        run_utf8scope(&args, 1)
            .lines()
            .filter(|line| line.contains(": offset "))
            .filter(|line| !line.contains(": warning ") && !line.contains(": info "))
            .map(str::to_string)
            .collect()
    };
    let plain = spans(false);
    assert_eq!(plain.len(), 3, "{plain:?}");
    assert!(
        plain[0].starts_with(&format!("{path}:120001:1500001:")),
        "{plain:?}"
    );
    assert_eq!(spans(true), plain);
}

#[test]
fn files_that_report_size_zero_are_read_to_their_end() {
    let text = run_utf8scope(
        &[std::ffi::OsStr::new("check"), "/proc/self/status".as_ref()],
        0,
    );
    assert!(!text.contains(" 0 bytes"), "{text}");
    assert!(
        text.starts_with("/proc/self/status: valid UTF-8, "),
        "{text}"
    );
}

#[test]
fn a_fifo_is_streamed_and_dev_zero_keeps_memory_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("in.fifo");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, b"ok\n\xFF\n").unwrap())
    };
    check()
        .arg(&fifo)
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            ":2:1: offset 0x00000003: invalid-byte: FF",
        ));
    writer.join().unwrap();
    // /dev/zero never ends: check streams it with bounded memory, writing
    // nothing to disk, until it is stopped.
    let mut endless = std::process::Command::new(assert_cmd::cargo::cargo_bin("utf8scope"))
        .args(["check", "/dev/zero"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = std::fs::read_to_string(format!("/proc/{}/status", endless.id())).unwrap();
    endless.kill().unwrap();
    let _ = endless.wait();
    let rss_kib: u64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(
        rss_kib < 64 * 1024,
        "{rss_kib} KiB resident after 1.5 s of /dev/zero"
    );
}

#[test]
fn arguments_in_clap_errors_are_escaped() {
    for args in [
        vec!["a", "\x1b]52;c;cHduZWQ=\x07.txt"],
        vec!["check", "--format", "\x1b]0;x\x07"],
        vec!["--no-such-\x1b[2J"],
    ] {
        let output = Command::cargo_bin("utf8scope")
            .unwrap()
            .args(&args)
            .assert()
            .code(2)
            .get_output()
            .stderr
            .clone();
        let text = String::from_utf8(output).unwrap();
        assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text:?}");
        assert!(
            text.contains("\\x1b"),
            "the argument is shown escaped: {text}"
        );
    }
}

#[test]
fn jsonl_escapes_bidi_c1_and_invisible_characters() {
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join("invoice\u{202E}fdp.txt\u{85}\u{AD}");
    std::fs::write(&name, b"\xFF").unwrap();
    let output = check()
        .args(["--format", "jsonl"])
        .arg(&name)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(output).unwrap();
    assert!(!text.contains('\u{202E}') && !text.contains('\u{85}') && !text.contains('\u{AD}'));
    assert!(
        text.contains("\\u202e") && text.contains("\\u0085") && text.contains("\\u00ad"),
        "{text}"
    );
    let record = &json_lines(&text)[0];
    assert_eq!(record["path"], name.display().to_string());
}

#[test]
fn file_names_that_are_not_utf8_are_taken_and_shown_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join(std::ffi::OsStr::from_bytes(b"\x9b2J.txt"));
    std::fs::write(&odd, b"\xFF").unwrap();
    let ok = dir.path().join("ok.txt");
    std::fs::write(&ok, b"fine\n").unwrap();
    let output = check()
        .arg(&odd)
        .arg(&ok)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("\\x9b2J.txt:1:1: offset 0x00000000: invalid-byte: FF"),
        "{text}"
    );
    assert!(text.contains("ok.txt: valid UTF-8, 5 bytes"), "{text}");
    assert!(!text.as_bytes().contains(&0x9b));
}

#[test]
fn at_most_a_hundred_spans_are_listed_per_file_unless_asked() {
    let dir = tempfile::tempdir().unwrap();
    let noisy = dir.path().join("noisy.bin");
    std::fs::write(&noisy, vec![0xFFu8; 250]).unwrap();
    let text = String::from_utf8(
        check()
            .arg(&noisy)
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    let listed = text
        .lines()
        .filter(|l| l.contains(": invalid-byte: FF"))
        .count();
    assert_eq!(listed, 100);
    assert!(
        text.contains("noisy.bin: … and 150 more invalid spans (--max-spans 0 lists all)"),
        "{text}"
    );
    assert!(text.ends_with("noisy.bin: 250 invalid spans in 250 bytes\n"));
    for (args, lines) in [
        (vec!["--max-spans", "0"], 251),
        (vec!["--max-spans", "7"], 9),
        (vec!["--format", "jsonl"], 250),
    ] {
        let out = check()
            .args(&args)
            .arg(&noisy)
            .assert()
            .code(1)
            .get_output()
            .stdout
            .clone();
        assert_eq!(
            String::from_utf8(out).unwrap().lines().count(),
            lines,
            "{args:?}"
        );
    }
}

#[test]
fn quiet_says_nothing_of_good_files_and_totals_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.txt");
    std::fs::write(&good, "fine\n").unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, b"caf\xe9\n").unwrap();
    let out = check()
        .arg("-q")
        .arg(&good)
        .arg(&bad)
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(!text.contains("good.txt"), "{text}");
    assert!(
        text.contains("bad.txt: 1 invalid span in 5 bytes"),
        "{text}"
    );
    assert!(
        text.ends_with("checked 2 files, 10 bytes: 1 with invalid UTF-8\n"),
        "{text}"
    );
}
