//! Counting units by class and invalid spans by kind in blocks with errors,
//! without decoding them one after another.
//!
//! Under maximal-subpart segmentation every byte that is not a continuation
//! byte starts a unit, and what that unit is depends only on it and the three
//! bytes after it. So every count is a sum of a predicate over
//! `(b[i], b[i+1], b[i+2], b[i+3])`, which vectorizes: error-dense input (random
//! binary has ~0.4 spans per byte) is counted at vector speed instead of at the
//! pace of a branchy decoder.

use crate::model::unit::{InvalidKind, UnitCounts};

/// Positions evaluated per vector step.
const LANES: usize = 32;
/// Steps before the byte-wide lane counters are flushed (they hold up to 255).
const ROUNDS: usize = 255;
/// Number of predicates counted.
const PREDICATES: usize = 16;

/// Counts the units of `bytes` (which starts at a unit boundary and ends at
/// one or at the end of the input) and its line feeds.
pub fn count_units(bytes: &[u8]) -> (UnitCounts, u64) {
    let totals = count_predicates(bytes);
    units_from_predicates(&totals)
}

/// Which predicate each slot of the totals counts.
mod slot {
    pub const ASCII: usize = 0;
    pub const LF: usize = 1;
    pub const CONTINUATION: usize = 2;
    pub const VALID_LEAD: usize = 3; // C2–F4
    pub const TWO: usize = 4;
    pub const THREE_SECOND_OK: usize = 5;
    pub const THREE: usize = 6;
    pub const FOUR_SECOND_OK: usize = 7;
    pub const FOUR_THIRD_OK: usize = 8;
    pub const FOUR: usize = 9;
    pub const OVERLONG_ALONE: usize = 10; // C0, C1
    pub const OVERLONG_LEAD: usize = 11; // E0 80–9F, F0 80–8F
    pub const SURROGATE: usize = 12; // ED A0–BF
    pub const TOO_LARGE_ALONE: usize = 13; // F5–F7
    pub const TOO_LARGE_LEAD: usize = 14; // F4 90–BF
    pub const INVALID_BYTE: usize = 15; // F8–FF
}

/// Evaluates every predicate for the unit that would start at `b0`.
#[inline(always)]
fn predicates(b0: u8, b1: u8, b2: u8, b3: u8) -> [bool; PREDICATES] {
    let cont = |b: u8| b & 0xC0 == 0x80;
    let in_range = |b: u8, lo: u8, hi: u8| b.wrapping_sub(lo) <= hi - lo;
    let three_second_ok = (b0 == 0xE0 && in_range(b1, 0xA0, 0xBF))
        || (b0 == 0xED && in_range(b1, 0x80, 0x9F))
        || ((in_range(b0, 0xE1, 0xEC) || b0 == 0xEE || b0 == 0xEF) && cont(b1));
    let four_second_ok = (b0 == 0xF0 && in_range(b1, 0x90, 0xBF))
        || (b0 == 0xF4 && in_range(b1, 0x80, 0x8F))
        || (in_range(b0, 0xF1, 0xF3) && cont(b1));
    let four_third_ok = four_second_ok && cont(b2);
    [
        b0 < 0x80,
        b0 == b'\n',
        cont(b0),
        in_range(b0, 0xC2, 0xF4),
        in_range(b0, 0xC2, 0xDF) && cont(b1),
        three_second_ok,
        three_second_ok && cont(b2),
        four_second_ok,
        four_third_ok,
        four_third_ok && cont(b3),
        b0 == 0xC0 || b0 == 0xC1,
        (b0 == 0xE0 && in_range(b1, 0x80, 0x9F)) || (b0 == 0xF0 && in_range(b1, 0x80, 0x8F)),
        b0 == 0xED && in_range(b1, 0xA0, 0xBF),
        in_range(b0, 0xF5, 0xF7),
        b0 == 0xF4 && in_range(b1, 0x90, 0xBF),
        b0 >= 0xF8,
    ]
}

