"""The fair-dice check: does every chance outcome in a finished table's log follow from
the seed it revealed, and is that the seed whose digest it showed while it ran?"""

from __future__ import annotations

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON
from homestretch.session.dice import seed_digest
from homestretch.session.saved import rebuild
from homestretch.store.db import Store

NOT_YET = "is still being played"
"""What a game still being played is said to be (``still_played``)."""


def still_played(game_id: int) -> str:
    """Why a game still being played is not verified, and what verifying it will mean
    (it said "the seed is revealed when the game ends", not that the game goes on)."""
    return (
        f"game {game_id} {NOT_YET}: its seed is revealed when it ends; verify it then, "
        "to check that every roll and draw followed from that seed"
    )


def verify_table(store: Store, game_id: int) -> JSON:
    """The verdict on a finished table; a table still running is refused (its seed is
    secret)."""
    saved = store.load(game_id)
    settings = store.settings(game_id) or {}
    shown = settings.get("web", {}).get("seed_digest")
    try:
        table = rebuild(store, saved)
    except HomestretchError as exc:  # a tampered log may not even replay
        return _verdict(game_id, saved.seed, shown, False, f"the log does not replay: {exc}")
    if not table.state.is_over():
        raise HomestretchError(still_played(game_id))
    digest_ok = shown is None or shown == seed_digest(table.seed)
    if not digest_ok:
        return _verdict(game_id, table.seed, shown, False, "the seed does not match its digest")
    if table.dice_mismatch is not None:
        reason = f"move {table.dice_mismatch} is not what the seed rolls"
        return _verdict(game_id, table.seed, shown, False, reason)
    reason = f"all {table.version} moves follow from seed {table.seed}"
    return _verdict(game_id, table.seed, shown, True, reason)


def _verdict(game_id: int, seed: int | None, shown: str | None, fair: bool, reason: str) -> JSON:
    return {"id": game_id, "fair": fair, "seed": seed, "seed_digest": shown, "reason": reason}
