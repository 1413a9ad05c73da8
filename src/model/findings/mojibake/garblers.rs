//! The single-byte encodings that UTF-8 is misread as, each as the table
//! of what its bytes 80–FF show as, and the reverse lookups that undoing a
//! misreading needs.

use std::sync::LazyLock;

use encoding_rs::Encoding;

/// A single-byte encoding that UTF-8 text was read as.
pub struct Garbler {
    /// Its name, as in encoding_rs (WHATWG) or IBM's code page number.
    pub name: &'static str,
    /// What bytes 80–FF show as. An undefined byte shows as the code point
    /// of the same number, as programs that read it "sloppily" do (WHATWG's
    /// windows-1252 maps 81 to U+0081 the same way).
    pub high: [char; 128],
    /// Whether C1 controls U+0080–U+009F also stand for bytes 80–9F: in
    /// windows-1252, text read as ISO-8859-1 (Latin-1) shows its bytes so.
    pub latin1_c1: bool,
    /// Its place in `GARBLERS`.
    index: usize,
}

/// Stands, in a word being read, for a no-break space (byte A0) that was
/// lost: a private-use char, so that a reading that does not take it into
/// a sequence shows it.
pub const LOST_NO_BREAK_SPACE: char = '\u{E0A0}';

impl Garbler {
    /// The byte `c` stands for in this encoding (ASCII for itself).
    pub fn byte_of(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            return Some(c as u8);
        }
        Some(self.shown_byte(c)).filter(|&b| b != 0)
    }

    /// Whether this encoding shows one of the bytes 80–9F as `c`, a char
    /// other than the C1 control of that number.
    pub fn shows_in_80_to_9f(&self, c: char) -> bool {
        !('\u{80}'..='\u{9F}').contains(&c) && self.high[..0x20].contains(&c)
    }

    /// The byte beyond ASCII that this encoding shows as `c`, or 0.
    fn shown_byte(&self, c: char) -> u8 {
        let code = c as usize;
        if c.is_ascii() || (TABLE_CHARS..HIGH_FLOOR as usize).contains(&code) {
            // (CJK and most emoji: no encoding shows a byte as one.)
            return 0;
        }
        if c == LOST_NO_BREAK_SPACE {
            return if self.shows_no_break_space() { 0xA0 } else { 0 };
        }
        match REVERSE.get(code) {
            // C1 controls stand for bytes 80–9F where windows-1252 was read
            // as ISO-8859-1, in encodings that show another char there.
            Some(row) => match row[self.index] {
                0 if self.latin1_c1 && (0x80..0xA0).contains(&code) => code as u8,
                byte => byte,
            },
            // The few chars above the table (macintosh's ﬁ, ﬂ and Apple logo).
            None => (self.high.iter().position(|&h| h == c)).map_or(0, |i| 0x80 + i as u8),
        }
    }

    /// Whether some continuation byte (80–BF) has no char in it, so that a
    /// strict decoder shows it as `?` or U+FFFD and the byte is lost.
    pub fn has_holes(&self) -> bool {
        loss_masks().holes & 1 << self.index != 0
    }

    /// [`Garbler::has_holes`], worked out from its table.
    fn shows_holes(&self) -> bool {
        // The table shows such a byte as the C1 control of its number; in
        // ISO-8859 and the DOS code pages every byte has a char.
        self.name.starts_with("windows-")
            && self.high[..0x40]
                .iter()
                .enumerate()
                .any(|(i, &c)| c as u32 == 0x80 + i as u32)
    }

    /// Its place in `GARBLERS`.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Whether it shows byte A0 as a no-break space, which text tools turn
    /// into a plain space: only then can that byte be lost so. (KOI8 shows
    /// it as ═, IBM866 as а, the DOS code pages as á, macintosh as †.)
    pub fn shows_no_break_space(&self) -> bool {
        self.high[0x20] == '\u{A0}'
    }
}

/// The encodings (bits by index) in which a byte can have been lost: to a
/// plain space (a no-break space, byte A0), or to `?` or U+FFFD (a byte
/// with no char in it). The quick tests take such a char for a
/// continuation byte only there.
#[derive(Debug, Clone, Copy)]
pub struct LossMasks {
    /// Where byte A0 shows as a no-break space.
    pub space: u32,
    /// Where some continuation byte has no char ([`Garbler::has_holes`]).
    pub holes: u32,
}

