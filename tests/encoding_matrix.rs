//! Every encoding through every door (issue #29): for each encoding the
//! model reads (each legacy code page of the detection corpus, UTF-16 and
//! UTF-32 in both byte orders with and without a BOM) and texts of its
//! languages, short and long, the real binary is run as a user would:
//! `check --encoding auto` names the encoding, `fix --from auto` and
//! `fix --from ENC` give the original text back, and `check --findings`
//! in the encoding finds nothing in clean text.
//!
//! Misses (a refusal, a tentative guess that is wrong) are reported apart
//! from wrong answers (a certain or confident guess that is wrong, a named
//! conversion that is not exact), and there must be no wrong answers.

mod common;
#[path = "common/corpus.rs"]
mod corpus;

use std::collections::BTreeMap;

use common::run_with_stdin as run;
use corpus::{LANGUAGES, LENGTHS, cases, reads_back, text};
use utf8scope::model::Encoding;

/// One file of the matrix.
struct File {
    language: &'static str,
    /// The encoding's name as encoding_rs (and `--from`) writes it.
    encoding: String,
    /// Whether the bytes start with a byte order mark.
    bom: bool,
    text: String,
    bytes: Vec<u8>,
}

/// The texts in UTF-16 and UTF-32, each language at its shortest and
/// longest, with and without a BOM.
fn unicode_files() -> Vec<File> {
    let mut files = Vec::new();
    for language in &LANGUAGES {
        for length in [0, LENGTHS.len() - 1] {
            let text = text(language, length, 1);
            for encoding in [
                Encoding::UTF_16LE,
                Encoding::UTF_16BE,
                Encoding::UTF_32LE,
                Encoding::UTF_32BE,
            ] {
                let name = encoding.name();
                let bytes = encoding.encode(&text).expect("Unicode writes every char");
                let bom = encoding.codec().bom();
                for with_bom in [false, true] {
                    let bytes = if with_bom {
                        [bom, &bytes].concat()
                    } else {
                        bytes.clone()
                    };
                    files.push(File {
                        language: language.name,
                        encoding: name.to_string(),
                        bom: with_bom,
                        text: text.clone(),
                        bytes,
                    });
                }
            }
        }
    }
    files
}

/// Every file of the matrix: the legacy corpus (one text a length) and
/// the Unicode forms.
fn files() -> Vec<File> {
    let mut files: Vec<File> = cases()
        .into_iter()
        .filter(|case| case.text.len() % 3 == 0 || case.length == 0 || case.length == 3)
        .map(|case| File {
            language: case.language,
            encoding: case.encoding.to_string(),
            bom: false,
            text: case.text,
            bytes: case.bytes,
        })
        .collect();
    files.extend(unicode_files());
    files
}

/// What one door did with one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Exact,
    /// Refused, or a tentative guess that was wrong.
    Miss,
    Wrong,
}

/// Counts per encoding: exact, missed, wrong.
#[derive(Default)]
struct Tally(BTreeMap<String, [usize; 3]>);

impl Tally {
    fn add(&mut self, key: &str, outcome: Outcome) {
        let row = self.0.entry(key.to_string()).or_default();
        row[outcome as usize] += 1;
    }

    fn totals(&self) -> [usize; 3] {
        self.0.values().fold([0; 3], |mut all, row| {
            (0..3).for_each(|i| all[i] += row[i]);
            all
        })
    }
}

/// The matrix's results for one file, door by door.
struct Results {
    key: String,
    check: Outcome,
    fix_auto: Outcome,
    fix_named: Outcome,
    findings: Outcome,
    dump: Outcome,
    notes: Vec<String>,
}

