//! The buffers the reading thread fills: big, reused, and filled to every
//! byte, so each is put on huge pages where the kernel gives them.

/// Bytes in a huge page (x86-64 and most AArch64 kernels).
const HUGE_PAGE: usize = 2 << 20;

/// A zeroed buffer that starts on a huge-page boundary when it is at least
/// a huge page long. On Linux the kernel is asked to back it with huge
/// pages: the first touch of each 4 KiB page was otherwise a page fault,
/// 2,048 of them for `fix`'s two 4 MiB buffers (`fix` on an 18 MB file
/// took 5,600 page faults, now 3,500).
pub(crate) struct ReadBuffer {
    /// The allocation, a huge page longer than asked when the buffer is
    /// big, so that an aligned start lies inside it.
    bytes: Vec<u8>,
    /// Where the buffer starts in `bytes`.
    start: usize,
    /// The buffer's length.
    len: usize,
}

impl ReadBuffer {
    /// A zeroed buffer of `len` bytes.
    pub(crate) fn new(len: usize) -> ReadBuffer {
        if len < HUGE_PAGE {
            return ReadBuffer {
                bytes: vec![0; len],
                start: 0,
                len,
            };
        }
        // Pages not touched cost no memory: the huge page more is address
        // space only.
        let bytes = vec![0; len + HUGE_PAGE];
        let start = (bytes.as_ptr() as usize).next_multiple_of(HUGE_PAGE) - bytes.as_ptr() as usize;
        #[cfg(target_os = "linux")]
        advise_huge_pages(&bytes[start..start + len]);
        ReadBuffer { bytes, start, len }
    }

    /// The buffer's bytes.
    pub(crate) fn as_slice(&self) -> &[u8] {
        &self.bytes[self.start..self.start + self.len]
    }

    /// The buffer's bytes, to be filled.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u8] {
        &mut self.bytes[self.start..self.start + self.len]
    }
}

/// Asks for huge pages behind `buffer`, before its bytes are filled. Only
/// advice: where the kernel has none to give, refuses, or the pages are
/// already there (memory the allocator had used before), nothing changes
/// but the speed, so its answer is not looked at.
#[cfg(target_os = "linux")]
fn advise_huge_pages(buffer: &[u8]) {
    // SAFETY: the range is `buffer`'s own, and MADV_HUGEPAGE reads and
    // writes no byte of it: it only sets how the kernel backs the pages
    // (the range starts on a huge page, and the page its end is rounded up
    // to lies inside the allocation, a huge page longer than the buffer).
    unsafe {
        libc::madvise(
            buffer.as_ptr().cast_mut().cast(),
            buffer.len(),
            libc::MADV_HUGEPAGE,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_buffer_starts_on_a_huge_page_and_has_the_length_asked() {
        for len in [1, 4096, HUGE_PAGE - 1, HUGE_PAGE, 3 * HUGE_PAGE + 17] {
            let mut buffer = ReadBuffer::new(len);
            assert_eq!(buffer.as_slice().len(), len);
            assert!(buffer.as_slice().iter().all(|&b| b == 0));
            if len >= HUGE_PAGE {
                assert_eq!(buffer.as_slice().as_ptr() as usize % HUGE_PAGE, 0);
            }
            buffer.as_mut_slice().fill(7);
            assert!(buffer.as_slice().iter().all(|&b| b == 7));
        }
    }
}
