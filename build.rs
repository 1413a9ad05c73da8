//! Writes, for each CJK encoding the mojibake repair undoes, every char its
//! decoder gives and the bytes it gives it for (`$OUT_DIR/cjk_codes.bin`,
//! read by `src/model/findings/mojibake/cjk/codecs.rs`): worked out from
//! encoding_rs's decoders here, once, rather than in every process that
//! reads a CJK line (it took 45 million instructions there).

use std::io::Write;

include!("src/model/findings/mojibake/cjk/decoded.rs");

fn main() {
    println!("cargo::rerun-if-changed=src/model/findings/mojibake/cjk/decoded.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let mut out = Vec::new();
    for encoding in CODES_WRITTEN_FOR {
        // Per codec: how many codes, then each as the char (u32, little
        // endian), the count of its bytes and three bytes.
        let mut codes: Vec<[u8; 8]> = Vec::new();
        each_code(encoding, &mut |c, bytes| {
            let mut code = [0u8; 8];
            code[..4].copy_from_slice(&u32::from(c).to_le_bytes());
            code[4] = bytes.len() as u8;
            code[5..5 + bytes.len()].copy_from_slice(bytes);
            codes.push(code);
        });
        out.extend_from_slice(&(codes.len() as u32).to_le_bytes());
        out.extend(codes.iter().flatten());
    }
    let path = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("cjk_codes.bin");
    std::fs::File::create(&path)
        .and_then(|mut file| file.write_all(&out))
        .expect("the build writes into OUT_DIR");
}
