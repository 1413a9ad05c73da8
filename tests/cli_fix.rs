//! `utf8scope fix`: repairs, what it reports, and how it writes files.

use std::fs;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::Command as Process;

use assert_cmd::Command;
use encoding_rs::{WINDOWS_1251, WINDOWS_1252};
use predicates::prelude::*;

const SAMPLES: [&str; 3] = [
    "assets/samples/multilingual.txt",
    "assets/samples/invalid-kinds.txt",
    "assets/samples/kuhn-utf8-stress-test.txt",
];

fn fix() -> Command {
    let mut cmd = Command::cargo_bin("utf8scope").unwrap();
    cmd.arg("fix");
    cmd
}

/// `text`'s UTF-8 read through `encoding`, `times` times.
fn garble(text: &str, encoding: &'static encoding_rs::Encoding, times: usize) -> String {
    let mut garbled = text.to_string();
    for _ in 0..times {
        garbled = encoding
            .decode_without_bom_handling(garbled.as_bytes())
            .0
            .into_owned();
    }
    garbled
}

const FRENCH: &str = "Le café est prêt, à bientôt.\n";
const RUSSIAN: &str = "Привет, как дела?\n";
const GERMAN: &str = "Grüße aus Köln, schöne Straße.\n";

/// A file garbled three ways, and what it was meant to say.
fn garbled_and_meant() -> (String, String) {
    let garbled = [
        garble(FRENCH, WINDOWS_1252, 1),
        "plain ASCII line\n".to_string(),
        garble(RUSSIAN, WINDOWS_1251, 1),
        garble(GERMAN, WINDOWS_1252, 2),
    ]
    .concat();
    let meant = [FRENCH, "plain ASCII line\n", RUSSIAN, GERMAN].concat();
    (garbled, meant)
}

#[test]
fn mojibake_is_repaired_to_stdout_and_the_changes_listed_on_stderr() {
    let (garbled, meant) = garbled_and_meant();
    let output = fix().arg("-").write_stdin(garbled).assert().code(0);
    let output = output.get_output();
    assert_eq!(String::from_utf8_lossy(&output.stdout), meant);
    let report = String::from_utf8(output.stderr.clone()).unwrap();
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], "utf8scope fix: <stdin>: 5 changes", "{report}");
    assert_eq!(lines[1], "  mojibake repaired: 5");
    assert_eq!(
        lines[2],
        "    line 1: \u{201c}cafÃ©\u{201d} \u{2192} \u{201c}café\u{201d} (UTF-8 read as windows-1252)"
    );
    assert!(
        report.contains("    line 3: ") && report.contains("(UTF-8 read as windows-1251)"),
        "{report}"
    );
    assert!(
        report.contains("    line 4: ") && report.contains("(UTF-8 read as windows-1252, twice)"),
        "{report}"
    );
}

#[test]
fn only_the_first_few_changes_of_a_kind_are_listed() {
    // Two runs a line: "cafÃ©" and "prÃªt, Ã\u{A0}bientÃ´t." (NBSP joins them).
    let garbled = garble(FRENCH, WINDOWS_1252, 1).repeat(4);
    fix()
        .arg("-")
        .write_stdin(garbled)
        .assert()
        .code(0)
        .stdout(FRENCH.repeat(4))
        .stderr(predicate::str::contains("  mojibake repaired: 8\n"))
        .stderr(predicate::str::contains("    line 2: ").count(2))
        .stderr(predicate::str::contains("    line 3: ").count(1))
        .stderr(predicate::str::contains("    … and 3 more\n"));
}

#[test]
fn fixing_a_repaired_file_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (garbled, meant) = garbled_and_meant();
    let input = dir.path().join("garbled.txt");
    let once = dir.path().join("once.txt");
    let twice = dir.path().join("twice.txt");
    fs::write(&input, garbled).unwrap();
    fix().arg(&input).arg("-o").arg(&once).assert().code(0);
    assert_eq!(fs::read_to_string(&once).unwrap(), meant);
    fix()
        .arg(&once)
        .arg("-o")
        .arg(&twice)
        .assert()
        .code(0)
        .stderr(predicate::str::ends_with("once.txt: no changes\n"));
    assert_eq!(fs::read(&twice).unwrap(), fs::read(&once).unwrap());
}

