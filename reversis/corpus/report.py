"""The correction report of a source (``exports/corrections.md``) and its plain text (``exports/<id>.txt``).

>>> markdown_cell("a | b <c> *d*")
'a \\\\| b &lt;c&gt; \\\\*d\\\\*'
"""

from __future__ import annotations

import html
import re
from collections import Counter

from reversis.corpus.markup import CLASSES
from reversis.corpus.model import Source

__all__ = ["correction_report", "markdown_cell", "plain_text"]

_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]|#])")


def markdown_cell(text: str) -> str:
    """Text made safe for a cell of a Markdown table (HTML escaped, Markdown punctuation escaped)."""
    return _MARKDOWN_SPECIALS.sub(r"\\\1", html.escape(text, quote=False))


def correction_report(source: Source) -> str:
    """The Markdown report: counts of corrections by class, and every doubtful reading."""
    counts = Counter(c.cls for c in source.corrections)
    lines = [
        f"# Corrections of {source.id}",
        "",
        f"Generated from `corpus/{source.id}/transcription.md` by `python -m reversis.apps.corpus_exports`; "
        "do not edit.",
        f"{len(source.paragraphs)} paragraphs, {len(source.corrections)} corrections.",
        "",
        "## Counts by class",
        "",
        "| class | corrections |",
        "|---|---:|",
    ]
    lines += [f"| {cls} | {counts.get(cls, 0)} |" for cls in CLASSES]
    lines += [f"| **total** | {len(source.corrections)} |", "", "## Doubtful readings", ""]
    doubtful = [c for c in source.corrections if c.cls == "doubtful"]
    if not doubtful:
        lines.append("No doubtful reading.")
    else:
        lines += ["| paragraph | OCR | reading | alternatives | note |", "|---|---|---|---|---|"]
        for c in doubtful:
            cells = (
                c.paragraph or f"line {c.line} (excluded)",
                c.ocr.strip(),
                c.clean.strip(),
                " · ".join(c.alternatives),
                c.reason,
            )
            lines.append("| " + " | ".join(markdown_cell(cell) for cell in cells) + " |")
    return "\n".join(lines) + "\n"


def plain_text(source: Source) -> str:
    """The clean text: a heading, then per paragraph a line ``[id, p. N]`` and the text on one line."""
    lines = [
        f"{source.title}",
        f"Clean text of corpus/{source.id} (the Reversis reference); each paragraph after its id.",
        "",
    ]
    for para in source.paragraphs:
        label = para.id + (f", p. {para.page}" if para.page else "")
        lines += [f"[{label}]", para.clean, ""]
    return "\n".join(lines)
