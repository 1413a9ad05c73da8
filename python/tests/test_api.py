"""Every function of the package on real text, and bad input."""

import json
import pickle
import subprocess

import pytest

import utf8scope as u
from conftest import cli


def test_fix_text_repairs_as_the_engine_does():
    assert u.fix_text("Le cafÃ© est prÃªt.") == "Le café est prêt."
    assert u.fix_text("РїСЂРёРІРµС‚ РјРёСЂ") == "привет мир"
    assert u.fix_text("ÐŸÑ€Ð¸Ð²ÐµÑ‚") == "Привет"
    clean = "Ελληνικά, 日本語, עברית — « déjà vu »"
    assert u.fix_text(clean) is clean


def test_cjk_mojibake_is_repaired_both_ways():
    # UTF-8 read as Shift_JIS, and Shift_JIS read as windows-1252.
    assert u.fix_text("縺薙ｓ縺ｫ縺｡縺ｯ") == "こんにちは"
    assert u.fix_text("‚±‚ñ‚É‚¿‚Í") == "こんにちは"
    fixed, repairs = u.fix_and_explain("ÖÐÎÄ±±¾©ÊÇ")
    assert fixed == "中文北京是"
    assert repairs[0].chain == "GBK read as windows-1252"
    assert repairs[0].steps[0].startswith("GBK read as windows-1252: Ö = D6, Ð = D0 → D6 D0 = 中")
    for clean in ["今日は天気がとても良いので、公園を散歩しました。", "오늘은 날씨가 정말 좋습니다.", "ｶﾀｶﾅ ﾃﾞｰﾀ"]:
        assert u.fix_text(clean) is clean
        assert not u.is_mojibake(clean)


def test_only_the_encoding_repair_is_on_by_default():
    text = "“Quoted” ﬁne\r\nline\x1b[31m"
    assert u.fix_text(text) == text


def test_ftfy_options_do_what_ftfy_names():
    assert u.fix_text("“hi” ‘there’", uncurl_quotes=True) == "\"hi\" 'there'"
    assert u.fix_text("ﬁne ﬂow", fix_latin_ligatures=True) == "fine flow"
    assert u.fix_text("ＡＢＣ１", fix_character_width=True) == "ABC1"
    assert u.fix_text("a\r\nb\rc\u2028d", fix_line_breaks=True) == "a\nb\nc\nd"
    assert u.fix_text("\x1b[31mred\x1b[0m", remove_terminal_escapes=True) == "red"
    assert u.fix_text("a\x00b\ufeffc", remove_control_chars=True) == "abc"
    assert u.fix_text("caf&eacute; &lt;3", unescape_html=True) == "café <3"
    assert u.fix_text("<b>&amp;</b>", unescape_html="auto") == "<b>&amp;</b>"
    assert u.fix_text("e\u0301", normalization="NFC") == "é"
    assert u.fix_text("\x93quoted\x94", fix_c1_controls=True) == "“quoted”"
    assert u.fix_text("cafÃ©", fix_encoding=False) == "cafÃ©"


def test_bad_options_and_input_raise_with_the_reason():
    with pytest.raises(TypeError, match="frobnicate"):
        u.fix_text("x", frobnicate=True)
    with pytest.raises(TypeError, match="frobnicate"):
        u.fix_texts(["x"], frobnicate=True)
    with pytest.raises(ValueError, match="normalization"):
        u.fix_text("x", normalization="NFX")
    with pytest.raises(ValueError, match="restore_byte_a0"):
        u.fix_text("x", restore_byte_a0=False)
    with pytest.raises(TypeError, match="str"):
        u.fix_text(b"caf\xc3\xa9")
    with pytest.raises(TypeError, match="str"):
        u.fix_texts(["ok", b"bytes"])
    with pytest.raises(UnicodeEncodeError):
        u.fix_text("lone \udc80 surrogate")
    with pytest.raises(TypeError, match="bytes"):
        u.detect("a str")
    with pytest.raises(LookupError, match="unknown encoding"):
        u.decode(b"abc", "no-such-encoding")
    with pytest.raises(UnicodeDecodeError) as raised:
        u.decode(b"ok \x81\xff", "shift_jis")
    assert raised.value.start == 3
    with pytest.raises(ValueError, match="errors"):
        u.decode(b"abc", "utf-8", errors="ignore")


def test_fix_and_explain_gives_each_repair_as_data():
    fixed, repairs = u.fix_and_explain("Ça va? Le cafÃ© est prÃªt.")
    assert fixed == "Ça va? Le café est prêt."
    first = repairs[0]
    assert (first.start, first.end, first.seen, first.repair) == (10, 15, "cafÃ©", "café")
    assert (first.byte_start, first.byte_end) == (11, 18)
    assert first.chain == "UTF-8 read as windows-1252"
    assert first.steps and "C3 A9" in first.steps[0]
    assert first.why_left is None


def test_a_word_beside_one_left_ungarbled_is_reported_and_left():
    # "île" would read "Ã®le" had the whole line been garbled: "cafÃ©" is
    # reported with its reading and why, and the text is left as it is.
    text = "Le cafÃ© de l'île est fermé."
    fixed, repairs = u.fix_and_explain(text)
    assert fixed == text and u.fix_text(text) == text
    [run] = repairs
    assert (run.seen, run.repair, run.readings) == ("cafÃ©", None, (("café", "UTF-8 read as windows-1252"),))
    assert run.why_left == "its line also holds “l'île”, which that garbling would have changed"
    [finding] = u.findings(text)
    assert finding.repair is None and "l'île" in finding.detail


