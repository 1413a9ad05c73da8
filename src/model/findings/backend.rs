//! Which vector instructions the findings pass runs on, and the proof that
//! the CPU has them. A vector type of `byte_masks` or
//! `script_classes` can only be made from a token of this module,
//! and a token only after the CPU was asked: so the `unsafe` intrinsics
//! those types call are sound by construction, not by the callers' care.
//!
//! The backend is chosen in [`crate::model::settings::Settings`]: the best
//! the CPU has ([`Backend::best`]) unless its maker chose another (the
//! program reads `UTF8SCOPE_BACKEND` and names it with [`Backend::named`]).

use std::sync::LazyLock;

/// An implementation of the findings pass's quick searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// AVX-512BW comparisons (and VBMI table lookups where the CPU has it).
    Avx512,
    /// AVX2 comparisons.
    Avx2,
    /// Byte by byte, on any CPU.
    Portable,
}

impl Backend {
    /// Every backend, best first.
    pub const ALL: [Backend; 3] = [Backend::Avx512, Backend::Avx2, Backend::Portable];

    /// The backend of this name (`avx512`, `avx2`, `portable`).
    pub fn named(name: &str) -> Option<Backend> {
        Backend::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Its name, as `UTF8SCOPE_BACKEND` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Avx512 => "avx512",
            Backend::Avx2 => "avx2",
            Backend::Portable => "portable",
        }
    }

    /// The best backend the CPU has (asked once: the answer never changes).
    pub fn best() -> Backend {
        *BEST
    }

    /// Whether this CPU can run it.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Avx512 => Avx512Token::detect().is_some(),
            Backend::Avx2 => Avx2Token::detect().is_some(),
            Backend::Portable => true,
        }
    }
}

/// Proof that the CPU has AVX2: made only by [`Avx2Token::detect`].
#[derive(Debug, Clone, Copy)]
pub struct Avx2Token(());

impl Avx2Token {
    /// A token if the CPU has AVX2.
    pub fn detect() -> Option<Avx2Token> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Some(Avx2Token(()));
        }
        None
    }
}

/// Proof that the CPU has AVX-512BW: made only by [`Avx512Token::detect`].
#[derive(Debug, Clone, Copy)]
pub struct Avx512Token(());

impl Avx512Token {
    /// A token if the CPU has AVX-512BW.
    pub fn detect() -> Option<Avx512Token> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512bw") {
            return Some(Avx512Token(()));
        }
        None
    }
}

/// Proof that the CPU has AVX-512BW and AVX-512 VBMI: made only by
/// [`VbmiToken::detect`].
#[derive(Debug, Clone, Copy)]
pub struct VbmiToken(());

impl VbmiToken {
    /// A token if the CPU has AVX-512BW and VBMI.
    pub fn detect() -> Option<VbmiToken> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
        {
            return Some(VbmiToken(()));
        }
        None
    }

    /// The proof of AVX-512BW that this one holds.
    pub fn avx512(self) -> Avx512Token {
        Avx512Token(())
    }
}

/// The best backend the CPU has, found once.
static BEST: LazyLock<Backend> = LazyLock::new(|| {
    Backend::ALL
        .into_iter()
        .find(|b| b.is_available())
        .unwrap_or(Backend::Portable)
});
