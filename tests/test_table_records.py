"""A table rebuilt from its record numbers and serves every event of the game, as the original did."""

from __future__ import annotations

import random

import pytest
from helpers import EDITION_PLAYERS

from loveletter.engine import Game
from loveletter.table import Pushed, Table


@pytest.mark.parametrize("edition, players", EDITION_PLAYERS)
def test_a_rebuilt_table_catches_up_from_any_event(edition: str, players: int) -> None:
    r = random.Random(players)
    table = Table(Game(edition, players, seed=players, options={"tokensToWin": 2}), [Pushed()] * players)
    for _ in range(400):
        p = table.prompt()
        if p is None:
            break
        if p.kind == "round":
            table.next_round()
        else:
            table.submit(p.seat, r.choice(table.view(p.seat).legal), table.version)
    rebuilt = Table.from_record(table.record(), [Pushed()] * players)
    assert rebuilt.next_seq == table.next_seq and rebuilt.version == table.version
    for reader in (None, 0, players - 1):
        assert rebuilt.events_since(0, reader) == table.events_since(0, reader)
        assert rebuilt.events_since(table.next_seq - 3, reader) == table.events_since(table.next_seq - 3, reader)
