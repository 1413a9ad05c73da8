"""A datatrove pipeline step that repairs mojibake with utf8scope, in the
place of datatrove's ``FTFYFormatter``.

    from datatrove_step import Utf8scopeFormatter
    pipeline = [JsonlReader("crawl/"), Utf8scopeFormatter(), JsonlWriter("fixed/")]

It takes the options ``FTFYFormatter`` passes to ftfy under the same names
where utf8scope has them (``unescape_html``, ``remove_terminal_escapes``,
``fix_c1_controls``, ``remove_control_chars``, …; see docs/python.md), with
datatrove's defaults, and repairs documents a batch at a time (``fix_texts``,
without the GIL). Run as a script, it repairs a folder of JSON lines:

    python examples/datatrove_step.py crawl/ fixed/
"""

import sys

import utf8scope
from datatrove.pipeline.formatters.base import BaseFormatter
from datatrove.utils.typeshelper import StatHints

# FTFYFormatter's defaults, for the options utf8scope has.
FTFY_FORMATTER_DEFAULTS = {
    "unescape_html": "auto",
    "remove_terminal_escapes": True,
    "fix_encoding": True,
    "restore_byte_a0": True,
    "fix_c1_controls": True,
    "fix_latin_ligatures": False,
    "fix_character_width": False,
    "uncurl_quotes": False,
    "fix_line_breaks": False,
    "remove_control_chars": True,
    "normalization": None,
}


class Utf8scopeFormatter(BaseFormatter):
    """Repairs each document's text as ``utf8scope fix`` does."""

    name = "utf8scope"

    def __init__(self, batch_size: int = 1000, **options):
        super().__init__()
        self.options = {**FTFY_FORMATTER_DEFAULTS, **options}
        self.batch_size = batch_size
        utf8scope.fix_text("", **self.options)  # an unknown option fails here

    def format(self, text: str) -> str:
        return utf8scope.fix_text(text, **self.options)

    def run(self, data, rank: int = 0, world_size: int = 1):
        batch = []
        for doc in data:
            batch.append(doc)
            if len(batch) >= self.batch_size:
                yield from self._fixed(batch)
                batch = []
        yield from self._fixed(batch)

    def _fixed(self, batch):
        if not batch:
            return
        with self.track_time():
            texts = utf8scope.fix_texts([doc.text for doc in batch], threads=1, **self.options)
        for doc, text in zip(batch, texts):
            self.stat_update(StatHints.total)
            doc.text = text
            yield doc


if __name__ == "__main__":
    from datatrove.executor import LocalPipelineExecutor
    from datatrove.pipeline.readers import JsonlReader
    from datatrove.pipeline.writers import JsonlWriter

    source, target = sys.argv[1], sys.argv[2]
    LocalPipelineExecutor(
        pipeline=[JsonlReader(source), Utf8scopeFormatter(), JsonlWriter(target)],
        tasks=1,
        logging_dir=None,
    ).run()
