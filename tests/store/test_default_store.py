"""Which store is the default one is said in one place (``Store.is_default``): the hint a
terminal game prints (``cli.table_loop.db_hint``) and the one a store that took nothing
more gives (``Store._resume``) name ``--db`` for the same stores. Before, the terminal's
compared the URL the store was opened on, so a store opened to be read alone (``file:``
with ``mode=ro``) was another store than the default it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from homestretch.cli.table_loop import db_hint
from homestretch.store import db as store_db
from homestretch.store.db import Store


def hints(store: Store) -> tuple[Path | str | None, str]:
    return db_hint(store), store._resume(1)


def test_the_default_store_is_named_by_no_hint_however_it_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOMESTRETCH_DB", "games.sqlite")
    for given in ("games.sqlite", "./games.sqlite", str(tmp_path / "games.sqlite"), None):
        store = Store(given)
        assert store.is_default(), given
        assert hints(store) == (None, "homestretch resume 1"), given
        store.close()
    other = Store(tmp_path / "other.sqlite")
    assert not other.is_default()
    where = tmp_path / "other.sqlite"
    assert hints(other) == (where, f"homestretch resume 1 --db {where}")
    other.close()


def test_a_default_store_opened_to_be_read_alone_is_still_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOMESTRETCH_DB", "games.sqlite")
    Store("games.sqlite").close()  # made
    # as a user who may not write it (the tests may run as root, whom rights do not stop)
    monkeypatch.setattr(store_db, "_may_not_write", lambda file: True)
    store = Store("games.sqlite", read_only=True)
    assert store.url.query.get("mode") == "ro"  # opened to be read alone
    assert store.is_default()
    assert hints(store) == (None, "homestretch resume 1")
    store.close()
