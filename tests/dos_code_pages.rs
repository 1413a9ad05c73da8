//! The DOS code pages IBM437 and IBM850 through every door: named with
//! `--encoding`/`--from`, detected, converted, dumped, listed, searched
//! for, and the mojibake a DOS file holds found and repaired.

mod common;

use common::run_with_stdin as run;
use utf8scope::model::Encoding;

fn dos(label: &str, text: &str) -> Vec<u8> {
    Encoding::for_label(label)
        .and_then(|e| e.encode(text))
        .unwrap_or_else(|| panic!("{text} in {label}"))
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

/// A letter of a few lines, as a DOS editor saved it.
const FRENCH: &str = "Cher Frédéric,\nLe château est à côté de l'église, près de la forêt.\n\
                      Nous avons mangé une crème brûlée après le dîner. À bientôt !\n";
const GERMAN: &str =
    "Schöne Grüße aus München.\nDie Straße führt über die Brücke zum großen Schloss.\n";
const PORTUGUESE: &str =
    "A informação foi publicada ontem.\nAs crianças não querem sair de casa por causa da chuva.\n";

#[test]
fn labels_name_the_dos_code_pages() {
    for (label, name) in [
        ("cp437", "IBM437"),
        ("IBM437", "IBM437"),
        ("437", "IBM437"),
        ("cp850", "IBM850"),
        ("ibm-850", "IBM850"),
    ] {
        assert_eq!(Encoding::for_label(label).map(Encoding::name), Some(name));
    }
    // What a search for "café" looks for in each.
    assert_eq!(dos("cp437", "café"), b"caf\x82");
    assert_eq!(dos("cp850", "não ╔"), b"n\xc6o \xc9");
    assert_eq!(Encoding::for_label("cp437").unwrap().encode("não"), None);
}

#[test]
fn a_named_dos_code_page_checks_converts_and_dumps() {
    let bytes = dos("cp850", FRENCH);
    let (out, _, code) = run(&["check", "--encoding", "cp850", "-"], &bytes);
    assert_eq!(code, 0);
    assert_eq!(
        text(out),
        format!(
            "<stdin>: valid IBM850, {} bytes; read as IBM850 (given)\n",
            bytes.len()
        )
    );
    let (out, err, code) = run(&["fix", "--from", "cp850", "-"], &bytes);
    assert_eq!((code, text(out).as_str()), (0, FRENCH), "{err}");
    assert_eq!(
        err,
        "utf8scope fix: <stdin>: converted from IBM850 (given) to UTF-8\n"
    );
    // A box drawn in IBM437 is read as the box.
    let boxed = dos("cp437", "╔══╗\n║é ║\n╚══╝\n");
    let (out, _, code) = run(&["fix", "--from", "cp437", "-"], &boxed);
    assert_eq!((code, text(out).as_str()), (0, "╔══╗\n║é ║\n╚══╝\n"));
    let (out, _, code) = run(&["dump", "--encoding", "cp437", "-"], &boxed);
    assert_eq!(code, 0);
    let dumped = text(out);
    assert!(dumped.contains("C9 CD CD BB 0A BA 82 20 BA"), "{dumped}");
    assert!(dumped.contains("╔══╗␊║é ║␊"), "{dumped}");
    let (out, _, _) = run(&["explain", "--encodings"], b"");
    let listed = text(out);
    assert!(
        listed.contains("IBM437") && listed.contains("IBM850"),
        "{listed}"
    );
}

#[test]
fn dos_files_are_detected_and_converted() {
    // A frame drawn with box-drawing lines (a run of ═ is no garbling).
    let framed = format!("╔══════╗\n║ Menu ║\n╚══════╝\n{FRENCH}");
    for (label, letter) in [
        ("cp850", framed.as_str()),
        ("cp850", FRENCH),
        ("cp850", GERMAN),
        ("cp850", PORTUGUESE),
        ("cp437", GERMAN),
    ] {
        let bytes = dos(label, letter);
        let (out, err, code) = run(&["fix", "--from", "auto", "-"], &bytes);
        assert_eq!((code, text(out).as_str()), (0, letter), "{label}: {err}");
        // IBM437 and IBM850 read German alike: either is right.
        assert!(
            err.contains("converted from IBM850 (detected: guessed")
                || err.contains("converted from IBM437 (detected: guessed"),
            "{label}: {err}"
        );
        let (out, _, _) = run(&["check", "--encoding", "auto", "-"], &bytes);
        assert!(text(out).contains("valid IBM"), "{label}");
    }
    // Portuguese ã is C6 in IBM850, a box side in IBM437: named so.
    let (_, err, _) = run(&["fix", "--from", "auto", "-"], &dos("cp850", PORTUGUESE));
    assert!(err.contains("IBM850"), "{err}");
}

#[test]
fn windows_and_mac_files_are_not_taken_for_dos_ones() {
    for label in ["windows-1252", "macintosh"] {
        let encoding = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        for letter in [FRENCH, GERMAN, PORTUGUESE] {
            let (bytes, _, _) = encoding.encode(letter);
            let (out, err, code) = run(&["fix", "--from", "auto", "-"], &bytes);
            assert_eq!((code, text(out).as_str()), (0, letter), "{label}: {err}");
        }
    }
}

#[test]
fn mojibake_in_a_dos_file_is_found_and_repaired() {
    // "cafÃ©" typed into a DOS editor: UTF-8 read as windows-1252, then
    // saved in IBM850.
    let bytes = dos("cp850", "Le cafÃ© est prÃªt, Ã  bientÃ´t.\n");
    let (out, _, _) = run(&["check", "--encoding", "cp850", "--findings", "-"], &bytes);
    let out = text(out);
    assert!(out.contains("warning mojibake: “cafÃ©” is “café”"), "{out}");
    let (out, err, code) = run(&["fix", "--from", "cp850", "-"], &bytes);
    assert_eq!(
        (code, text(out).as_str()),
        (0, "Le café est prêt, à bientôt.\n"),
        "{err}"
    );
    assert!(err.contains("to UTF-8; then 2 changes"), "{err}");
}