/// `bytes` with each CESU-8 surrogate pair written as its char.
fn with_pairs_decoded(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        match utf8scope::model::cesu8::surrogate_pair(&bytes[at..]) {
            Some(pair) => {
                out.extend(pair.meant.to_string().as_bytes());
                at += 6;
            }
            None => {
                out.push(bytes[at]);
                at += 1;
            }
        }
    }
    out
}

#[test]
fn the_samples_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    for sample in SAMPLES {
        // Kuhn's stress test holds a NUL byte (its U+0000 case), which
        // makes it look binary: --binary says to repair it all the same.
        let binary: &[&str] = if sample.contains("kuhn") {
            &["--binary"]
        } else {
            &[]
        };
        // Kept as they are, the samples (which have no mojibake) come out
        // unchanged, but for the char each CESU-8 pair encodes (Kuhn's
        // section 5.2).
        let kept = fix()
            .arg(sample)
            .args(binary)
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        assert_eq!(
            kept,
            with_pairs_decoded(&fs::read(sample).unwrap()),
            "{sample}"
        );
        // Replacing invalid spans once leaves nothing to do the second time.
        let once = dir.path().join("once");
        let twice = dir.path().join("twice");
        fix()
            .args([sample, "--invalid", "replace", "--strip-bom", "-o"])
            .arg(&once)
            .args(binary)
            .assert()
            .code(0);
        fix()
            .arg(&once)
            .args(["--invalid", "replace", "--strip-bom", "-o"])
            .arg(&twice)
            .args(binary)
            .assert()
            .code(0)
            .stderr(predicate::str::ends_with(": no changes\n"));
        assert_eq!(
            fs::read(&once).unwrap(),
            fs::read(&twice).unwrap(),
            "{sample}"
        );
        assert!(std::str::from_utf8(&fs::read(&once).unwrap()).is_ok());
    }
}

#[test]
fn invalid_spans_are_kept_replaced_or_dropped_as_asked() {
    // C0 is one invalid span, E2 82 (truncated) another.
    let input: &[u8] = b"a\xC0b\xE2\x82c\n";
    fix()
        .arg("-")
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout(predicate::eq(input))
        .stderr("utf8scope fix: <stdin>: no changes; 2 invalid spans kept (see --invalid)\n");
    fix()
        .args(["-", "--invalid", "replace"])
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout("a\u{FFFD}b\u{FFFD}c\n")
        .stderr(predicate::str::contains(
            "  invalid spans replaced with U+FFFD: 2\n    line 1: C0 (overlong)\n    line 1: E2 82 (truncated)\n",
        ));
    fix()
        .args(["-", "--invalid", "drop"])
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout("abc\n")
        .stderr(predicate::str::contains("  invalid spans dropped: 2\n"));
}

#[test]
fn cesu_8_pairs_become_the_char_they_encode_whatever_invalid_says() {
    // U+1F600 as CESU-8 (its surrogates D83D DE00 as two 3-byte
    // sequences), then a lone high surrogate, which says nothing for sure.
    let mut input = b"smile \xED\xA0\xBD\xED\xB8\x80 lone \xED\xA0\xBD!\n".to_vec();
    // Enough pairs that they would look binary if counted as six spans.
    input.extend(b"\xED\xA0\xBD\xED\xB8\x80".repeat(20));
    input.push(b'\n');
    let smiles = "\u{1F600}".repeat(20);
    let cases: [(&str, &[u8]); 3] = [
        ("keep", b"\xED\xA0\xBD"),
        ("replace", "\u{FFFD}\u{FFFD}\u{FFFD}".as_bytes()),
        ("drop", b""),
    ];
    for (policy, lone) in cases {
        let mut expected = "smile \u{1F600} lone ".as_bytes().to_vec();
        expected.extend(lone);
        expected.extend(format!("!\n{smiles}\n").as_bytes());
        let out = fix()
            .args(["-", "--invalid", policy])
            .write_stdin(input.clone())
            .assert()
            .code(0)
            .stderr(predicate::str::contains(
                "  CESU-8 surrogate pairs written as UTF-8: 21\n    line 1: ED A0 BD ED B8 80 → “😀” (surrogates D83D DE00)\n",
            ))
            .get_output()
            .stdout
            .clone();
        assert_eq!(out, expected, "--invalid {policy}");
        // A second run finds no pair left.
        fix()
            .args(["-", "--invalid", policy])
            .write_stdin(out)
            .assert()
            .code(0)
            .stderr(predicate::str::contains("CESU-8").not());
    }
}

