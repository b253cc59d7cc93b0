"""Reversis's options, each declared once (see :mod:`reversis.core.options`): its topic, the values
the engine plays, and, for an option a ruleset may leave out, its neutral value, the one that means
"the source has no such rule". A ruleset's file gives only what its source says of an option;
:func:`~reversis.games.reversis.params.compile_params` reads every option through this table.

The domains are the engine's: what it plays, whatever a source says (a ruleset narrows them where its
source allows less: the revesino's four players). ``special_ace_forced``'s neutral ``None`` is no
value of its own: it reads the ace of option ``special_ace``.
"""

from __future__ import annotations

from reversis.core.options import declare_options

__all__ = ["OPTIONS", "TALON_CRITERIA"]

#: The criteria a ruleset's ``talon_ranking`` may list (see :func:`reversis.games.reversis.settlement.rank_seats`).
TALON_CRITERIA = ("tricks", "points", "no-trick", "left-of-dealer", "eldest-first", "dealer-first", "renouncer-first")
_CARD_POINTS = {
    "kind": "mapping",
    "keys": {"kind": "card", "card": "any", "rank": True},
    "values": {"kind": "int", "min": 0},
}
_COUNT = {"kind": "int", "min": 0}
_FLAG = {"kind": "bool"}

OPTIONS = declare_options(
    "reversis",
    topics={
        "players": "The players and the pack",
        "deal": "The deal",
        "exchange": "The exchange",
        "declarations": "Declarations",
        "play": "The play",
        "quinola": "The quinola",
        "aces": "The aces",
        "talon": "The talon and the points",
        "pool": "The pool",
        "reversis": "The reversis",
        "penalties": "Faults and penalties",
    },
    # name: (topic, domain, neutral); an option without a neutral value is given by every ruleset
    options={
        # The players and the pack
        "players": ("players", {"kind": "int", "min": 2}),
        "keep_tens": ("players", _FLAG),
        # The deal
        "deal_packet": ("deal", {"kind": "int", "min": 1}),
        "dealer_extra": ("deal", _COUNT),
        "talon": ("deal", {"kind": "mapping", "keys": {"kind": "int", "min": 2}, "values": _COUNT}),
        # The exchange
        "exchange": ("exchange", _FLAG),
        "exchange_look": ("exchange", _FLAG),
        "dealer_discards": ("exchange", _FLAG),
        "discard_hearts": ("exchange", _FLAG),
        "heart_discard_exception": ("exchange", _FLAG),
        # each player is offered his own card of the talon, not the top one
        "exchange_own_card": ("exchange", _FLAG, False),
        # Declarations
        # the name under which a reversis is undertaken ("": it is not declared)
        "reversis_declaration": ("declarations", {"kind": "str"}, ""),
        "renouncer": ("declarations", {"kind": "str"}, ""),  # the name of the declaration that may renounce ("": none)
        "renouncer_cards": (
            "declarations",
            {"kind": "list", "unique": True, "items": {"kind": "card", "card": "any"}},
            [],
        ),
        "renouncer_at_least": ("declarations", _COUNT, 0),
        "renouncer_tricks": ("declarations", _COUNT, 0),
        "renouncer_lost_on": ("declarations", {"kind": "str", "choices": ["any-trick", "last-tricks"]}, "last-tricks"),
        "renouncer_lost_effect": (  # or privilege-ends: taking a trick only ends the right to renounce
            "declarations",
            {"kind": "str", "choices": ["privilege-ends", "loses-hand"]},
            "loses-hand",
        ),
        "renouncer_lost_doubles_pool": ("declarations", _FLAG, False),
        "renouncer_sold_back_factor": ("declarations", _COUNT, 0),
        # a renouncer who renounced pays a reversis made for everyone
        "renouncer_pays_reversis_for_all": ("declarations", _FLAG, False),
        # ... and pays the breaker of a reversis in the undertaker's place
        "renouncer_cut_relieves": ("declarations", _FLAG, False),
        # ... unless he played above the undertaker in the breaking trick
        "renouncer_deemed_cutter": ("declarations", _FLAG, False),
        "renouncer_cut_payment": ("declarations", _COUNT, 0),
        # the quinola drawn from the renouncer pays as any forced quinola
        "renouncer_quinola_forced_ordinary": ("declarations", _FLAG, False),
        # ... and is paid to the taker of the trick, or to its leader
        "renouncer_quinola_forcer": ("declarations", {"kind": "str", "choices": ["taker", "leader"]}, "taker"),
        # ... and makes the remise in the last tricks too
        "renouncer_quinola_remise_any_trick": ("declarations", _FLAG, False),
        "renouncer_quinola_forced_payment": ("declarations", _COUNT, 0),
        "renouncer_quinola_forced_each": ("declarations", _COUNT, 0),
        # the renouncer pays no fine for a revoke, even where he must follow
        "renouncer_revoke_exempt": ("declarations", _FLAG, False),
        # The play
        "first_lead_suit": ("play", {"kind": "suit", "empty": True}),
        "follow_suit": ("play", _FLAG),
        # The quinola
        "quinola": ("quinola", {"kind": "card", "card": "any"}),
        "quinola_placed_wins_pool": ("quinola", _FLAG),
        "quinola_placed_trick_payment": ("quinola", _COUNT),
        "quinola_placed_each_payment": ("quinola", _COUNT),
        "quinola_forced_bete": ("quinola", _FLAG),
        "quinola_forced_payment": ("quinola", _COUNT),
        "quinola_forced_each_payment": ("quinola", _COUNT),
        "quinola_forced_each": (
            "quinola",
            {"kind": "str", "choices": ["forcer-from-others", "forcer-from-all", "holder-to-all", "holder-to-others"]},
        ),
        "quinola_led_pays_each": ("quinola", _FLAG),
        "quinola_given_bete": ("quinola", _FLAG),
        "quinola_must_place_tricks": ("quinola", _COUNT),
        "quinola_forced_game": ("quinola", _FLAG),
        # a placed quinola takes the pool when it falls, not at settlement
        "quinola_pool_at_trick": ("quinola", _FLAG, False),
        "quinola_forced_doubles_pool": ("quinola", _FLAG, False),  # a forced (or led) quinola doubles the pool at once
        # the quinola in the last N tricks neither takes nor pays the pool
        "quinola_last_tricks_neutral": ("quinola", _COUNT, 0),
        # which lead of the quinola is forced (always, only-oro, only-card)
        "quinola_led_forced": ("quinola", {"kind": "str", "choices": ["only-oro", "only-card", "always"]}, "always"),
        # The aces
        "ace_placed_payment": ("aces", _COUNT),
        "special_ace": ("aces", {"kind": "card", "card": "ace", "empty": True}),
        "special_ace_factor": ("aces", _COUNT),
        "ace_forced_pays": ("aces", _FLAG),
        "first_trick_factor": ("aces", _COUNT),
        "last_trick_factor": ("aces", _COUNT),
        # the ace whose forced payment is multiplied (None: special_ace)
        "special_ace_forced": ("aces", {"kind": "card", "card": "ace", "empty": True}, None),
        # The talon and the points
        "talon_card_points": ("talon", _CARD_POINTS),
        "trick_card_points": ("talon", _CARD_POINTS),
        "talon_ranking": (
            "talon",
            {"kind": "list", "min_items": 1, "unique": True, "items": {"kind": "str", "choices": list(TALON_CRITERIA)}},
        ),
        "talon_payer": (
            "talon",
            {
                "kind": "str",
                "choices": ["none", "most-points", "most-points-tie-left", "most-points-tie-eldest", "each-player"],
            },
        ),
        # The pool
        "pool_stake": ("pool", _COUNT),
        "pool_refresh": ("pool", _COUNT),
        "pool_refresh_on": (
            "pool",
            {
                "kind": "list",
                "unique": True,
                "items": {"kind": "str", "choices": ["talon", "forced", "given", "led", "placed"]},
            },
        ),
        "betes_biggest_first": ("pool", _FLAG),
        "pool_deal_payment": ("pool", _COUNT, 0),  # chips the dealer adds to the pool at every deal
        # the stake is put in again when the pool holds fewer chips than this
        "pool_renew_below": ("pool", {"kind": "int", "min": 1}, 1),
        # The reversis
        "reversis_last_tricks": ("reversis", _COUNT),
        "reversis_wins_pool": ("reversis", _FLAG),
        "reversis_payment_each": ("reversis", _COUNT),
        "reversis_cut_payment": ("reversis", _COUNT),
        "reversis_refund": ("reversis", _FLAG),
        "reversis_cancels_quinola": ("reversis", _FLAG),
        "reversis_exempt_talon": ("reversis", _FLAG),
        # a reversis broken deprives a placed quinola of the pool
        "reversis_cut_cancels_quinola": ("reversis", _FLAG, False),
        # a reversis made or broken returns what a quinola paid into the pool
        "reversis_returns_quinola_pool": ("reversis", _FLAG, False),
        # the maker of a reversis who played his quinola early takes the pool
        "reversis_maker_quinola_pool": ("reversis", _FLAG, False),
        # every trick taken without a declaration still wins the hand
        "reversis_undeclared_wins_hand": ("reversis", _FLAG, False),
        # what each player pays the maker of a reversis for his own early quinola
        "reversis_maker_quinola_each": ("reversis", _COUNT, 0),
        "reversis_cut_doubles_pool": ("reversis", _FLAG, False),  # the undertaker of a cut reversis doubles the pool
        # a reversis undertaken returns the hand's payments so far
        "reversis_declared_returns": ("reversis", _FLAG, False),
        # Faults and penalties
        "revoke_penalty": ("penalties", {"kind": "str", "choices": ["bete", "fine"]}),
        "revoke_fine": ("penalties", _COUNT),
        "out_of_turn_fine": ("penalties", _COUNT),
        "accept_illegal": ("penalties", _FLAG),
        "revoke_forfeits": ("penalties", _FLAG, False),  # a player who revokes collects nothing in that hand
    },
)
