"""The leak test, over every frame sent: random games with bots, scripted people and spectators.

1. Every frame to a seat carries exactly what the record gives that seat: its view equals the view
   an independent replay of the record gives, its events are that seat's redaction of the events,
   its prompt lists that view's legal decisions, and no other part of any frame names a card the
   recipient did not name itself.
2. The same games are played again with the hidden cards permuted: the cards that no recipient ever
   saw and that never became public (the set-aside card nobody took, the cards never drawn), leaving
   out permutations that make a recorded decision illegal. Every recipient must get byte-identical
   frames.
"""

from __future__ import annotations

import itertools
import json
import random
import time
from pathlib import Path
from typing import Any

from loveletter.engine import Game, RecordError, full_view, knowledge_of, replay
from loveletter.engine.editions import CARD_PATTERN
from loveletter.narrate import describe_knowledge
from loveletter.server.bots import think
from loveletter.server.config import ServerConfig
from loveletter.table import Pushed, Table

from .harness import Client, ServerThread, quick_config

GAMES = 24
CARDS = set()
for _edition in ("classic", "premium", "2019"):
    for _n in (2, 3, 4, 5, 6, 7, 8):
        try:
            CARDS |= set(Game(_edition, _n).deck_spec.counts)
        except Exception:
            pass


NAMED: dict[tuple[str, int | None, str], str] = {}  # (table, seat, cmd) -> the card a person's bad try named


class Bots:
    """The bot pool for these runs: real heuristic bots the first time, their recorded answers the second."""

    def __init__(self, answers: dict[tuple[str, int], str] | None = None) -> None:
        self.answers = answers
        self.chosen: dict[tuple[str, int], str] = {}

    async def choose(self, job: Any) -> str:
        key = (job.table, job.version)
        if self.answers is not None:
            return self.answers[key]
        text = think(job)
        self.chosen[key] = text
        return text


def config(tmp: Path, decks: dict[tuple[str, int], list[str]], bots: Bots) -> ServerConfig:
    counters: dict[str, itertools.count[int]] = {}
    seeds = itertools.count(1000)

    def new_id(kind: str) -> str:
        return f"{kind[:2]}{next(counters.setdefault(kind, itertools.count(1)))}"

    return quick_config(tmp, new_id=new_id, new_seed=lambda: next(seeds), clock=lambda: 1_800_000_000.0,
                        deck_for=lambda table, rnd: decks.get((table, rnd)), bots=bots)


def plan(k: int) -> dict[str, Any]:
    r = random.Random(k)
    edition = ["classic", "premium", "2019"][k % 3]
    players = r.choice({"classic": [2, 3, 4], "premium": [2, 3, 4, 5, 6], "2019": [2, 3, 4, 5, 6]}[edition])
    return {"edition": edition, "players": players, "people": min(1 + k % 2, players),
            "levels": [r.choice(["easy", "medium"]) for _ in range(players)]}


