"""Test data of the corpus tests: a small corpus of two sources, and where the real corpus is."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REAL_CORPUS = REPO / "corpus"

#: A source with every kind of correction: long s, hyphenation, furniture, page breaks,
#: an excluded block, a doubtful reading, an editorial insertion and OCR errors with < and &.
DICO_OCR = """\
Site title | Menu
R O M E S T E C Q. (Jeu du)
Ce jeu fe joue à deux, & il eft fort divertif-
fant. On y joue avec < trente-fix cartes.
DU JEU. 96
Le premier f#ro« la carte, pour commencer jeu.
R U B A N. (Jeu du)
Voyez à l'article Jeu de la Sellette, & Romeftecq.
"""

DICO_TRANSCRIPTION = """\
---
source: dico-test
---

{--Site title | Menu--}{>>excluded: the title bar of the web page<<}

{~~R O M E S T E C Q. (Jeu du)~>ROMESTECQ. (Jeu du)~~}{>>ocr: letter-spaced heading<<}
{: #p1 }

Ce jeu {~~fe~>se~~}{>>long-s<<} joue à deux, & il {~~eft~>est~~}{>>long-s<<}
fort diverti{~~f~>s~~}{>>long-s<<}{--- --}{>>hyphenation<<}{~~f~>s~~}{>>long-s<<}ant. On y joue
avec < {~~trente-fix~>trente-six~~}{>>long-s<<} cartes.
{: #p2 n="1" }

<!-- pb n="96" -->

{--DU JEU. 96--}{>>furniture: running head and page number<<}

Le premier {~~f#ro«~>force~~}{>>doubtful: force | forçait; the OCR is unreadable<<} la
carte, pour commencer {++le ++}{>>editorial: word missing in the print<<}jeu.
{: #p3 n="2" }

{~~R U B A N. (Jeu du)~>RUBAN. (Jeu du)~~}{>>ocr<<}
{: #p4 }

Voyez à l'article Jeu de la Sellette, & {~~Romeftecq~>Romestecq~~}{>>long-s<<}.
{: #p5 }
"""

DICO_TRANSLATION = """\
---
source: dico-test
---

ROMESTECQ (the game of)
{: #p1 }

This game is played by two, and it is *very* amusing. It is played with < thirty-six cards.
{: #p2 }

The first [player] forces the card to begin the game.
{: #p3 }

RUBAN (the game of)
{: #p4 }

See the article *Jeu de la Sellette*, & Romestecq.
{: #p5 }
"""

DICO_RECORD = """\
id: dico-test
type: entry-dictionary
title: "ROMESTECQ & RUBAN"
container-title: "Dictionnaire des jeux {test}"
volume: "2"
page: "95-96"
issued: {date-parts: [[1792]]}
publisher-place: Paris
language: fr
author:
  - {family: Dupont, given: Jean}
description: A test dictionary.
known:
  - It is a test.
unknown:
  - Everything else.
provenance: Made up for the tests.
pages: ["95", "96"]
entries:
  - title: "ROMESTECQ (jeu du)"
    paragraphs: [1, 2, 3]
  - title: "RUBAN (jeu du)"
    paragraphs: [4, 5]
    see:
      - target: "Jeu de la Sellette"
        paragraph: 5
        external: true
      - target: "Romestecq"
        paragraph: 5
"""

PLAIN_OCR = "Le jeu du reversis eft un jeu.\nOn y joue à quatre.\n"

PLAIN_TRANSCRIPTION = """\
---
source: plain-test
---

Le jeu du reversis {~~eft~>est~~}{>>long-s<<} un jeu.
{: #p1 }

On y joue à quatre.
{: #p2 }
"""

PLAIN_TRANSLATION = """\
---
source: plain-test
---

The game of reversis is a game.
{: #p1 }

It is played by four.
{: #p2 }
"""

PLAIN_RECORD = """\
id: plain-test
type: webpage
title: "El revesino"
language: es
description: A test web page.
known: []
unknown: ["The date."]
provenance: Made up.
URL: "https://example.org/revesino?a=1&b=2"
"""

SOURCES: dict[str, dict[str, str]] = {
    "dico-test": {
        "ocr.txt": DICO_OCR,
        "transcription.md": DICO_TRANSCRIPTION,
        "translation.md": DICO_TRANSLATION,
        "source.yaml": DICO_RECORD,
    },
    "plain-test": {
        "ocr.txt": PLAIN_OCR,
        "transcription.md": PLAIN_TRANSCRIPTION,
        "translation.md": PLAIN_TRANSLATION,
        "source.yaml": PLAIN_RECORD,
    },
}


def real_source_ids() -> list[str]:
    """The source folders of the real corpus (those holding an ``ocr.txt``)."""
    return sorted(p.parent.name for p in REAL_CORPUS.glob("*/ocr.txt"))
