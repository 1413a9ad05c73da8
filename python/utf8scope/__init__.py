"""utf8scope's engine for Python: repair mojibake, list what is wrong with
text, detect and decode encodings, at the engine's speed.

The encoding repair is the one ``utf8scope fix`` runs: the same output for
the same line. The batch functions (``fix_texts``, ``findings_batch``,
``detect_batch``, ``decode_batch``) let go of the GIL and use the threads
they are allowed. Nothing is set up at import, so the module is safe under
``fork`` and in the worker processes of Dask, Spark or Ray; every result is
a plain value or a dataclass, which pickles.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

from . import _utf8scope as _native

__version__ = _native.__version__

__all__ = [
    "Detection",
    "Finding",
    "Repair",
    "Span",
    "check_bytes",
    "decode",
    "decode_batch",
    "detect",
    "detect_batch",
    "findings",
    "findings_batch",
    "fix_and_explain",
    "fix_text",
    "fix_texts",
    "is_mojibake",
]


@dataclass(frozen=True)
class Repair:
    """A run of mojibake and what it was meant to say.

    ``start``/``end`` are offsets in characters of the text given,
    ``byte_start``/``byte_end`` in its UTF-8 bytes. ``repair`` is ``None``
    when the run is left as it is: ``why_left`` then says why (no reading
    is clearly right, or its line holds a word that garbling would have
    changed), and ``readings`` lists the candidates as ``(text, chain)``.
    """

    start: int
    end: int
    byte_start: int
    byte_end: int
    seen: str
    repair: Optional[str]
    chain: str
    steps: Tuple[str, ...]
    readings: Tuple[Tuple[str, str], ...]
    why_left: Optional[str] = None


@dataclass(frozen=True)
class Finding:
    """A finding of ``utf8scope check --findings``: its kind (``mojibake``,
    ``bidi-control``, ``invisible``, ``confusable``…), severity, place (in
    characters and in UTF-8 bytes, and as a 1-based line and column), the
    explanation, how many findings in a row it stands for, and for mojibake
    the repair (``None`` when ambiguous), chain and steps."""

    kind: str
    severity: str
    start: int
    end: int
    byte_start: int
    byte_end: int
    line: int
    column: int
    detail: str
    count: int
    repair: Optional[str] = None
    chain: Optional[str] = None
    steps: Tuple[str, ...] = ()


@dataclass(frozen=True)
class Detection:
    """The encoding detected for some bytes: its name, how sure
    (``certain``, ``likely``, ``tentative`` or ``ambiguous``: then the
    first alternative reads the bytes as plausibly), the evidence (``BOM``,
    ``NUL pattern``, ``guessed``…), the runners-up, the length of a byte
    order mark at the start, the language the text reads as (ISO 639-1, for
    guesses whose letters say it) and the reasons: the facts for the
    encoding chosen and against each candidate ruled out."""

    encoding: str
    confidence: str
    evidence: str
    alternatives: Tuple[str, ...]
    bom_length: int
    language: Optional[str] = None
    reasons: Tuple[str, ...] = ()


@dataclass(frozen=True)
class Span:
    """An invalid UTF-8 span: byte offset, length, kind (``truncated``,
    ``overlong``, ``surrogate``…), and 1-based line and column."""

    offset: int
    length: int
    kind: str
    line: int
    column: int


# ftfy's fixes beyond the encoding repair, off unless asked, each with the
# meaning its TextFixerConfig option has.

_TERMINAL_ESCAPE = re.compile("\x1b\\[((?:\\d|;)*)([a-zA-Z])")
_SINGLE_QUOTES = re.compile("[\u02bc\u2018-\u201b]")
_DOUBLE_QUOTES = re.compile("[\u201c-\u201f]")
_LINE_BREAKS = re.compile("\r\n|\r|\u2028|\u2029|\u0085")
_LIGATURE_CHARS = "\u0132\u0133\u0149\u01c4\u01c5\u01c6\u01c7\u01c8\u01c9\u01ca\u01cb\u01cc\u01f1\u01f2\u01f3\ufb00\ufb01\ufb02\ufb03\ufb04\ufb05\ufb06"
_CONTROL_RANGES = [
    (0x00, 0x08),
    (0x0B, 0x0B),
    (0x0E, 0x1F),
    (0x7F, 0x7F),
    (0x206A, 0x206F),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFC),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE007F),
]
_NORMAL_FORMS = ("NFC", "NFD", "NFKC", "NFKD")


def _ligatures() -> dict:
    return {ord(c): unicodedata.normalize("NFKC", c) for c in _LIGATURE_CHARS}


def _widths() -> dict:
    table = {0x3000: " "}
    for code in range(0xFF01, 0xFFF0):
        alternate = unicodedata.normalize("NFKC", chr(code))
        if alternate != chr(code):
            table[code] = alternate
    return table


def _controls() -> dict:
    return {code: None for low, high in _CONTROL_RANGES for code in range(low, high + 1)}


def _c1_as_windows_1252(match: "re.Match[str]") -> str:
    try:
        return bytes([ord(match.group(0))]).decode("cp1252")
    except UnicodeDecodeError:
        return match.group(0)


_C1 = re.compile("[\x80-\x9f]")


@dataclass(frozen=True)
class _Options:
    fix_encoding: bool = True
    unescape_html: Union[bool, str] = False
    remove_terminal_escapes: bool = False
    fix_c1_controls: bool = False
    fix_latin_ligatures: bool = False
    fix_character_width: bool = False
    uncurl_quotes: bool = False
    fix_line_breaks: bool = False
    remove_control_chars: bool = False
    normalization: Optional[str] = None
    restore_byte_a0: bool = True

    def check(self) -> "_Options":
        if self.normalization is not None and self.normalization not in _NORMAL_FORMS:
            raise ValueError(
                f"normalization must be None or one of {', '.join(_NORMAL_FORMS)}, "
                f"not {self.normalization!r}"
            )
        if self.unescape_html not in (True, False, "auto"):
            raise ValueError(f"unescape_html must be True, False or 'auto', not {self.unescape_html!r}")
        if not self.restore_byte_a0:
            raise ValueError(
                "restore_byte_a0=False is not offered: the encoding repair puts back a lost "
                "no-break space only where a repair takes it in"
            )
        return self

    def before(self, text: str) -> str:
        if self.unescape_html is True or (self.unescape_html == "auto" and "<" not in text):
            text = html.unescape(text)
        if self.remove_terminal_escapes:
            text = _TERMINAL_ESCAPE.sub("", text)
        return text

    def after(self, text: str) -> str:
        if self.fix_c1_controls:
            text = _C1.sub(_c1_as_windows_1252, text)
        if self.fix_latin_ligatures:
            text = text.translate(_ligatures())
        if self.fix_character_width:
            text = text.translate(_widths())
        if self.uncurl_quotes:
            text = _DOUBLE_QUOTES.sub('"', _SINGLE_QUOTES.sub("'", text))
        if self.fix_line_breaks:
            text = _LINE_BREAKS.sub("\n", text)
        if self.remove_control_chars:
            text = text.translate(_controls())
        if self.normalization is not None:
            text = unicodedata.normalize(self.normalization, text)
        return text

    @property
    def only_encoding(self) -> bool:
        return self == _Options(fix_encoding=self.fix_encoding)


_OPTION_NAMES = frozenset(_Options.__dataclass_fields__)


def _options(options: dict) -> _Options:
    """The options given, checked: an unknown name is a ``TypeError``."""
    unknown = sorted(set(options) - _OPTION_NAMES)
    if unknown:
        raise TypeError(f"unexpected keyword argument {unknown[0]!r} (utf8scope takes {', '.join(sorted(_OPTION_NAMES))})")
    return _Options(**options).check()


def fix_text(text: str, **options: Any) -> str:
    """Repair the mojibake of ``text`` ("CafÃ©" → "Café") as ``utf8scope fix``
    does, and, if asked, apply ftfy's other fixes under their
    ``TextFixerConfig`` names (all off by default; ftfy turns them on):
    ``fix_encoding`` (on), ``unescape_html``, ``remove_terminal_escapes``,
    ``fix_c1_controls``, ``fix_latin_ligatures``, ``fix_character_width``,
    ``uncurl_quotes``, ``fix_line_breaks``, ``remove_control_chars``,
    ``normalization`` and ``restore_byte_a0`` (see docs/python.md).

    A run that reads as well more than one way is left as it is; a line with
    no mojibake is returned unchanged (the same object). An unknown option is
    a ``TypeError`` naming it.
    """
    if not isinstance(text, str):
        raise TypeError(f"fix_text takes a str, not {type(text).__name__}")
    if not options:
        return _native.fix(text)
    settings = _options(options)
    text = settings.before(text)
    if settings.fix_encoding:
        text = _native.fix(text)
    return settings.after(text)


def _is_arrow(values: Any) -> bool:
    return type(values).__module__.split(".")[0] == "pyarrow"


def fix_texts(texts: Any, *, threads: Optional[int] = None, **options: Any) -> Any:
    """``fix_text`` on each of ``texts`` (a list of str, or a pyarrow string
    array, whose nulls stay null), without the GIL, on up to ``threads``
    threads (default: every core). Returns a list, or an array of the same
    type for an array. Options as for ``fix_text``.
    """
    settings = _options(options)
    arrow = _is_arrow(texts)
    values = texts.to_pylist() if arrow else texts
    if not isinstance(values, (list, tuple)):
        values = list(values)
    present = [v for v in values if v is not None] if arrow else values
    if not (settings.only_encoding and settings.fix_encoding):
        for value in present:
            if not isinstance(value, str):
                raise TypeError(f"fix_texts takes str values, not {type(value).__name__}")
    if not settings.only_encoding:
        present = [settings.before(v) for v in present]
    # (The native call checks that each value is a str.)
    fixed = _native.fix_texts(present, threads or 0) if settings.fix_encoding else list(present)
    if not settings.only_encoding:
        fixed = [settings.after(v) for v in fixed]
    if not arrow:
        return fixed
    import pyarrow

    it = iter(fixed)
    return pyarrow.array([None if v is None else next(it) for v in values], type=texts.type)


def is_mojibake(text: str) -> bool:
    """Whether the engine finds mojibake in ``text`` (repaired or not)."""
    return _native.is_mojibake(text)


def _repair(raw: tuple) -> Repair:
    start, end, byte_start, byte_end, seen, repair, chain, steps, readings, why_left = raw
    return Repair(
        start, end, byte_start, byte_end, seen, repair, chain, tuple(steps), tuple(map(tuple, readings)), why_left
    )


def fix_and_explain(text: str) -> Tuple[str, List[Repair]]:
    """``text`` repaired, and every run of mojibake found in it: its place,
    the repair, the chain ("UTF-8 read as windows-1252") and the steps that
    made it, char by char."""
    fixed, runs = _native.explain(text)
    return fixed, [_repair(run) for run in runs]


def _finding(raw: tuple) -> Finding:
    kind, severity, (start, end), (byte_start, byte_end), (line, column), detail, count, mojibake = raw
    repair, chain, steps = mojibake if mojibake is not None else (None, None, [])
    return Finding(
        kind, severity, start, end, byte_start, byte_end, line, column, detail, count, repair, chain, tuple(steps)
    )


def findings(text: str) -> List[Finding]:
    """Every finding ``utf8scope check --findings`` makes of ``text``."""
    return [_finding(raw) for raw in _native.findings(text)]


def findings_batch(texts: Sequence[str], *, threads: Optional[int] = None) -> List[List[Finding]]:
    """``findings`` of each text, without the GIL, on up to ``threads``
    threads."""
    return [[_finding(raw) for raw in found] for found in _native.findings_batch(list(texts), threads or 0)]


def _detection(raw: tuple) -> Detection:
    encoding, confidence, evidence, alternatives, bom_length, language, reasons = raw
    return Detection(
        encoding, confidence, evidence, tuple(alternatives), bom_length, language, tuple(reasons)
    )


def _bytes(data: Any, function: str) -> bytes:
    if isinstance(data, str):
        raise TypeError(f"{function} takes bytes, not str (encode it, or pass the file's bytes)")
    return bytes(data)


def detect(data: bytes) -> Detection:
    """The encoding of ``data``, with the evidence and the runners-up."""
    return _detection(_native.detect_encoding(_bytes(data, "detect")))


def detect_batch(data: Iterable[bytes], *, threads: Optional[int] = None) -> List[Detection]:
    """``detect`` of each byte string, without the GIL."""
    values = [_bytes(d, "detect_batch") for d in data]
    return [_detection(raw) for raw in _native.detect_batch(values, threads or 0)]


def decode(data: bytes, encoding: str = "auto", errors: str = "strict") -> str:
    """``data`` read as ``utf8scope fix --from`` reads a file: in ``encoding``
    (any WHATWG label, ``utf-32le``, ``cp437``…, or ``auto`` to detect it),
    without its byte order mark. ``errors="strict"`` raises
    ``UnicodeDecodeError`` at the first undefined or cut sequence;
    ``"replace"`` puts U+FFFD there. An unknown label is a ``LookupError``.
    """
    return _native.decode(_bytes(data, "decode"), encoding, errors)


def decode_batch(
    data: Iterable[bytes], encoding: str = "auto", errors: str = "strict", *, threads: Optional[int] = None
) -> List[str]:
    """``decode`` of each byte string, without the GIL."""
    values = [_bytes(d, "decode_batch") for d in data]
    return _native.decode_batch(values, encoding, errors, threads or 0)


def check_bytes(data: bytes) -> List[Span]:
    """The invalid UTF-8 spans of ``data``, as ``utf8scope check`` reports
    them."""
    return [Span(*raw) for raw in _native.check_bytes(_bytes(data, "check_bytes"))]
