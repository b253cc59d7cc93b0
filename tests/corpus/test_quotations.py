"""Every quotation of a source outside the annotations is the transcription's words.

The annotations' own quotes are checked as they are read (each must occur once
in its paragraph); this finds the quotations everywhere else: the package's code
and comments, the rulesets' notes (which ``reversis rules`` prints and the site
shows), the hand-written pages and templates, the READMEs and the worked examples.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from quotations import files_with_quotations, fold, misquotations, quoted_runs, source_of


def test_every_quotation_is_the_texts_words() -> None:
    wrong = misquotations(files_with_quotations())
    assert not wrong, "quotations that are not the transcription's words:\n" + "\n".join(
        f"{q.where()}: “{q.text}” is not in the clean text of any paragraph" for q in wrong
    )


def test_the_check_finds_quotations_in_each_kind_of_file() -> None:
    # the finder sees the quotations where they are: a comment running over lines, a ruleset's note
    found = {q.path.name for path in files_with_quotations() for q in quoted_runs(path)}
    assert {"settlement.py", "hand.py", "encyclopedie-1765.yaml", "revesino.yaml"} <= found


@pytest.mark.parametrize(
    ("quotation", "paragraph"),
    [
        # long s and case folded, words compared one by one, an ellipsis a gap within the paragraph
        ("Le Reverſis est exempt de payer le talon", "encyclopedie-1765:9"),
        ("celui qui s’en défait ... gagne le jeu", "encyclopedie-1765:4"),
    ],
)
def test_a_right_quotation_is_found_in_its_paragraph(quotation: str, paragraph: str) -> None:
    assert source_of(quotation) == paragraph


def test_a_wrong_word_is_a_misquotation(tmp_path: Path) -> None:
    # the example: the print says "seule", a comment said "seul"
    module = tmp_path / "note.py"
    module.write_text(
        '# "l\'Espagnolette paye seul pour toute la compagnie"\n# "Le Reversis est exempt de payer le talon."\n'
    )
    wrong = misquotations([module])
    assert [(q.line, q.text) for q in wrong] == [(1, "l'Espagnolette paye seul pour toute la compagnie")]


def test_folding() -> None:
    assert fold("S’IL EſT") == "s'il est"
