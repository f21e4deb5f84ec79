"""The Totopoly game and its state: who holds what, and the phases in rulebook order.

The rules live in one module per rulebook section (deal, auction, training, racecourse,
tote, prize); this module keeps the table (money, cards, horses), runs the phases as a
generator (see flow.py) and shows each player only what he may see.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

from homestretch.core.actions import Action
from homestretch.core.chance import ChanceNode, Outcome
from homestretch.core.content import check_digest, folder_digest
from homestretch.core.errors import HomestretchError
from homestretch.core.protocol import CHANCE, JSON, Event, Game, State
from homestretch.games.totopoly.content.loader import COLOURS, Content, load_content
from homestretch.games.totopoly.rules import words
from homestretch.games.totopoly.rules.actions import CODEC, Discard, OfferLot, Reject
from homestretch.games.totopoly.rules.flow import Ask, Flow, Roll
from homestretch.games.totopoly.rules.house_rules import RECORDED_RULES, RULE_CHOICES

DENOMINATIONS = {50: 10, 25: 6, 5: 8, 1: 10}
"""The banker's float for each player: ten £50, six £25, eight £5 and ten £1."""
STARTING_CASH = sum(note * count for note, count in DENOMINATIONS.items())
BANK = -2
SECRET_MOVES = {"reject", "discard"}  # cards given up face down (secret_move)
CARDS_FROM: dict[type[Action], str] = {
    Reject: "in your hand",
    Discard: "in your hand",
    OfferLot: "one of the lots thrown into the auction",
}
"""Where the card a move names must be: a card typed that is not there is said to be
not there (not that the move "is not allowed now")."""
"""Payee meaning the bank (the prize fund)."""
DEFAULT_RULES = {name: choices[0] for name, choices in RULE_CHOICES.items()}


def party(seat: int) -> int | str:
    """A payer or payee in a notice: a seat, or "bank"."""
    return "bank" if seat == BANK else seat


def check_rules(rules: dict[str, str]) -> dict[str, str]:
    """The full rule set with defaults, or a clear error naming the bad option."""
    from homestretch.core.inputs import nearest

    for name, value in rules.items():
        if name not in RULE_CHOICES:
            near = nearest(name, RULE_CHOICES)
            guess = f" (did you mean {near}?)" if near else ""
            raise HomestretchError(
                f"unknown rule {name!r}{guess}; the rules: {', '.join(RULE_CHOICES)}"
            )
        if value not in RULE_CHOICES[name]:
            choices = " or ".join(RULE_CHOICES[name])
            near = nearest(value, RULE_CHOICES[name])
            guess = f" (did you mean {near}?)" if near else ""
            raise HomestretchError(f"rule {name} must be {choices}, not {value!r}{guess}")
    return {**DEFAULT_RULES, **rules}


def member_if_waived(config: JSON) -> bool:
    """A configuration's ``member_if_waived`` (ruling T48; missing: a game saved before
    the ruling, which took the card): true or false, or one line naming it. Read with
    ``bool``, a hand-written "no" or 0 was taken as true, or as false."""
    waived = config.get("member_if_waived", True)
    if not isinstance(waived, bool):
        raise HomestretchError(
            f"member_if_waived must be true or false (ruling T48), not {waived!r}"
        )
    return waived


def buyer_keeps_fees(config: JSON) -> bool:
    """A configuration's ``buyer_keeps_fees`` (ruling T52; missing: a game saved before
    the ruling, whose buyers kept back only the fee of the horse they bought): true or
    false, or one line naming it."""
    keeps = config.get("buyer_keeps_fees", False)
    if not isinstance(keeps, bool):
        raise HomestretchError(
            f"buyer_keeps_fees must be true or false (ruling T52), not {keeps!r}"
        )
    return keeps