fn try_file(file: &File) -> Results {
    let key = format!("{}{}", file.encoding, if file.bom { " +BOM" } else { "" });
    let mut notes = Vec::new();
    let label = format!(
        "{} {} {:?}",
        file.language,
        key,
        file.text.chars().take(20).collect::<String>()
    );
    // check --encoding auto: names an encoding that reads the text back.
    let (out, err, code) = run(&["check", "--encoding", "auto", "-"], &file.bytes);
    let out = String::from_utf8_lossy(&out).into_owned();
    let named = out
        .rsplit_once("read as ")
        .map(|(_, rest)| rest.split(' ').next().unwrap_or("").to_string());
    let tentative = out.contains("tentative");
    let check = match &named {
        Some(name) if reads_back(name, &file.bytes, &file.text) || matches_unicode(name, file) => {
            if code == 0 {
                Outcome::Exact
            } else {
                Outcome::Wrong
            }
        }
        _ if tentative => Outcome::Miss,
        _ => Outcome::Wrong,
    };
    if check == Outcome::Wrong {
        notes.push(format!("check: {label}: {out}{err} ({code})"));
    }
    // fix --from auto: the text back, or a refusal.
    let (out, err, code) = run(&["fix", "--from", "auto", "-"], &file.bytes);
    let fix_auto = if code != 0 {
        assert!(out.is_empty(), "{label}: a refusal writes nothing");
        Outcome::Miss
    } else if out == file.text.as_bytes() {
        Outcome::Exact
    } else if err.contains("tentative") {
        Outcome::Miss
    } else {
        Outcome::Wrong
    };
    if fix_auto == Outcome::Wrong {
        notes.push(format!("fix --from auto: {label}: {err}"));
    }
    // fix --from ENC: always the text back.
    let (out, err, code) = run(&["fix", "--from", &file.encoding, "-"], &file.bytes);
    let fix_named = if code == 0 && out == file.text.as_bytes() {
        Outcome::Exact
    } else {
        notes.push(format!(
            "fix --from {}: {label}: {err} ({code})",
            file.encoding
        ));
        Outcome::Wrong
    };
    // check --findings in the encoding: clean text has no findings of
    // controls or invalid bytes (the NUL bytes of UTF-16 are no controls).
    let (out, err, code) = run(
        &[
            "check",
            "--findings",
            "--encoding",
            &file.encoding,
            "--format",
            "jsonl",
            "-",
        ],
        &file.bytes,
    );
    let out = String::from_utf8_lossy(&out).into_owned();
    let findings = if code == 0 && !out.contains("\"kind\":\"control\"") {
        Outcome::Exact
    } else {
        notes.push(format!("check --findings: {label}: {out}{err} ({code})"));
        Outcome::Wrong
    };
    // dump --encoding auto: its text column holds the text (spaces, line
    // feeds and the marks of continuation bytes aside).
    let (out, err, code) = run(&["dump", "--encoding", "auto", "-"], &file.bytes);
    let shown = dumped_text(&String::from_utf8_lossy(&out));
    let wanted: String = file.text.chars().filter(|c| !c.is_whitespace()).collect();
    let dump = if code == 0 && shown == wanted {
        Outcome::Exact
    } else if tentative {
        Outcome::Miss
    } else {
        let shown: String = shown.chars().take(80).collect();
        notes.push(format!(
            "dump --encoding auto: {label}: {shown}… {err} ({code})"
        ));
        Outcome::Wrong
    };
    Results {
        key,
        check,
        fix_auto,
        fix_named,
        findings,
        dump,
        notes,
    }
}

/// The characters of a dump's text column, without spaces, line feeds
/// (␊), the dots that stand for continuation bytes, and the marks drawn
/// for what is no character of the text: an escape sequence (␛), the
/// dotted circle a combining mark is drawn on (◌), a BOM (◊).
fn dumped_text(dump: &str) -> String {
    // "0x00000000 " and 16 hex bytes ("C2 " each) before the text column.
    const TEXT_COLUMN: usize = 11 + 16 * 3;
    dump.lines()
        .filter_map(|line| line.get(TEXT_COLUMN..))
        .flat_map(str::chars)
        .filter(|&c| !c.is_whitespace() && !matches!(c, '␊' | '·' | '␛' | '◌' | '◊'))
        .collect()
}

/// Whether `name` is the Unicode form `file` is in (encoding_rs has no
/// UTF-32 to read it back with).
fn matches_unicode(name: &str, file: &File) -> bool {
    file.encoding.starts_with("UTF-") && name == file.encoding
}