#[test]
fn byte_order_marks_go_only_when_asked() {
    let input = "\u{FEFF}one\n\u{FEFF}two\n";
    fix().arg("-").write_stdin(input).assert().stdout(input);
    fix()
        .args(["-", "--strip-bom"])
        .write_stdin(input)
        .assert()
        .code(0)
        .stdout("one\ntwo\n")
        .stderr(predicate::str::contains(
            "  byte order marks stripped: 2\n    line 1: EF BB BF\n    line 2: EF BB BF\n",
        ));
}

#[test]
fn mojibake_across_block_boundaries_is_all_repaired() {
    // About 380 KiB: lines cross every 64 KiB block boundary somewhere.
    let garbled = garble(FRENCH, WINDOWS_1252, 1).repeat(12_000);
    let output = fix().arg("-").write_stdin(garbled).assert().code(0);
    assert!(output.get_output().stdout == FRENCH.repeat(12_000).as_bytes());
}

#[test]
fn any_number_of_threads_writes_the_same_repairs_and_says_the_same() {
    // About 5 MiB, the lines recurring (each thread recalls what the
    // others found), with lines that hold no mojibake between them.
    let (garbled, meant) = garbled_and_meant();
    let numbered: String = (0..2_000)
        .map(|n| format!("line {n} of many\n{garbled}"))
        .collect();
    let text = numbered.repeat(12);
    let expected: String = (0..2_000)
        .map(|n| format!("line {n} of many\n{meant}"))
        .collect::<String>()
        .repeat(12);
    let runs: Vec<_> = ["1", "2", "3"]
        .iter()
        .map(|threads| {
            let output = fix()
                .args(["-j", threads, "-"])
                .write_stdin(text.clone())
                .assert()
                .code(0);
            output.get_output().clone()
        })
        .collect();
    assert!(runs[0].stdout == expected.as_bytes());
    for run in &runs[1..] {
        assert!(run.stdout == runs[0].stdout);
        assert_eq!(run.stderr, runs[0].stderr);
    }
}

#[test]
fn the_output_may_not_be_the_input_without_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("notes.txt");
    let garbled = garble(FRENCH, WINDOWS_1252, 1);
    fs::write(&input, &garbled).unwrap();
    fix()
        .arg(&input)
        .arg("-o")
        .arg(&input)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::ends_with(
            "notes.txt: is the input; use --in-place to rewrite it\n",
        ));
    assert_eq!(fs::read_to_string(&input).unwrap(), garbled);
}

#[test]
fn in_place_replaces_the_file_and_keeps_its_permissions() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("notes.txt");
    fs::write(&input, garble(FRENCH, WINDOWS_1252, 1)).unwrap();
    fs::set_permissions(&input, fs::Permissions::from_mode(0o640)).unwrap();
    fix()
        .arg("--in-place")
        .arg(&input)
        .assert()
        .code(0)
        .stdout("")
        .stderr(predicate::str::contains("  mojibake repaired: 2\n"));
    assert_eq!(fs::read_to_string(&input).unwrap(), FRENCH);
    assert_eq!(fs::metadata(&input).unwrap().mode() & 0o777, 0o640);
    // Nothing is left beside it.
    let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1);
}

