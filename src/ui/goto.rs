//! Parsing what is typed at the `:` and `/` prompts.

use crate::model::find::Pattern;

/// A line and column typed as `LINE:COL` (or `LINE:` for its start), as
/// `check` prints them.
pub fn parse_line_column(input: &str) -> Option<(u64, u64)> {
    let (line, column) = input.trim().split_once(':')?;
    let line: u64 = line.trim().replace(',', "").parse().ok()?;
    let column: u64 = match column.trim() {
        "" => 1,
        text => text.replace(',', "").parse().ok()?,
    };
    (line > 0 && column > 0).then_some((line, column))
}

/// The offset a go-to expression names: `42`, `0x2a`, `+16`, `-16` (relative
/// to `cursor`) or `50%` (of `len`). Clamped to the file.
pub fn parse_goto(input: &str, cursor: u64, len: u64) -> Result<u64, String> {
    let input = input.trim();
    let last = len.saturating_sub(1);
    let number = |text: &str| -> Result<u64, String> {
        let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
            Some(hex) => u64::from_str_radix(hex, 16),
            None => text.replace(['_', ','], "").parse(),
        };
        parsed.map_err(|_| format!("not an offset: {input:?} (try 42, 0x2a, +16, -16 or 50%)"))
    };
    let target = if let Some(percent) = input.strip_suffix('%') {
        let p: f64 = percent
            .trim()
            .parse()
            .map_err(|_| format!("not a percentage: {input:?}"))?;
        if !(0.0..=100.0).contains(&p) {
            return Err(format!("a percentage is 0 to 100, not {p}"));
        }
        (len as f64 * p / 100.0) as u64
    } else if let Some(forward) = input.strip_prefix('+') {
        cursor.saturating_add(number(forward.trim())?)
    } else if let Some(back) = input.strip_prefix('-') {
        cursor.saturating_sub(number(back.trim())?)
    } else {
        number(input)?
    };
    Ok(target.min(last))
}

/// What a search prompt asks for: `x` followed by hex bytes (`x e2 82
/// ac`, `xe282ac`) searches for those bytes; anything else for its text,
/// in the encoding the file is read in.
pub fn parse_search(input: &str) -> Result<Pattern, String> {
    if input.is_empty() {
        return Err("nothing to search for".into());
    }
    if let Some(hex) = input.strip_prefix('x')
        && let Some(bytes) = parse_hex(hex)
    {
        return Ok(Pattern::Bytes(bytes));
    }
    // "x " then something: meant as hex, so say what is wrong with it.
    if let Some(hex) = input.strip_prefix("x ") {
        return Err(format!("bad hex: {}", hex.trim()));
    }
    Ok(Pattern::Text(input.to_string()))
}

fn parse_hex(text: &str) -> Option<Vec<u8>> {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.is_empty() || !digits.len().is_multiple_of(2) {
        return None;
    }
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(digits.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goto_understands_every_form() {
        assert_eq!(parse_goto("42", 0, 100), Ok(42));
        assert_eq!(parse_goto("0x2a", 0, 100), Ok(42));
        assert_eq!(parse_goto("+16", 10, 100), Ok(26));
        assert_eq!(parse_goto("-16", 10, 100), Ok(0));
        assert_eq!(parse_goto("50%", 0, 100), Ok(50));
        assert_eq!(
            parse_goto("1000", 0, 100),
            Ok(99),
            "clamped to the last byte"
        );
        assert!(parse_goto("abc", 0, 100).is_err());
        assert!(parse_goto("150%", 0, 100).is_err());
    }

    #[test]
    fn search_takes_text_or_hex() {
        let bytes = |b: &[u8]| Ok(Pattern::Bytes(b.to_vec()));
        let text = |t: &str| Ok(Pattern::Text(t.to_string()));
        assert_eq!(parse_search("x e2 82 ac"), bytes(&[0xE2, 0x82, 0xAC]));
        assert_eq!(parse_search("xE282AC"), bytes(&[0xE2, 0x82, 0xAC]));
        assert_eq!(parse_search("xylophone"), text("xylophone"));
        assert_eq!(parse_search("€"), text("€"));
        assert!(parse_search("").is_err());
    }
}

#[cfg(test)]
mod line_column_tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_read_as_check_prints_them() {
        assert_eq!(parse_line_column("12:5"), Some((12, 5)));
        assert_eq!(parse_line_column(" 1,200:3 "), Some((1200, 3)));
        assert_eq!(parse_line_column("7:"), Some((7, 1)));
        assert_eq!(parse_line_column("0:1"), None);
        assert_eq!(parse_line_column("42"), None);
        assert_eq!(parse_line_column("x:1"), None);
    }
}
