# Type stubs of the package (its functions take ftfy's option names as
# keywords: see docs/python.md).
from dataclasses import dataclass
from typing import Any, Iterable, List, Literal, Optional, Sequence, Tuple, Union

__version__: str

@dataclass(frozen=True)
class Repair:
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
    repair: Optional[str] = ...
    chain: Optional[str] = ...
    steps: Tuple[str, ...] = ...

@dataclass(frozen=True)
class Detection:
    encoding: str
    confidence: str
    evidence: str
    alternatives: Tuple[str, ...]
    bom_length: int
    language: Optional[str]
    reasons: Tuple[str, ...]

@dataclass(frozen=True)
class Span:
    offset: int
    length: int
    kind: str
    line: int
    column: int

def fix_text(
    text: str,
    *,
    fix_encoding: bool = ...,
    unescape_html: Union[bool, Literal["auto"]] = ...,
    remove_terminal_escapes: bool = ...,
    fix_c1_controls: bool = ...,
    fix_latin_ligatures: bool = ...,
    fix_character_width: bool = ...,
    uncurl_quotes: bool = ...,
    fix_line_breaks: bool = ...,
    remove_control_chars: bool = ...,
    normalization: Optional[Literal["NFC", "NFD", "NFKC", "NFKD"]] = ...,
    restore_byte_a0: bool = ...,
) -> str: ...
def fix_texts(texts: Any, *, threads: Optional[int] = ..., **options: Any) -> Any: ...
def fix_and_explain(text: str) -> Tuple[str, List[Repair]]: ...
def is_mojibake(text: str) -> bool: ...
def findings(text: str) -> List[Finding]: ...
def findings_batch(texts: Sequence[str], *, threads: Optional[int] = ...) -> List[List[Finding]]: ...
def detect(data: bytes) -> Detection: ...
def detect_batch(data: Iterable[bytes], *, threads: Optional[int] = ...) -> List[Detection]: ...
def decode(data: bytes, encoding: str = ..., errors: Literal["strict", "replace"] = ...) -> str: ...
def decode_batch(
    data: Iterable[bytes],
    encoding: str = ...,
    errors: Literal["strict", "replace"] = ...,
    *,
    threads: Optional[int] = ...,
) -> List[str]: ...
def check_bytes(data: bytes) -> List[Span]: ...
