//! `check` and `fix` on files in other encodings (issue #10): a windows-1252
//! CSV, a PowerShell UTF-16 file, UTF-32, and UTF-8 with legacy rows.

use assert_cmd::Command;

mod common;

use common::json_lines;

fn utf8scope() -> Command {
    let mut cmd = Command::cargo_bin("utf8scope").unwrap();
    cmd.env_remove("NO_COLOR");
    cmd
}

/// Runs `utf8scope ARGS` with `stdin`; returns stdout, stderr and the status.
fn run(args: &[&str], stdin: &[u8]) -> (Vec<u8>, String, i32) {
    let output = utf8scope().args(args).write_stdin(stdin).output().unwrap();
    (
        output.stdout,
        String::from_utf8(output.stderr).unwrap(),
        output.status.code().unwrap(),
    )
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

/// What `check --encoding auto --explain` says of `bytes`, which it must
/// read without failing.
fn explained(bytes: &[u8]) -> String {
    let (out, _, code) = run(&["check", "--encoding", "auto", "--explain", "-"], bytes);
    let out = text(out);
    assert_eq!(code, 0, "{out}");
    out
}

/// "text" as PowerShell's `>` writes it: UTF-16LE with a BOM, CRLF lines.
fn powershell(text: &str) -> Vec<u8> {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(
        text.replace('\n', "\r\n")
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    bytes
}

const CSV_ROW: &[u8] = b"caf\xe9 cr\xe8me br\xfbl\xe9e\n";

#[test]
fn a_windows_1252_row_is_named_and_each_span_read() {
    let (out, _, code) = run(&["check", "-"], CSV_ROW);
    assert_eq!(code, 1, "still checked as UTF-8");
    let out = text(out);
    assert!(
        out.ends_with(
            "<stdin>: 4 invalid spans in 18 bytes; looks like windows-1252, tentative (café crème brûlée)\n"
        ),
        "{out}"
    );
    let (out, _, _) = run(&["check", "--format", "jsonl", "-"], CSV_ROW);
    let readings: Vec<(String, String)> = json_lines(&text(out))
        .iter()
        .map(|v| {
            (
                v["as"]["encoding"].as_str().unwrap().to_string(),
                v["as"]["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected = ["é", "è", "û", "é"].map(|t| ("windows-1252".to_string(), t.to_string()));
    assert_eq!(readings, expected);
}

#[test]
fn a_utf8_file_with_legacy_rows_is_read_row_by_row() {
    let mut bytes = "Grüße aus Köln\n".as_bytes().to_vec();
    bytes.extend_from_slice(b"Za\xbf\xf3\xb3\xe6 g\xea\x9cl\xb9 ja\x9f\xf1\n"); // windows-1250
    bytes.extend("naïve café\n".as_bytes());
    bytes.extend_from_slice(b"\xcf\xf0\xe8\xe2\xe5\xf2, \xec\xe8\xf0\n"); // windows-1251
    let (out, _, code) = run(&["check", "--format", "jsonl", "-"], &bytes);
    assert_eq!(code, 1);
    let lines = json_lines(&text(out));
    let by_line = |line: u64| -> (String, String) {
        let spans: Vec<_> = lines.iter().filter(|v| v["line"] == line).collect();
        let encoding = spans[0]["as"]["encoding"].as_str().unwrap().to_string();
        let text = spans
            .iter()
            .map(|v| v["as"]["text"].as_str().unwrap())
            .collect();
        (encoding, text)
    };
    assert_eq!(
        by_line(4),
        ("windows-1251".to_string(), "Приветмир".to_string())
    );
    assert_eq!(by_line(2).0, "windows-1250");
    assert_eq!(by_line(2).1, "żółćęśąźń");
}

#[test]
fn a_powershell_file_is_one_finding_not_a_warning_per_nul() {
    let bytes = powershell("Get-Process output\nline two\n");
    let (out, _, code) = run(&["check", "--findings", "-"], &bytes);
    assert_eq!(code, 1);
    let out = text(out);
    assert_eq!(out.matches("warning utf-16").count(), 1, "{out}");
    assert!(!out.contains("control"), "{out}");
    assert!(out.contains("this is UTF-16LE text"), "{out}");
    assert!(
        out.trim_end().ends_with("looks like UTF-16LE (BOM)"),
        "{out}"
    );
}

#[test]
fn encoding_auto_reads_utf16_and_finds_in_its_text() {
    let bytes = powershell("fine\nsneaky \u{202E}txt\n");
    let (out, _, code) = run(&["check", "--findings", "--encoding", "auto", "-"], &bytes);
    assert_eq!(code, 1, "a bidi control is a warning");
    let out = text(out);
    // Line 2, column 8, at the file's own offset: 2 + 2 * 13.
    assert!(
        out.starts_with("<stdin>:2:8: offset 0x0000001c: warning bidi-control"),
        "{out}"
    );
    assert!(
        out.ends_with("<stdin>: valid UTF-16LE, 40 bytes; findings: 1 warning, 0 info; read as UTF-16LE (BOM)\n"),
        "{out}"
    );
}

#[test]
fn utf16_spans_have_the_designs_kinds_lines_and_columns() {
    let mut bytes: Vec<u8> = "ab\ncd".encode_utf16().flat_map(u16::to_be_bytes).collect();
    bytes.extend_from_slice(&[0xDC, 0x00]); // a low surrogate alone
    bytes.extend_from_slice(&[0xD8, 0x03, 0xDC, 0x0C]); // U+10C0C, a pair
    bytes.push(0x41); // an odd final byte
    let (out, _, code) = run(
        &["check", "--encoding", "utf-16be", "--format", "jsonl", "-"],
        &bytes,
    );
    assert_eq!(code, 1);
    let spans: Vec<_> = json_lines(&text(out))
        .iter()
        .map(|v| {
            (
                v["offset"].as_u64().unwrap(),
                v["length"].as_u64().unwrap(),
                v["line"].as_u64().unwrap(),
                v["column"].as_u64().unwrap(),
                v["kind"].as_str().unwrap().to_string(),
                v["encoding"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let utf16 =
        |o, l, line, col, kind: &str| (o, l, line, col, kind.to_string(), "UTF-16BE".to_string());
    assert_eq!(
        spans,
        [
            utf16(10, 2, 2, 3, "unpaired-surrogate"),
            utf16(16, 1, 2, 5, "truncated"),
        ]
    );
}

#[test]
fn utf32_spans_and_a_legacy_unmapped_byte() {
    let mut bytes: Vec<u8> = [0x41u32, 0xD800, 0x11_0000, 0x10C0C]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    bytes.extend_from_slice(&[0, 0]);
    let (out, _, _) = run(
        &["check", "--encoding", "utf-32le", "--format", "jsonl", "-"],
        &bytes,
    );
    let kinds: Vec<_> = json_lines(&text(out))
        .iter()
        .map(|v| {
            (
                v["offset"].as_u64().unwrap(),
                v["kind"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            (4, "surrogate".to_string()),
            (8, "too-large".to_string()),
            (16, "truncated".to_string())
        ]
    );
    let (out, _, code) = run(&["check", "--encoding", "windows-1252", "-"], b"a\x81b\n");
    assert_eq!(code, 1);
    assert_eq!(
        text(out),
        "<stdin>:1:2: offset 0x00000001: unmapped: 81\n\
         <stdin>: 1 invalid span in 4 bytes; read as windows-1252 (given)\n"
    );
}

#[test]
fn an_unknown_encoding_is_one_line() {
    let (_, err, code) = run(&["check", "--encoding", "klingon", "-"], b"");
    assert_eq!(code, 2);
    let first = err.lines().next().unwrap();
    assert!(
        first.contains("'klingon'") && first.contains("unknown encoding"),
        "{err}"
    );
}

#[test]
fn fix_from_converts_a_powershell_file_and_says_so() {
    let bytes = powershell("Papa \u{41f}\u{430}\u{43f}\u{430} \u{10C0C}\n");
    let (out, err, code) = run(&["fix", "--from", "auto", "-"], &bytes);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        text(out),
        "Papa \u{41f}\u{430}\u{43f}\u{430} \u{10C0C}\r\n",
        "BOM dropped"
    );
    assert_eq!(
        err,
        "utf8scope fix: <stdin>: converted from UTF-16LE (detected: BOM) to UTF-8\n"
    );
    let (out, _, _) = run(&["fix", "--from", "utf-16le", "--keep-bom", "-"], &bytes);
    assert!(out.starts_with("\u{FEFF}".as_bytes()));
}

#[test]
fn fix_from_stops_at_the_first_undefined_byte_unless_replacing() {
    let (_, err, code) = run(&["fix", "--from", "windows-1252", "-"], b"ok\nab\x81c\n");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "utf8scope: <stdin>: 81 at offset 5 is undefined in windows-1252: not converted \
         (--invalid replace writes U+FFFD for such bytes)\n"
    );
    let (out, err, code) = run(
        &["fix", "--from", "cp1252", "--invalid", "replace", "-"],
        b"ab\x81c",
    );
    assert_eq!((code, text(out).as_str()), (0, "ab\u{FFFD}c"));
    assert!(
        err.ends_with("1 undefined sequence replaced with U+FFFD\n"),
        "{err}"
    );
}

/// `fix --from FROM --in-place PATH`: stdout, stderr and the status.
fn fix_in_place(from: &str, path: &std::path::Path) -> (Vec<u8>, String, i32) {
    run(
        &["fix", "--from", from, "--in-place", path.to_str().unwrap()],
        b"",
    )
}

#[test]
fn fix_from_never_overwrites_when_conversion_fails() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data.csv");
    std::fs::write(&path, b"caf\xe9\x81\n").unwrap();
    let (_, _, code) = fix_in_place("windows-1252", &path);
    assert_eq!(code, 2);
    assert_eq!(std::fs::read(&path).unwrap(), b"caf\xe9\x81\n");
    std::fs::write(&path, CSV_ROW).unwrap();
    let (_, err, code) = fix_in_place("auto", &path);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "café crème brûlée\n"
    );
    assert!(
        err.contains("converted from windows-1252 (detected: guessed"),
        "{err}"
    );
    // Run again: UTF-8 now, nothing to convert.
    let (_, err, _) = fix_in_place("auto", &path);
    assert!(err.ends_with("no changes\n"), "{err}");
}

/// Rows of text in the languages and encodings of the mixed files.
const ROWS: [(&str, &str); 9] = [
    ("windows-1252", "Zoë Brontë,Köln,Straße 5,crème brûlée"),
    (
        "windows-1252",
        "François Lefèvre,Besançon,à côté de l'église",
    ),
    ("windows-1252", "José Muñoz,Málaga,año,niño pequeño"),
    ("windows-1250", "Łukasz Wójcik,Kraków,Zażółć gęślą jaźń"),
    ("windows-1250", "Jiří Dvořák,Plzeň,příliš žluťoučký kůň"),
    ("windows-1250", "Ödön Gárdonyi,Győr,árvíztűrő tükörfúrógép"),
    ("windows-1251", "Иван Петров,Москва,съешь же ещё этих булок"),
    ("windows-1251", "Олена Шевченко,Київ,чудова погода"),
    ("windows-1251", "Георги Иванов,София,добър ден"),
];

#[test]
fn fix_invalid_legacy_restores_every_row_of_a_mixed_file() {
    let mut bytes = Vec::new();
    let mut expected = String::new();
    for i in 0..60 {
        let utf8_row = format!("{i},Ana Souza,São Paulo,ação\n");
        bytes.extend(utf8_row.as_bytes());
        expected.push_str(&utf8_row);
        if i % 6 == 0 {
            let (label, row) = ROWS[(i / 6) % ROWS.len()];
            let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
            let (encoded, _, unmappable) = encoding.encode(row);
            assert!(!unmappable, "{row} fits {label}");
            bytes.extend_from_slice(&encoded);
            bytes.push(b'\n');
            expected.push_str(row);
            expected.push('\n');
        }
    }
    let (out, err, code) = run(&["fix", "--invalid", "legacy", "-"], &bytes);
    assert_eq!(code, 0, "{err}");
    let out = text(out);
    let (mut restored, mut wrong) = (0, Vec::new());
    for (got, want) in out.lines().zip(expected.lines()) {
        if got == want {
            restored += 1;
        } else {
            wrong.push((got.to_string(), want.to_string()));
        }
    }
    assert_eq!(
        wrong,
        Vec::<(String, String)>::new(),
        "rows restored wrongly or not at all"
    );
    assert_eq!(restored, expected.lines().count());
    // Idempotent: the output is valid UTF-8 and a second run changes nothing.
    let (again, _, _) = run(&["fix", "--invalid", "legacy", "-"], out.as_bytes());
    assert_eq!(text(again), out);
}

#[test]
fn fix_invalid_legacy_leaves_noise_alone() {
    let bytes = b"header\n[\x80] \xff\xfe\n";
    let (out, err, _) = run(&["fix", "--invalid", "legacy", "-"], bytes);
    assert_eq!(out, bytes.to_vec(), "{err}");
    assert!(
        err.contains("2 invalid spans kept") || err.contains("invalid spans kept"),
        "{err}"
    );
}

#[test]
fn fix_from_auto_reads_a_file_that_is_mostly_utf8_as_utf8() {
    let mut bytes = "name;city\nZoé;Besançon\n".as_bytes().to_vec();
    bytes.extend_from_slice(b"Ana;S\xe3o Paulo\n");
    // Detection calls it UTF-8 with an invalid byte: nothing is garbled,
    // the byte is kept and the user is pointed at --invalid.
    let (out, err, code) = run(&["fix", "--from", "auto", "-"], &bytes);
    assert_eq!((code, &out), (0, &bytes), "{err}");
    assert!(err.contains("1 invalid span kept (see --invalid)"), "{err}");
    // A named encoding is the user's decision: the whole file is read in
    // it, and the UTF-8 line it garbles is then repaired as mojibake.
    let (out, err, code) = run(&["fix", "--from", "windows-1252", "-"], &bytes);
    assert_eq!(
        (code, text(out).as_str()),
        (0, "name;city\nZoé;Besançon\nAna;São Paulo\n"),
        "{err}"
    );
    assert!(err.contains("“ZoÃ©;BesanÃ§on” → “Zoé;Besançon”"), "{err}");
    let (out, _, code) = run(&["fix", "--invalid", "legacy", "-"], &bytes);
    assert_eq!(
        (code, text(out).as_str()),
        (0, "name;city\nZoé;Besançon\nAna;São Paulo\n")
    );
}

#[test]
fn fix_from_auto_refuses_a_legacy_file_that_holds_utf8_lines() {
    // Mostly windows-1252 rows, one UTF-8 row: converting all of it would
    // garble the UTF-8 row.
    let mut bytes = Vec::new();
    for _ in 0..10 {
        bytes.extend_from_slice(b"Ren\xe9;Z\xfcrich;cr\xe8me br\xfbl\xe9e\n");
    }
    bytes.extend_from_slice("Zoé;Besançon;déjà vu\n".as_bytes());
    let (out, err, code) = run(&["fix", "--from", "auto", "-"], &bytes);
    assert_eq!((code, out.len()), (2, 0), "{err}");
    assert!(err.contains("fix --invalid legacy"), "{err}");
}

/// A Japanese mail as mail programs write it: ISO-2022-JP, each run of
/// JIS X 0208 between `ESC $ B` and `ESC ( B`.
fn jis_mail() -> (Vec<u8>, &'static str) {
    let text = "Subject: 会議のお知らせ\n\n来週の月曜日、午前10時から会議を行います。\nよろしくお願いします。\n";
    let (bytes, _, unmappable) = encoding_rs::ISO_2022_JP.encode(text);
    assert!(!unmappable);
    (bytes.into_owned(), text)
}

#[test]
fn an_iso2022jp_mail_is_named_read_and_converted() {
    let (mail, text_of_mail) = jis_mail();
    // As UTF-8 it is valid (7-bit), and the summary says what it is.
    let (out, _, code) = run(&["check", "-"], &mail);
    assert_eq!(code, 0);
    assert_eq!(
        text(out),
        format!(
            "<stdin>: valid UTF-8, {} bytes; looks like ISO-2022-JP (escape sequences)\n",
            mail.len()
        )
    );
    // One finding says so, not a control warning per escape.
    let (out, _, code) = run(&["check", "--findings", "-"], &mail);
    let out = text(out);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out.lines().count(), 2, "one finding and the summary: {out}");
    assert!(
        out.starts_with("<stdin>:1:10: offset 0x00000009: warning iso-2022-jp: "),
        "{out}"
    );
    let (out, _, code) = run(&["check", "--encoding", "auto", "-"], &mail);
    assert_eq!(code, 0);
    assert!(text(out).contains("valid ISO-2022-JP"));
    let (out, err, code) = run(&["fix", "--from", "auto", "-"], &mail);
    assert_eq!((code, text(out).as_str()), (0, text_of_mail), "{err}");
    assert_eq!(
        err,
        "utf8scope fix: <stdin>: converted from ISO-2022-JP (detected: escape sequences) to UTF-8\n"
    );
    let (out, _, code) = run(
        &["dump", "--encoding", "iso-2022-jp", "--width", "16", "-"],
        &mail,
    );
    assert_eq!(code, 0);
    assert!(text(out).contains("Subject: ␛··会議"));
}

#[test]
fn iso2022jp_spans_are_where_encoding_rs_writes_u_fffd() {
    // A line feed inside JIS X 0208 (mail cut by a tool that knew nothing
    // of the escapes): WHATWG takes it into an error with the byte before,
    // so it ends no line; then two escapes in a row, the second an error.
    let bytes = b"ok \x1b$B0!0\n0!\x1b(B\x1b(Bx\n";
    let (out, _, code) = run(&["check", "--encoding", "iso-2022-jp", "-"], bytes);
    assert_eq!(code, 1);
    assert_eq!(
        text(out),
        "<stdin>:1:6: offset 0x00000008: unmapped: 30 0A\n\
         <stdin>:1:9: offset 0x0000000f: unmapped: 1B 28 42\n\
         <stdin>: 2 invalid spans in 20 bytes; read as ISO-2022-JP (given)\n"
    );
    let (lossy, _, _) = encoding_rs::ISO_2022_JP.decode(bytes);
    assert_eq!(lossy, "ok 亜\u{FFFD}亜\u{FFFD}x\n");
    let (_, err, code) = run(&["fix", "--from", "iso-2022-jp", "-"], bytes);
    assert_eq!(code, 2);
    assert!(
        err.contains("at offset 8 is undefined in ISO-2022-JP"),
        "{err}"
    );
}

/// Russian UTF-8 text of more than the detector's sample (1 MiB), whose
/// sample ends inside a char.
fn russian_past_the_sample() -> Vec<u8> {
    let line = "Съешь же ещё этих мягких французских булок, да выпей чаю.\n";
    let mut text = line.repeat((1 << 20) / line.len() + 8);
    // (ASCII put before it until the sample's end falls inside a char.)
    while text.is_char_boundary(1 << 20) {
        text.insert(0, 'x');
    }
    text.push_str("the end\n");
    text.into_bytes()
}

#[test]
fn auto_reads_utf8_as_utf8_when_its_sample_ends_inside_a_char() {
    // It was read as GBK: the sample alone looked invalid at its end.
    let bytes = russian_past_the_sample();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("russian.txt");
    std::fs::write(&path, &bytes).unwrap();
    let file = path.to_str().unwrap();
    for input in [file, "-"] {
        let (out, err, code) = run(&["check", "--encoding", "auto", input], &bytes);
        assert_eq!(code, 0, "{input}: {err}");
        assert!(text(out).contains("valid UTF-8"), "{input}");
        let (out, err, code) = run(&["fix", "--from", "auto", input], &bytes);
        assert_eq!(code, 0, "{input}: {err}");
        assert_eq!(out, bytes, "{input}: {err}");
        assert!(!err.contains("converted"), "{input}: {err}");
    }
    let (out, _, code) = run(&["dump", "--encoding", "auto", file], b"");
    assert_eq!(code, 0);
    let first = text(out).lines().next().unwrap().to_string();
    assert!(first.contains("С·ъ·е·ш·ь·"), "{first}");
}

/// `--encoding auto` on a file detected as UTF-8 checks it as plain UTF-8:
/// the same report as without the option, file or pipe.
#[test]
fn auto_on_utf8_with_an_invalid_byte_reports_as_plain_utf8() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mostly.txt");
    let mut bytes = "Grüße aus Köln, 東京からこんにちは\n"
        .repeat(40)
        .into_bytes();
    bytes.extend_from_slice(b"broken \xC3( here\n");
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    for input in [path, "-"] {
        let plain = run(&["check", "--format", "jsonl", input], &bytes);
        let auto = run(
            &["check", "--format", "jsonl", "--encoding", "auto", input],
            &bytes,
        );
        assert_eq!(text(auto.0), text(plain.0), "{input}");
        assert_eq!((auto.2, plain.2), (1, 1));
    }
}

#[test]
fn check_explain_says_why_and_fix_from_auto_refuses_an_even_guess() {
    // A Russian letter in windows-1251: the winner, UTF-8 ruled out, and
    // each other candidate ruled out with the word it misreads.
    let letter = encoding_rs::WINDOWS_1251
        .encode("Уважаемый Пётр Петрович! Спасибо за ваше письмо.\n")
        .0
        .into_owned();
    let out = explained(&letter);
    assert!(out.contains("read as windows-1251 (guessed"), "{out}");
    assert!(
        out.contains("  because windows-1251: chardetng's choice for"),
        "{out}"
    );
    assert!(out.contains("all of the Russian alphabet"), "{out}");
    assert!(
        out.contains("  because UTF-8 rejected: D3 at 0x0 is a lead byte"),
        "{out}"
    );
    assert!(out.contains("rejected: ") && out.contains("“"), "{out}");
    // Without --explain, no reasons.
    let (out, _, _) = run(&["check", "--encoding", "auto", "-"], &letter);
    assert!(!text(out).contains("because"));
    // A file detected as UTF-8 says why too, and one nothing guessed says
    // that nothing did.
    let utf8 = "Café, naïve, Straße.\n".as_bytes();
    let (out, _, code) = run(&["check", "--encoding", "auto", "--explain", "-"], utf8);
    assert_eq!(code, 0);
    assert!(
        text(out).contains("  because UTF-8: 3 multi-byte sequences, all valid"),
        "{utf8:?}"
    );
    let (out, _, _) = run(&["check", "--explain", "-"], utf8);
    assert!(text(out).contains("  because UTF-8: not guessed"));
    // ø in macintosh or æ in windows-1257 ("lørdag" or "lærdag"), letters
    // and letter pairs as common: fix --from auto will not choose.
    let line = b"Mandag, juli februar Norge. September norsk september l\xBFrdag mars.\n";
    let (out, err, code) = run(&["fix", "--from", "auto", "-"], line);
    assert_eq!((code, out.len()), (2, 0), "{err}");
    assert!(err.contains("ambiguous: "), "{err}");
    assert!(
        err.contains("macintosh") && err.contains("windows-1257"),
        "{err}"
    );
    assert!(err.contains("name the encoding with --from"), "{err}");
    let (out, _, code) = run(&["fix", "--from", "macintosh", "-"], line);
    assert_eq!(code, 0);
    assert!(text(out).contains("lørdag"));
}

#[test]
fn a_reading_with_a_mark_on_no_letter_gives_way_to_another_script() {
    // Ukrainian month and day names in KOI8-U: chardetng reads them as
    // Arabic (windows-1256), where the capital С is a vowel sign that
    // begins the text, on no letter. No text has one: the Ukrainian
    // reading, clearly better, is chosen.
    let line = encoding_rs::KOI8_U
        .encode("Січня червень грудня п'ятниця грудня.")
        .0
        .into_owned();
    let out = explained(&line);
    assert!(out.contains("read as KOI8-U (guessed"), "{out}");
    assert!(
        out.contains("windows-1256 rejected: a combining mark on no letter"),
        "{out}"
    );
    // Marks on letters are no flaw: Vietnamese tone marks in windows-1258.
    let vietnamese = encoding_rs::WINDOWS_1258
        .encode("Tiếng Việt, thứ hai tháng mười.\n")
        .0
        .into_owned();
    let (out, _, _) = run(
        &["check", "--encoding", "auto", "--explain", "-"],
        &vietnamese,
    );
    let out = text(out);
    assert!(out.contains("read as windows-1258 (guessed"), "{out}");
    assert!(!out.contains("windows-1258 rejected"), "{out}");
}

#[test]
fn a_flawless_reading_beats_a_flawed_one_of_the_same_alphabet() {
    // Russian in x-mac-cyrillic: chardetng reads it as windows-1251, where
    // the capital С is a quote and я a capital Я inside words ("‘егоднЯ").
    // Both are Russian letters, but only one reading has no flaw.
    let line = "Сегодня выпал мягкий снег, мы гуляли до вечера.\n";
    let bytes = encoding_rs::X_MAC_CYRILLIC.encode(line).0.into_owned();
    let out = explained(&bytes);
    assert!(out.contains("read as x-mac-cyrillic (guessed"), "{out}");
    assert!(
        out.contains("windows-1251 rejected: a symbol inside a word in “‘егоднЯ”"),
        "{out}"
    );
    let (out, _, code) = run(&["fix", "--from", "auto", "-"], &bytes);
    assert_eq!((code, text(out)), (0, line.to_string()));
}

#[test]
fn letter_pairs_of_one_language_tell_its_two_code_pages_apart() {
    // Slovak in windows-1250: ISO-8859-2 reads each ľ (BE) as ž, "vežmi"
    // and "žudia", letters of Slovak too, and chardetng prefers it. Priced
    // in Slovak, the pairs of "veľmi" and "ľudia" are clearly commoner.
    let line = "Ďakujem veľmi pekne, ľudia boli milí.\n";
    let bytes = encoding_rs::WINDOWS_1250.encode(line).0.into_owned();
    let out = explained(&bytes);
    assert!(out.contains("read as windows-1250 (guessed"), "{out}");
    assert!(
        out.contains(
            "ISO-8859-2 rejected: reads “vežmi” where windows-1250 reads “veľmi”; letter pairs"
        ) && out.contains("in Slovak"),
        "{out}"
    );
    let (out, _, code) = run(&["fix", "--from", "auto", "-"], &bytes);
    assert_eq!((code, text(out)), (0, line.to_string()));
    // The same byte as ž where ž belongs: Slovak "že" and Croatian
    // "Ožujak" in ISO-8859-2 (windows-1250 reads "ľe" and "Oľujak", and
    // only Slovak holds the letters of both Croatian readings: they are
    // not priced against each other there).
    assert_guessed(
        encoding_rs::ISO_8859_2,
        &[
            "Kamarát mi povedal, že príde neskôr.\n",
            "Ožujak je mjesec kada počinje proljeće.\n",
        ],
    );
}

/// Asserts that each of `lines`, written in `encoding`, is guessed to be in
/// it.
fn assert_guessed(encoding: &'static encoding_rs::Encoding, lines: &[&str]) {
    for line in lines {
        let bytes = encoding.encode(line).0.into_owned();
        let out = explained(&bytes);
        let read_as = format!("read as {} (guessed", encoding.name());
        assert!(out.contains(&read_as), "{line}: {out}");
    }
}

#[test]
fn curly_quotes_and_dashes_are_read_as_windows_1252_punctuation() {
    // Text typed in a word processor whose only bytes beyond ASCII are
    // windows-1252's quotes and dashes (92 93 94 97): macintosh reads them
    // as letters, "Itís a ìtestî ó isnít it?", which score higher than
    // quotes touching words; priced as letter pairs, the words are English.
    for line in [
        "It’s a “test” — isn’t it?\n",
        "He said “hello” – and left… at five.\n",
        "Ci vediamo dell’anno prossimo.\n",
        "„Guten Tag“, sagte er.\n",
    ] {
        let bytes = encoding_rs::WINDOWS_1252.encode(line).0.into_owned();
        let out = explained(&bytes);
        assert!(out.contains("read as windows-1252 (guessed"), "{out}");
        let (out, _, code) = run(&["fix", "--from", "auto", "-"], &bytes);
        assert_eq!((code, text(out)), (0, line.to_string()));
    }
    let bytes = encoding_rs::WINDOWS_1252
        .encode("It’s a “test”.\n")
        .0
        .into_owned();
    assert!(
        explained(&bytes).contains(
            "macintosh rejected: reads “Itís” where windows-1252 reads “It’s”; no one \
             language's words hold its letters, against 100% in"
        ),
        "{}",
        explained(&bytes)
    );
    // Letters of macintosh that windows-1252 reads as quotes or dashes
    // where typing never sets them stay letters: Italian "così" (“ closing
    // a word, where no „ opened it), Spanish "señor" (a dash inside a word).
    assert_guessed(
        encoding_rs::MACINTOSH,
        &[
            "Ci vediamo lunedì, così parliamo.\n",
            "El señor llegó ayer.\n",
        ],
    );
}

#[test]
fn cjk_text_keeps_to_the_everyday_pairs_of_its_own_encoding() {
    // A Japanese sentence in Shift_JIS: chardetng reads it as GBK, where
    // its hiragana are rare hanzi of GBK's extension ("偙偺" for "この"),
    // every one outside GB2312; plausibility reads both as letters.
    let line = "この本はとても面白いと思います。\n";
    let bytes = encoding_rs::SHIFT_JIS.encode(line).0.into_owned();
    let out = explained(&bytes);
    assert!(out.contains("read as Shift_JIS (guessed"), "{out}");
    assert!(
        out.contains("GBK rejected: reads “偙偺")
            && out.contains("0 of its 16 chars are everyday GBK pairs"),
        "{out}"
    );
    let (out, _, code) = run(&["fix", "--from", "auto", "-"], &bytes);
    assert_eq!((code, text(out)), (0, line.to_string()));
    // Chinese in GBK and Big5, Korean in EUC-KR stay what they are.
    for (line, encoding) in [
        ("今天天气很好，我们去公园散步吧。\n", encoding_rs::GBK),
        ("這本書非常有意思，我已經看了兩遍。\n", encoding_rs::BIG5),
        ("오늘은 날씨가 정말 좋습니다.\n", encoding_rs::EUC_KR),
    ] {
        let bytes = encoding.encode(line).0.into_owned();
        let out = explained(&bytes);
        assert!(
            out.contains(&format!("read as {} (guessed", encoding.name())),
            "{out}"
        );
    }
}

#[test]
fn a_cjk_code_page_with_no_cjk_in_its_reading_is_not_chosen() {
    // Portuguese in IBM850: Big5 (HKSCS) reads ê and the s after it as one
    // "ì", a Latin text with no CJK char, and chardetng chose it.
    let line = b"Ele fala portugu\x88s muito bem.";
    let out = explained(line);
    assert!(!out.contains("read as Big5"), "{out}");
    assert!(
        out.contains("Big5 rejected: reads “portuguì” where")
            && out.contains("and no CJK character"),
        "{out}"
    );
    let (out, _, code) = run(&["fix", "--from", "auto", "-"], line);
    assert_eq!(
        (code, text(out)),
        (0, "Ele fala português muito bem.".to_string())
    );
}

/// Lines of real words in several scripts, some garbled as a UTF-8 file
/// read through windows-1252 or windows-1251 shows them, some clean.
fn letter_with_mojibake() -> String {
    let garbled = |line: &str, encoding: &'static encoding_rs::Encoding| {
        encoding
            .decode_without_bom_handling(line.as_bytes())
            .0
            .into_owned()
    };
    [
        "Dear team,\n".to_string(),
        garbled("Le café est prêt, à bientôt.\n", encoding_rs::WINDOWS_1252),
        "Привет, как дела? Всё хорошо.\n".to_string(),
        garbled(
            "Спасибо за письмо, до встречи.\n",
            encoding_rs::WINDOWS_1251,
        ),
        "Καλημέρα σας, 東京の天気は晴れです。\n".to_string(),
        garbled(
            "Grüße aus Köln, schöne Straße.\n",
            encoding_rs::WINDOWS_1252,
        ),
    ]
    .concat()
}

#[test]
fn mojibake_in_a_converted_file_is_repaired_as_in_a_utf8_one() {
    let letter = letter_with_mojibake();
    let (as_utf8, utf8_summary, code) = run(&["fix", "-"], letter.as_bytes());
    assert_eq!(code, 0, "{utf8_summary}");
    assert!(text(as_utf8.clone()).contains("Спасибо за письмо"));
    let repairs = utf8_summary.split_once('\n').unwrap().1;
    assert!(repairs.contains("mojibake repaired: 5"), "{utf8_summary}");
    let utf16be: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain(letter.encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    let utf32le: Vec<u8> = letter
        .chars()
        .flat_map(|c| (c as u32).to_le_bytes())
        .collect();
    for (from, bytes, how) in [
        ("auto", powershell(&letter), "UTF-16LE (detected: BOM)"),
        ("auto", utf16be, "UTF-16BE (detected: BOM)"),
        ("utf-32le", utf32le, "UTF-32LE (given)"),
    ] {
        let (out, err, code) = run(&["fix", "--from", from, "-"], &bytes);
        assert_eq!(code, 0, "{how}: {err}");
        let lf = |bytes: Vec<u8>| text(bytes).replace("\r\n", "\n");
        assert_eq!(lf(out), lf(as_utf8.clone()), "{how}");
        assert_eq!(
            err,
            format!(
                "utf8scope fix: <stdin>: converted from {how} to UTF-8; then 5 changes\n{repairs}"
            ),
            "{how}"
        );
    }
}

#[test]
fn mojibake_stored_in_a_legacy_encoding_is_repaired_after_converting() {
    // "Ã©" written in windows-1252 is C3 A9: the bytes of "é" in UTF-8. A
    // file said to be windows-1252 that holds them held UTF-8 once; fix
    // reads it as check --encoding windows-1252 --findings does.
    let bytes = b"Cr\xe8me br\xfbl\xe9e\nLe caf\xc3\xa9 est pr\xc3\xaat.\n";
    let (out, err, code) = run(&["fix", "--from", "windows-1252", "-"], bytes);
    assert_eq!(code, 0, "{err}");
    assert_eq!(text(out), "Crème brûlée\nLe café est prêt.\n");
    assert!(
        err.starts_with(
            "utf8scope fix: <stdin>: converted from windows-1252 (given) to UTF-8; then 2 changes\n"
        ),
        "{err}"
    );
    let (out, _, code) = run(
        &["check", "--encoding", "windows-1252", "--findings", "-"],
        bytes,
    );
    assert_eq!(code, 1);
    assert!(text(out).contains("“cafÃ©” is “café”"));
}

#[test]
fn a_diff_of_a_converted_file_compares_its_text() {
    let bytes = powershell("Report\nLe cafÃ© est prÃªt.\n");
    let (out, err, code) = run(&["fix", "--from", "auto", "--diff", "-"], &bytes);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        text(out),
        "--- <stdin>\n+++ <stdin>\n@@ -1,2 +1,2 @@\n Report\r\n\
         -Le cafÃ© est prÃªt.\r\n+Le café est prêt.\r\n"
    );
    assert!(
        err.contains("converted from UTF-16LE (detected: BOM)"),
        "{err}"
    );
}