def test_is_mojibake_and_findings():
    assert u.is_mojibake("cafÃ©")
    assert not u.is_mojibake("café")
    text = "pаypal \u202e un cafÃ© chaud a\u200bb"
    found = u.findings(text)
    kinds = [f.kind for f in found]
    assert kinds == ["mixed-script", "bidi-control", "mojibake", "invisible"]
    moji = found[2]
    assert (moji.repair, moji.chain, moji.start, moji.end) == ("café", "UTF-8 read as windows-1252", 12, 17)
    for f in found:
        assert text.encode()[f.byte_start : f.byte_end] == text[f.start : f.end].encode()
    assert u.findings("plain ascii") == []


def test_detect_and_decode_legacy_utf16_and_utf32():
    russian = "Привет, как дела? Всё хорошо, спасибо. " * 5
    found = u.detect(russian.encode("cp1251"))
    assert found.encoding == "windows-1251" and found.evidence == "guessed"
    assert u.decode(russian.encode("cp1251")) == russian
    assert u.decode(russian.encode("utf-16")) == russian
    assert u.detect(russian.encode("utf-16")).evidence == "BOM"
    assert u.decode(russian.encode("utf-32-le"), "utf-32le") == russian
    japanese = "日本語のテキストです。これは Shift_JIS で書かれています。" * 3
    assert u.decode(japanese.encode("shift_jis"), "shift_jis") == japanese
    assert u.decode(b"caf\xe9 \xff", "utf-8", errors="replace") == "caf\ufffd \ufffd"
    # The DOS code pages, which encoding_rs lacks.
    german = "Schöne Grüße aus München. Die Straße führt über die Brücke.\n" * 3
    assert u.decode(german.encode("cp850"), "cp850") == german
    assert u.detect(german.encode("cp850")).encoding in ("IBM850", "IBM437")


def test_detection_names_the_language_gives_reasons_and_refuses_an_even_guess():
    letter = "Уважаемый Пётр Петрович! Спасибо за ваше письмо.\n".encode("cp1251")
    found = u.detect(letter)
    assert (found.encoding, found.language) == ("windows-1251", "ru")
    assert found.reasons[0].startswith("windows-1251: chardetng's choice for")
    assert found.reasons[1].startswith("UTF-8 rejected: D3 at 0x0")
    assert all(" rejected: " in reason for reason in found.reasons[2:])
    # ø (macintosh) or æ (windows-1257), "lørdag" or "lærdag": decode("auto")
    # will not choose.
    line = b"Mandag, juli februar Norge. September norsk september l\xbfrdag mars.\n"
    found = u.detect(line)
    assert found.confidence == "ambiguous"
    assert {found.encoding, found.alternatives[0]} == {"macintosh", "windows-1257"}
    with pytest.raises(ValueError, match="ambiguous: "):
        u.decode(line)
    assert "lørdag" in u.decode(line, "macintosh")
    # The Italian words around "sì" say it is not Lithuanian "sė".
    line = b"Febbraio s\xec novembre gennaio marted\xec giugno. Venerd\xec luned\xec.\n"
    found = u.detect(line)
    assert (found.encoding, found.confidence) == ("windows-1252", "tentative")
    assert "letter pairs" in found.reasons[0]


def test_check_bytes_lists_spans_as_check_reports_them():
    data = b"ok\ncaf\xe9 \xc3\x28\n\xed\xa0\x80 \xf0\x9f\x98 \xc0\xaf end" * 3
    spans = u.check_bytes(data)
    assert [(s.offset, s.kind, s.line, s.column) for s in spans[:2]] == [(6, "truncated", 2, 4), (8, "truncated", 2, 6)]
    out = subprocess.run([cli(), "check", "--format", "jsonl", "-"], input=data, capture_output=True)
    reported = [json.loads(line) for line in out.stdout.decode().splitlines()]
    reported = [r for r in reported if "offset" in r]
    assert [(s.offset, s.length, s.kind, s.line, s.column) for s in spans] == [
        (r["offset"], r["length"], r["kind"], r["line"], r["column"]) for r in reported
    ]


def test_batches_give_what_single_calls_give():
    texts = ["cafÃ©", "plain", "РїСЂРёРІРµС‚", "", "日本語"] * 50
    assert u.fix_texts(texts, threads=3) == [u.fix_text(t) for t in texts]
    assert u.fix_texts(tuple(texts), threads=1) == [u.fix_text(t) for t in texts]
    assert u.findings_batch(texts[:5], threads=2) == [u.findings(t) for t in texts[:5]]
    data = [t.encode("utf-16") for t in texts[:5]]
    assert u.decode_batch(data) == [u.decode(d) for d in data]
    assert u.detect_batch(data, threads=2) == [u.detect(d) for d in data]


def test_a_pyarrow_array_comes_back_as_one_with_its_nulls():
    pa = pytest.importorskip("pyarrow")
    column = pa.array(["cafÃ©", None, "ok"], type=pa.large_string())
    fixed = u.fix_texts(column)
    assert fixed.type == pa.large_string()
    assert fixed.to_pylist() == ["café", None, "ok"]


def test_results_pickle():
    fixed, repairs = u.fix_and_explain("cafÃ©")
    for value in [repairs, u.findings("cafÃ© \u202e"), u.detect(b"abc"), u.check_bytes(b"\xff")]:
        assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(u.fix_text)) is u.fix_text
