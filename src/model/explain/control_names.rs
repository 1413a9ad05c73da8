//! The names of the control characters. Unicode gives controls no name,
//! only aliases (NameAliases.txt, types "control" and "abbreviation"):
//! `U+000A` is LINE FEED (LF). unicode_names2 maps aliases to characters
//! but not back, so the aliases of C0, DEL and C1 are listed here.

/// The alias of C0 controls U+0000–U+001F, with their abbreviations.
const C0: [&str; 32] = [
    "NULL (NUL)",
    "START OF HEADING (SOH)",
    "START OF TEXT (STX)",
    "END OF TEXT (ETX)",
    "END OF TRANSMISSION (EOT)",
    "ENQUIRY (ENQ)",
    "ACKNOWLEDGE (ACK)",
    "ALERT (BEL)",
    "BACKSPACE (BS)",
    "CHARACTER TABULATION (HT, TAB)",
    "LINE FEED (LF)",
    "LINE TABULATION (VT)",
    "FORM FEED (FF)",
    "CARRIAGE RETURN (CR)",
    "SHIFT OUT (SO)",
    "SHIFT IN (SI)",
    "DATA LINK ESCAPE (DLE)",
    "DEVICE CONTROL ONE (DC1)",
    "DEVICE CONTROL TWO (DC2)",
    "DEVICE CONTROL THREE (DC3)",
    "DEVICE CONTROL FOUR (DC4)",
    "NEGATIVE ACKNOWLEDGE (NAK)",
    "SYNCHRONOUS IDLE (SYN)",
    "END OF TRANSMISSION BLOCK (ETB)",
    "CANCEL (CAN)",
    "END OF MEDIUM (EM)",
    "SUBSTITUTE (SUB)",
    "ESCAPE (ESC)",
    "INFORMATION SEPARATOR FOUR (FS)",
    "INFORMATION SEPARATOR THREE (GS)",
    "INFORMATION SEPARATOR TWO (RS)",
    "INFORMATION SEPARATOR ONE (US)",
];

/// The aliases of C1 controls U+0080–U+009F.
const C1: [&str; 32] = [
    "PADDING CHARACTER (PAD)",
    "HIGH OCTET PRESET (HOP)",
    "BREAK PERMITTED HERE (BPH)",
    "NO BREAK HERE (NBH)",
    "INDEX (IND)",
    "NEXT LINE (NEL)",
    "START OF SELECTED AREA (SSA)",
    "END OF SELECTED AREA (ESA)",
    "CHARACTER TABULATION SET (HTS)",
    "CHARACTER TABULATION WITH JUSTIFICATION (HTJ)",
    "LINE TABULATION SET (VTS)",
    "PARTIAL LINE FORWARD (PLD)",
    "PARTIAL LINE BACKWARD (PLU)",
    "REVERSE LINE FEED (RI)",
    "SINGLE SHIFT TWO (SS2)",
    "SINGLE SHIFT THREE (SS3)",
    "DEVICE CONTROL STRING (DCS)",
    "PRIVATE USE ONE (PU1)",
    "PRIVATE USE TWO (PU2)",
    "SET TRANSMIT STATE (STS)",
    "CANCEL CHARACTER (CCH)",
    "MESSAGE WAITING (MW)",
    "START OF GUARDED AREA (SPA)",
    "END OF GUARDED AREA (EPA)",
    "START OF STRING (SOS)",
    "SINGLE GRAPHIC CHARACTER INTRODUCER (SGC)",
    "SINGLE CHARACTER INTRODUCER (SCI)",
    "CONTROL SEQUENCE INTRODUCER (CSI)",
    "STRING TERMINATOR (ST)",
    "OPERATING SYSTEM COMMAND (OSC)",
    "PRIVACY MESSAGE (PM)",
    "APPLICATION PROGRAM COMMAND (APC)",
];

/// The name of `c`: its Unicode name, or for a control its alias
/// (`LINE FEED (LF)`); `None` for an unassigned or unnamed code point.
pub fn char_name(c: char) -> Option<String> {
    let code = c as u32;
    match code {
        0x00..=0x1F => Some(C0[code as usize].to_string()),
        0x7F => Some("DELETE (DEL)".to_string()),
        0x80..=0x9F => Some(C1[(code - 0x80) as usize].to_string()),
        _ => unicode_names2::name(c).map(|name| name.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_named_by_their_aliases_and_the_rest_by_name() {
        assert_eq!(char_name('\n').unwrap(), "LINE FEED (LF)");
        assert_eq!(char_name('\u{1b}').unwrap(), "ESCAPE (ESC)");
        assert_eq!(char_name('\u{7f}').unwrap(), "DELETE (DEL)");
        assert_eq!(char_name('\u{85}').unwrap(), "NEXT LINE (NEL)");
        assert_eq!(
            char_name('\u{9b}').unwrap(),
            "CONTROL SEQUENCE INTRODUCER (CSI)"
        );
        assert_eq!(char_name('€').unwrap(), "EURO SIGN");
        // Every alias here is one unicode_names2 knows for the same character.
        for c in (0u32..0x20).chain([0x7F]).chain(0x80..0xA0) {
            let c = char::from_u32(c).unwrap();
            let name = char_name(c).unwrap();
            let long = name.split(" (").next().unwrap();
            assert_eq!(unicode_names2::character(long), Some(c), "{name}");
        }
    }
}
