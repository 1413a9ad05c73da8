"""Properties over generated text: a repair is final, and decoding what an
encoding wrote gives the text back."""

from hypothesis import given, settings
from hypothesis import strategies as st

import utf8scope as u

# Letters of many scripts, typography and mojibake-prone characters.
ALPHABET = st.sampled_from(
    list("aeéèçñüßÃÂÐÑÅ©®ª«»“”’€™œ…–—АБВабвёЯΑβγשלוםمرحبا日本語한국어ไทย ,.!?\t")
)
TEXT = st.text(alphabet=ALPHABET, max_size=80)


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_fixing_twice_is_fixing_once(text):
    once = u.fix_text(text)
    assert u.fix_text(once) == once


ENCODINGS = ["windows-1252", "windows-1251", "iso-8859-7", "shift_jis", "gbk", "euc-kr", "utf-16le", "utf-16be", "utf-32le", "koi8-r", "cp437", "cp850"]
PYTHON_CODEC = {"windows-1252": "cp1252", "windows-1251": "cp1251", "utf-32le": "utf-32-le", "koi8-r": "koi8_r"}


@settings(max_examples=300, deadline=None)
@given(TEXT, st.sampled_from(ENCODINGS))
def test_decode_gives_back_what_an_encoding_wrote(text, encoding):
    try:
        data = text.encode(PYTHON_CODEC.get(encoding, encoding))
    except UnicodeEncodeError:
        return
    assert u.decode(data, encoding) == text
