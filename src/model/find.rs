//! Searching the file for a byte pattern, forward or backward, in chunks so
//! that memory stays bounded on any file size.

use memchr::memmem;

use super::source::{Source, SourceError};

/// Bytes read per step of a search.
const CHUNK: usize = 1 << 20;

/// The first occurrence of `pattern` starting at or after `from`.
pub fn find_forward(
    source: &Source,
    pattern: &[u8],
    from: u64,
) -> Result<Option<u64>, SourceError> {
    if pattern.is_empty() {
        return Ok(None);
    }
    let finder = memmem::Finder::new(pattern);
    let mut start = from;
    while start < source.len() {
        // Overlap chunks by the pattern's length so no match is cut in two.
        let bytes = source.read_range(start, CHUNK + pattern.len() - 1)?;
        if let Some(at) = finder.find(&bytes) {
            return Ok(Some(start + at as u64));
        }
        start += CHUNK as u64;
    }
    Ok(None)
}

/// The last occurrence of `pattern` starting before `before`.
pub fn find_backward(
    source: &Source,
    pattern: &[u8],
    before: u64,
) -> Result<Option<u64>, SourceError> {
    if pattern.is_empty() {
        return Ok(None);
    }
    let finder = memmem::FinderRev::new(pattern);
    let mut end = before.min(source.len());
    while end > 0 {
        let start = end.saturating_sub(CHUNK as u64);
        // Read just far enough that the last possible match starts at end - 1.
        let bytes = source.read_range(start, (end - start) as usize + pattern.len() - 1)?;
        if let Some(at) = finder.rfind(&bytes) {
            return Ok(Some(start + at as u64));
        }
        end = start;
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_both_ways_across_chunks() {
        let mut bytes = vec![b'.'; 3 * CHUNK];
        let spots = [10, CHUNK - 1, 2 * CHUNK + 5];
        for &at in &spots {
            bytes[at..at + 3].copy_from_slice("€".as_bytes());
        }
        let source = Source::from_bytes("t", bytes);
        let euro = "€".as_bytes();
        assert_eq!(find_forward(&source, euro, 0).unwrap(), Some(10));
        assert_eq!(
            find_forward(&source, euro, 11).unwrap(),
            Some(CHUNK as u64 - 1)
        );
        assert_eq!(
            find_forward(&source, euro, CHUNK as u64).unwrap(),
            Some(2 * CHUNK as u64 + 5)
        );
        assert_eq!(
            find_forward(&source, euro, 2 * CHUNK as u64 + 6).unwrap(),
            None
        );
        assert_eq!(
            find_backward(&source, euro, source.len()).unwrap(),
            Some(2 * CHUNK as u64 + 5)
        );
        assert_eq!(
            find_backward(&source, euro, 2 * CHUNK as u64 + 5).unwrap(),
            Some(CHUNK as u64 - 1)
        );
        assert_eq!(
            find_backward(&source, euro, CHUNK as u64 - 1).unwrap(),
            Some(10)
        );
        assert_eq!(find_backward(&source, euro, 10).unwrap(), None);
        // A match may start inside a character: the 82 AC of the euro sign.
        assert_eq!(find_forward(&source, &[0x82, 0xAC], 0).unwrap(), Some(11));
    }
}
