#!/usr/bin/env python3
"""Writes tests/data/locale-words.txt: real words of 40 languages taken from
glibc's locale sources (month and day names, the language's and the
country's names, yes and no), for a detection corpus that no tuning saw.

    python3 scripts/locale_words.py /usr/share/i18n/locales > tests/data/locale-words.txt

(The locale sources come with Debian's `locales` package. The Free Software
Foundation claims no copyright in the locale data; see the file's header.)
"""

import re
import sys
from pathlib import Path

# Locale, and the language's name in the corpus.
LOCALES = [
    ("fr_FR", "French"), ("de_DE", "German"), ("es_ES", "Spanish"),
    ("pt_PT", "Portuguese"), ("it_IT", "Italian"), ("sv_SE", "Swedish"),
    ("nl_NL", "Dutch"), ("da_DK", "Danish"), ("nb_NO", "Norwegian"),
    ("fi_FI", "Finnish"), ("is_IS", "Icelandic"), ("ca_ES", "Catalan"),
    ("pl_PL", "Polish"), ("cs_CZ", "Czech"), ("hu_HU", "Hungarian"),
    ("ro_RO", "Romanian"), ("hr_HR", "Croatian"), ("sk_SK", "Slovak"),
    ("sl_SI", "Slovenian"), ("tr_TR", "Turkish"), ("lt_LT", "Lithuanian"),
    ("lv_LV", "Latvian"), ("et_EE", "Estonian"), ("ru_RU", "Russian"),
    ("uk_UA", "Ukrainian"), ("be_BY", "Belarusian"), ("bg_BG", "Bulgarian"),
    ("sr_RS", "Serbian"), ("mk_MK", "Macedonian"), ("el_GR", "Greek"),
    ("he_IL", "Hebrew"), ("ar_SA", "Arabic"), ("fa_IR", "Persian"),
    ("ja_JP", "Japanese"), ("zh_CN", "Chinese (Simplified)"),
    ("zh_TW", "Chinese (Traditional)"), ("ko_KR", "Korean"),
    ("vi_VN", "Vietnamese"), ("th_TH", "Thai"),
]

# The sections the keys are in.
SECTIONS = ("LC_TIME", "LC_MESSAGES", "LC_ADDRESS", "LC_IDENTIFICATION")

KEYS = ("mon", "alt_mon", "day", "lang_name", "country_name", "yesstr", "nostr")


def unescape(value):
    """A locale string's <Uxxxx> escapes as characters."""
    return re.sub(r"<U([0-9A-Fa-f]{4,6})>", lambda m: chr(int(m.group(1), 16)), value)


def words(path, seen=None):
    """The words of the keys above in the locale at `path`, following `copy`."""
    seen = seen or set()
    if path.name in seen or not path.exists():
        return []
    seen.add(path.name)
    # Continuation lines end in the escape char `/` (or `\\` in some files).
    text = re.sub(r"[/\\]\n\s*", "", path.read_text(encoding="utf-8", errors="replace"))
    found = []
    section = ""
    for line in text.splitlines():
        key, _, rest = line.strip().replace("\t", " ").partition(" ")
        if key.startswith("LC_"):
            section = key
        elif key in KEYS:
            for value in re.findall(r'"([^"]*)"', rest):
                found.extend(unescape(value).split())
        elif key == "copy" and section in SECTIONS:
            # A section copied whole from another locale (zh_TW's time).
            source = re.findall(r'"([^"]*)"', rest)
            if source and source[0] != "i18n":
                found.extend(words(path.parent / source[0], seen))
    return found


def main():
    folder = Path(sys.argv[1])
    print("# Real words of each language from glibc's locale sources (month and day")
    print("# names, language and country names, yes and no); written by")
    print("# scripts/locale_words.py. The FSF claims no copyright in locale data.")
    for locale, language in LOCALES:
        unique = []
        for word in words(folder / locale):
            word = word.strip(".,;")
            if word and not word.isascii() or len(word) > 3:
                if word not in unique:
                    unique.append(word)
        print(f"{language}\t{' '.join(unique)}")


if __name__ == "__main__":
    main()
