"""The site speaks to its readers in words (issue 32): an engine rule is said by its English name,
its id only a small code label beside it; a player of a worked example is named by his place in the
hand (the dealer, the eldest hand…), his seat in the scenario file only as code (``seat: 0``)."""

from __future__ import annotations

import re
from functools import cache
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import yaml
from markupsafe import escape

from reversis.core.ruleset import load_ruleset, ruleset_ids
from reversis.corpus import load_corpus

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: void elements, which have no end tag
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})


class _Prose(HTMLParser):
    """The text a page's article shows as prose: without its code (``<code>``, ``<pre>``, ``<kbd>``,
    and the citations that a Cite tab shows as code), unless ``with_code``, and never its scripts
    and styles. Code left out stands as ``⟨code⟩``, so
    that the words on either side of it do not run together (``seat <code>1</code> 4 tantos`` is not
    "seat 4")."""

    def __init__(self, *, with_code: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.hidden = frozenset({"script", "style"} if with_code else {"script", "style", "code", "pre", "kbd"})
        self.stack: list[tuple[str, bool, bool]] = []  # tag, in the article, hidden
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _VOID:
            return
        inside = tag == "article" or bool(self.stack and self.stack[-1][1])
        # a citation waits in a <template class="cite-text"> until its Cite tab shows it as code
        cite = tag == "template" and "cite-text" in (dict(attrs).get("class") or "").split()
        hidden = tag in self.hidden or (cite and "code" in self.hidden) or bool(self.stack and self.stack[-1][2])
        self.stack.append((tag, inside, hidden))

    def handle_endtag(self, tag: str) -> None:
        # a void element's end (``<img … />`` ends as it starts) and an end tag that closes nothing
        # open leave the stack as it is: popping to them would lose the article for the rest of the page
        if tag in _VOID or all(open_tag != tag for open_tag, _, _ in self.stack):
            return
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if self.stack and self.stack[-1][1] and not self.stack[-1][2]:
            self.parts.append(data)
        elif self.stack and self.stack[-1][1] and self.parts and self.parts[-1] != "⟨code⟩":
            self.parts.append("⟨code⟩")


def _prose(page: Path | str, *, with_code: bool) -> str:
    """The prose of a page (a file, or its HTML)."""
    parser = _Prose(with_code=with_code)
    parser.feed(page.read_text(encoding="utf-8") if isinstance(page, Path) else page)
    parser.close()
    return " ".join(parser.parts)


@cache
def _rule_ids() -> re.Pattern[str]:
    """Every engine rule id of every ruleset that is not also an English word (``deal``, ``play``,
    ``exchange`` are words of every page): the dotted and hyphenated ones."""
    ids = {rule for rid in ruleset_ids() for rule in load_ruleset(rid).rule_names if "." in rule or "-" in rule}
    assert len(ids) > 80
    return re.compile(
        r"(?<![\w.-])(" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) + r")(?![\w-]|\.\w)"
    )


def _pages(built_site: Path) -> list[Path]:
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 150
    return pages


def test_no_rule_id_stands_as_the_text_of_a_sentence(built_site: Path) -> None:
    found = {
        str(page.relative_to(built_site)): sorted(set(_rule_ids().findall(_prose(page, with_code=False))))
        for page in _pages(built_site)
    }
    assert {page: ids for page, ids in found.items() if ids} == {}


def test_the_rule_ids_are_there_as_code_labels(built_site: Path) -> None:
    # the scan above would pass on pages without rules: with the code kept, it finds the ids, on the
    # example, topic and ruleset pages
    labelled = [page for page in _pages(built_site) if _rule_ids().search(_prose(page, with_code=True))]
    kinds = {page.relative_to(built_site).parts[0] for page in labelled}
    assert len(labelled) > 150
    assert {"examples", "topics", "rulesets"} <= kinds


