//! Which vector instructions the findings pass runs on, and the proof that
//! the CPU has them. A vector type of [`super::byte_masks`] or
//! [`super::script_classes`] can only be made from a token of this module,
//! and a token only after the CPU was asked: so the `unsafe` intrinsics
//! those types call are sound by construction, not by the callers' care.
//!
//! The backend is the best the CPU has, unless one is forced (for tests and
//! benchmarks: [`force`]; the program reads `UTF8SCOPE_BACKEND` and passes
//! the choice here with [`Backend::named`]).

use std::sync::LazyLock;
use std::sync::atomic::{AtomicU8, Ordering};

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

    /// Whether this CPU can run it.
    pub fn is_available(self) -> bool {
        match self {
            Backend::Avx512 => Avx512Token::detect().is_some(),
            Backend::Avx2 => Avx2Token::detect().is_some(),
            Backend::Portable => true,
        }
    }

    fn code(self) -> u8 {
        match self {
            Backend::Avx512 => 1,
            Backend::Avx2 => 2,
            Backend::Portable => 3,
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
}

/// The forced backend's code, or 0 for the best available.
static FORCED: AtomicU8 = AtomicU8::new(0);

/// Forces `backend` (or, with `None`, goes back to the best available).
/// Fails, changing nothing, if the CPU lacks it.
pub fn force(backend: Option<Backend>) -> Result<(), String> {
    let code = match backend {
        Some(b) if !b.is_available() => {
            return Err(format!("this CPU cannot run the {} backend", b.name()));
        }
        Some(b) => b.code(),
        None => 0,
    };
    FORCED.store(code, Ordering::Relaxed);
    Ok(())
}

/// The best backend the CPU has, found once.
static BEST: LazyLock<Backend> = LazyLock::new(|| {
    Backend::ALL
        .into_iter()
        .find(|b| b.is_available())
        .unwrap_or(Backend::Portable)
});

/// The backend in use: the forced one, else the best the CPU has. Cheap
/// enough to ask before every search.
#[inline]
pub fn selected() -> Backend {
    let forced = FORCED.load(Ordering::Relaxed);
    Backend::ALL
        .into_iter()
        .find(|b| b.code() == forced)
        .unwrap_or(*BEST)
}