class TotopolyGame(Game):
    name = "totopoly"
    min_players = 2
    max_players = 6
    codec = CODEC

    def __init__(
        self,
        players: int,
        names: list[str] | None = None,
        short: bool = False,
        content: str | None = None,
        banker: int = 0,
        auctioneer: int = 1,
        computer: list[int] | None = None,
        rules: dict[str, str] | None = None,
        content_digest: str | None = None,
        member_if_waived: bool = False,
        buyer_keeps_fees: bool = True,
    ) -> None:
        if not self.min_players <= players <= self.max_players:
            raise HomestretchError(f"Totopoly is for 2 to 6 players, not {players}")
        self.players = players
        self.names = list(names) if names else [f"Player {i + 1}" for i in range(players)]
        if len(self.names) != players or len(set(self.names)) != players:
            raise HomestretchError(f"give {players} different player names")
        for role, seat in (("banker", banker), ("auctioneer", auctioneer)):
            if not 0 <= seat < players:
                raise HomestretchError(f"the {role} must be a seat 0-{players - 1}")
        self.short = short
        self.content_digest: str | None = None
        if content is not None:  # a saved game is replayed on the files it was played on
            check_digest(Path(content), content_digest, "content folder")
            content = str(Path(content).resolve())
            self.content_digest = folder_digest(Path(content))
        self.content_folder = content
        self.banker = banker
        self.auctioneer = auctioneer
        self.rules = check_rules(rules or {})
        self.member_if_waived = member_if_waived
        """A player whose club fee is waived takes a member's card all the same: how
        games saved before ruling T48 were played (their configuration lacks the key)."""
        self.buyer_keeps_fees = buyer_keeps_fees
        """At the entrance fees a buyer's offer leaves him every fee he still owes (his own
        horses' and the bought one's); games saved before ruling T52 kept back only the
        bought horse's (their configuration lacks the key)."""
        self.computer = sorted(computer or [])
        """Seats the computer plays (so a saved game resumes with the same players)."""
        if any(not 0 <= seat < players for seat in self.computer):
            raise HomestretchError(f"computer seats must be 0-{players - 1}")
        self.content: Content = load_content(content)

    def config(self) -> JSON:
        return {
            "players": self.players,
            "names": self.names,
            "short": self.short,
            "content": self.content_folder,
            "banker": self.banker,
            "auctioneer": self.auctioneer,
            "computer": self.computer,
            "rules": self.rules,
            "member_if_waived": self.member_if_waived,
            "buyer_keeps_fees": self.buyer_keeps_fees,
            **({"content_digest": self.content_digest} if self.content_folder else {}),
        }

    @classmethod
    def from_config(cls, config: JSON) -> TotopolyGame:
        return cls(
            players=int(config.get("players", 4)),
            names=config.get("names"),
            short=bool(config.get("short", False)),
            content=config.get("content"),
            banker=int(config.get("banker", 0)),
            auctioneer=int(config.get("auctioneer", 1)),
            computer=[int(x) for x in config.get("computer", [])],
            # a configuration without a newer option keeps the reading it was played under
            rules={
                **RECORDED_RULES,
                **{str(k): str(v) for k, v in config.get("rules", {}).items()},
            },
            content_digest=config.get("content_digest"),
            member_if_waived=member_if_waived(config),
            buyer_keeps_fees=buyer_keeps_fees(config),
        )

    def new_initial_state(self) -> TotopolyState:
        return TotopolyState(self)


