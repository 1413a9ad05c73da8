//! How much of an input is looked at to tell whether it is binary, and the
//! quick rule a walk skips files by. (`fix` has a stricter rule of its own,
//! `fix::looks_binary_in`, over the same bytes: a repair must not touch a
//! compiled file.)

/// Bytes at an input's start looked at to tell whether it is binary
/// (ripgrep and git look only at the start too).
pub const BINARY_SNIFF: usize = 64 << 10;

/// ripgrep's rule for skipping a file in a walk: a NUL byte in its first
/// [`BINARY_SNIFF`] bytes. A UTF-16 or UTF-32 byte order mark makes it text
/// all the same, so that a Windows "Unicode" file is reported rather than
/// skipped.
pub fn nul_in_head(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(BINARY_SNIFF)];
    let text_bom = head.starts_with(&[0xFF, 0xFE])
        || head.starts_with(&[0xFE, 0xFF])
        || head.starts_with(&[0, 0, 0xFE, 0xFF]);
    !text_bom && memchr::memchr(0, head).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nul_in_the_head_is_binary_unless_a_bom_says_utf16_or_utf32() {
        assert!(nul_in_head(b"ELF\0\x01"));
        assert!(!nul_in_head(b"plain text\n"));
        assert!(!nul_in_head(b"\xFF\xFEh\0i\0"));
        assert!(!nul_in_head(b"\0\0\xFE\xFF\0\0\0h"));
        let mut late = vec![b'a'; BINARY_SNIFF];
        late.push(0);
        assert!(!nul_in_head(&late), "only the head is looked at");
    }
}
