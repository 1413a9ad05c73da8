//! `fix --diff | patch -p0` gives what `fix -o` writes, for every file fix
//! can change (issue #29; `--binary`, so that noise is repaired too): the diff carries the file's own bytes, invalid
//! ones and lone carriage returns included. Needs `patch` (.ci/run
//! installs it).

use std::process::{Command, Stdio};

use proptest::prelude::*;

/// Text with mojibake, invalid bytes, lone and paired carriage returns,
/// and sometimes no line feed at the end.
fn texty_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"caf\xC3\x83\xC2\xA9 ".to_vec()),
        Just("РїСЂРёРІРµС‚ ".as_bytes().to_vec()),
        Just("привет café ".as_bytes().to_vec()),
        Just(b"\n".to_vec()),
        Just(b"\r\n".to_vec()),
        Just(b"\r".to_vec()),
        Just(b"bad \xff byte ".to_vec()),
        "[a-z ]{1,8}".prop_map(String::into_bytes),
        prop::collection::vec(0x80u8..=0xFF, 1..3),
    ];
    prop::collection::vec(piece, 1..30).prop_map(|pieces| pieces.concat())
}

fn utf8scope(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_utf8scope"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_diff_applies_and_gives_what_fix_writes(bytes in texty_bytes(), replace in any::<bool>()) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("f.txt"), &bytes).unwrap();
        let invalid = if replace { "replace" } else { "keep" };
        let fixed = utf8scope(dir.path(), &["fix", "--binary", "--invalid", invalid, "f.txt", "-o", "fixed.txt"]);
        prop_assert!(fixed.status.success(), "{}", String::from_utf8_lossy(&fixed.stderr));
        let expected = std::fs::read(dir.path().join("fixed.txt")).unwrap();
        let diff = utf8scope(dir.path(), &["fix", "--binary", "--invalid", invalid, "--diff", "f.txt"]);
        prop_assert!(diff.status.success());
        let mut patch = Command::new("patch")
            .current_dir(dir.path())
            .args(["-p0", "--quiet", "--no-backup-if-mismatch"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("patch must be installed");
        std::io::Write::write_all(patch.stdin.as_mut().unwrap(), &diff.stdout).unwrap();
        let applied = patch.wait_with_output().unwrap();
        prop_assert!(
            applied.status.success(),
            "patch: {}{}\n{}",
            String::from_utf8_lossy(&applied.stdout),
            String::from_utf8_lossy(&applied.stderr),
            String::from_utf8_lossy(&diff.stdout)
        );
        let patched = std::fs::read(dir.path().join("f.txt")).unwrap();
        prop_assert_eq!(patched, expected);
    }
}
