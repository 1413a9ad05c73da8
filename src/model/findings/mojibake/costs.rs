//! What each sign of mojibake costs in the measure ([`super::badness`]),
//! each with its reason. A word is repaired when a reading costs at least 3
//! less than the word and at most half as much, so a sign that costs 3 or
//! more is one that writing never shows, and one that costs 2 is one that
//! writing seldom shows and garbling often makes.

// What a char costs on its own, whatever is around it.

/// A C1 control (U+0080–009F), an unassigned code point or one for private
/// use: no text is written with them, and garbling through ISO-8859-1 or
/// a code page with holes makes them.
pub const NOT_TEXT: u8 = 5;
/// U+FFFD: a byte lost to a decoder, seldom part of the text meant.
pub const REPLACEMENT_CHAR: u8 = 2;
/// A spacing accent or the like (¨ ¯ ´ ¸ ¦ ¤, U+02C6–02DD): the Windows
/// and ISO code pages show UTF-8 continuation bytes so, and text writes
/// the accented letter instead.
pub const SPACING_ACCENT: u8 = 2;
/// Supplemental arrows and math operators: symbols few texts use, that
/// macintosh and the DOS code pages show bytes as.
pub const RARE_SYMBOL: u8 = 2;
/// A letter no language writes (ſ, Ĕ, ɡ, ʲ): the code pages hold letters
/// that few texts use.
pub const RARE_LETTER: u8 = 2;
/// Rare ideographs (CJK Extension A and beyond), radicals, Kanbun, Yi: what UTF-8
/// read as a CJK encoding makes, not what CJK text is written with.
pub const RARE_IDEOGRAPH: u8 = 2;

// What a char costs beside its neighbours inside a word.

/// A capital after a small letter, one of them beyond ASCII ("cafÃ©"):
/// words capitalise their start (ASCII camel case aside).
pub const CAPITAL_AFTER_SMALL: u32 = 3;
/// A capital beyond ASCII between a letter and a small letter ("BĂźrger").
pub const CAPITAL_INSIDE_WORD: u32 = 3;
/// Two letters of scripts no language mixes inside a word ("cafГ©",
/// Latin then Cyrillic).
pub const MIXED_SCRIPTS: u32 = 4;
/// `œ` after a letter beyond ASCII ("Ãœber", "âœ”"): French puts it after
/// c, s, n, v, b, m, f.
pub const OE_AFTER_ACCENTED: u32 = 3;
/// A combining mark after a space or at the start, or on a symbol other
/// than the marks made for symbols: box art read as IBM866 ("░ް").
pub const STRAY_MARK: u32 = 2;
/// A mark on a letter of another script, or a mark of Latin, Greek and
/// Cyrillic (U+0300–036F) on another script's letter ("ա\u{36b}").
pub const FOREIGN_MARK: u32 = 4;
/// A mark on a Latin, Greek or Cyrillic letter that no precomposed letter
/// has it on (c̩, a̶): those scripts write their accented letters whole.
pub const UNCOMPOSED_MARK: u32 = 2;
/// A digit of one script after a letter of another ("Е٨").
pub const FOREIGN_DIGIT: u32 = 4;
/// The same symbol every other char with another between ("×‘×”×•":
/// Hebrew's lead byte D7 shown as ×).
pub const ALTERNATING_SYMBOL: u32 = 2;
/// A no-break space between a capital and a small letter ("Ã l" with the
/// no-break space of "à").
pub const NO_BREAK_SPACE_INSIDE_WORD: u32 = 3;
/// A capital beyond ASCII alone, then a no-break space before a plain
/// space or the end ("ART TRIP Ã l'office"): a no-break space stands for a
/// space, not beside one, and no language writes such a letter alone.
pub const NO_BREAK_SPACE_AFTER_LONE_CAPITAL: u32 = 3;
/// Letters of one word that no one language's alphabet holds together (ı
/// with ź): the wrong code page's letters. Once a word.
pub const NO_ONE_ALPHABET: u32 = 2;
/// Symbols between two letters ("Ã©t", "Ð¿Ñ"), or two or more symbols
/// beyond ASCII piled onto a word's end after a letter, not all of them
/// punctuation ("Zam√≤"). Once a run of symbols.
pub const SYMBOLS_IN_WORD: u32 = 3;
/// `¿`, `¡` or `¶` after a letter ("ï¿½"): they open a question, an
/// exclamation or a paragraph, after a space or punctuation.
pub const OPENER_AFTER_LETTER: u32 = 3;
/// `€` straight after a letter ("â€œ", "Ã€"): the euro sign goes before or
/// after a number.
pub const EURO_AFTER_LETTER: u32 = 3;

/// `™` straight after `Ã` or `Â` ("OÃ™"): windows-1252 shows UTF-8's lead
/// bytes C3 and C2 so, and a brand seldom ends in them.
pub const TRADEMARK_AFTER_LEAD_BYTE: u32 = 3;

// What a text costs beside its line.

/// A letter of a script found nowhere else on the line, once a script
/// (once the line has letters enough to tell).
pub const SCRIPT_NOT_ON_LINE: u32 = 3;
