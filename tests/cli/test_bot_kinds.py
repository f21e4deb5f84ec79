"""Computer players' kinds, said one way in every game: ``--bots N`` counts them and
``--bot KIND`` is every one's kind, or ``--bot K1,K2,...`` each one's in seat order (then
their count, where --bots is not given). It was `across play --bot KIND` (one for all)
beside `totopoly tournament --kinds a,b,c` (one a seat), and Totopoly's and Derby Cast's
play and Top of the Stretch's run took none. ``--kinds`` still works, hidden; given beside a differing --bot it is
refused in one line. Every slip is one line, exit 2 (the in-process runner)."""

from __future__ import annotations

import json
import re
import shlex
from typing import Any

import pytest

from homestretch.store.db import Store

PLAY = {
    "across": ["across", "play", "--seed", "1", "--quiet", "-f", "json"],
    "totopoly": ["totopoly", "play", "--seed", "1", "--short", "-f", "json"],
    "derbycast": ["derbycast", "play", "--seed", "1", "--source", "replays"]
    + ["--races", "1", "-f", "json"],
    "stretch": ["stretch", "run", "2009-champagne-stakes", "--seed", "1", "-f", "json"],
}
KINDS = {
    "across": ["never-bet", "random", "search", "sensible"],
    "totopoly": ["random", "search", "sensible"],
    "derbycast": ["random", "value"],
    "stretch": ["random", "value"],
}


def seated(store: Any) -> list[str]:
    """The kinds of the computer players of the one game saved."""
    (game,) = store.saved_games()
    settings = store.settings(game.id)
    return [
        seat["bot"]
        for seat in settings["seats"]
        if seat["kind"] == "bot" and seat["name"].startswith("Computer")
    ]


@pytest.fixture
def store(tmp_path: Any) -> Any:
    def read() -> Store:
        return Store(tmp_path / "store.sqlite")

    return read


@pytest.mark.parametrize("game", PLAY)
def test_one_kind_for_all_and_one_each(homestretch: Any, store: Any, game: str) -> None:
    other = KINDS[game][0]  # never-bet, random, random: not the default kind
    done = homestretch(*PLAY[game], "--bots", "3", "--bot", other)
    assert done.code == 0, done.stderr
    kept = store()
    assert seated(kept) == [other] * 3
    kept.close()


@pytest.mark.parametrize("game", PLAY)
def test_a_list_of_kinds_is_each_ones_and_their_count(
    homestretch: Any, store: Any, game: str
) -> None:
    each = [KINDS[game][-1], KINDS[game][0], KINDS[game][-1]]
    done = homestretch(*PLAY[game], "--bot", ",".join(each))  # no --bots: the list counts
    assert done.code == 0, done.stderr
    kept = store()
    assert seated(kept) == each
    kept.close()


SLIPS = {
    "a kind typed wrong": (
        ["--bots", "3", "--bot", "randon"],
        "--bot randon: did you mean random?",
    ),
    "a count for a kind": (
        ["--bots", "2", "--bot", "2"],
        "--bot 2: it is the computer players' kind",
    ),
    "a kind of nobody": (
        ["--bot", "random"],
        "--bot random: no computer player to be one: count them with --bots N",
    ),
    "too few kinds": (
        ["--bots", "3", "--bot", "random,random"],
        "--bot names 2 kinds for 3 computer players: give one kind for them all or one each",
    ),
    "an empty kind": (["--bot", "random,,random"], "--bot random,,random: a kind left empty"),
}


@pytest.mark.parametrize("game", PLAY)
@pytest.mark.parametrize("slip", SLIPS)
def test_a_slip_is_one_line_and_nothing_saved(
    homestretch: Any, tmp_path: Any, game: str, slip: str
) -> None:
    typed, said = SLIPS[slip]
    done = homestretch(*PLAY[game], *typed)
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"error: {said}"), done.stderr
    assert not (tmp_path / "store.sqlite").exists()  # refused before the store is opened


EVERY_BOT = {
    **PLAY,
    "across simulate": ["across", "simulate", "--games", "1", "--seed", "1", "-f", "json"],
    "totopoly simulate": ["totopoly", "simulate", "-n", "1", "--short", "--seed", "1"]
    + ["-f", "json"],
    "totopoly tournament": ["totopoly", "tournament", "-n", "1", "--short", "--seed", "1"]
    + ["-f", "json"],
}
"""Every command that takes --bot, as it runs quickly. Their --bots differ: `across
simulate` seats 3 to 7, a tournament and `totopoly simulate` 2 to 6, a play 0 and up."""
MISCOUNTED = {  # a count each command takes, and a list of another length
    "across": ("3", "random,sensible"),
    "totopoly": ("3", "random,sensible"),
    "derbycast": ("3", "random,value"),
    "stretch": ("3", "random,value"),
    "across simulate": ("3", "random,sensible"),
    "totopoly simulate": ("2", "random,sensible,random"),
    "totopoly tournament": ("3", "random,sensible"),
}


def _options(words: list[str]) -> dict[str, str]:
    return dict(zip(words[::2], words[1::2], strict=True))


