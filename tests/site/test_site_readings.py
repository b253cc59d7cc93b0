"""What the readings change, on the site: a plot, its text alternative and its table under every
measured ambiguity, the bot and the number of hands beside every figure, SVG made at build time
with nothing to run or fetch, and the ranking of every option measured."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path
from types import ModuleType

import pytest

from reversis.annotations import load_annotations
from reversis.apps.readings import by_option, load_results
from reversis.core.ruleset import load_ruleset

MEASURED = by_option(load_results())
AMBIGUITIES = [
    (a, ruleset, name)
    for a in load_annotations()
    if a.readings
    for ruleset in a.rulesets
    for name in dict.fromkeys(n for r in a.readings for n in r.options)
    if (ruleset, name) in MEASURED
]


def _ids(case: tuple) -> str:
    return f"{case[0].id}-{case[2]}"


def test_the_ambiguities_are_measured() -> None:
    assert len(AMBIGUITIES) >= 25


@pytest.mark.parametrize("case", AMBIGUITIES, ids=_ids)
def test_each_ambiguity_shows_its_plot_and_table_on_its_topic_and_ruleset_pages(
    case: tuple, wanted_pages: dict[Path, str]
) -> None:
    annotation, ruleset, option = case
    for page in (Path("topics") / f"{annotation.topic}.md", Path("rulesets") / f"{ruleset}.md"):
        text = unescape(wanted_pages[page])
        svg = f"../readings/{ruleset}/{option}.svg"
        assert f"]({svg}){{: .readings-plot" in text, f"{page}: no plot of {option}"
        block = text[text.index(svg) - 1500 : text.index(svg) + 6000]
        assert f"option {option} of ruleset {ruleset}" in block  # the text alternative
        hands = MEASURED[ruleset, option]["cautious"]["hands"]
        assert f"over {hands:,} hands per reading" in block and "cautious and the random bots" in block
        assert "| reading | bot | hands |" in block and f"| cautious | {hands:,} |" in block
        assert "Paired difference from the default" in block


@pytest.mark.parametrize("case", AMBIGUITIES, ids=_ids)
def test_each_plot_is_an_svg_with_nothing_to_run_or_fetch(case: tuple, wanted_pages: dict[Path, str]) -> None:
    _, ruleset, option = case
    svg = wanted_pages[Path("readings") / ruleset / f"{option}.svg"]
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert not [e.tag for e in root.iter() if e.tag.rsplit("}", 1)[-1] in ("script", "foreignObject", "image")]
    links = [v for e in root.iter() for k, v in e.attrib.items() if k.rsplit("}", 1)[-1] in ("href", "src")]
    assert all(v.startswith("#") for v in links), links  # only the figure's own parts
    assert (
        "@import" not in svg
        and "url(http" not in svg
        and " on" not in " ".join(k for e in root.iter() for k in e.attrib)
    )
    texts = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    hands = MEASURED[ruleset, option]["cautious"]["hands"]
    assert f"bot cautious, {hands:,} hands per reading" in texts and "bot random" in texts


def test_a_plot_is_the_same_each_time_it_is_made(site_script: ModuleType) -> None:
    from reversis_site import readings as site_readings

    (ruleset, option), by_bot = next(iter(MEASURED.items()))
    assert site_readings.figure_svg(ruleset, option, by_bot) == site_readings.figure_svg(ruleset, option, by_bot)


def test_a_kept_plot_is_the_plot_and_other_measurements_draw_anew(site_script: ModuleType, tmp_path: Path) -> None:
    import copy

    from reversis_site import readings as site_readings

    (ruleset, option), by_bot = next(iter(MEASURED.items()))
    drawn = site_readings.figure_svg(ruleset, option, by_bot)
    assert site_readings.cached_figure_svg(ruleset, option, by_bot, tmp_path) == drawn  # drawn and kept
    [kept] = tmp_path.glob("*.svg")
    assert kept.read_text(encoding="utf-8") == drawn
    assert site_readings.cached_figure_svg(ruleset, option, by_bot, tmp_path) == drawn  # read back
    changed = copy.deepcopy(dict(by_bot))
    bot = next(iter(changed))
    changed[bot]["hands"] = changed[bot]["hands"] + 1
    assert site_readings.cached_figure_svg(ruleset, option, changed, tmp_path) != drawn
    assert len(list(tmp_path.glob("*.svg"))) == 2 and not list(tmp_path.glob("*.partial"))


def test_a_difference_within_its_interval_is_shown_as_indistinguishable(wanted_pages: dict[Path, str]) -> None:
    text = unescape(wanted_pages[Path("topics") / "quinola.md"])
    rows = [line for line in text.splitlines() if line.startswith(("| <code>", "| `")) and line.count("|") == 7]
    assert rows, "no row of paired differences"
    for row in rows:
        cell = row.split("|")[5]
        if "the same in every hand" in cell:
            continue
        low, high = (float(x.replace("−", "-")) for x in re.findall(r"\(([-+][\d.]+) to ([-+][\d.]+)\)", cell)[0])
        if 0 in (low, high):
            continue  # a bound that rounds to zero in the table: the data say on which side it lies
        assert ("≈ 0" in cell) == (low <= 0 <= high), row


def test_the_ranking_lists_every_option_measured_once_most_moved_first(wanted_pages: dict[Path, str]) -> None:
    from reversis_site import readings as site_readings

    text = unescape(wanted_pages[Path("readings") / "index.md"]).split("## Under strong play")[0]
    assert text.startswith("---\ntitle: What the readings change\n---")
    # each option by its English name, linking to its entry, then its id as code
    rows = [line for line in text.splitlines() if re.match(r"\| \d+ \| \[[^\]`<]+\]\([^)]+\) (<code>|`)", line)]
    names = [re.search(r"<code>([^<]+)</code>|`([^`]+)`", row) for row in rows]
    shown = [
        (row.split("|")[3].strip(), name.group(1) or name.group(2))
        for row, name in zip(rows, names, strict=True)
        if name
    ]
    assert sorted(shown) == sorted(MEASURED)
    for row, (ruleset, option) in zip(rows, shown, strict=True):
        assert row.split("|")[2].strip().startswith(f"[{load_ruleset(ruleset).option_name(option)}]("), row
    keys = [site_readings.movement(MEASURED[key]["cautious"])["relative"] for key in shown]
    assert keys == sorted(keys, reverse=True)
    assert "Wilson" in text and "normal approximation" in text and "not by period players" in text


def test_an_option_whose_readings_change_no_hand_says_why(wanted_pages: dict[Path, str]) -> None:
    said = 0
    for _, ruleset, option in AMBIGUITIES:
        text = unescape(wanted_pages[Path("rulesets") / f"{ruleset}.md"])
        start = text.index(f"../readings/{ruleset}/{option}.svg")
        following = text.find('<div class="readings-measured"', start)
        block = text[start : following if following > 0 else len(text)]
        for bot, entry in MEASURED[ruleset, option].items():
            others = entry["readings"][1:]
            sentence = f"With the {bot} bot no hand's result differs under any reading: "
            if any(r["differs"]["share"] for r in others):
                assert sentence not in block, (ruleset, option, bot)
                continue
            if any(r["rules_difference"] for r in others):
                sentence += "the readings make other rules fire in some hands"
            else:
                sentence += "every rule fires in the same hands under every reading"
            assert sentence in block, (ruleset, option, bot)
            said += 1
    assert said, "no option left every hand alike: the test checked nothing"


STRONG = sorted(key for key, by_bot in MEASURED.items() if "strong" in by_bot)


def test_some_ambiguities_are_measured_under_strong_play() -> None:
    assert len(STRONG) >= 3


@pytest.mark.parametrize("key", STRONG, ids=lambda key: f"{key[0]}-{key[1]}")
def test_an_ambiguity_measured_under_strong_play_shows_the_three_bots_and_says_what_changes(
    key: tuple[str, str], wanted_pages: dict[Path, str]
) -> None:
    ruleset, option = key
    text = unescape(wanted_pages[Path("rulesets") / f"{ruleset}.md"])
    start = text.index(f"../readings/{ruleset}/{option}.svg")
    block = text[start - 1500 : text.find('<div class="readings-measured"', start) % len(text)]
    for bot, entry in MEASURED[key].items():
        assert f"| {bot} | {entry['hands']:,} |" in block, (key, bot)  # each figure with its hands
    hands = MEASURED[key]["strong"]["hands"]
    assert f"and over {hands:,} hands per reading by the strong player in every seat" in block
    said = block.split("**What strong play changes.** ")[1]
    assert "strong play" in said.split("\n")[0] and said.split("\n")[1] == ""  # a paragraph of its own
    svg = wanted_pages[Path("readings") / ruleset / f"{option}.svg"]
    assert f"bot strong, {hands:,} hands per reading" in svg


def test_the_options_measured_under_strong_play_are_ranked_under_it(wanted_pages: dict[Path, str]) -> None:
    from reversis_site import readings as site_readings

    text = unescape(wanted_pages[Path("readings") / "index.md"]).split("## Under strong play")[1]
    rows = [line for line in text.splitlines() if re.match(r"\| \d+ \| \[", line)]
    shown = [(row.split("|")[3].strip(), re.search(r"`([^`]+)`|<code>([^<]+)</code>", row)) for row in rows]
    keys = [(ruleset, m.group(1) or m.group(2)) for ruleset, m in shown if m]
    assert sorted(keys) == STRONG
    moved = [site_readings.movement(MEASURED[key]["strong"])["relative"] for key in keys]
    assert moved == sorted(moved, reverse=True)
    for key, row in zip(keys, rows, strict=True):
        for bot, entry in MEASURED[key].items():
            assert f"({entry['hands']:,} hands)" in row, (key, bot)


def _entry(shift: float, interval: tuple[float, float], hands: int = 100) -> dict:
    seats = [{"label": "dealer", "sd": 1.0}, {"label": "eldest", "sd": 1.0}]
    diff = {
        "label": "eldest",
        "mean": shift,
        "interval": list(interval),
        "zero_inside": interval[0] <= 0 <= interval[1],
    }
    return {
        "hands": hands,
        "unit": "chips",
        "values_yaml": ["a", "b"],
        "readings": [{"seats": seats}, {"difference": [diff], "differs": {"share": 0.5}}],
    }


def _words(said: list) -> str:
    return "".join(part if isinstance(part, str) else f"`{part['code']}`" for part in said)


def test_the_words_say_where_strong_play_changes_the_conclusion(site_script: ModuleType) -> None:
    from reversis_site.readings import strong_view

    seen, unseen = _entry(1.0, (0.5, 1.5)), _entry(0.1, (-0.4, 0.6))
    only = strong_view({"cautious": unseen, "random": unseen, "strong": seen})
    assert only is not None and only["change"] == "only-strong"
    assert "matters only when the players play well" in _words(only["said"])
    assert "the eldest hand under the reading `b`, +1.000 chips per hand, 95 % interval +0.500 to +1.500" in _words(
        only["said"]
    )
    gone = strong_view({"cautious": seen, "random": unseen, "strong": unseen})
    assert gone is not None and gone["change"] == "not-strong"
    assert _words(gone["said"]).startswith(
        "Under the cautious bot the readings move a player's mean result; under strong"
    )
    assert "no player's shift is distinguishable from none" in _words(gone["said"])
    for bots in ({"cautious": seen, "strong": seen}, {"cautious": unseen, "strong": unseen}):
        same = strong_view(bots)
        assert (
            same is not None and same["change"] == "same" and "does not change the conclusion" in _words(same["said"])
        )
    assert strong_view({"cautious": seen}) is None