/// The [`LossMasks`] of the encodings.
pub fn loss_masks() -> LossMasks {
    static MASKS: LazyLock<LossMasks> = LazyLock::new(|| {
        let mask = |pick: fn(&Garbler) -> bool| {
            GARBLERS
                .iter()
                .filter(|g| pick(g))
                .fold(0, |bits, g| bits | 1 << g.index())
        };
        LossMasks {
            space: mask(Garbler::shows_no_break_space),
            holes: mask(Garbler::shows_holes),
        }
    });
    *MASKS
}

impl std::fmt::Debug for Garbler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name)
    }
}

/// Each encoding is one static: the same one is the same address.
impl PartialEq for Garbler {
    fn eq(&self, other: &Garbler) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Garbler {}

/// Builds a garbler from an encoding_rs single-byte encoding.
fn from_encoding_rs(encoding: &'static Encoding, latin1_c1: bool, index: usize) -> Garbler {
    Garbler {
        name: encoding.name(),
        high: std::array::from_fn(|i| {
            let byte = 0x80 + i as u8;
            let single = [byte];
            let (text, _) = encoding.decode_without_bom_handling(&single);
            match text.chars().next() {
                Some(c) if c != '\u{FFFD}' => c,
                _ => char::from(byte),
            }
        }),
        latin1_c1,
        index,
    }
}

macro_rules! garbler {
    ($name:ident, $encoding:expr, $latin1:expr, $index:expr) => {
        static $name: LazyLock<Garbler> =
            LazyLock::new(|| from_encoding_rs($encoding, $latin1, $index));
    };
}

garbler!(WINDOWS_1252, encoding_rs::WINDOWS_1252, true, 0);
garbler!(WINDOWS_1251, encoding_rs::WINDOWS_1251, false, 1);
garbler!(WINDOWS_1250, encoding_rs::WINDOWS_1250, false, 2);
garbler!(ISO_8859_2, encoding_rs::ISO_8859_2, false, 3);
garbler!(WINDOWS_1253, encoding_rs::WINDOWS_1253, false, 6);
garbler!(WINDOWS_1254, encoding_rs::WINDOWS_1254, false, 5);
garbler!(WINDOWS_1255, encoding_rs::WINDOWS_1255, false, 9);
garbler!(WINDOWS_1256, encoding_rs::WINDOWS_1256, false, 8);
garbler!(WINDOWS_1257, encoding_rs::WINDOWS_1257, false, 7);
garbler!(WINDOWS_1258, encoding_rs::WINDOWS_1258, false, 10);
garbler!(ISO_8859_15, encoding_rs::ISO_8859_15, false, 4);
garbler!(KOI8_R, encoding_rs::KOI8_R, false, 11);
garbler!(KOI8_U, encoding_rs::KOI8_U, false, 12);
garbler!(IBM866, encoding_rs::IBM866, false, 13);
garbler!(MACINTOSH, encoding_rs::MACINTOSH, false, 14);

static CP437: LazyLock<Garbler> = LazyLock::new(|| Garbler {
    name: "IBM437",
    high: oem_cp::code_table::DECODING_TABLE_CP437,
    latin1_c1: false,
    index: 15,
});

static CP850: LazyLock<Garbler> = LazyLock::new(|| Garbler {
    name: "IBM850",
    high: oem_cp::code_table::DECODING_TABLE_CP850,
    latin1_c1: false,
    index: 16,
});

/// How many encodings are tried.
pub const COUNT: usize = 17;

/// The encodings tried, most common first: when two give the same repair,
/// the chain names the first.
pub static GARBLERS: LazyLock<[&'static Garbler; COUNT]> = LazyLock::new(|| {
    [
        &*WINDOWS_1252,
        &*WINDOWS_1251,
        &*WINDOWS_1250,
        &*ISO_8859_2,
        &*ISO_8859_15,
        &*WINDOWS_1254,
        &*WINDOWS_1253,
        &*WINDOWS_1257,
        &*WINDOWS_1256,
        &*WINDOWS_1255,
        &*WINDOWS_1258,
        &*KOI8_R,
        &*KOI8_U,
        &*IBM866,
        &*MACINTOSH,
        &*CP437,
        &*CP850,
    ]
});

