//! utf8scope: a byte inspector for UTF-8. The [`model`] decodes any offset of a
//! file of any size into units; front ends ([`check`], the inspector) read it.

pub mod check;
pub mod display;
pub mod dump;
pub mod explain;
pub mod fix;
pub mod input;
pub mod json;
pub mod model;
pub mod palette;
pub mod ui;
