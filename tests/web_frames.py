"""Recorded WebSocket frames for the web client's unit tests, made with the real engine and table runner.

``python tests/web_frames.py`` writes ``web/test/golden/frames.json``: for a few games (two people and
a bot in the premium edition, a classic game against a bot), the frames docs/protocol.md says a seat
and a spectator get: ``state`` on open (events from 0, each with its ``say``), then an ``update``
after every stored step, with the recipient's wire view, the events since its last frame, its
prompt, and what its seat knows (``known``, ``unseen``: the server's own ``redact.known_of``).
``tests/test_web.py`` checks the file is what the sources make now; the vitest tests feed the frames
to the client (table, prompts, spectator, pass-and-play, what you know, every language), and the
replay endpoint's answer for the classic game feeds the replay viewer.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from loveletter.engine import Game
from loveletter.narrate import describe
from loveletter.server.redact import known_of, replay_steps
from loveletter.table import Table
from loveletter.table.controllers import Automatic, Pushed

FRAMES = Path(__file__).resolve().parents[1] / "web" / "test" / "golden" / "frames.json"


class _RandomBot:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        return self.rng.choice(list(view.legal))


def _events(table: Table, since: int, reader: int | None) -> list[dict[str, Any]]:
    out = table.events_since(since, reader)
    for e in out:
        m = describe({k: v for k, v in e.items() if k != "seq"}, reader)
        e["say"] = None if m is None else m.to_json()
    return out


def _prompt(table: Table, seat: int | None) -> dict[str, Any] | None:
    p = table.prompt()
    if seat is None or p is None or p.kind != "decision" or p.seat != seat or p.automatic:
        return None
    return {"seat": seat, "version": p.version, "legal": table.view(seat).to_wire()["legal"], "deadline": None}


def _frame(kind: str, table: Table, tid: str, seat: int | None, since: int, seats: list[dict[str, Any]],
           status: str) -> dict[str, Any]:
    v = table.view(seat) if seat is not None else table.spectator_view()
    known, unseen = known_of(v) if seat is not None else (None, None)
    frame: dict[str, Any] = {"type": kind, "table": tid, "version": table.version, "seat": seat, "status": status,
                             "view": v.to_wire(), "events": _events(table, since, seat), "prompt": _prompt(table, seat),
                             "known": known, "unseen": unseen}
    if kind == "state":
        frame["seats"] = seats
        frame["chat"] = []
    return frame


def record_game(tid: str, edition: str, kinds: list[str], seed: int, max_steps: int = 400) -> dict[str, Any]:
    """Frames for every human seat and a spectator; humans decide at random (seeded)."""
    players = len(kinds)
    game = Game(edition, players, seed=seed, options={"tokensToWin": 2})
    controllers = [Pushed() if k == "human" else Automatic(_RandomBot(seed + i), "bot") for i, k in enumerate(kinds)]
    table = Table(game, controllers)
    names = ["Ada", "Bea", "Cy", "Dee", "Eve", "Fay"]
    seats = [{"seat": i, "kind": k, "name": names[i] if k == "human" else f"Bot {i}", "level": None if k == "human"
              else "medium", "connected": True, "takenOver": False, "you": k == "human"} for i, k in enumerate(kinds)]
    readers: list[int | None] = [i for i, k in enumerate(kinds) if k == "human"] + [None]
    table.advance()
    frames: dict[str, list[dict[str, Any]]] = {str(r): [] for r in readers}
    sent = {r: 0 for r in readers}
    for r in readers:
        frames[str(r)].append(_frame("state", table, tid, r, 0, seats, "playing"))
        sent[r] = table.next_seq
    rng = random.Random(seed)
    steps = 0
    while not table.game.game_over and steps < max_steps:
        p = table.prompt()
        assert p is not None and p.seat is not None and not p.automatic
        legal = list(table.view(p.seat).legal)
        out = table.submit(p.seat, rng.choice(legal).text(), p.version, command_id=f"c{steps}")
        assert out.accepted
        table.advance()
        steps += 1
        status = "finished" if table.game.game_over else "playing"
        for r in readers:
            frames[str(r)].append(_frame("update", table, tid, r, sent[r], seats, status))
            sent[r] = table.next_seq
    return {"table": tid, "edition": edition, "players": players, "seats": seats, "frames": frames,
            "record": table.record()}


def games() -> list[dict[str, Any]]:
    return [
        record_game("pp1", "premium", ["human", "human", "bot"], seed=11),
        record_game("cl1", "classic", ["human", "bot"], seed=5),
        record_game("z19", "2019", ["human", "bot", "bot", "human"], seed=8),
    ]


def text() -> str:
    made = games()
    # the replay endpoint's answer for the classic game (GET /api/tables/{id}/replay: the server's replay_steps)
    cl1 = next(g for g in made if g["table"] == "cl1")
    replay = {"table": "cl1", "seats": cl1["seats"], "steps": replay_steps(cl1["record"])}
    for g in made:
        del g["record"]
    return json.dumps({"games": made, "replay": replay}, ensure_ascii=False, separators=(",", ":")) + "\n"


def main() -> int:
    FRAMES.parent.mkdir(parents=True, exist_ok=True)
    FRAMES.write_text(text(), encoding="utf-8")
    print(f"wrote {FRAMES} ({FRAMES.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