/// Turns predicate totals into unit counts and a line-feed count.
fn units_from_predicates(t: &[u64; PREDICATES]) -> (UnitCounts, u64) {
    use slot::*;
    let mut counts = UnitCounts {
        ascii: t[ASCII],
        two_byte: t[TWO],
        three_byte: t[THREE],
        four_byte: t[FOUR],
        ..UnitCounts::default()
    };
    // A valid lead that starts no character and no lead-decided kind is truncated.
    let truncated = t[VALID_LEAD]
        - t[TWO]
        - t[THREE]
        - t[FOUR]
        - t[OVERLONG_LEAD]
        - t[SURROGATE]
        - t[TOO_LARGE_LEAD];
    // Continuation bytes that no character or truncated sequence claims.
    let claimed = t[TWO]
        + 2 * t[THREE]
        + 3 * t[FOUR]
        + (t[THREE_SECOND_OK] - t[THREE])
        + (t[FOUR_SECOND_OK] - t[FOUR_THIRD_OK])
        + 2 * (t[FOUR_THIRD_OK] - t[FOUR]);
    let by_kind = [
        (
            InvalidKind::UnexpectedContinuation,
            t[CONTINUATION] - claimed,
        ),
        (InvalidKind::Overlong, t[OVERLONG_ALONE] + t[OVERLONG_LEAD]),
        (InvalidKind::Surrogate, t[SURROGATE]),
        (
            InvalidKind::TooLarge,
            t[TOO_LARGE_ALONE] + t[TOO_LARGE_LEAD],
        ),
        (InvalidKind::InvalidByte, t[INVALID_BYTE]),
        (InvalidKind::Truncated, truncated),
    ];
    for (kind, n) in by_kind {
        counts.invalid_by_kind[kind.index()] = n;
    }
    (counts, t[LF])
}

/// Sums every predicate over all positions of `bytes`, using AVX2 when the
/// CPU has it.
fn count_predicates(bytes: &[u8]) -> [u64; PREDICATES] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2, checked just above.
        return unsafe { count_predicates_avx2(bytes) };
    }
    count_predicates_portable(bytes)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn count_predicates_avx2(bytes: &[u8]) -> [u64; PREDICATES] {
    count_predicates_portable(bytes)
}

/// The loop LLVM vectorizes: `LANES` positions at a time, each reading its
/// own four bytes from four shifted views, into byte-wide lane counters.
#[inline(always)]
fn count_predicates_portable(bytes: &[u8]) -> [u64; PREDICATES] {
    let mut totals = [0u64; PREDICATES];
    // Positions whose four bytes are all inside `bytes`, in whole vectors.
    let vector_positions = bytes.len().saturating_sub(3) / LANES * LANES;
    let mut start = 0;
    while start < vector_positions {
        let rounds = ((vector_positions - start) / LANES).min(ROUNDS);
        let mut lanes = [[0u8; LANES]; PREDICATES];
        for round in 0..rounds {
            let at = start + round * LANES;
            let b0: &[u8; LANES] = bytes[at..at + LANES].try_into().unwrap();
            let b1: &[u8; LANES] = bytes[at + 1..at + 1 + LANES].try_into().unwrap();
            let b2: &[u8; LANES] = bytes[at + 2..at + 2 + LANES].try_into().unwrap();
            let b3: &[u8; LANES] = bytes[at + 3..at + 3 + LANES].try_into().unwrap();
            for i in 0..LANES {
                let hits = predicates(b0[i], b1[i], b2[i], b3[i]);
                for (lane, hit) in lanes.iter_mut().zip(hits) {
                    lane[i] += u8::from(hit);
                }
            }
        }
        for (total, lane) in totals.iter_mut().zip(&lanes) {
            *total += lane.iter().map(|&n| u64::from(n)).sum::<u64>();
        }
        start += rounds * LANES;
    }
    // The last few positions: bytes past the end read as "no byte" (00).
    let byte = |i: usize| bytes.get(i).copied().unwrap_or(0);
    for i in vector_positions..bytes.len() {
        let hits = predicates(byte(i), byte(i + 1), byte(i + 2), byte(i + 3));
        for (total, hit) in totals.iter_mut().zip(hits) {
            *total += u64::from(hit);
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::blocks::pieces::spans;

    /// The counts by decoding one unit after another, for comparison.
    fn sequential(bytes: &[u8]) -> UnitCounts {
        let mut counts = UnitCounts::default();
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                match c.len_utf8() {
                    1 => counts.ascii += 1,
                    2 => counts.two_byte += 1,
                    3 => counts.three_byte += 1,
                    _ => counts.four_byte += 1,
                }
            }
        }
        for span in spans(bytes, 0) {
            counts.invalid_by_kind[span.kind.index()] += 1;
        }
        counts
    }

    #[test]
    fn agrees_with_sequential_decoding_on_noise() {
        let alphabet = [
            b'a', b'\n', 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
            0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF,
        ];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for len in [0, 1, 2, 3, 4, 5, 31, 35, 36, 100, 8_200, 70_000] {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            let (counts, lf) = count_units(&bytes);
            assert_eq!(counts, sequential(&bytes), "len {len}");
            assert_eq!(lf, bytes.iter().filter(|&&b| b == b'\n').count() as u64);
        }
    }
}