def test_an_example_page_names_its_players_by_their_place_in_the_hand(built_site: Path) -> None:
    page = built_site / "examples" / "quinola-placed" / "index.html"
    prose = _prose(page, with_code=False)
    # seat 1 leads and seat 2 throws the quinola on a spade, seat 0 dealing
    assert "The eldest hand leads" in prose and "The second hand plays" in prose
    assert "the dealer deals and the eldest hand leads first" in prose
    assert re.search(r"\b[Ss]eats? \d", prose) is None
    # the file's seats are code
    assert "seat: 0" in _prose(page, with_code=True)
    # each payment of the replay is its own sentence, its rule in English
    assert "The third hand pays 2 to the second hand: the taker of the placed quinola pays." in prose


def test_no_page_numbers_a_player_in_its_prose(built_site: Path) -> None:
    # the narratives, the deals, the replays, the payments, and the readings' words about their
    # annotation's doctest deal: a player is named by his place in the hand; his seat in a file shows
    # only as code (``seat: 2``)
    numbered = {}
    for page in _pages(built_site):
        hits = re.findall(r"\b[Ss]eats? \d", _prose(page, with_code=False))
        if hits:
            numbered[str(page.relative_to(built_site))] = len(hits)
    assert numbered == {}


def test_the_scan_for_numbered_players_finds_the_seats_of_the_files(built_site: Path) -> None:
    # with the code kept, the scan finds the seats as the files number them (``seat: 0`` on every
    # example page, the seats the annotations' doctests number on the source and topic pages)
    shown = [page for page in _pages(built_site) if re.search(r"\b[Ss]eats?:?\s+\d", _prose(page, with_code=True))]
    assert len(shown) > 100


def test_no_worked_example_numbers_its_players_in_its_narrative() -> None:
    # the scenario file's narrative, which its page shows with the file, says the players' places too
    # (and a Romestecq example's sides as the article names them, the dealer's and the other)
    numbered = {}
    for path in sorted(EXAMPLES.glob("*/*.yaml")):
        story = str(yaml.safe_load(path.read_text(encoding="utf-8")).get("narrative") or "")
        hits = re.findall(r"\b[Ss](?:eats? \d|ides? [01]\b)", story)
        if hits:
            numbered[f"{path.parent.name}/{path.name}"] = hits
    assert len(list(EXAMPLES.glob("*/*.yaml"))) > 140
    assert numbered == {}


def _folded(text: str) -> str:
    return " ".join(text.replace("’", "'").casefold().split())


def test_every_quotation_in_a_rulesets_conventions_has_its_english_beside_it() -> None:
    # a convention quotes its source's words "…" and gives their English beside them in brackets
    # (the paragraph's translation): ``"à sa gauche" (to his left)``
    clean = [_folded(p.clean) for p in load_corpus().paragraphs()]
    quoted, bare = 0, []
    for rid in ruleset_ids():
        for convention in load_ruleset(rid).conventions:
            for match in re.finditer(r"\"([^\"]+)\"( \([^)]+\))?", " ".join(convention.text.split())):
                if not any(_folded(match.group(1)) in paragraph for paragraph in clean):
                    continue  # not a source's words (Hoyle's "fish")
                quoted += 1
                if match.group(2) is None:
                    bare.append(f"{rid} {convention.topic}: {match.group(0)}")
    assert quoted >= 3
    assert bare == []


def test_a_readings_sentence_names_each_rule_in_english_with_its_id_a_label_linking_to_its_row(
    built_site: Path,
) -> None:
    # "Rules whose share of hands changes most": each rule by its English name, its id only a small
    # code label, a link to its row of the ruleset's page (the topic and ruleset pages)
    names: dict[str, set[str]] = {}
    for rid in ruleset_ids():
        for rule, name in load_ruleset(rid).rule_names.items():
            names.setdefault(rule, set()).add(name)
    said = 0
    for page in _pages(built_site):
        for sentence in re.findall(r"<p>Rules whose share of hands changes most.*?</p>", page.read_text("utf-8"), re.S):
            labels = re.findall(r'<a href="[^"]*#rule-[a-z0-9-]+"><code class="rule-id">([^<]+)</code></a>', sentence)
            coded = _rule_ids().findall(_prose(f"<article>{sentence}</article>", with_code=True))
            prose = _prose(f"<article>{sentence}</article>", with_code=False)
            scanned = [rule for rule in labels if _rule_ids().fullmatch(rule)]  # not the ids that are words
            assert sorted(coded) == sorted(scanned), f"{page}: a rule id that is not a label linking to its row"
            assert _rule_ids().search(prose) is None
            for rule in labels:
                # the words compared without their spaces: a glossary term is an element of its own
                assert any("".join(name.split()) in "".join(prose.split()) for name in names[rule]), (
                    f"{page}: {rule} without its English name"
                )
            said += len(labels)
    assert said > 100