/// windows-1252, for the C1 controls that stand for its bytes.
pub fn windows_1252() -> &'static Garbler {
    &WINDOWS_1252
}

/// Chars below this have their bytes in a table; the encodings show no
/// byte as a char above it but a few, which [`REVERSE`] cannot hold.
const TABLE_CHARS: usize = 0x2600;

/// For each char below [`TABLE_CHARS`], the byte each encoding shows as it
/// (0: none).
static REVERSE: LazyLock<Vec<[u8; COUNT]>> = LazyLock::new(|| {
    let mut table = vec![[0u8; COUNT]; TABLE_CHARS];
    for (g, garbler) in GARBLERS.iter().enumerate() {
        for (i, &c) in garbler.high.iter().enumerate() {
            if let Some(row) = table.get_mut(c as usize) {
                row[g] = 0x80 + i as u8;
            }
        }
    }
    table
});

/// The byte each encoding (by index) shows as `c`, or 0: none, and for
/// ASCII. A text's rows are looked up once and read by every encoding
/// tried on it.
pub fn byte_row(c: char) -> [u8; COUNT] {
    // (CJK and most emoji, between the table and the few chars above it
    // that some encoding shows: no encoding shows a byte as one.)
    if c.is_ascii() || (TABLE_CHARS..HIGH_FLOOR as usize).contains(&(c as usize)) {
        return [0; COUNT];
    }
    match REVERSE.get(c as usize) {
        // (Most chars: the table's row, unless a C1 control may stand for
        // its own byte: those rows are worked out once too.)
        Some(&row) if !('\u{80}'..'\u{A0}').contains(&c) => row,
        Some(_) => C1_ROWS[c as usize - 0x80],
        None => std::array::from_fn(|g| GARBLERS[g].shown_byte(c)),
    }
}

/// [`byte_row`] of each C1 control (U+0080–U+009F), which some encodings
/// show as the byte of its number (see [`Garbler::shown_byte`]).
static C1_ROWS: LazyLock<[[u8; COUNT]; 0x20]> = LazyLock::new(|| {
    std::array::from_fn(|i| {
        let c = char::from(0x80 + i as u8);
        std::array::from_fn(|g| GARBLERS[g].shown_byte(c))
    })
});

/// What a char shows in each encoding (bits by index): the lead byte of a
/// 2-, 3- or 4-byte UTF-8 sequence, or a continuation byte (80–BF).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roles {
    /// The encodings in which it shows C2–DF.
    pub lead2: u32,
    /// The encodings in which it shows E0–EF.
    pub lead3: u32,
    /// The encodings in which it shows F0–F4.
    pub lead4: u32,
    /// The encodings in which it shows 80–BF.
    pub continuation: u32,
}

impl Roles {
    /// The roles of a char that shows no byte in any encoding.
    pub const NONE: Roles = Roles {
        lead2: 0,
        lead3: 0,
        lead4: 0,
        continuation: 0,
    };

    /// The encodings in which it shows any lead byte.
    pub fn lead(self) -> u32 {
        self.lead2 | self.lead3 | self.lead4
    }

    /// The roles of `c`, worked out from each encoding's table.
    fn of(c: char) -> Roles {
        if c.is_ascii() {
            return Roles::NONE;
        }
        Roles::of_bytes(std::array::from_fn(|g| GARBLERS[g].shown_byte(c)))
    }

    /// The roles of a char that each encoding (by index) shows as the
    /// byte of `row` (0: none).
    fn of_bytes(row: [u8; COUNT]) -> Roles {
        let mut roles = Roles::NONE;
        for (g, byte) in row.into_iter().enumerate() {
            match byte {
                0xC2..=0xDF => roles.lead2 |= 1 << g,
                0xE0..=0xEF => roles.lead3 |= 1 << g,
                0xF0..=0xF4 => roles.lead4 |= 1 << g,
                0x80..=0xBF => roles.continuation |= 1 << g,
                _ => {}
            }
        }
        roles
    }
}