class TotopolyState(State):
    game: TotopolyGame

    def __init__(self, game: TotopolyGame) -> None:
        super().__init__(game)
        c = game.content
        self.c = c
        self.n = game.players
        self.short = game.short
        self.names = game.names
        self.banker = game.banker
        self.cash = [STARTING_CASH] * self.n
        self.bank = 0
        self.tote_pool = 0
        self.bets: list[tuple[int, int, int]] = []
        # Lease cards: where each is ("undealt", "hand", "dummy", "pool", "lot",
        # "owned", "out"), who holds it, and who has seen it face up.
        self.where: dict[str, str] = {}
        self.holder: dict[str, int] = {}
        self.knows: dict[str, set[int]] = {}
        self.face_down: set[str] = set()
        """Leases retained and paid for, lying face down before their holders until
        the auction ends (ruling T31): the lots to come are not what is missing."""
        self.retained: dict[str, int] = {}
        """Who kept each lease card at payment (at face value, before the auction)."""
        self.dummy_unseen: list[str] = []
        self.dummy_under: list[str] = []
        self.dealer = 0
        self.auctioneer: int | None = None
        self.lot: str | None = None
        self.high_bid = 0
        self.high_bidder: int | None = None
        # Horses: status is training, home, running, fallen, finished, out, scratched
        # or withdrawn; ring progress counts squares from the box; pos is (length, track).
        self.status: dict[int, str] = {}
        self.progress: dict[int, int] = {}
        self.pos: dict[int, tuple[int, int]] = {}
        self.ring_round = 0
        self.led_in_round: dict[int, int] = {}
        """The training-ring round in which each horse was last led (T40)."""
        self.crossing: tuple[int, int] | None = None
        """While an owner decides whether to cross: (the horse, the track it is on)."""
        self.reports_read: dict[int, str] = {}
        """The last report each player read, kept on his screen (the news scrolls on)."""
        self.finish: list[int] = []
        self.nominated: dict[int, int] = {}
        self.order: dict[int, list[int]] = {}
        # Cards on the board: colour and white piles, what players hold, the centre.
        self.members: set[int] = set()
        self.supply = dict(c.supply)
        self.held = [dict.fromkeys((*COLOURS, "white"), 0) for _ in range(self.n)]
        self.centre = dict.fromkeys((*COLOURS, "white"), 0)
        self.cards_at_start: list[dict[str, int]] = []
        self.specials: dict[str, int] = {}
        self.spent: list[str] = []
        self.deck_unseen = {d: list(ids) for d, ids in c.decks.items()}
        self.deck_under: dict[str, list[str]] = {d: [] for d in c.decks}
        self.phase = "deal"
        self.news: list[str] = []
        self.news_at: list[int] = []
        """Where in the log each line of the news was said (the log's length then), so a
        page can put the moves of the log among them in order."""
        self.rules = game.rules
        self.white_at_post: set[int] = set()
        self.whites_recalled: set[int] = set()
        """The players told on a coloured square that a white card held must be thrown
        in before the race ends (``cards.on_colour``): told once, the first time."""
        self.race_done = False
        self.last_throw = 0
        self.placings: list[int] = []
        self.disqualified: list[int] = []
        self.prizes: list[int] = []
        """Prize money for first, second and third, in order."""
        self.banker_fee = 0
        self.tote_paid: dict[int, int] = {}
        self.turns = 0
        self.decisions = 0
        self.tally: Counter[str] = Counter()
        """Decisions by phase and kind (``"auction:bid"``) and dice throws by phase
        (``"race:throw"``), for the length-of-game report."""
        self._flow: Flow[None] = self._phases()
        self.pending: Ask | Roll | None = next(self._flow)

    # --- the phases, in rulebook order ------------------------------------------------
    def _phases(self) -> Flow[None]:
        # Imported here: the phase modules import this one for BANK and the state type.
        from homestretch.games.totopoly.rules import (
            auction,
            deal,
            prize,
            racecourse,
            tote,
            training,
        )

        yield from deal.run(self)
        yield from auction.run(self)
        yield from training.run(self)
        yield from racecourse.prepare(self)
        if not self.short:
            yield from tote.betting(self)
        yield from racecourse.run(self)
        tote.pay_out(self)
        prize.distribute(self)
        self.phase = "over"

    def _advance(self, answer: Any) -> None:
        try:
            self.pending = self._flow.send(answer)
        except StopIteration:
            self.pending = None

    # --- protocol -----------------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.pending is None:
            return []
        if isinstance(self.pending, Roll):
            return [CHANCE]
        return [self.pending.player]

    def chance_node(self) -> ChanceNode:
        assert isinstance(self.pending, Roll)
        return self.pending.node

    def legal_actions(self, player: int) -> list[Action]:
        pending = self.pending
        if isinstance(pending, Ask) and pending.player == player:
            return list(pending.actions)
        return []

    def why_illegal(self, player: int, action: Action) -> str | None:
        pending = self.pending
        if not isinstance(pending, Ask) or pending.player != player:
            return f"it is not {self.name_of(player)}'s turn to choose"
        if action in pending.actions:
            return None
        if pending.check is not None:
            return pending.check(action)
        if pending.refuse is not None and (reason := pending.refuse(action)) is not None:
            return reason
        place = CARDS_FROM.get(type(action))
        if place is not None and any(type(a) is type(action) for a in pending.actions):
            card = getattr(action, "card", None)  # a card mistyped, said by its name
            said = words.lease_name(self.c, card) if isinstance(card, str) else action
            return f"{said} is not {place}"
        return f"{action} is not allowed now ({pending.prompt})"

    def _apply(self, player: int, action: Action) -> None:
        self.decisions += 1
        self.tally[f"{self.phase}:{action.kind}"] += 1
        self._advance(action)

    def _apply_chance(self, outcome: Outcome) -> None:
        if isinstance(self.pending, Roll) and self.pending.node.is_dice:
            self.tally[f"{self.phase}:dice"] += 1
        self._advance(outcome)

    # --- helpers the rules modules share --------------------------------------------------
    def name_of(self, player: int) -> str:
        return self.names[player] if 0 <= player < self.n else "the bank"

    def say(self, text: str) -> None:
        self.news.append(text)
        self.news_at.append(len(self.events))

    def notice(self, type_: str, to: int | None = None, **data: Any) -> None:
        """A typed notice with its ``words`` (words.py): the terminal and the board
        say the same. A card is named in full: a private notice goes to the one seat
        that holds or drew it, and a lot's payment follows the lot shown face up."""
        text = words.word({"type": type_, **data}, self.names, partial(words.lease_name, self.c))
        super().notice(type_, to, **data, words=text)

    def seats_from(self, first: int) -> list[int]:
        """Every seat clockwise, starting with ``first``."""
        return [(first + i) % self.n for i in range(self.n)]

    def owner(self, card: str) -> int | None:
        """Who has paid for this lease card (None before payment or if unsold)."""
        return self.holder.get(card) if self.where.get(card) == "owned" else None

    def horse_owner(self, number: int) -> int | None:
        return self.owner(self.c.horses[number].card)

    def role_owner(self, role: str) -> int | None:
        business = self.c.business_with_role(role)
        return None if business is None else self.owner(business.card)

    def business_owner(self, ident: str) -> int | None:
        return self.owner(self.c.businesses[ident].card)

    def horses_of(self, player: int, statuses: tuple[str, ...] | None = None) -> list[int]:
        return [
            h
            for h in sorted(self.c.horses)
            if self.horse_owner(h) == player and (statuses is None or self.status[h] in statuses)
        ]

    def cards_of(self, player: int, where: str) -> list[str]:
        return sorted(c for c, w in self.where.items() if w == where and self.holder[c] == player)

    def transfer_money(
        self,
        payer: int,
        payee: int,
        amount: int,
        why: str | None = None,
        to: int | None = None,
        **about: Any,
    ) -> None:
        """Move cash; the caller has checked the payer can pay. With ``why`` (a code:
        "lot", "commission", "trainer", ...) a typed ``payment`` notice goes to the
        table, or to the one seat ``to`` when the sum is private (ruling T41)."""
        if payer == BANK:
            self.bank -= amount
        else:
            self.cash[payer] -= amount
        if payee == BANK:
            self.bank += amount
        else:
            self.cash[payee] += amount
        if why is not None and amount:
            self.notice(
                "payment",
                to,
                payer=party(payer),
                payee=party(payee),
                amount=amount,
                why=why,
                **about,
            )

    # --- the end ------------------------------------------------------------------------
    def winner(self) -> int | None:
        """The game's winner is the owner of the race winner."""
        return self.horse_owner(self.placings[0]) if self.placings else None

    def result(self) -> JSON:
        winner = self.winner()

        def player(seat: int, **more: Any) -> JSON:
            """A player as every game's result names one (docs/formats.md), with more."""
            return {"seat": seat, "name": self.names[seat], **more}

        return {
            "winner": winner,
            "winner_name": None if winner is None else self.names[winner],
            "placings": list(self.placings),
            "disqualified": list(self.disqualified),
            "winning_colour": self.c.horses[self.placings[0]].colour if self.placings else None,
            "prizes": [
                {"horse": h, "owner": player(self.horse_owner(h) or 0), "pounds": v}
                for h, v in zip(self.placings, self.prizes, strict=False)
            ],
            "banker_fee": self.banker_fee,
            "tote": [player(p, pounds=v) for p, v in sorted(self.tote_paid.items())],
            "cash": [player(p, pounds=self.cash[p]) for p in range(self.n)],
            "turns": self.turns,
            "decisions": self.decisions,
        }

    # --- what people see --------------------------------------------------------------------
    def visible(self, card: str, player: int | None) -> bool:
        if card in self.face_down:
            return player == self.holder[card]
        if self.where[card] in ("owned", "lot", "out"):
            return True
        return player is not None and player in self.knows[card]

    def hidden_from(self, player: int | None) -> set[str]:
        return {card for card in self.where if not self.visible(card, player)}

    def secret_move(self, player: int | None, position: int) -> bool:
        """A card another player put under the dummy or threw into the auction went face
        down: who gave up which card stays his, though the card is later sold face up
        ("players should guard their own hands")."""
        event = self.events[position]
        action = event.action or {}
        return event.player != player and action.get("kind") in SECRET_MOVES

    def move_words(self, event: Event) -> str | None:
        return words.move_said(CODEC.from_json(event.action or {}), self.c)

    def secrets_kept(self, player: int | None) -> dict[str, set[str]]:
        """The auctioneer's lots to come, each hand and the dummy: none may be all that
        is hidden from a player, or he could name its cards as the ones he cannot see.
        (When no other player kept a lease at payment, everyone sees the lots are all
        the cards not his own: the rules cannot keep them, so they are not listed.)"""
        hidden = self.hidden_from(player)
        groups: dict[str, set[str]] = {"the lots to come": set(), "the dummy": set()}
        lots_kept = any(holder != player for holder in self.retained.values())
        for card in hidden:
            where = self.where[card]
            if where == "pool" and lots_kept:
                groups["the lots to come"].add(card)
            elif where == "dummy":
                groups["the dummy"].add(card)
            elif where == "hand":
                groups.setdefault(f"{self.name_of(self.holder[card])}'s hand", set()).add(card)
        return {name: group for name, group in groups.items() if group}

    def twin_views(self, player: int | None) -> list[JSON]:
        """Worlds ``player`` cannot tell from this one: a lease kept face down changed
        places with a lot to come, or with another holder's face-down lease, of another
        face value, each holder having paid for what he then holds. Money is out of
        sight until the auction ends (ruling T41), so the views must be equal."""
        from homestretch.games.totopoly.rules.deal import value_of
        from homestretch.games.totopoly.rules.views import build_view

        places: dict[str, list[str]] = {}
        for card in sorted(self.hidden_from(player)):
            if card in self.face_down:
                places.setdefault(f"held by {self.holder[card]}", []).append(card)
            elif self.where[card] == "pool":
                places.setdefault("the lots to come", []).append(card)
        twins = []
        names = sorted(places)
        for i, here in enumerate(names):
            for there in names[i + 1 :]:
                pair = next(
                    (
                        (a, b)
                        for a in places[here]
                        for b in places[there]
                        if value_of(self, a) != value_of(self, b)
                    ),
                    None,
                )
                if pair is not None:
                    self._change_places(*pair)
                    twins.append(build_view(self, player))
                    self._change_places(*pair)
        return twins

    def _change_places(self, a: str, b: str) -> None:
        """Swap two lease cards (their place, holder, who has seen them, face down or
        not), and the money their retainers paid; doing it twice undoes it."""
        from homestretch.games.totopoly.rules.deal import value_of

        for payer, paid, now in ((self.retained.get(a), a, b), (self.retained.get(b), b, a)):
            if payer is not None:
                difference = value_of(self, paid) - value_of(self, now)
                self.cash[payer] += difference
                self.bank -= difference
        self.where[a], self.where[b] = self.where[b], self.where[a]
        self.knows[a], self.knows[b] = self.knows[b], self.knows[a]
        for table in (self.holder, self.retained):
            first, second = table.pop(a, None), table.pop(b, None)
            if second is not None:
                table[a] = second
            if first is not None:
                table[b] = first
        down = {a, b} & self.face_down
        self.face_down ^= {a, b} if len(down) == 1 else set()

    def conserved(self) -> dict[str, int]:
        colour_cards = sum(self.supply.values()) + sum(self.centre.values())
        colour_cards += sum(sum(h.values()) for h in self.held)
        reports = sum(len(v) for v in self.deck_unseen.values())
        reports += sum(len(v) for v in self.deck_under.values()) + len(self.specials)
        reports += len(self.spent)
        return {
            "money": sum(self.cash) + self.bank + self.tote_pool,
            "lease_cards": len(self.where),
            "colour_cards": colour_cards,
            "report_cards": reports,
        }

    def view(self, player: int | None) -> JSON:
        from homestretch.games.totopoly.rules.views import build_view

        return build_view(self, player)
