"""What each reading changes, on the site: a plot and a table beside each ambiguity, and a ranking.

Made from the committed measurements of ``make readings`` (``readings/<bot>/<ruleset>.json``, see
:mod:`reversis.readings`) every time the pages are made: one SVG per option that an ambiguous
statement's readings set (``docs/readings/<ruleset>/<option>.svg``, drawn by matplotlib and
written with the pages, so that a stale plot fails the same test as a stale page; a plot already
drawn from the same measurements by the same code is read from ``PLOT_CACHE``), the view that
``readings_entry.md.j2`` shows under each ambiguity of the topic and ruleset pages, and the page
``docs/readings/index.md``, which ranks every option measured by how much its readings move the
players' results. Nothing is drawn in the reader's browser and nothing is fetched.

>>> players_of(["dealer", "eldest", "pool"])
['dealer', 'eldest']
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

import jinja2

from reversis.annotations import Annotation
from reversis.apps.readings import BOTS, STRONG, by_option, load_results, strong_plan
from reversis.core.roles import ROLES
from reversis_site.links import relative

#: The folder of the plots and of the ranking, under docs/.
FOLDER = "readings"
#: The bot whose play ranks the options (the other is shown beside it).
RANKED_BY = "cautious"
#: Every bot shown where it measured an option: the strong player measures a few options only.
SHOWN = (*BOTS, STRONG)
#: How many rules a plot and a table show: those whose frequency changes most.
TOP_RULES = 4
#: Where the plots already drawn are kept, each under a name made from everything it is drawn from
#: (the measurements, this module's code, matplotlib's version): drawing them is most of the time
#: the pages take, and they change only when one of those does. ``make clean`` empties it.
PLOT_CACHE = Path(__file__).resolve().parents[2] / "build" / "cache" / "readings-plots"
#: Labels of an outcome that are not a player (the pool).
NOT_PLAYERS = ("pool",)


def players_of(labels: Sequence[str]) -> list[str]:
    return [label for label in labels if label not in NOT_PLAYERS]


def player_label(label: str) -> str:
    """A measured player as a reader names him: by his place in the hand (the measurements count the
    players from the dealer, ``dealer + 2``), or his side.

    >>> [player_label(x) for x in ("dealer", "eldest", "dealer + 2", "dealer's side", "pool")]
    ['Dealer', 'Eldest hand', 'Second hand', "Dealer's side", 'Pool']
    """
    if label == "eldest":
        return "Eldest hand"
    if label.startswith("dealer + "):
        return ROLES[int(label.removeprefix("dealer + "))].capitalize()
    return label.capitalize()


@cache
def measurements() -> dict[tuple[str, str], dict[str, dict[str, Any]]]:
    """The committed measurements by (ruleset, option), then by bot."""
    return by_option(load_results())


def movement(entry: Mapping[str, Any]) -> dict[str, Any]:
    """How far an option's readings move the players' results, over its readings other than the
    default: the largest shift of a player's mean result per hand, with its interval (``shift``),
    that shift over the spread (standard deviation) of his result per hand under the default
    (``relative``, what the options are ranked by: it is free of the game's unit), the largest mean
    size of the change of a player's result hand by hand (``absolute``) and the largest share of
    hands changed (``changed``)."""
    default = entry["readings"][0]
    spread = {s["label"]: s["sd"] for s in default["seats"]}
    best: dict[str, Any] = {"absolute": 0.0, "relative": 0.0, "shift": None, "changed": 0.0}
    for text, reading in zip(entry["values_yaml"][1:], entry["readings"][1:], strict=True):
        best["changed"] = max(best["changed"], reading["differs"]["share"])
        for diff in reading["difference"]:
            if diff["label"] in NOT_PLAYERS:
                continue
            best["absolute"] = max(best["absolute"], diff["mean_absolute"])
            if best["shift"] is None or abs(diff["mean"]) > abs(best["shift"]["mean"]):
                best["shift"] = {**diff, "value": text, "label": player_label(diff["label"])}
                sd = spread.get(diff["label"]) or 0.0
                best["relative"] = abs(diff["mean"]) / sd if sd else 0.0
    return best


def _rule_changes(entry: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The rules whose share of hands changes most under some reading, largest first."""
    changes = []
    for text, reading in zip(entry["values_yaml"][1:], entry["readings"][1:], strict=True):
        for rule, change in reading["rules_difference"].items():
            changes.append({"rule": rule, "value": text, **change})
    changes.sort(key=lambda c: (-abs(c["mean"]), c["rule"], c["value"]))
    return changes[:TOP_RULES]


def _option_name(ruleset: str, option: str) -> str:
    """An option's English name, which a sentence gives before its id."""
    from reversis.core.ruleset import load_ruleset

    return load_ruleset(ruleset).option_name(option)


def _named(change: dict[str, Any], ruleset: str, page: str) -> dict[str, Any]:
    """A rule's change as a sentence says it: the rule's English name, and its row on the ruleset's
    page (the id, a small code label, links there)."""
    from reversis.core.ruleset import load_ruleset
    from reversis_site.ruleset_page import rule_anchor

    rules = load_ruleset(ruleset)
    rule = change["rule"]
    return {
        **change,
        "name": rules.rule_name(rule),
        "href": relative(f"rulesets/{ruleset}.md", page) + "#" + rule_anchor(rule),
    }


#: The two drawings of each plot: for a wide screen, each bot's two panels side by side (7.2 in
#: wide, its smallest text 6 pt); for a phone, the panels one under the other, 3.6 in wide (shown
#: at about its own size on a 390 px screen), every text at least 9 pt (12 px), so that none is
#: under 11 px as rendered (tests/site/test_browser.py measures it).
LAYOUTS: dict[str, dict[str, float]] = {
    "wide": {"width": 7.2, "text": 8, "small": 6, "legend": 7, "columns": 2},
    "narrow": {"width": 3.6, "text": 9, "small": 9, "legend": 9, "columns": 1},
}


def figure_svg(ruleset: str, option: str, by_bot: Mapping[str, Mapping[str, Any]], layout: str = "wide") -> str:
    """The plot of one option: per bot, each player's mean per hand with its interval under each
    reading, and the change in the share of hands of the rules that change most (``layout``: one of
    :data:`LAYOUTS`)."""
    import matplotlib

    matplotlib.use("svg")
    from matplotlib import pyplot as plt

    size = LAYOUTS[layout]
    wide = size["columns"] == 2
    plt.rcParams.update({"svg.hashsalt": f"{ruleset}/{option}", "svg.fonttype": "none", "font.size": size["text"]})
    bots = [bot for bot in SHOWN if bot in by_bot]
    rows = len(bots) if wide else 2 * len(bots)
    height = 0.5 + 1.8 * len(bots) if wide else 0.9 + 2.3 * rows
    fig, grid = plt.subplots(
        rows,
        int(size["columns"]),
        figsize=(size["width"], height),
        squeeze=False,
        gridspec_kw={"width_ratios": [3, 2]} if wide else {},
    )
    # each bot's two panels: side by side, or one under the other
    panels = [(grid[k][0], grid[k][1]) if wide else (grid[2 * k][0], grid[2 * k + 1][0]) for k in range(len(bots))]
    for (means, rules), bot in zip(panels, bots, strict=True):
        _draw_bot(means, rules, by_bot[bot], bot, size)
    handles, names = panels[0][0].get_legend_handles_labels()
    columns = min(4 if wide else 1, len(names))
    fig.legend(handles, names, loc="upper center", ncol=columns, fontsize=size["legend"], frameon=False)
    legend = (0.35 if wide else 0.25 * len(names) + 0.2) / height
    fig.tight_layout(rect=(0, 0, 1, 1 - legend))
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    plt.close(fig)
    return out.getvalue()


def _draw_bot(ax: Any, rules_ax: Any, entry: Mapping[str, Any], bot: str, size: Mapping[str, float]) -> None:
    """One bot's two panels of :func:`figure_svg`: the players' means, and the rules that change most."""
    labels = players_of([s["label"] for s in entry["readings"][0]["seats"]])
    count = len(entry["readings"])
    for k, (text, reading) in enumerate(zip(entry["values_yaml"], entry["readings"], strict=True)):
        seats = {s["label"]: s for s in reading["seats"]}
        shown = [(i, seats[label]) for i, label in enumerate(labels) if label in seats]
        ys = [i + (k - (count - 1) / 2) * 0.7 / max(count, 2) for i, _ in shown]
        xs = [s["mean"] for _, s in shown]
        err = [[s["mean"] - s["interval"][0] for _, s in shown], [s["interval"][1] - s["mean"] for _, s in shown]]
        name = text if len(text) <= 40 else text[:39] + "…"
        ax.errorbar(xs, ys, xerr=err, fmt="o", markersize=3, capsize=2, label=name + (" (default)" if k == 0 else ""))
    ax.set_yticks(range(len(labels)), [player_label(label) for label in labels])
    ax.invert_yaxis()
    ax.set_title(f"bot {bot}, {entry['hands']:,} hands per reading", fontsize=size["text"], loc="left")
    ax.set_xlabel(f"mean {entry['unit']} per hand, 95 % interval")
    ax = rules_ax
    changes = _rule_changes(entry)
    if changes:
        names = [c["rule"] if count == 2 else f"{c['rule']} ({c['value'][:14]})" for c in changes]
        xs = [100 * c["mean"] for c in changes]
        low = [100 * (c["mean"] - c["interval"][0]) for c in changes]
        high = [100 * (c["interval"][1] - c["mean"]) for c in changes]
        ax.barh(range(len(changes)), xs, xerr=[low, high], capsize=2, height=0.5, color="#888888")
        ax.set_yticks(range(len(changes)), names, fontsize=size["small"])
        ax.invert_yaxis()
        ax.axvline(0, linewidth=0.5, color="black")
    else:
        ax.set_yticks([])
        ax.set_xticks([])
        ax.text(0.5, 0.5, "no rule fires in other hands", ha="center", va="center", transform=ax.transAxes)
    ax.set_title("rules that change most", fontsize=size["text"], loc="left")
    ax.set_xlabel("change in % of hands it fires, 95 % interval")


def _cell(stat: Mapping[str, Any], scale: float = 1, digits: int = 2) -> str:
    low, high = stat["interval"]
    value = stat.get("mean", stat.get("share", 0))
    return f"{scale * value:+.{digits}f} ({scale * low:+.{digits}f} to {scale * high:+.{digits}f})"


def option_view(ruleset: str, option: str, page: str) -> dict[str, Any] | None:
    """What the page at ``page`` shows of one option's measurements (None: not measured)."""
    by_bot = measurements().get((ruleset, option))
    if not by_bot:
        return None
    bots = [bot for bot in SHOWN if bot in by_bot]
    first = by_bot[bots[0]]
    labels = players_of([s["label"] for s in first["readings"][0]["seats"]])
    rows, differences = [], []
    for bot in bots:
        entry = by_bot[bot]
        for text, reading in zip(entry["values_yaml"], entry["readings"], strict=True):
            seats = {s["label"]: s for s in reading["seats"]}
            rows.append(
                {
                    "value": text,
                    "default": reading["default"],
                    "bot": bot,
                    "hands": f"{entry['hands']:,}",
                    "cells": [_cell(seats[label]) if label in seats else "" for label in labels],
                    "changed": "" if reading["default"] else _share(reading["differs"]),
                }
            )
            for diff in reading.get("difference", ()):
                if diff["label"] in NOT_PLAYERS:
                    continue
                differences.append(
                    {
                        "value": text,
                        "bot": bot,
                        **diff,
                        "label": player_label(diff["label"]),
                        "hands": f"{entry['hands']:,}",
                        "cell": _cell(diff),
                    }
                )
    moved = {bot: movement(by_bot[bot]) for bot in bots}
    naive = [bot for bot in bots if bot in BOTS]
    strong = by_bot.get(STRONG)
    alt = (
        f"Plot of each player's mean {first['unit']} per hand, with its 95 % interval, under each reading of "
        f"option {option} of ruleset {ruleset}, for the bots {' and '.join(naive)}, over {first['hands']:,} hands "
        "per reading"
        + (f", and for the strong player, over {strong['hands']:,} hands per reading" if strong else "")
        + "; beside it, the rules whose share of hands changes most. The same figures are in the table below."
    )
    return {
        "ruleset": ruleset,
        "option": option,
        "name": _option_name(ruleset, option),
        "svg": relative(f"{FOLDER}/{ruleset}/{option}.svg", page),
        "svg_narrow": relative(f"{FOLDER}/{ruleset}/{option}-narrow.svg", page),
        "ranking": relative(f"{FOLDER}/index.md", page),
        "alt": alt,
        "unit": first["unit"],
        "hands": f"{first['hands']:,}",
        "bots": naive,
        "shown": bots,
        "strong": strong_view(by_bot),
        "labels": [player_label(label) for label in labels],
        "rows": rows,
        "differences": differences,
        "rules": {bot: [_named(c, ruleset, page) for c in _rule_changes(by_bot[bot])] for bot in bots},
        "moved": moved,
        "unchanged": [said for bot in bots if (said := unchanged(bot, by_bot[bot]))],
    }


def matters(entry: Mapping[str, Any]) -> bool:
    """Whether some reading moves some player's mean result per hand: its paired difference from the
    default has an interval that does not hold zero."""
    return any(
        not d["zero_inside"] for r in entry["readings"][1:] for d in r["difference"] if d["label"] not in NOT_PLAYERS
    )


#: A sentence in parts: words, and values shown as code (``{"code": "{5: 7}"}``), never as words.
Said = list[str | dict[str, str]]


def _shift_words(entry: Mapping[str, Any], *, seen: bool) -> Said:
    """The largest shift of a player's mean in words (who, under which reading, by how much): of
    those distinguishable from none if ``seen``, else of all."""
    best = None
    for text, reading in zip(entry["values_yaml"][1:], entry["readings"][1:], strict=True):
        for d in reading["difference"]:
            if d["label"] in NOT_PLAYERS or (seen and d["zero_inside"]):
                continue
            if best is None or abs(d["mean"]) > abs(best[1]["mean"]):
                best = (text, d)
    if best is None:
        return ["no player's result changes in any hand"]
    text, d = best
    low, high = d["interval"]
    return [
        f"the largest, the {player_label(d['label']).lower()} under the reading ",
        {"code": text},
        f", {d['mean']:+.3f} {entry['unit']} per hand, 95 % interval {low:+.3f} to {high:+.3f}",
    ]


def strong_view(by_bot: Mapping[str, Mapping[str, Any]]) -> dict[str, Any] | None:
    """What strong play does to an option's conclusion, where the strong player measured it (None
    where he did not): ``change``, whether strong play changes the conclusion of the naive bots
    (``only-strong``: the readings move a player's mean under strong play alone; ``not-strong``:
    under some bot and not under strong play; ``same``), and ``said``, a sentence saying so."""
    strong = by_bot.get(STRONG)
    if strong is None:
        return None
    naive = [bot for bot in BOTS if bot in by_bot]
    moved = [bot for bot in naive if matters(by_bot[bot])]
    hands = f"{strong['hands']:,}"
    said: Said
    if matters(strong) and not moved:
        change = "only-strong"
        said = [
            "Under strong play the readings move a player's mean result (",
            *_shift_words(strong, seen=True),
            f"), which they do not under the {' or the '.join(naive)} bot: this reading matters only when the "
            "players play well.",
        ]
    elif moved and not matters(strong):
        change = "not-strong"
        said = [
            f"Under the {' and the '.join(moved)} bot the readings move a player's mean result; under strong play, "
            f"over {hands} hands per reading, no player's shift is distinguishable from none (",
            *_shift_words(strong, seen=False),
            "): what naive play shows is not seen when the players play well, at this number of hands.",
        ]
    elif moved:
        change = "same"
        said = [
            "Under strong play the readings still move a player's mean result (",
            *_shift_words(strong, seen=True),
            f"), as under the {' and the '.join(moved)} bot: strong play does not change the conclusion.",
        ]
    else:
        change = "same"
        said = [
            f"Under strong play, as under the {' and the '.join(naive)} bot, no player's mean moves "
            "distinguishably from none (",
            *_shift_words(strong, seen=False),
            "): strong play does not change the conclusion.",
        ]
    return {"hands": hands, "change": change, "said": said}


def unchanged(bot: str, entry: Mapping[str, Any]) -> dict[str, Any] | None:
    """Whether no hand's result differs under any reading (None if some hand's does), and if so
    whether some rule still fired in other hands (``rules_moved``): readings that part only where
    the bot's play never goes, or that reach the same result by other rules.

    >>> unchanged("random", {"readings": [{}, {"differs": {"share": 0.0}, "rules_difference": {}}]})
    {'bot': 'random', 'rules_moved': False}
    """
    others = entry["readings"][1:]
    if any(r["differs"]["share"] for r in others):
        return None
    return {"bot": bot, "rules_moved": any(r["rules_difference"] for r in others)}


def _share(stat: Mapping[str, Any]) -> str:
    low, high = stat["interval"]
    return f"{100 * stat['share']:.1f} % ({100 * low:.1f} to {100 * high:.1f})"


def annotation_views(annotation: Annotation, page: str) -> list[dict[str, Any]]:
    """The measurements shown under an ambiguous statement: one per option its readings set, per ruleset."""
    names = list(dict.fromkeys(name for r in annotation.readings for name in r.options))
    views = []
    for ruleset in annotation.rulesets:
        for name in names:
            view = option_view(ruleset, name, page)
            if view is not None:
                views.append(view)
    return views


def register(env: jinja2.Environment) -> None:
    """What ``readings_entry.md.j2`` calls: ``readings_views(annotation, page)``."""
    env.globals["readings_views"] = annotation_views


def figures(annotations: Sequence[Annotation]) -> dict[Path, str]:
    """Every plot the ambiguous statements show, by its path under docs/."""
    out = {}
    for annotation in annotations:
        if not annotation.readings:
            continue
        for ruleset in annotation.rulesets:
            for name in dict.fromkeys(n for r in annotation.readings for n in r.options):
                by_bot = measurements().get((ruleset, name))
                if by_bot:
                    out[Path(FOLDER) / ruleset / f"{name}.svg"] = cached_figure_svg(ruleset, name, by_bot)
                    out[Path(FOLDER) / ruleset / f"{name}-narrow.svg"] = cached_figure_svg(
                        ruleset, name, by_bot, layout="narrow"
                    )
    return out


@cache
def _drawing_fingerprint() -> bytes:
    """What a plot depends on besides its data: the code that draws it and matplotlib's version."""
    return Path(__file__).read_bytes() + metadata.version("matplotlib").encode()


def cached_figure_svg(
    ruleset: str, option: str, by_bot: Mapping[str, Mapping[str, Any]], folder: Path = PLOT_CACHE, layout: str = "wide"
) -> str:
    """:func:`figure_svg`, drawn once for the same measurements, code and matplotlib: kept in
    ``folder`` under the hash of all three, written whole or not at all (two processes may draw it)."""
    data = json.dumps([ruleset, option, by_bot, layout], sort_keys=True, default=str).encode()
    kept = folder / f"{hashlib.sha256(data + _drawing_fingerprint()).hexdigest()}.svg"
    if kept.is_file():
        return kept.read_text(encoding="utf-8")
    svg = figure_svg(ruleset, option, by_bot, layout)
    folder.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(f".{os.getpid()}.partial")
    partial.write_text(svg, encoding="utf-8")
    partial.replace(kept)
    return svg


def ranking_page(annotations: Sequence[Annotation], env: jinja2.Environment) -> str:
    """The page ``readings/index.md``: every option measured, by how much its readings move the players."""
    page = f"{FOLDER}/index.md"
    ambiguities: dict[tuple[str, str], list[Annotation]] = {}
    for a in annotations:
        for ruleset in a.rulesets:
            for name in dict.fromkeys(n for r in a.readings for n in r.options):
                ambiguities.setdefault((ruleset, name), []).append(a)
    rows = []
    for (ruleset, option), by_bot in measurements().items():
        moved = {bot: {**movement(entry), "hands": f"{entry['hands']:,}"} for bot, entry in by_bot.items()}
        ranked = moved.get(RANKED_BY) or next(iter(moved.values()))
        entry = by_bot.get(RANKED_BY) or next(iter(by_bot.values()))
        rows.append(
            {
                "ruleset": ruleset,
                "option": option,
                "name": _option_name(ruleset, option),
                "link": relative(f"rulesets/{ruleset}.md", page) + f"#option-{option}",
                "annotations": [
                    (a.id, relative(f"topics/{a.topic}.md", page) + f"#{a.id}")
                    for a in ambiguities.get((ruleset, option), [])
                ],
                "shown_values": entry["values_yaml"],
                "unit": entry["unit"],
                "hands": f"{entry['hands']:,}",
                "moved": moved,
                "key": ranked["relative"],
            }
        )
    rows.sort(key=lambda r: (-r["key"], r["ruleset"], r["option"]))
    strong = [row for row in rows if STRONG in row["moved"]]
    strong.sort(key=lambda r: (-r["moved"][STRONG]["relative"], r["ruleset"], r["option"]))
    for row in strong:
        row["strong"] = strong_view(measurements()[row["ruleset"], row["option"]])
    measured = {(row["ruleset"], row["option"]) for row in strong}
    left = [
        {"name": _option_name(ruleset, c.option), "option": c.option, "ruleset": ruleset}
        for ruleset, chosen in strong_plan(load_results()).items()
        for c in chosen
        if (ruleset, c.option) not in measured
    ]
    return env.get_template("readings.md.j2").render(
        rows=rows,
        bots=list(BOTS),
        strong_rows=strong,
        strong_left=left,
        strong_bot=STRONG,
        shown=list(SHOWN),
        ranked_by=RANKED_BY,
        hands=hands_by_ruleset(
            (ruleset, entry["hands"])
            for (ruleset, _), by_bot in measurements().items()
            for bot, entry in by_bot.items()
            if bot in BOTS
        ),
    )


def hands_by_ruleset(measured: Iterable[tuple[str, int]]) -> list[tuple[str, list[str]]]:
    """Each number of hands per reading measured (from pairs of a ruleset and its hands), most first,
    with the rulesets measured over it.

    >>> hands_by_ruleset([("a", 10), ("b", 2000), ("a", 10)])
    [('2,000', ['b']), ('10', ['a'])]
    """
    rulesets: dict[int, list[str]] = {}
    for ruleset, hands in measured:
        names = rulesets.setdefault(hands, [])
        if ruleset not in names:
            names.append(ruleset)
    return [(f"{hands:,}", names) for hands, names in sorted(rulesets.items(), reverse=True)]


def pages(annotations: Sequence[Annotation], env: jinja2.Environment) -> dict[Path, str]:
    """The ranking page and every plot."""
    out: dict[Path, str] = {Path(FOLDER) / "index.md": ranking_page(annotations, env)}
    out.update(figures(annotations))
    return out
