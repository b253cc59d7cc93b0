"""The page "Play a hand" as the site builder writes it (scripts/reversis_site/play_page.py)."""

from __future__ import annotations

from reversis_site.play_page import opponents

from reversis.apps.table import Table
from reversis.core.ruleset import load_ruleset

RULESETS = ("encyclopedie-1765", "espagnolette-19c", "revesino", "romestecq")


def test_the_page_offers_the_players_each_table_seats() -> None:
    """The setup's "Your opponents": every player a table of the ruleset seats, the cautious one
    first; the strong player where the table seats him, named in the view."""
    for ruleset in RULESETS:
        offered = [o["bot"] for o in opponents(load_ruleset(ruleset))]
        assert offered[:2] == ["cautious", "random"], ruleset
        for bot in offered:
            assert Table.open(ruleset, bot=bot, budget=2).bot == bot
    assert "strong" in [o["bot"] for o in opponents(load_ruleset("revesino"))]
    view = Table.open("revesino", bot="strong", budget=2).view()
    assert view["opponents"].startswith("the strong player")
