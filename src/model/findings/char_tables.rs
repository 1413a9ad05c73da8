//! What the vector searches that class each char by its bytes share
//! (script classes, lead pairs): tables looked up by byte permutes (VBMI)
//! or shuffles (AVX2), and each char's class carried over its continuation
//! bytes, so that the first byte of a char sees the class of the one
//! before.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod vbmi;
