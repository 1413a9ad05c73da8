"""The package repairs as the program does, line by line, on the generated
corpus (33 languages, garbled through 15 encodings once, twice and in part)
and on ftfy's own cases; no clean line changes."""

from conftest import cli_fix, corpus, ftfy_cases

import utf8scope as u


def test_garbled_lines_are_repaired_as_fix_repairs_them():
    lines = corpus("mojibake-garbled")
    texts = [line["text"] for line in lines]
    ours = u.fix_texts(texts)
    assert ours == [line["ours"] for line in lines]
    assert ours == cli_fix(texts)
    exact = sum(o == line["meant"] for o, line in zip(ours, lines))
    assert exact > 0.9 * len(lines), f"{exact} of {len(lines)}"


def test_clean_lines_are_never_changed():
    texts = [line["text"] for line in corpus("mojibake-clean")]
    assert u.fix_texts(texts) == texts
    assert not any(u.is_mojibake(t) for t in texts)


def test_ftfy_cases_agree_with_the_program():
    texts = [case["original"] for case in ftfy_cases() if "\n" not in case["original"]]
    assert len(texts) > 100
    assert u.fix_texts(texts) == cli_fix(texts)
    assert [u.fix_text(t) for t in texts] == cli_fix(texts)