def test_the_examples_index_names_each_rule_in_english_with_its_id_a_label_linking_to_its_row(
    built_site: Path,
) -> None:
    # "What it shows": the rules of each example by their English names, each id a label linking
    # to the rule's row of its ruleset's page, which the page has
    page = (built_site / "examples" / "index.html").read_text("utf-8")
    rows = re.findall(r"<tr>\s*<td><a href=\"[^\"]+\">.*?</a></td>\s*<td>(.*?)</td>\s*</tr>", page, re.S)
    examples = page.count("<tr>") - page.count("<th>what it shows</th>")  # every row but the headers
    assert len(rows) == examples > 140
    labelled = 0
    for cell in rows:
        links = re.findall(
            r'<a href="\.\./rulesets/([^/]+)/#(rule-[a-z0-9-]+)"><code class="rule-id">([^<]+)</code></a>', cell
        )
        assert links or re.fullmatch(r"\d+ readings?", cell.strip()), f"a row of the index says nothing: {cell[:80]}"
        for ruleset, anchor, rule in links:
            rules = load_ruleset(ruleset)
            assert anchor == "rule-" + re.sub(r"[^a-z0-9]+", "-", rule)
            said = "".join(_prose(f"<article>{cell}</article>", with_code=False).split())
            assert "".join(rules.rule_name(rule).split()) in said, f"{rule} without its English name"
            target = (built_site / "rulesets" / ruleset / "index.html").read_text("utf-8")
            assert f'id="{anchor}"' in target, f"no row {anchor} on the {ruleset} page"
            labelled += 1
        assert _rule_ids().search(_prose(f"<article>{cell}</article>", with_code=False)) is None
    assert labelled > 200


def test_an_option_a_ruleset_page_names_in_a_sentence_is_given_by_its_english_name(built_site: Path) -> None:
    # an option's id is a small label linking to its entry, after the option's English name (in an
    # entry's heading, or in the sentence of another option's meaning or note), never a word alone
    named = 0
    for rid in ruleset_ids():
        rules = load_ruleset(rid)
        page = (built_site / "rulesets" / rid / "index.html").read_text("utf-8")
        for before, option in re.findall(r'(.{0,300})<a class="id-label" href="#option-([a-z0-9_]+)">', page):
            name = str(escape(rules.option_name(option)))
            assert before.endswith((f"<em>{name}</em> ", f"<strong>{name}</strong> ")), (
                f"rulesets/{rid}: option {option} without its English name before it: …{before[-80:]}"
            )
            named += before.endswith("</em> ")
    assert named > 40


def test_the_readings_name_each_measured_option_in_english_before_its_id(built_site: Path) -> None:
    # "What the readings of … change", under each ambiguity and in the ranking: the option's English
    # name, then its id as code
    said = 0
    for page in _pages(built_site):
        text = page.read_text("utf-8")
        for name, option in re.findall(r"What the readings of <em>([^<]+)</em> <code>([^<]+)</code> change", text):
            option = unescape(option)
            assert any(
                option in load_ruleset(rid).options and escape(load_ruleset(rid).option_name(option)) == name
                for rid in ruleset_ids()
            ), f"{page}: {option} said as {name!r}"
            said += 1
        assert "What the readings of <code>" not in text, f"{page}: an option by its id alone"
    assert said > 20