#[test]
fn in_place_with_nothing_to_change_leaves_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("clean.txt");
    fs::write(&input, FRENCH).unwrap();
    let inode = fs::metadata(&input).unwrap().ino();
    fix()
        .arg("--in-place")
        .arg(&input)
        .assert()
        .code(0)
        .stderr(predicate::str::ends_with("clean.txt: no changes\n"));
    assert_eq!(fs::metadata(&input).unwrap().ino(), inode);
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// Runs `utf8scope ARGS` as a user who may not write to `locked` (as
/// "nobody" through setpriv when the tests run as root, who may write anywhere).
fn run_without_write_access(locked: &Path, args: &[&Path]) -> std::process::Output {
    let binary = assert_cmd::cargo::cargo_bin("utf8scope");
    if running_as_root() {
        // nobody must reach the binary: copy it where anyone may run it.
        let runnable = locked.parent().unwrap().join("utf8scope");
        fs::copy(&binary, &runnable).unwrap();
        fs::set_permissions(locked.parent().unwrap(), fs::Permissions::from_mode(0o755)).unwrap();
        fs::set_permissions(locked, fs::Permissions::from_mode(0o755)).unwrap();
        Process::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(&runnable)
            .args(args)
            .output()
            .expect("setpriv (util-linux) runs the test as nobody")
    } else {
        fs::set_permissions(locked, fs::Permissions::from_mode(0o555)).unwrap();
        Process::new(binary).args(args).output().unwrap()
    }
}

fn running_as_root() -> bool {
    // The owner of a file just created is the effective user.
    let probe = tempfile::NamedTempFile::new().unwrap();
    fs::metadata(probe.path()).unwrap().uid() == 0
}

#[test]
fn in_place_in_an_unwritable_directory_leaves_the_input_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).unwrap();
    let input = locked.join("notes.txt");
    let garbled = garble(FRENCH, WINDOWS_1252, 1);
    fs::write(&input, &garbled).unwrap();
    fs::set_permissions(&input, fs::Permissions::from_mode(0o666)).unwrap();
    let output = run_without_write_access(
        &locked,
        &[Path::new("fix"), Path::new("--in-place"), &input],
    );
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("utf8scope: ")
            && stderr.contains("notes.txt: cannot create a temporary file beside it: ")
            && stderr.lines().count() == 1,
        "{stderr}"
    );
    assert_eq!(fs::read_to_string(&input).unwrap(), garbled);
    assert_eq!(fs::read_dir(&locked).unwrap().count(), 1);
}

#[test]
fn a_missing_file_is_a_one_line_error() {
    fix()
        .args(["no/such/file.txt", "-o", "/dev/null"])
        .assert()
        .code(2)
        .stderr(predicate::str::is_match("^utf8scope: no/such/file.txt: .*\n$").unwrap());
}