@pytest.mark.parametrize("command", EVERY_BOT)
def test_a_miscounted_list_suggests_what_this_command_takes(homestretch: Any, command: str) -> None:
    """`--bot` naming more or fewer kinds than `--bots` counts: the message's examples
    were `--bots 2 --bot K, or --bot K1,K2` in every command, and `across simulate`
    refuses --bots 2. Each example it gives now is run as typed with the rest, and runs."""
    bots, kinds = MISCOUNTED[command]
    typed = {"--bots": bots, "--bot": kinds}
    done = homestretch(*EVERY_BOT[command], "--bots", bots, "--bot", kinds)
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(
        f"error: --bot names {len(kinds.split(','))} kinds for {bots} computer players"
    ), done.stderr
    found = re.search(r"\(such as (.+), or (.+)\)$", done.stderr.strip())
    assert found, done.stderr
    for example in found.groups():
        followed = {**typed, **_options(shlex.split(example))}
        again = homestretch(*EVERY_BOT[command], *[w for pair in followed.items() for w in pair])
        assert again.code == 0, (example, again.stderr)


@pytest.mark.parametrize("command", ["across", "totopoly", "derbycast", "stretch"])
def test_a_list_for_no_computer_player_says_to_leave_out_the_count(
    homestretch: Any, command: str
) -> None:
    kinds = f"{MISCOUNTED[command][1]},random"  # three: Across seats three at least
    done = homestretch(*EVERY_BOT[command], "--bots", "0", "--bot", kinds)
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    said = f"leave out --bots 0 (--bot {kinds} alone counts them) or leave out --bot\n"
    assert done.stderr.endswith(said), done.stderr
    assert homestretch(*EVERY_BOT[command], "--bot", kinds).code == 0


def test_every_play_and_the_tournament_offer_bot_and_hide_kinds(homestretch: Any) -> None:
    every = (["across", "play"], ["totopoly", "play"], ["derbycast", "play"], ["stretch", "run"])
    for words in every:
        shown = " ".join(homestretch(*words, "--help").stdout.replace("│", " ").split())
        assert "--bot <str> the computer players' kind:" in shown, words
        assert "one for all, or one each in seat order" in shown, words
    shown = homestretch("totopoly", "tournament", "--help").stdout
    assert "--bot " in shown and "--kinds" not in shown


TOURNAMENT = ["totopoly", "tournament", "-n", "2", "--seed", "1", "-f", "json"]


@pytest.mark.parametrize(
    "typed",
    [
        ["--bot", "search,random"],
        ["--kinds", "search,random"],  # the old spelling, still taken
        ["--kinds", "search,random", "--bot", "search,random"],  # both, saying the same
        ["--bots", "2", "--bot", "search,random"],
    ],
)
def test_a_tournament_takes_the_one_grammar_and_the_old(homestretch: Any, typed: list[str]) -> None:
    done = homestretch(*TOURNAMENT, *typed)
    assert done.code == 0, done.stderr
    assert sorted(json.loads(done.stdout)["kinds"]) == ["random", "search"]


def test_a_tournament_of_one_kind_is_counted_with_bots(homestretch: Any) -> None:
    done = homestretch(*TOURNAMENT, "--bots", "3", "--bot", "random")
    assert done.code == 0, done.stderr
    assert json.loads(done.stdout)["kinds"]["random"]["seats"] == 3


TOURNAMENT_SLIPS = {
    "old and new differing": (
        ["--bot", "search,random", "--kinds", "search,sensible"],
        "--bot search,random and --kinds search,sensible differ (--kinds is the old "
        "spelling of --bot): give one",
    ),
    "one kind alone": (
        ["--kinds", "search"],
        "a tournament needs 2 to 6 players: --kinds search gives 1",
    ),
    "a count with no kinds": (["--bots", "5"], "--bots 5: say their kinds with --bot"),
    "an old spelling's slip, named as typed": (
        ["--kinds", "search,sensble"],
        "--kinds sensble: did you mean sensible? write random, search or sensible",
    ),
}


@pytest.mark.parametrize("slip", TOURNAMENT_SLIPS)
def test_a_tournaments_slip_is_one_line(homestretch: Any, slip: str) -> None:
    typed, said = TOURNAMENT_SLIPS[slip]
    done = homestretch(*TOURNAMENT, *typed)
    assert done.code == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"error: {said}"), done.stderr


def test_named_computer_bettors_come_first_in_the_list(homestretch: Any, store: Any) -> None:
    """Top of the Stretch names computer bettors too (--computer-bettor NAME): --bot's
    kinds are theirs first, and a list's kinds past them are counted ones."""
    run = [*PLAY["stretch"], "--computer-bettor", "Rob", "--bot", "random,value,value"]
    done = homestretch(*run)
    assert done.code == 0, done.stderr
    kept = store()
    (game,) = kept.saved_games()
    seats = kept.settings(game.id)["seats"]
    assert [(s["name"], s["bot"]) for s in seats] == [
        ("Rob", "random"),
        ("Computer 1", "value"),
        ("Computer 2", "value"),
    ]
    kept.close()