def play_all(tmp: Path, decks: dict[tuple[str, int], list[str]], bots: Bots,
             decisions: dict[tuple[str, int], str] | None) -> tuple[dict[str, list[str]], dict[str, Any], Any]:
    """Play every planned game; every recipient's frames (raw), every record, and the people's decisions."""
    frames: dict[str, list[str]] = {}
    records: dict[str, Any] = {}
    made: dict[tuple[str, int], str] = {}
    tmp.mkdir(parents=True, exist_ok=True)
    with ServerThread(config(tmp, decks, bots)) as srv:
        for k in range(GAMES):
            p = plan(k)
            people = [Client(srv.url, f"P{k}-{i}") for i in range(p["people"])]
            watcher = Client(srv.url, f"W{k}")
            seats = [{"kind": "human"}] + [{"kind": "open"}] * (p["people"] - 1) + [
                {"kind": "bot", "level": lv} for lv in p["levels"][p["people"]:]]
            t = people[0].post("/api/tables", {"edition": p["edition"], "players": p["players"], "seats": seats,
                                               "options": {"tokensToWin": 2}}).json()
            table = t["id"]
            for i, person in enumerate(people[1:], 1):
                assert person.post(f"/api/tables/{table}/join", {"invite": t["invite"], "seat": i}).status_code == 200
            for c in [*people, watcher]:
                c.connect()
            for c in people:
                assert c.open(table)["type"] == "state"
            assert watcher.open(table, invite=t["invite"])["type"] == "state"
            assert people[0].post(f"/api/tables/{table}/start").status_code == 200
            drive(table, people, decisions, made, k)
            deadline = time.monotonic() + 20
            while srv.hub.tables.get(table) is not None:
                assert time.monotonic() < deadline
                time.sleep(0.01)
            for c in [*people, watcher]:
                c.drain(0.05)
                c.close()
            for i, c in enumerate(people):
                frames[f"{table}/seat{i}"] = list(c.raw)
            frames[f"{table}/spectator"] = list(watcher.raw)
            records[table] = people[0].get(f"/api/tables/{table}/record").json()
            for c in [*people, watcher]:
                c.shutdown()
    return frames, records, made


def drive(table: str, people: list[Client], decisions: dict[tuple[str, int], str] | None,
          made: dict[tuple[str, int], str], k: int) -> None:
    """Answer every prompt of the people at ``table``: the recorded decision (second run) or a seeded random
    one; sometimes an illegal try first (a card not in the hand), sometimes a chat line."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for seat, c in enumerate(people):
            for f in c.drain(0.01):
                if f.get("type") not in ("state", "update") or f.get("table") != table:
                    continue
                if f["view"] and f["view"]["outcome"]["game"]:
                    return
                pr = f.get("prompt")
                if not pr:
                    continue
                v = pr["version"]
                if v % 7 == 3:
                    missing = sorted(CARDS & set(f["view"]["cards"]["counts"]) - set(f["view"]["hand"]))[0]
                    c.send({"type": "decide", "table": table, "seat": seat, "version": v, "decision": missing,
                            "cmd": f"bad{v}"})
                    NAMED[(table, seat, f"bad{v}")] = missing
                    assert c.expect("refused")["cmd"] == f"bad{v}"
                if v % 11 == 5:
                    c.send({"type": "chat", "table": table, "text": f"line {v} <i>hi</i>"})
                text = decisions[(table, v)] if decisions is not None else random.Random(k * 100_003 + v).choice(
                    pr["legal"])["text"]
                made[(table, v)] = text
                c.send({"type": "decide", "table": table, "seat": seat, "version": v, "decision": text,
                        "cmd": f"c{v}"})
                c.expect(lambda f, cmd=f"c{v}": f.get("type") == "ack" and f["cmd"] == cmd)
    raise AssertionError("the game did not finish")


def random_decks(tmp_plan: list[dict[str, Any]]) -> dict[tuple[str, int], list[str]]:
    decks = {}
    for k, p in enumerate(tmp_plan):
        g = Game(p["edition"], p["players"])
        cards = [c for c, n in g.deck_spec.counts.items() for _ in range(n)]
        r = random.Random(k * 31)
        for rnd in range(1, 40):
            order = list(cards)
            r.shuffle(order)
            decks[(f"ta{k + 1}", rnd)] = order
    return decks


def hidden_from_everyone(record: dict[str, Any]) -> list[list[int]]:
    """Per round, the deck positions (top card first) that nobody ever saw and that never became public:
    the set-aside card if nobody took it, and the cards never drawn (checked against the final pile)."""
    from loveletter.engine import parse_decision
    from loveletter.engine.record import new_game, start_recorded_round

    g = new_game(record)
    out = []
    for number, rnd in enumerate(record["rounds"], 1):
        texts = start_recorded_round(g, rnd, number, check_seed=False)
        for text in texts:
            g.apply(parse_decision(text))
        events = [e.full() for e in g.events]
        deck = rnd["deck"]
        pile = list(full_view(g, finished_record=True).draw_pile)
        bottomed = sum(len(e["bottom"]) for e in events if e["kind"] == "chancellor_return")
        undrawn = max(0, len(pile) - bottomed)
        tail = list(range(len(deck) - undrawn, len(deck)))
        assert pile[:undrawn] == [deck[i] for i in tail]
        taken = any(e["kind"] == "draw" and e["from"] == "setAside" for e in events)
        out.append(([] if taken else [0]) + tail)
    return out


def permuted(record: dict[str, Any], table: str, r: random.Random) -> dict[tuple[str, int], list[str]] | None:
    """The record's decks with the hidden cards shuffled (None when nothing changes or a decision turns illegal)."""
    rounds = [dict(x) for x in record["rounds"]]
    changed = False
    for rnd, positions in zip(rounds, hidden_from_everyone(record), strict=True):
        deck = list(rnd["deck"])
        cards = [deck[i] for i in positions]
        r.shuffle(cards)
        for i, c in zip(positions, cards, strict=True):
            changed |= deck[i] != c
            deck[i] = c
        rnd["deck"] = deck
    if not changed:
        return None
    try:
        replay({**record, "seed": None, "rounds": rounds})
    except RecordError:
        return None  # a decision became illegal
    return {(table, n): list(x["deck"]) for n, x in enumerate(rounds, 1)}