#[test]
fn every_encoding_through_every_door() {
    let files = files();
    assert!(files.len() > 600, "{} files", files.len());
    let half = files.len() / 2;
    let results: Vec<Results> = std::thread::scope(|scope| {
        let (a, b) = files.split_at(half);
        let first = scope.spawn(|| a.iter().map(try_file).collect::<Vec<_>>());
        let second = scope.spawn(|| b.iter().map(try_file).collect::<Vec<_>>());
        let mut all = first.join().expect("no panic");
        all.extend(second.join().expect("no panic"));
        all
    });
    let mut doors: [(&str, Tally); 5] = [
        ("check --encoding auto", Tally::default()),
        ("fix --from auto", Tally::default()),
        ("fix --from ENC", Tally::default()),
        ("check --findings", Tally::default()),
        ("dump --encoding auto", Tally::default()),
    ];
    let mut notes = Vec::new();
    for result in &results {
        doors[0].1.add(&result.key, result.check);
        doors[1].1.add(&result.key, result.fix_auto);
        doors[2].1.add(&result.key, result.fix_named);
        doors[3].1.add(&result.key, result.findings);
        doors[4].1.add(&result.key, result.dump);
        notes.extend(result.notes.iter().cloned());
    }
    println!(
        "{:<22} {:>22} {:>22} {:>16}",
        "encoding", "check --encoding auto", "fix --from auto", "fix --from ENC"
    );
    let cell = |row: [usize; 3]| {
        format!(
            "{}/{} ({} wrong)",
            row[0],
            row.iter().sum::<usize>(),
            row[2]
        )
    };
    for key in doors[0].1.0.keys() {
        println!(
            "{key:<22} {:>22} {:>22} {:>16}",
            cell(doors[0].1.0[key]),
            cell(doors[1].1.0[key]),
            cell(doors[2].1.0[key]),
        );
    }
    for (door, tally) in &doors {
        let [exact, missed, wrong] = tally.totals();
        println!("{door}: {exact} exact, {missed} missed, {wrong} wrong");
    }
    for note in &notes {
        println!("{note}");
    }
    for (door, tally) in &doors {
        assert_eq!(
            tally.totals()[2],
            0,
            "{door} gave wrong answers (see above)"
        );
    }
    let [exact, missed, _] = doors[1].1.totals();
    assert!(
        exact * 100 >= (exact + missed) * 95,
        "fix --from auto restored {exact} of {}",
        exact + missed
    );
}

/// A UTF-8 file of each language with a few rows in each of its legacy
/// encodings (a CSV exported twice): `fix --invalid legacy` restores the
/// rows, and never writes a row that is neither the original nor kept.
#[test]
fn invalid_legacy_restores_the_rows_of_mixed_files() {
    let (mut exact, mut kept, mut wrong) = (0, 0, Vec::new());
    for language in &LANGUAGES {
        for label in language.encodings {
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
            if encoding == encoding_rs::ISO_2022_JP {
                // 7-bit: its rows are valid UTF-8, nothing to read.
                continue;
            }
            let (mut bytes, mut expected) = (Vec::new(), String::new());
            for i in 0..12 {
                let sentence = language.sentences[i % language.sentences.len()];
                let row = format!("{i};{sentence}\n");
                expected.push_str(&row);
                match (i % 4 == 1).then(|| encoding.encode(&row)) {
                    Some((legacy, _, false)) => bytes.extend_from_slice(&legacy),
                    _ => bytes.extend_from_slice(row.as_bytes()),
                }
            }
            let (out, err, code) = run(&["fix", "--invalid", "legacy", "-"], &bytes);
            assert_eq!(code, 0, "{} {label}: {err}", language.name);
            let out = String::from_utf8_lossy(&out).into_owned();
            if out == expected {
                exact += 1;
            } else if out
                .lines()
                .zip(expected.lines())
                .all(|(got, want)| got == want || got.contains('\u{FFFD}'))
            {
                kept += 1;
            } else {
                wrong.push(format!("{} {label}:\n{out}", language.name));
            }
        }
    }
    println!(
        "mixed files restored exactly: {exact}, rows left as they were: {kept}, wrong: {}",
        wrong.len()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(exact >= 40, "{exact} exact");
}

/// Writes the matrix's files and their texts to the folder
/// `UTF8SCOPE_MATRIX_DIR` names, for `scripts/matrix_vs_chardet.py` to
/// compare `fix --from auto` with chardet on the same files:
/// `UTF8SCOPE_MATRIX_DIR=/tmp/matrix cargo test --test encoding_matrix -- --ignored`.
#[test]
#[ignore = "writes the matrix's files for the comparison script"]
fn write_the_matrix_files() {
    let Some(dir) = std::env::var_os("UTF8SCOPE_MATRIX_DIR") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (i, file) in files().iter().enumerate() {
        let stem = format!(
            "{i:04}.{}{}",
            file.encoding,
            if file.bom { "+BOM" } else { "" }
        );
        std::fs::write(dir.join(format!("{stem}.bin")), &file.bytes).unwrap();
        std::fs::write(dir.join(format!("{stem}.txt")), &file.text).unwrap();
    }
}