/// The [`Roles`] of each char below [`TABLE_CHARS`]: what the quick search
/// for mojibake looks up, a char at a time.
pub struct RolesTable {
    /// Each char's class, for every code point below [`CLASSED_CHARS`]
    /// (none past [`TABLE_CHARS`]): one byte, so that the table stays in
    /// the nearest cache (169 distinct roles today; building the table
    /// stops loudly past 256, and every test builds it).
    classes: Box<[u8; CLASSED_CHARS]>,
    /// The roles of each class.
    roles: Box<[Roles; 256]>,
}

/// The code points [`RolesTable`] classes: a power of two past every char
/// of two bytes and every one of three led by E0–E2, so that their lookup
/// needs no bounds check.
pub const CLASSED_CHARS: usize = 0x4000;

impl RolesTable {
    /// The roles of the char `code` (of two bytes in UTF-8, or of three
    /// led by E0–E2): a char between [`TABLE_CHARS`] and
    /// [`CLASSED_CHARS`] has none.
    #[inline]
    pub fn classed(&self, code: usize) -> &Roles {
        &self.roles[usize::from(self.classes[code % CLASSED_CHARS])]
    }

    /// The roles of `c`, in the table or beyond it (see [`roles`]).
    #[inline]
    pub fn of(&self, c: char) -> Roles {
        match c as usize {
            code if code < CLASSED_CHARS => *self.classed(code),
            // (No encoding shows a byte as a char between the table and the
            // private-use area: CJK and most emoji are looked up no further.)
            _ if c < HIGH_FLOOR => Roles::NONE,
            _ => high_roles(c),
        }
    }

    /// Works out the roles of every char below [`TABLE_CHARS`].
    fn build() -> RolesTable {
        let mut roles = Box::new([Roles::NONE; 256]);
        let mut classes = Box::new([0u8; CLASSED_CHARS]);
        // Class 0 is no roles: the chars past the table have it.
        let mut known = 1;
        for (code, class) in classes.iter_mut().enumerate().take(TABLE_CHARS) {
            // (From each char's byte row, one lookup a char rather than
            // one an encoding: the table is built at every start.)
            let of =
                char::from_u32(code as u32).map_or(Roles::NONE, |c| Roles::of_bytes(byte_row(c)));
            let found = roles[..known].iter().position(|&r| r == of);
            let index = found.unwrap_or_else(|| {
                assert!(known < 256, "at most 256 distinct roles");
                roles[known] = of;
                known += 1;
                known - 1
            });
            *class = index as u8;
        }
        RolesTable { classes, roles }
    }
}

static ROLES: LazyLock<RolesTable> = LazyLock::new(RolesTable::build);

/// The [`Roles`] of each char below the table's end, for scans that look
/// up many (any other char's are [`roles`]'s).
pub fn roles_table() -> &'static RolesTable {
    &ROLES
}

/// The roles of `c`, a char at or above [`HIGH_FLOOR`] (seldom met).
#[cold]
fn high_roles(c: char) -> Roles {
    if HIGH_CHARS.contains(&c) {
        Roles::of(c)
    } else {
        Roles::NONE
    }
}

/// The roles of `c` (see [`Roles`]).
#[inline]
pub fn roles(c: char) -> Roles {
    ROLES.of(c)
}

/// The roles of `c` as the quick tests for mojibake take them: a space
/// may be a lost no-break space (A0), and `?` or U+FFFD a byte lost to a
/// strict decoder, each a continuation byte where that can happen
/// ([`loss_masks`]). (For the lead-pair search's tables: off x86-64,
/// for its tests alone.)
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub fn quick_roles(c: char) -> Roles {
    let lost = loss_masks();
    match c {
        ' ' => Roles {
            continuation: lost.space,
            ..roles(c)
        },
        '?' | '\u{FFFD}' => Roles {
            continuation: lost.holes,
            ..roles(c)
        },
        _ => roles(c),
    }
}

/// The chars above [`TABLE_CHARS`] that some encoding shows a byte as are
/// all at or above this one (a test checks).
pub const HIGH_FLOOR: char = '\u{E000}';

