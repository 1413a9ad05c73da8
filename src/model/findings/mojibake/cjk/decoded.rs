// What a CJK decoder gives for each byte sequence (the module's doc is at
// its `mod` line: `build.rs` includes this file, where an inner doc
// comment cannot stand). This file may use std and encoding_rs only.

/// The CJK encodings the build script writes codes for, in the order of
/// `CJK_CODECS` (a test checks that the written codes are its codecs').
pub const CODES_WRITTEN_FOR: [&encoding_rs::Encoding; 5] = [
    encoding_rs::SHIFT_JIS,
    encoding_rs::EUC_JP,
    encoding_rs::GBK,
    encoding_rs::BIG5,
    encoding_rs::EUC_KR,
];

/// Calls `visit` with each char that `encoding` decodes a sequence of one
/// to three bytes beyond ASCII to, and the bytes, in this order: every
/// byte 80–FF alone, every pair led by 81–FE (trails 40–FE), and EUC-JP's
/// triples led by 8F. A char may come more than once (CP932's NEC and IBM
/// duplicates); the first is the lowest code.
pub fn each_code(encoding: &'static encoding_rs::Encoding, visit: &mut dyn FnMut(char, &[u8])) {
    decode_each(encoding, &[], 0x80..=0xFF, visit);
    for lead in 0x81..=0xFE {
        decode_each(encoding, &[lead], 0x40..=0xFE, visit);
    }
    if encoding == encoding_rs::EUC_JP {
        for middle in 0xA1..=0xFE {
            decode_each(encoding, &[0x8F, middle], 0xA1..=0xFE, visit);
        }
    }
}

/// Decodes `prefix` followed by each byte of `last`, each alone (between
/// line feeds), and calls `visit` with each char beyond ASCII that one
/// gives alone and its bytes.
fn decode_each(
    encoding: &'static encoding_rs::Encoding,
    prefix: &[u8],
    last: std::ops::RangeInclusive<u8>,
    visit: &mut dyn FnMut(char, &[u8]),
) {
    let mut buffer = Vec::with_capacity(256 * (prefix.len() + 2));
    for byte in last.clone() {
        buffer.extend_from_slice(prefix);
        buffer.push(byte);
        buffer.push(b'\n');
    }
    let (text, _) = encoding.decode_without_bom_handling(&buffer);
    // Each piece between line feeds is what one byte sequence gave.
    let (mut count, mut only) = (0, ' ');
    let mut bytes = last;
    for c in text.chars() {
        if c != '\n' {
            (count, only) = (count + 1, c);
            continue;
        }
        let Some(byte) = bytes.next() else {
            break;
        };
        if count == 1 && only != '\u{FFFD}' && !only.is_ascii() {
            let mut code = [0u8; 3];
            code[..prefix.len()].copy_from_slice(prefix);
            code[prefix.len()] = byte;
            visit(only, &code[..=prefix.len()]);
        }
        count = 0;
    }
}