def check_frames(table: str, record: dict[str, Any], frames: dict[str, list[str]]) -> int:
    """Part 1: every game frame is what the record gives its recipient; nothing else names a card."""
    steps = replay_table_states(record)
    checked = 0
    for key, raw in frames.items():
        if not key.startswith(table + "/"):
            continue
        role = key.split("/")[1]
        reader = None if role == "spectator" else int(role[4:])
        for text in raw:
            f = json.loads(text)
            kind = f["type"]
            if kind in ("state", "update") and f["view"] is not None:
                runner = steps[f["version"]]
                assert f["seat"] == reader
                want = runner.view(reader).to_wire() if reader is not None else runner.spectator_view().to_wire()
                assert f["view"] == want, (key, f["version"])
                for e in f["events"]:
                    e = dict(e)
                    e.pop("say")
                    assert e == runner.events_since(e["seq"], reader)[0]
                if f["prompt"]:
                    assert f["prompt"]["legal"] == want["legal"] and f["prompt"]["seat"] == reader
                check_known(f, runner, reader, key)
                rest = {k: v for k, v in f.items() if k not in ("view", "events", "prompt", "known", "unseen")}
                assert not names_a_card(rest), (key, rest)
                checked += 1
            elif kind == "refused":  # only the card the recipient named itself
                named = NAMED.get((table, reader, f["cmd"]))
                assert all(v == named for v in f["params"].values() if names_a_card(v)), f
            else:
                assert not names_a_card(f), (key, f)
    return checked


KNOWN_FACTS = {"holds": 0, "ruled_out": 0, "knows_mine": 0, "bottom": 0}


def check_known(f: dict[str, Any], runner: Table, reader: int | None, key: str) -> None:
    """``known`` and ``unseen`` are the narration of the knowledge of the record's view for the reader (none for a
    spectator), and every fact in them is true of the real hands."""
    if reader is None:
        assert f["known"] is None and f["unseen"] is None, key
        return
    v = runner.view(reader)
    k = knowledge_of(v)
    assert f["known"] == [m.to_json() for m in describe_knowledge(k, v.values, v.alive)], (key, f["version"])
    assert f["unseen"] == {c: n for c, n in k.unseen.items() if n}, (key, f["version"])
    hands = runner.game.hands
    for m in f["known"]:
        args = m.get("args", {})
        cards = [x["message"]["args"]["card"]["card"] for x in args.get("cards", {}).get("items", ())
                 if "message" in x and "card" in x["message"].get("args", {})]
        if m["id"] == "{player} holds {cards}.":
            assert all(c in hands[args["player"]["seat"]] for c in cards), (key, m, hands)
            KNOWN_FACTS["holds"] += 1
        elif m["id"] == "{player} knows that you hold {cards}.":
            assert all(c in hands[reader] for c in cards), (key, m)
            KNOWN_FACTS["knows_mine"] += 1
        elif m["id"] == "{player} holds no card of value {values}.":
            held = {v.values[c] for c in hands[args["player"]["seat"]]}
            assert not held & {x["number"] for x in args["values"]["items"]}, (key, m, hands)
            KNOWN_FACTS["ruled_out"] += 1
        elif m["id"] == "At the bottom of the deck, from the bottom up: {cards}.":
            pile = list(full_view(runner.game, finished_record=True).draw_pile)
            assert all(c in pile for c in cards), (key, m)
            KNOWN_FACTS["bottom"] += 1
        else:
            raise AssertionError(f"an unexpected knowledge sentence: {m}")


