"""A PostgreSQL store its user may read but not write is refused by `resume` before
anyone types a move, as a read-only SQLite file is (test_not_ours.py): a user given no
right to write the tables, one whose transactions are read-only (as on a standby
server), and one who may write the rows but not number a new move. Real users made on
the test server; the game's log is left as it was."""

from __future__ import annotations

import subprocess
import sys

import psycopg
import pytest

from homestretch.core.errors import HomestretchError
from homestretch.store.db import Store
from homestretch.web.notify_pg import libpq_url

GRANTS = {
    "no-rights": ["GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}"],
    "read-only-transactions": [
        "GRANT ALL ON ALL TABLES IN SCHEMA public TO {role}",
        "GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {role}",
        "ALTER ROLE {role} SET default_transaction_read_only = on",
    ],
    "no-sequence": ["GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO {role}"],
}


def user_who(postgres_url: str, user: str, prefix: str = "") -> str:
    """The store's URL for a new user of the test server with the rights ``GRANTS`` gives
    ``user`` (users belong to the whole server: named after the database)."""
    database = postgres_url.rsplit("/", 1)[1]
    role = f"{prefix}{user.replace('-', '_')}_{database}"
    with psycopg.connect(libpq_url(postgres_url), autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
        for grant in GRANTS[user]:
            admin.execute(grant.format(role=role))
    return postgres_url.replace("//postgres@", f"//{role}@", 1)


def homestretch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from homestretch.cli.main import run; run()", *args],
        capture_output=True,
        text=True,
        input="1\n" * 40,
    )


@pytest.mark.postgres
@pytest.mark.parametrize("user", sorted(GRANTS))
def test_resume_as_a_user_who_cannot_write_is_refused_before_any_question(
    postgres_url: str, user: str
) -> None:
    done = homestretch(
        "across", "play", "--players", "Ann", "--bots", "2", "--dice", "3 4", "--db", postgres_url
    )
    assert done.returncode == 2 and "ran out" in done.stderr, done.stderr
    owner = Store(postgres_url)
    before = owner.load(1).events
    as_user = user_who(postgres_url, user)
    reader = Store(as_user)
    assert reader.load(1).events == before  # it reads
    with pytest.raises(HomestretchError, match="read-only: nothing can be saved"):
        reader.check_writable()
    reader.close()
    resumed = homestretch("resume", "1", "--db", as_user)
    assert resumed.returncode == 2 and resumed.stdout == "", resumed.stdout
    assert "read-only: nothing can be saved" in resumed.stderr, resumed.stderr
    assert resumed.stderr.count("\n") == 1 and "Traceback" not in resumed.stderr
    assert owner.load(1).events == before
    owner.check_writable()  # the store's owner may go on
    owner.close()


@pytest.mark.postgres
def test_a_move_a_user_cannot_write_is_read_only_not_damaged(postgres_url: str) -> None:
    """A write refused for want of a right was once worded as a damaged store."""
    owner = Store(postgres_url)
    game_id = owner.create("across", {}, 1, "seeded")
    database = postgres_url.rsplit("/", 1)[1]
    role = f"looker_{database}"
    with psycopg.connect(libpq_url(postgres_url), autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
        admin.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    reader = Store(postgres_url.replace("//postgres@", f"//{role}@", 1))
    with pytest.raises(HomestretchError, match="read-only: nothing can be saved") as refused:
        reader.finish(game_id, "over")
    assert "damaged" not in str(refused.value)
    reader.close()
    owner.close()


@pytest.mark.postgres
def test_a_new_store_a_user_may_not_make_tables_in_is_read_only(postgres_url: str) -> None:
    database = postgres_url.rsplit("/", 1)[1]
    role = f"newcomer_{database}"
    with psycopg.connect(libpq_url(postgres_url), autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
    with psycopg.connect(libpq_url(postgres_url), autocommit=True) as owner:
        owner.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")  # as PostgreSQL 15 has it
    with pytest.raises(HomestretchError, match="read-only: nothing can be saved"):
        Store(postgres_url.replace("//postgres@", f"//{role}@", 1))
