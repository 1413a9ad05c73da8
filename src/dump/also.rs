//! `dump --also ENC`: the rows with a second reading of their bytes beside
//! the text, as the inspector's `r` shows it, mojibake's repairs over its
//! bytes. Both readings are decoded from the same bytes at once (a unit of
//! one encoding may straddle any cut of the other's), so what is shown is
//! read whole into memory, up to [`MAX_BYTES`].

use std::io::Write;

use super::{DumpError, DumpOptions, read_full, row_layout, unit_start};
use crate::draw::Repair;
use crate::model::encoding::{ShiftState, UnitReader};
use crate::model::findings::Repairer;
use crate::model::source::SourceError;
use crate::model::{Encoding, Source, Window};

/// The most bytes a dump with a second reading shows.
pub const MAX_BYTES: u64 = 16 << 20;

/// Dumps with the second reading in `also` what `fill` reads from
/// `read_from` (see [`super::dump_from`]).
pub(super) fn dump_beside(
    read_from: u64,
    mut fill: impl FnMut(&mut [u8]) -> Result<usize, SourceError>,
    options: DumpOptions,
    also: Encoding,
    out: &mut impl Write,
) -> Result<(), DumpError> {
    let end = options
        .length
        .map_or(u64::MAX, |n| options.start.saturating_add(n));
    // What is shown, and the bytes of a unit more for the last one.
    let unit = (options.encoding.codec().max_unit_len()).max(also.codec().max_unit_len()) as u64;
    let wanted = end.saturating_add(unit) - read_from;
    let most = options.start - read_from + MAX_BYTES + unit;
    let mut bytes = vec![0; wanted.min(most + 1) as usize];
    let n = read_full(&mut fill, &mut bytes)?;
    bytes.truncate(n);
    if n as u64 > most {
        return Err(DumpError::TooLongBeside);
    }
    // From the unit that holds the start.
    let mut reader = UnitReader::new(options.encoding, ShiftState::default());
    let index = (options.start - read_from) as usize;
    let first = if index < bytes.len() {
        unit_start(&mut reader, &bytes, read_from, index)
    } else {
        bytes.len()
    };
    bytes.drain(..first);
    let base = read_from + first as u64;
    let shown_end = (base + bytes.len() as u64).min(end);
    if shown_end <= options.start && !(options.start == 0 && bytes.is_empty()) {
        return Ok(());
    }
    let repairs = if options.encoding.is_utf8() {
        repairs_in(&bytes, base)
    } else {
        Vec::new()
    };
    let load = |encoding: Encoding, state: ShiftState| {
        let text = Source::from_bytes("input", bytes.clone())
            .in_encoding(encoding)
            .starting_in(state);
        Window::load(&text, options.start - base, shown_end - base)
            .map(|window| window.moved_to(base))
    };
    let window = load(options.encoding, reader.state())?;
    let beside = load(also, ShiftState::default())?;
    let layout = row_layout(options);
    super::draw_rows(
        &window,
        Some((&beside, &repairs)),
        options.start,
        shown_end,
        layout,
        options,
        out,
    )?;
    Ok(())
}

/// The repairs of the mojibake in the valid runs of `bytes` (UTF-8, at
/// offset `base`), as the findings pass finds it.
fn repairs_in(bytes: &[u8], base: u64) -> Vec<Repair> {
    let repairer = Repairer::default();
    let mut repairs = Vec::new();
    let mut at = base;
    for chunk in bytes.utf8_chunks() {
        for run in repairer.find(chunk.valid()) {
            if let Some(text) = run.repair() {
                repairs.push(Repair {
                    start: at + run.range.start as u64,
                    end: at + run.range.end as u64,
                    text: text.to_string(),
                });
            }
        }
        at += (chunk.valid().len() + chunk.invalid().len()) as u64;
    }
    repairs
}