def names_a_card(value: Any) -> bool:
    if isinstance(value, str):
        return value in CARD_PATTERN
    if isinstance(value, dict):
        return any(names_a_card(v) for k, v in value.items() if k not in ("text",))
    if isinstance(value, list):
        return any(names_a_card(v) for v in value)
    return False


def replay_table_states(record: dict[str, Any]) -> dict[int, Table]:
    """The table after every version of a finished record (for comparing views), rebuilt independently."""
    rounds = record["rounds"]
    out: dict[int, Table] = {0: Table.from_record({**record, "rounds": []}, [Pushed()] * record["players"])}
    version = 0
    for n, rnd in enumerate(rounds, 1):
        for cut in range(len(rnd["decisions"]) + 1):
            version += 1
            prefix = {**record, "rounds": [*rounds[:n - 1], {**rnd, "decisions": rnd["decisions"][:cut],
                                                              "by": rnd["by"][:cut], "at": rnd["at"][:cut]}]}
            out[version] = Table.from_record(prefix, [Pushed() for _ in range(record["players"])])
    return out


def test_no_frame_leaks_a_hidden_card(tmp_path: Path) -> None:
    plans = [plan(k) for k in range(GAMES)]
    decks = random_decks(plans)
    bots = Bots()
    frames, records, made = play_all(tmp_path / "first", decks, bots, None)
    assert len(records) == GAMES and all(replay(r).game_over for r in records.values())
    # part 1
    checked = sum(check_frames(t, rec, frames) for t, rec in records.items())
    assert checked > 1000
    assert KNOWN_FACTS["holds"] > 20 and KNOWN_FACTS["ruled_out"] > 20 and KNOWN_FACTS["knows_mine"] > 20, KNOWN_FACTS
    # part 2: the same games, hidden cards permuted
    r = random.Random(99)
    new_decks = dict(decks)
    permutations = 0
    for table, rec in records.items():
        p = permuted(rec, table, r)
        if p is not None:
            new_decks.update(p)
            permutations += 1
    assert permutations >= GAMES // 2
    answers = dict(bots.chosen)
    frames2, records2, _ = play_all(tmp_path / "second", new_decks, Bots(answers), made)
    compared = 0
    for key in frames:
        table = key.split("/")[0]
        assert [r["decisions"] for r in records2[table]["rounds"]] == [r["decisions"] for r in
                                                                        records[table]["rounds"]]
        assert by_kind(frames2[key]) == by_kind(frames[key]), key
        compared += len(frames[key])
    changed = sum(1 for t in records if [x["deck"] for x in records[t]["rounds"]] != [
        x["deck"] for x in records2[t]["rounds"]])
    print(f"{checked} game frames checked against the record; {permutations} of {GAMES} games replayed with "
          f"hidden cards permuted; {compared} frames compared byte for byte")
    assert changed == permutations and compared > 1000


def by_kind(raw: list[str]) -> dict[str, list[str]]:
    """Frames by type, in order (chat lines may interleave differently with bot moves; each frame is compared
    byte for byte)."""
    out: dict[str, list[str]] = {}
    for text in raw:
        out.setdefault(json.loads(text)["type"], []).append(text)
    return out

