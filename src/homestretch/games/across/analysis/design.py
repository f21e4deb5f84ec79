"""Does a track do what the rulebook says a track is for? The handicapper's figures
(``simulate_track``) held against the rulebook's words, one check a line, each met or
not, for a designer trying a track of his own (``homestretch across simulate``).

The rulebook: the horses are "pre-handicapped by experts in order to provide the players
with similar odds as those at the real race track"; the longshots have "their poor track
record", the favourites "their winning track records"; "Preprinted X's are given to
'field' and 'longshot' horses to better equalize them with the 'favorites'"; "it's
anybody's race"; the players "keep a keen eye on the suggested bid ... and the 'best
pick'". The figures wanted are docs/across.md's targets ("The handicapper"); ruling R24."""

from __future__ import annotations

from homestretch.core.design import Check
from homestretch.games.across.analysis.handicapper import HorseFigures, TrackReport
from homestretch.games.across.content.loader import FAVOURITES, FIELD, LONGSHOTS, Track

LOWEST_WIN = 0.01
"""Every horse can win: at least one race in a hundred ("it's anybody's race")."""
HIGHEST_WIN = 0.35
"""No horse a near certainty: at most about a third of the races."""
ACCEPTED_PER_50 = {"longshots": (1.5, 2.5), "field": (3.5, 5.5), "favourites": (5.5, 8.5)}
"""Rolled and accepted per 50 rolls, by class: about 2 / 4-5 / 6-8 (docs/across.md)."""
PEOPLE_ROLLS = (40.0, 60.0)
"""About 50 rolls a race, as people play (every rival held back; ruling R21)."""
BID_PER_WIN = 50
"""A fair suggested bid: 50 fifties times the horse's win share (the built-in tracks')."""
BID_SLACK = 2
"""A suggested bid more than this many fifties from the fair one is out of line."""
CLASSES = {"longshots": LONGSHOTS, "field": FIELD, "favourites": FAVOURITES}


def fair_bid(figures: HorseFigures) -> float:
    return BID_PER_WIN * figures.win


def track_checks(track: Track, report: TrackReport, people: TrackReport) -> list[Check]:
    """The checks of ``track`` from its handicapper's ``report`` (the computer players'
    policy) and ``people`` (the same track raced as people play, for the race length)."""
    by_number = {h.number: h for h in report.horses}
    low = min(report.horses, key=lambda h: h.win)
    high = max(report.horses, key=lambda h: h.win)

    def per_horse(horses: tuple[int, ...]) -> float:
        return sum(by_number[n].win for n in horses) / len(horses)

    favourites, longshots = per_horse(FAVOURITES), per_horse(LONGSHOTS)
    checks = [
        Check(
            "every horse can win",
            f"each wins {LOWEST_WIN:.0%} or more",
            f"lowest #{low.number} {low.win:.1%}",
            low.win >= LOWEST_WIN,
        ),
        Check(
            "no horse a certainty",
            f"each wins {HIGHEST_WIN:.0%} or less",
            f"highest #{high.number} {high.win:.1%}",
            high.win <= HIGHEST_WIN,
        ),
        Check(
            "favourites ahead of longshots",
            "a favourite wins more (a horse)",
            f"favourite {favourites:.1%}, longshot {longshots:.1%}",
            favourites >= longshots,
        ),
    ]
    for name, horses in CLASSES.items():
        least, most = ACCEPTED_PER_50[name]
        mean = sum(by_number[n].accepted_per_50_rolls for n in horses) / len(horses)
        checks.append(
            Check(
                f"{name} accepted per 50 rolls",
                f"{least:g}-{most:g}",
                f"{mean:.2f}",
                least <= mean <= most,
            )
        )
    short, long = PEOPLE_ROLLS
    checks.append(
        Check(
            "race length as people play",
            f"{short:g}-{long:g} rolls (about 50)",
            f"{people.mean_rolls_per_race:.1f}",
            short <= people.mean_rolls_per_race <= long,
        )
    )
    worst = max(
        report.horses, key=lambda h: abs(track.handicaps[h.number].suggested_bid - fair_bid(h))
    )
    bid = track.handicaps[worst.number].suggested_bid
    checks.append(
        Check(
            "suggested bids in line",
            f"within {BID_SLACK} of {BID_PER_WIN} x win share",
            f"furthest #{worst.number}: {bid}, fair {fair_bid(worst):.1f}",
            abs(bid - fair_bid(worst)) <= BID_SLACK,
        )
    )
    ranked = sorted(report.horses, key=lambda h: -h.win)[:3]
    checks.append(
        Check(
            "best pick a likely winner",
            "one of the likeliest 3",
            f"#{track.best_pick} {by_number[track.best_pick].win:.1%}; likeliest "
            + ", ".join(f"#{h.number}" for h in ranked),
            track.best_pick in {h.number for h in ranked},
        )
    )
    return checks