@cache
def _result_fields() -> frozenset[str]:
    """The dotted names of the engine's result of a hand (``pool.won_by``, ``quinola.how``), as
    ``reversis play --json`` prints it: an engine word, not a word of a sentence."""
    from reversis.games.reversis.result import result
    from reversis.games.reversis.scenario import parse_scenario, run

    path = EXAMPLES / "revesino" / "rev-aces-placed-copas.yaml"
    played = result(run(parse_scenario(path.read_text(encoding="utf-8"), source=path.name)))
    fields = {f"{key}.{inner}" for key, value in played.items() if isinstance(value, dict) for inner in value}
    return frozenset(field for field in fields if not field.split(".")[1].isdigit())


@cache
def _engine_identifiers() -> frozenset[str]:
    """The engine's identifiers that are no English word (each has an underscore): every option of
    every ruleset (``talon_payer``), and the fields of a scenario's or a sitting's file (``first_deal``)."""
    from reversis.core.plain import FIELDS, SITTING_FIELDS
    from reversis.games.romestecq.sitting import FIELDS as ROMESTECQ_SITTING

    ids = {name for rid in ruleset_ids() for name in load_ruleset(rid).options}
    return frozenset(i for i in {*ids, *FIELDS, *SITTING_FIELDS, *ROMESTECQ_SITTING} if "_" in i)


#: An engine word in a sentence: a dotted id with an underscore (``options.special_ace``), a
#: "rule" followed by a dotted id (``rule claim.held``, an id that refuses a play), a field of the
#: engine's result (``pool.before``, found by :func:`_result_fields`), an option's id or a field of
#: a file (``talon_payer``, ``first_deal``: :func:`_engine_identifiers`); and YAML: a mapping
#: (``{6: 36}``) or a list of bare words (``[talon, forced]``).
_DOTTED = re.compile(r"(?<![\w./@-])[a-z][a-z0-9]*(?:[._][a-z0-9]+)*\.[a-z0-9]+(?:[._][a-z0-9]+)*(?![\w/-]|\.\w)")
_RULE_SAID = re.compile(r"\brules? [a-z]+(?:[.-][a-z]+)+\b")
_YAML = re.compile(r"\{\s*[\w-]+\s*:[^{}]*\}|\[[\w-]+(?:, [\w-]+)+\]")
_IDENTIFIER = re.compile(r"(?<![\w./@`-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")


def engine_words(prose: str) -> list[str]:
    """The engine words and YAML of a page's prose (its code left out).

    >>> engine_words("the result names him in pool.won_by; target {6: 36}; the default is [talon, forced].")
    ['pool.won_by', '{6: 36}', '[talon, forced]']
    >>> engine_words("the result's pool.before, and it stops with rule claim.held.")
    ['pool.before', 'rule claim.held']
    >>> engine_words("e.g. the encyclopédie.eu site, en.wikipedia.org, es.bib; [the name of this card game]")
    []
    >>> engine_words("read so (two_pairs combined), paid by talon_payer; a sitting's first_deal; the scan page_192")
    ['two_pairs', 'talon_payer', 'first_deal']
    """
    found = [m.group(0) for m in _DOTTED.finditer(prose) if "_" in m.group(0) or m.group(0) in _result_fields()]
    found += [word for word in _IDENTIFIER.findall(prose) if word in _engine_identifiers()]
    return found + _RULE_SAID.findall(prose) + _YAML.findall(prose)


def test_no_engine_word_or_yaml_stands_in_a_sentence(built_site: Path) -> None:
    # issue 44: `pool.before`, `pool.won_by` and "(target {6: 36})" stood in sentences; each is said in
    # words, or shown as code; and an option's bare id ("(two_pairs combined)", "option talon_payer")
    # in 87 pages' narratives, readings, conventions, notes and labels: each is said by its English
    # name, its id a code label
    found = {}
    for page in _pages(built_site):
        words = engine_words(" ".join(_prose(page, with_code=False).split()))
        if words:
            found[str(page.relative_to(built_site))] = sorted(set(words))
    assert found == {}


def test_the_scan_for_engine_words_finds_them_in_the_code() -> None:
    # with the code kept, the scan finds the values a page shows as code (an example's options)
    assert {"pool.before", "pool.after", "pool.won_by"} <= _result_fields()
    page = (EXAMPLES / "romestecq" / "six-players-thirty-six.yaml").read_text(encoding="utf-8")
    assert "{6: 36}" in engine_words(page)
