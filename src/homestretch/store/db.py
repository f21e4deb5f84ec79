"""Saved games: SQLAlchemy over SQLite by default (a server database can follow).

A saved game is its configuration plus its event log; resuming replays the log. Each
event is appended in its own transaction, so a crash or a rejected move never leaves a
half-written game behind.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import ForeignKey, Integer, String, Text, create_engine, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import JSON, Event


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    config: Mapped[str] = mapped_column(Text)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    dice: Mapped[str] = mapped_column(String(20))
    label: Mapped[str] = mapped_column(String(200), default="")
    status: Mapped[str] = mapped_column(String(20), default="in progress")
    summary: Mapped[str] = mapped_column(Text, default="")
    created: Mapped[str] = mapped_column(String(40))


class EventRow(Base):
    __tablename__ = "events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    payload: Mapped[str] = mapped_column(Text)


@dataclass(frozen=True)
class SavedGame:
    id: int
    game: str
    config: JSON
    seed: int | None
    dice: str
    label: str
    status: str
    summary: str
    created: str
    events: list[Event]


def default_db_path() -> Path:
    override = os.environ.get("HOMESTRETCH_DB")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("homestretch")) / "homestretch.sqlite"


class Store:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_db_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._engine = create_engine(f"sqlite:///{self.path}")
            Base.metadata.create_all(self._engine)
        except OSError as exc:
            raise HomestretchError(f"{self.path}: cannot open the game store ({exc})") from None
        except SQLAlchemyError as exc:
            reason = getattr(exc, "orig", None) or exc.__class__.__name__  # the driver's words
            raise HomestretchError(
                f"{self.path}: not a game store homestretch can open ({reason})"
            ) from None

    def create(self, game: str, config: JSON, seed: int | None, dice: str, label: str = "") -> int:
        with Session(self._engine) as session, session.begin():
            row = GameRow(
                game=game,
                config=json.dumps(config, sort_keys=True),
                seed=seed,
                dice=dice,
                label=label,
                created=datetime.now(UTC).isoformat(timespec="seconds"),
            )
            session.add(row)
            session.flush()
            return row.id

    def append(self, game_id: int, events: Iterable[Event]) -> None:
        with Session(self._engine) as session, session.begin():
            seq = session.scalar(
                select(func.count()).select_from(EventRow).where(EventRow.game_id == game_id)
            )
            for offset, event in enumerate(events):
                session.add(
                    EventRow(
                        game_id=game_id,
                        seq=int(seq or 0) + offset,
                        payload=json.dumps(event.to_json()),
                    )
                )

    def finish(self, game_id: int, summary: str, status: str = "finished") -> None:
        with Session(self._engine) as session, session.begin():
            row = session.get(GameRow, game_id)
            if row is None:
                raise HomestretchError(f"no saved game with id {game_id}")
            row.status = status
            row.summary = summary

    def saved_games(self, game: str | None = None, limit: int = 50) -> list[SavedGame]:
        with Session(self._engine) as session:
            query = select(GameRow).order_by(GameRow.id.desc()).limit(limit)
            if game:
                query = query.where(GameRow.game == game)
            return [self._saved(row, []) for row in session.scalars(query)]

    def load(self, game_id: int) -> SavedGame:
        with Session(self._engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise HomestretchError(f"no saved game with id {game_id} in {self.path}")
            events = session.scalars(
                select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
            )
            try:
                return self._saved(row, [Event.from_json(json.loads(e.payload)) for e in events])
            except (ValueError, TypeError, KeyError, AttributeError) as exc:
                raise HomestretchError(
                    f"game {game_id} in {self.path} is damaged and cannot be read "
                    f"({exc.__class__.__name__})"
                ) from None

    @staticmethod
    def _saved(row: GameRow, events: list[Event]) -> SavedGame:
        config: Any = json.loads(row.config)
        if not isinstance(config, dict):
            raise ValueError("the configuration is not a table")
        return SavedGame(
            id=row.id,
            game=row.game,
            config=config,
            seed=row.seed,
            dice=row.dice,
            label=row.label,
            status=row.status,
            summary=row.summary,
            created=row.created,
            events=events,
        )
