//! Properties of the repair pass on arbitrary bytes.

use proptest::prelude::*;

use utf8scope::fix::{ChangeKind, InvalidPolicy, RepairOptions, repair_to};
use utf8scope::model::Source;

fn repair(bytes: &[u8], options: RepairOptions) -> (Vec<u8>, u64) {
    let source = Source::from_bytes("t", bytes.to_vec());
    let mut out = Vec::new();
    let log = repair_to(&source, options, &mut out, "out").unwrap();
    (out, log.total())
}

/// Bytes that are mostly text, with mojibake, invalid bytes and BOMs mixed in.
fn texty_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        Just(b"caf\xC3\x83\xC2\xA9 ".to_vec()),
        Just("РїСЂРёРІРµС‚ ".as_bytes().to_vec()),
        Just("привет café ".as_bytes().to_vec()),
        Just("\u{FEFF}".as_bytes().to_vec()),
        Just(b"\n".to_vec()),
        "[a-z ]{1,8}".prop_map(String::into_bytes),
        any::<u8>().prop_map(|b| vec![b]),
        prop::collection::vec(0x80u8..=0xFF, 1..4),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|pieces| pieces.concat())
}

proptest! {
    #[test]
    fn replacing_invalid_spans_gives_valid_utf8_and_a_second_pass_changes_nothing(
        bytes in texty_bytes(),
        strip_bom in any::<bool>(),
    ) {
        let options = RepairOptions { invalid: InvalidPolicy::Replace, strip_bom };
        let (once, _) = repair(&bytes, options);
        prop_assert!(std::str::from_utf8(&once).is_ok());
        let (twice, changes) = repair(&once, options);
        prop_assert_eq!(changes, 0);
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn without_mojibake_keep_changes_no_byte(bytes in texty_bytes()) {
        let source = Source::from_bytes("t", bytes.clone());
        let mut out = Vec::new();
        let log = repair_to(&source, RepairOptions::default(), &mut out, "out").unwrap();
        if log.count(ChangeKind::Mojibake) == 0 {
            prop_assert_eq!(out, bytes);
        }
        prop_assert_eq!(log.total(), log.count(ChangeKind::Mojibake));
    }

    #[test]
    fn dropping_leaves_exactly_the_valid_text(bytes in texty_bytes()) {
        let options = RepairOptions { invalid: InvalidPolicy::Drop, strip_bom: false };
        let (dropped, _) = repair(&bytes, options);
        let (replaced, _) = repair(&bytes, RepairOptions { invalid: InvalidPolicy::Replace, strip_bom: false });
        let replaced = String::from_utf8(replaced).unwrap();
        prop_assert_eq!(String::from_utf8(dropped).unwrap(), replaced.replace('\u{FFFD}', ""));
    }
}