#[test]
fn in_place_and_an_output_file_conflict() {
    fix()
        .args(["--in-place", "-o", "x", "assets/samples/multilingual.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn in_place_needs_a_file() {
    fix()
        .args(["-", "--in-place"])
        .write_stdin("x")
        .assert()
        .code(2)
        .stderr("utf8scope: <stdin>: --in-place needs a regular file, not a stream\n");
}

#[test]
fn diff_shows_what_would_change_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("f.txt");
    let before = "one\nLe caf\u{c3}\u{a9} est pr\u{c3}\u{aa}t.\nthree\n";
    std::fs::write(&path, before).unwrap();
    let output = Command::cargo_bin("utf8scope")
        .unwrap()
        .current_dir(dir.path())
        .args(["fix", "--diff", "f.txt"])
        .assert()
        .code(0)
        .get_output()
        .clone();
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "--- f.txt\n+++ f.txt\n@@ -1,3 +1,3 @@\n one\n-Le caf\u{c3}\u{a9} est pr\u{c3}\u{aa}t.\n+Le café est prêt.\n three\n"
    );
    assert!(String::from_utf8(output.stderr).unwrap().contains("f.txt"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    // With nothing to repair, the diff is empty.
    std::fs::write(&path, "clean\n").unwrap();
    Command::cargo_bin("utf8scope")
        .unwrap()
        .current_dir(dir.path())
        .args(["fix", "--diff", "f.txt"])
        .assert()
        .code(0)
        .stdout("");
    Command::cargo_bin("utf8scope")
        .unwrap()
        .current_dir(dir.path())
        .args(["fix", "--diff", "--in-place", "f.txt"])
        .assert()
        .code(2);
}

#[test]
fn only_the_first_64_kib_decide_whether_an_input_looks_binary() {
    // A NUL byte past the first 64 KiB, as in a log that later got one:
    // the text is still text, and its mojibake is repaired.
    let mut bytes = "caf\u{c3}\u{a9} ok\n".as_bytes().to_vec();
    while bytes.len() < 100 << 10 {
        bytes.extend_from_slice(b"plain text line\n");
    }
    bytes.extend_from_slice(b"a NUL \0 here\n");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("late-nul.txt");
    fs::write(&path, &bytes).unwrap();
    let out = fix()
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert!(out.starts_with("café ok\n".as_bytes()));
    // Within the first 64 KiB, the same NUL makes it binary.
    bytes.splice(20..20, *b"\0");
    fs::write(&path, &bytes).unwrap();
    fix()
        .arg(&path)
        .assert()
        .failure()
        .stderr(predicate::str::contains("looks binary"));
}

#[test]
fn text_in_another_encoding_is_named_not_called_binary() {
    // A windows-1251 letter, a PowerShell UTF-16LE file, a UTF-8 table
    // with rows written in windows-1251: each is refused, as fix does not
    // convert unless asked, with what it reads as and the option that
    // reads it so; random bytes without a NUL still look binary.
    let letter = "Уважаемый Иван Петрович!\nБлагодарим вас за письмо от 3 марта.\n\
                  С уважением, редакция журнала «Наука и жизнь».\n";
    let rows = [
        "Имя;Город;Отзыв",
        "Иван;Москва;хорошо",
        "Пётр;Санкт-Петербург;отлично",
    ];
    let mut table = Vec::new();
    for (i, row) in rows.iter().cycle().take(30).enumerate() {
        if i % 3 == 0 {
            table.extend_from_slice(&WINDOWS_1251.encode(row).0);
        } else {
            table.extend_from_slice(row.as_bytes());
        }
        table.push(b'\n');
    }
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in "Get-Process | Format-Table\r\nДата: 3 марта\r\n".encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    let mut noise = 0x2545_F491_4F6C_DD1Du64;
    let random: Vec<u8> = std::iter::repeat_with(|| {
        noise ^= noise << 13;
        noise ^= noise >> 7;
        noise ^= noise << 17;
        (noise >> 24) as u8
    })
    .filter(|&b| b != 0)
    .take(3000)
    .collect();
    // (What it reads as, then how sure detection is, then what to do.)
    let cases: [(&str, Vec<u8>, &str, &str); 4] = [
        (
            "letter.txt",
            WINDOWS_1251.encode(letter).0.into_owned(),
            "letter.txt: not UTF-8: reads as windows-1251 (guessed, ",
            "); fix leaves it as it is (--from auto converts it to UTF-8)\n",
        ),
        (
            "ps.txt",
            utf16,
            "ps.txt: not UTF-8: reads as UTF-16LE (BOM",
            "); fix leaves it as it is (--from auto converts it to UTF-8)\n",
        ),
        (
            "table.csv",
            table,
            "table.csv: UTF-8 with lines in windows-1251 (guessed, ",
            "); fix leaves it as it is (--invalid legacy reads those lines as windows-1251)\n",
        ),
        (
            "random.bin",
            random,
            "random.bin: looks binary (",
            "(--binary repairs it anyway)\n",
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, reads_as, then) in cases {
        let path = dir.path().join(name);
        fs::write(&path, &bytes).unwrap();
        let out = fix().arg(&path).assert().code(2).get_output().clone();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.stdout.is_empty(), "{name}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(reads_as) && err.ends_with(then),
            "{name}: {err}"
        );
    }
    // The ways the errors name do read them.
    let table = dir.path().join("table.csv");
    let out = fix()
        .args(["--invalid", "legacy"])
        .arg(&table)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        rows.iter()
            .cycle()
            .take(30)
            .map(|r| format!("{r}\n"))
            .collect::<String>()
    );
    let out = fix()
        .args(["--from", "auto"])
        .arg(dir.path().join("letter.txt"))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    assert_eq!(String::from_utf8(out).unwrap(), letter);
}

#[test]
fn invalid_spans_kept_in_legacy_lines_name_their_encoding() {
    // A UTF-8 file with one line written in windows-1252: too few invalid
    // spans to look binary, kept, and the summary names what their line
    // reads as (from standard input, whose start is gone by then, it
    // points to --invalid).
    let mut bytes = "Le café est prêt, dit-elle.\n".repeat(40).into_bytes();
    bytes.extend_from_slice(&WINDOWS_1252.encode("Un été à Genève\n").0);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("rows.txt");
    fs::write(&path, &bytes).unwrap();
    let out = fix().arg(&path).assert().success().get_output().clone();
    assert_eq!(out.stdout, bytes);
    assert!(
        String::from_utf8_lossy(&out.stderr).ends_with(
            "rows.txt: no changes; 4 invalid spans kept (their lines read as windows-1252, \
             tentative: --invalid legacy reads them so)\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = fix()
        .arg("-")
        .write_stdin(bytes)
        .assert()
        .success()
        .get_output()
        .clone();
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "utf8scope fix: <stdin>: no changes; 4 invalid spans kept (see --invalid)\n"
    );
}

/// `fix -` on `input`, which succeeds: what it wrote, and what it said.
fn fixed_stdin(input: &str) -> (String, String) {
    let out = fix()
        .arg("-")
        .write_stdin(input)
        .assert()
        .code(0)
        .get_output()
        .clone();
    let text = |bytes: Vec<u8>| String::from_utf8_lossy(&bytes).into_owned();
    (text(out.stdout), text(out.stderr))
}

#[test]
fn mojibake_read_two_ways_is_left_and_the_summary_names_it() {
    // "ü" garbled through windows-1250 or ISO-8859-2 shows the same: which
    // one (and so "müssen" or "måssen") no word of the line tells. In the
    // next line the letter pairs of German do: "Straße" (windows-1250),
    // not "Straüe" (ISO-8859-2).
    let (out, err) = fixed_stdin("Wir mĂĽssen gehen.\nDie StraĂźe ist lang.\n");
    assert_eq!(out, "Wir mĂĽssen gehen.\nDie Straße ist lang.\n");
    assert!(err.contains("<stdin>: 1 change\n"), "{err}");
    assert!(err.contains("  mojibake left as it was: 1\n"), "{err}");
    assert!(
        err.contains(
            "    line 1: “mĂĽssen” may be “müssen” (UTF-8 read as windows-1250) or “måssen” \
             (UTF-8 read as ISO-8859-2); no reading is clearly right\n"
        ),
        "{err}"
    );
}

#[test]
fn a_word_beside_one_left_ungarbled_is_reported_by_check_and_fix_and_left() {
    // "île" and "fermé" would have been garbled too had the whole line
    // been: "cafÃ©" is reported with its reading and the word in the way,
    // and left, by check and fix alike; the next line is repaired.
    let input = "Le cafÃ© de l'île est fermé.\nLe cafÃ© est prÃªt.\n";
    let (out, err) = fixed_stdin(input);
    assert_eq!(out, "Le cafÃ© de l'île est fermé.\nLe café est prêt.\n");
    assert!(
        err.contains(
            "  mojibake left as it was: 1\n    line 1: “cafÃ©” may be “café” (UTF-8 read as \
             windows-1252); its line also holds “l'île”, which that garbling would have changed\n"
        ),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mixed.txt");
    std::fs::write(&path, input).unwrap();
    let out = Command::cargo_bin("utf8scope")
        .unwrap()
        .args(["check", "--findings"])
        .arg(&path)
        .assert()
        .code(1)
        .get_output()
        .clone();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains(
            ":1:4: offset 0x00000003: warning mojibake: “cafÃ©” may be “café” (UTF-8 read as \
             windows-1252); its line also holds “l'île”, which that garbling would have changed, so fix leaves it\n"
        ),
        "{report}"
    );
}