/// Every char of the Basic Multilingual Plane beyond ASCII whose roles may
/// be other than none ([`quick_roles`]): those of the table and those from
/// [`HIGH_FLOOR`] on (U+FFFD, the lost no-break space and the few chars
/// above the table that some encoding shows); no encoding shows a byte as
/// a char between them.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub fn chars_with_roles() -> impl Iterator<Item = char> {
    let table_end = char::from_u32(TABLE_CHARS as u32).unwrap_or(HIGH_FLOOR);
    ('\u{80}'..table_end).chain(HIGH_FLOOR..='\u{FFFF}')
}

/// The chars above [`TABLE_CHARS`] that some encoding shows a byte as.
static HIGH_CHARS: LazyLock<Vec<char>> = LazyLock::new(|| {
    GARBLERS
        .iter()
        .flat_map(|g| g.high.iter().copied())
        .filter(|&c| c as usize >= TABLE_CHARS)
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_roles_table_gives_every_char_its_roles() {
        for c in (0..CLASSED_CHARS as u32).filter_map(char::from_u32) {
            assert_eq!(roles_table().of(c), Roles::of(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn a_byte_is_lost_to_a_space_only_where_a0_is_a_no_break_space() {
        let space = loss_masks().space;
        let named = |name: &str| {
            let garbler = GARBLERS.iter().find(|g| g.name == name).expect(name);
            space & (1 << garbler.index()) != 0
        };
        assert!(named("windows-1252") && named("windows-1251") && named("ISO-8859-2"));
        // ═, а, á and † are not turned into spaces.
        assert!(!named("KOI8-R") && !named("IBM866") && !named("macintosh"));
        // So a Russian word that ends in a KOI8-R lead byte (ь is D8) before
        // a space shows no sequence: its line is not looked at further.
        assert!(!crate::model::findings::may_hold_mojibake("Съешь же"));
        assert!(crate::model::findings::may_hold_mojibake("voilÃ le"));
    }

    #[test]
    fn the_chars_above_the_table_are_above_the_floor() {
        assert!(!HIGH_CHARS.is_empty());
        // (And in the Basic Multilingual Plane: the quick test skips chars
        // of four bytes, and those led by E3–ED, without a lookup.)
        assert!(
            HIGH_CHARS
                .iter()
                .all(|&c| c >= HIGH_FLOOR && c <= '\u{FFFF}'),
            "{:?}",
            *HIGH_CHARS
        );
        assert!(HIGH_FLOOR >= '\u{E000}' && TABLE_CHARS <= 0x3000);
        for garbler in GARBLERS.iter() {
            for (i, &c) in garbler.high.iter().enumerate() {
                let roles = roles(c);
                let byte = 0x80 + i as u8;
                let shown = match byte {
                    0xC2..=0xDF => roles.lead2,
                    0xE0..=0xEF => roles.lead3,
                    0xF0..=0xF4 => roles.lead4,
                    0x80..=0xBF => roles.continuation,
                    _ => u32::MAX,
                };
                assert_ne!(
                    shown & 1 << garbler.index(),
                    0,
                    "{} {byte:02X}",
                    garbler.name
                );
            }
        }
    }

    #[test]
    fn every_char_an_encoding_shows_is_in_the_reverse_table() {
        for garbler in GARBLERS.iter() {
            for (i, &c) in garbler.high.iter().enumerate() {
                assert_eq!(
                    garbler.byte_of(c),
                    Some(0x80 + i as u8),
                    "{} {c:?}",
                    garbler.name
                );
            }
        }
        assert_eq!(GARBLERS.len(), COUNT);
        for (i, garbler) in GARBLERS.iter().enumerate() {
            assert_eq!(garbler.index(), i, "{}", garbler.name);
        }
        assert_eq!(windows_1252().byte_of('\u{0090}'), Some(0x90));
        assert_eq!(windows_1252().byte_of('€'), Some(0x80));
        assert_eq!(windows_1252().byte_of('\u{0080}'), Some(0x80));
        assert_eq!(GARBLERS[1].byte_of('\u{0080}'), None);
    }
}
