//! The practical limit `check` is measured against: count a file's invalid
//! spans with a plain simdutf8 loop over its bytes in memory, and print how
//! long the loop took (reading the file is not timed). `simdutf8_loop FILE`.

fn main() {
    let path = std::env::args().nth(1).expect("usage: simdutf8_loop FILE");
    let bytes = std::fs::read(&path).expect("cannot read the file");
    let started = std::time::Instant::now();
    let mut rest = &bytes[..];
    let mut errors = 0u64;
    while let Err(error) = simdutf8::compat::from_utf8(rest) {
        errors += 1;
        let valid = error.valid_up_to();
        rest = &rest[valid + error.error_len().unwrap_or(rest.len() - valid)..];
    }
    let elapsed = started.elapsed();
    println!(
        "{path}: {errors} invalid spans in {} bytes; loop {elapsed:.1?}",
        bytes.len()
    );
}
