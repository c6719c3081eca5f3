"""The table runner: the one loop that drives every game (terminal, arena, demo, RL, server).

A :class:`Table` owns a :class:`~loveletter.engine.Game` and a controller per seat. Input is
pushed: ``submit(seat, decision, expected_version)`` checks, in this order, that the game still
runs, that the command is not a repeat, that ``expected_version`` is the table's version (a
client acting on an old state is refused), that the seat is the one asked, that a person (not a
bot) holds it, and that the engine lists the decision as legal; then it applies it. Automatic seats
(bots) are asked by :meth:`Table.advance`, which also starts rounds; a server that thinks for bots
elsewhere reads :meth:`Table.prompt` and submits their answers itself.

Every accepted change -- a decision or a round start -- is a :class:`Step` and increments
``version``. Events get game-wide sequence numbers (``seq``: the n-th event of the game), so a
client that reconnects is caught up with :meth:`Table.events_since`. Saving is a hook
(``on_step``) called with each step before the call that made it returns; if the hook raises, a
decision is undone and the error propagates (nothing unsaved is ever reported as done). A server
that must store before it changes anything uses :meth:`Table.prepare` (checks, and returns the
step to store) and :meth:`Table.finish` (applies it).

Turn timers are a policy (:class:`TurnTimer`) with an injected clock: a person's seat that runs
out of time is played by a fallback bot for that turn, and after ``takeover_after`` timeouts in a
row the bot keeps the seat until the person reclaims it. The record says who made each decision
(``by``: ``human``, a bot label, ``timeout:<label>``) and when (``at``, Unix milliseconds).

Pure: standard library and the engine only, no I/O, no threads, no clock unless given one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Decision, DecisionSyntaxError, Event, Game, IllegalDecision, View, codec_for, parse_decision
from ..engine.record import new_game, start_recorded_round
from ..engine.wire import event_to_wire
from .controllers import Automatic, Chooser, Controller, Pushed

#: Refusal codes of the runner itself (the engine's are in ``loveletter.engine.errors.ERROR_CODES``).
RUNNER_CODES = frozenset({"stale_version", "duplicate_command", "bot_seat", "malformed_decision"})


@dataclass(frozen=True)
class Refusal:
    """Why a submission was not applied: a code and JSON-ready params (never a card the seat may not know)."""

    code: str
    params: Mapping[str, Any]
    message: str = ""

    def to_wire(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}


@dataclass(frozen=True)
class Step:
    """One accepted change, with everything needed to store it."""

    version: int  # the table's version once this step is applied
    kind: str  # "round" or "decision"
    round: int
    at: int | None  # Unix milliseconds (None without a clock)
    seat: int | None = None
    decision: str | None = None  # text form
    by: str | None = None
    command_id: str | None = None
    deck: tuple[str, ...] | None = None  # round starts: the deck, top card first
    first_player: int | None = None
    first_player_given: bool = False
    shuffled: bool = True


@dataclass(frozen=True)
class Outcome:
    """What a call did: the step applied (or the refusal), the table's version, the new events' numbers."""

    accepted: bool
    version: int
    step: Step | None = None
    refusal: Refusal | None = None
    duplicate: bool = False
    first_seq: int = 0  # the new events are seq first_seq .. last_seq - 1
    last_seq: int = 0


@dataclass(frozen=True)
class Prompt:
    """Who must act now: a seat's decision (``kind="decision"``) or starting the next round (``"round"``)."""

    kind: str
    version: int
    seat: int | None = None
    automatic: bool = False
    label: str = ""
    deadline: float | None = None  # clock time when a timer plays for the seat


@dataclass
class TurnTimer:
    """A per-turn time limit for seats whose decisions are pushed.

    ``fallback(seat)`` builds the bot that plays a timed-out turn (labelled ``fallback_label``); after
    ``takeover_after`` timeouts in a row that bot keeps the seat (until :meth:`Table.reclaim`).
    """

    seconds: float
    fallback: Callable[[int], Chooser]
    fallback_label: str = "heuristic"
    takeover_after: int = 2

    def __post_init__(self) -> None:
        if not (isinstance(self.seconds, int | float) and self.seconds > 0 and self.seconds == self.seconds):
            raise ValueError("a turn timer needs a positive number of seconds")
        if type(self.takeover_after) is not int or self.takeover_after < 1:
            raise ValueError("takeover_after must be a positive integer")


@dataclass
class _Pending:
    """A checked decision waiting for :meth:`Table.finish`."""

    step: Step
    decision: Decision = field(repr=False)
    timeout: bool = False


class Table:
    """One game at one table (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        controllers: Sequence[Controller],
        *,
        clock: Callable[[], float] | None = None,
        timer: TurnTimer | None = None,
        on_step: Callable[[Step], None] | None = None,
        auto_rounds: bool = True,
        remember_commands: int = 1000,
    ) -> None:
        if len(controllers) != game.players:
            raise ValueError(f"{len(controllers)} controllers for {game.players} seats")
        if timer is not None and clock is None:
            raise ValueError("a turn timer needs a clock")
        self._game = game
        self._controllers: list[Controller] = list(controllers)
        self._clock = clock
        self._timer = timer
        self.on_step = on_step
        self.auto_rounds = auto_rounds
        self._version = 0
        self._events: list[Event] = []  # every event of the finished part of the game, by seq
        self._round_seen = 0  # events of the current round already in _events
        self._meta: list[tuple[list[str | None], list[int | None]]] = []  # per round: by, at
        self._commands: dict[str, int] = {}  # command id -> the version its step produced
        self._remember = remember_commands
        self._timeouts = [0] * game.players
        self._taken_over: dict[int, Controller] = {}  # seat -> the controller a bot replaced
        self._turn_started: float | None = None
        self._codec = codec_for(game.edition.name, game.players)
        for _ in game._rounds:  # a game already under way: its decisions have no who/when
            self._meta.append(([], []))
        for r in game._rounds:
            self._meta[len(self._meta) - len(game._rounds)][0].extend([None] * len(r["decisions"]))
        self._version = sum(1 + len(r["decisions"]) for r in game._rounds)
        self._capture()
        self._arm_timer()

    # ------------------------------------------------------------------ reading
    @property
    def game(self) -> Game:
        """The game, for reading (apply decisions through the table, never on the game directly)."""
        return self._game

    @property
    def version(self) -> int:
        """Incremented by every accepted decision and every round start."""
        return self._version

    @property
    def next_seq(self) -> int:
        """The sequence number the next event will get (= the number of events so far)."""
        return self._game.event_base + len(self._game._log)

    @property
    def controllers(self) -> tuple[Controller, ...]:
        return tuple(self._controllers)

    def view(self, seat: int) -> View:
        return self._game.view(seat)

    def spectator_view(self) -> View:
        return self._game.spectator_view()

    def prompt(self) -> Prompt | None:
        """Who must act now, or None once the game is over."""
        g = self._game
        if g.game_over:
            return None
        seat = g.to_move
        if seat is None:
            return Prompt("round", self._version)
        c = self._controllers[seat]
        deadline = None
        if not c.automatic and self._timer is not None and self._turn_started is not None:
            deadline = self._turn_started + self._timer.seconds
        return Prompt("decision", self._version, seat, c.automatic, c.label, deadline)

    def events_since(self, seq: int, reader: int | None) -> list[dict[str, Any]]:
        """Every event numbered ``seq`` or later, redacted for ``reader`` (a seat, or None: a spectator)."""
        self._capture()
        if type(seq) is not int or seq < 0:
            raise ValueError(f"bad sequence number {seq!r}")
        return [event_to_wire(self._events[i].for_seat(reader), i) for i in range(seq, len(self._events))]

    def all_events(self) -> tuple[Event, ...]:
        """Every event of the game so far, unredacted (index = seq). For finished games and tests."""
        self._capture()
        return tuple(self._events)

    # ------------------------------------------------------------------ decisions
    def submit(self, seat: int, decision: Decision | str | int, expected_version: int, *,
               command_id: str | None = None, by: str | None = None) -> Outcome:
        """Apply ``seat``'s decision made on state ``expected_version`` (a Decision, its text or its codec id).

        ``by`` is for automatic seats (the bot's label); a person's seat leaves it out.
        """
        pending = self.prepare(seat, decision, expected_version, command_id=command_id, by=by)
        if isinstance(pending, Outcome):
            return pending
        return self.finish(pending)

    def prepare(self, seat: int, decision: Decision | str | int, expected_version: int, *,
                command_id: str | None = None, by: str | None = None) -> _Pending | Outcome:
        """Check a submission and return the step to store (nothing changes), or a refused/duplicate Outcome."""
        if command_id is not None:
            if type(command_id) is not str or not command_id:
                return self._refuse("malformed_decision", {}, "a command id must be a non-empty string")
            done = self._commands.get(command_id)
            if done is not None:
                return Outcome(True, self._version, duplicate=True,
                               refusal=Refusal("duplicate_command", {"version": done}, "already applied"))
        g = self._game
        if g.game_over:
            return self._refuse("game_over", {}, "the game is over")
        if g.to_move is None:
            return self._refuse("round_over", {}, "no round is being played")
        if type(expected_version) is not int or expected_version != self._version:
            return self._refuse("stale_version", {"version": self._version},
                                f"the table is at version {self._version}")
        if type(seat) is not int or seat != g.to_move:
            return self._refuse("not_your_turn", {"seat": g.to_move}, f"seat {g.to_move} must decide")
        controller = self._controllers[seat]
        if controller.automatic and by is None:
            return self._refuse("bot_seat", {"seat": seat}, "a bot plays this seat now")
        parsed = self._parse(decision, seat)
        if isinstance(parsed, Outcome):
            return parsed
        try:
            legal = g.resolve(parsed, seat)
        except IllegalDecision as problem:
            return self._refuse(problem.code, problem.params, problem.message)
        label = by if by is not None else controller.label
        step = Step(self._version + 1, "decision", g.round_no, self._now(), seat, legal.text(), label, command_id)
        return _Pending(step, legal)

    def finish(self, pending: _Pending) -> Outcome:
        """Apply a step returned by :meth:`prepare` (at the same version; once)."""
        step = pending.step
        if step.version != self._version + 1 or step.round != self._game.round_no:
            raise ValueError("this step was prepared for another version of the table")
        g = self._game
        saved = self._snapshot() if self.on_step is not None else None
        before = self.next_seq
        g.apply(pending.decision, seat=step.seat)
        self._version += 1
        if self._meta:  # (a position built for search by Game.from_view has no round records)
            by, at = self._meta[-1]
            by.append(step.by)
            at.append(step.at)
        if step.command_id is not None:
            self._commands[step.command_id] = step.version
            if len(self._commands) > self._remember:
                self._commands.pop(next(iter(self._commands)))
        seat = step.seat
        assert seat is not None
        if not pending.timeout and not self._controllers[seat].automatic:
            self._timeouts[seat] = 0
        self._after(step, saved)
        return Outcome(True, self._version, step, first_seq=before, last_seq=self.next_seq)

    # ------------------------------------------------------------------ rounds and automatic seats
    def next_round(self, deck: Sequence[str] | None = None) -> Outcome:
        """Start the next round (the game must be between rounds); ``deck`` (top card first) instead of
        a shuffle, for tests that deal chosen cards (the record says the deck was not shuffled)."""
        g = self._game
        if g.game_over:
            return self._refuse("game_over", {}, "the game is over")
        if g.to_move is not None or g.phase not in ("setup", "round_over"):
            return self._refuse("invalid_choice", {}, "a round is being played")
        self._capture()
        saved = self._snapshot() if self.on_step is not None else None
        before = self.next_seq
        g.start_round(deck)
        self._round_seen = 0
        self._version += 1
        self._meta.append(([], []))
        r = g._rounds[-1]
        step = Step(self._version, "round", g.round_no, self._now(), deck=tuple(r["deck"]),
                    first_player=r["firstPlayer"], first_player_given=r["firstPlayerGiven"], shuffled=r["shuffled"])
        self._after(step, saved)
        return Outcome(True, self._version, step, first_seq=before, last_seq=self.next_seq)

    def advance(self, max_steps: int | None = None) -> list[Outcome]:
        """Play automatic seats (and start rounds when ``auto_rounds``) until a person must act,
        the game ends, or ``max_steps`` steps were taken."""
        done: list[Outcome] = []
        while max_steps is None or len(done) < max_steps:
            p = self.prompt()
            if p is None:
                break
            if p.kind == "round":
                if not self.auto_rounds:
                    break
                done.append(self.next_round())
                continue
            if not p.automatic:
                break
            assert p.seat is not None
            done.append(self._play_automatic(p.seat))
        return done

    def run(self) -> None:
        """Play the whole game (every seat must be automatic)."""
        while self._game.game_over is False:
            steps = self.advance()
            if not steps and not self._game.game_over:
                p = self.prompt()
                raise ValueError(f"seat {p.seat if p else None} waits for a person: run() needs automatic seats")

    def _play_automatic(self, seat: int) -> Outcome:
        controller = self._controllers[seat]
        assert isinstance(controller, Automatic)
        return self._decide_for(seat, controller.chooser, controller.label)

    def _decide_for(self, seat: int, chooser: Chooser, label: str, timeout: bool = False) -> Outcome:
        view = self._game.view(seat)
        try:
            decision = chooser.choose(view)
        except Exception as exc:
            raise BotError(seat, label, f"failed: {type(exc).__name__}: {exc}") from exc
        pending = self.prepare(seat, decision, self._version, by=label)
        if isinstance(pending, Outcome):
            text = decision.text() if hasattr(decision, "text") else repr(decision)
            code = pending.refusal.code if pending.refusal else "?"
            raise BotError(seat, label, f"chose an illegal decision {text} ({code})")
        pending.timeout = timeout
        return self.finish(pending)

    # ------------------------------------------------------------------ timers and seats
    def expire(self, now: float) -> Outcome | None:
        """If a person's turn ran out of time by ``now``, the fallback bot plays it (and may keep the seat)."""
        p = self.prompt()
        timer = self._timer
        if timer is None or p is None or p.kind != "decision" or p.automatic or p.deadline is None:
            return None
        if now < p.deadline:
            return None
        seat = p.seat
        assert seat is not None
        outcome = self._decide_for(seat, timer.fallback(seat), f"timeout:{timer.fallback_label}", timeout=True)
        self._timeouts[seat] += 1
        if self._timeouts[seat] >= timer.takeover_after:
            self._take_over(seat)
        return outcome

    def leave(self, seat: int) -> None:
        """The person at ``seat`` left: the fallback bot takes the seat so the table can finish."""
        self._take_over(seat)

    def reclaim(self, seat: int) -> bool:
        """Give a taken-over seat back to its person; False if it was not taken over."""
        original = self._taken_over.pop(seat, None)
        if original is None:
            return False
        self._controllers[seat] = original
        self._timeouts[seat] = 0
        self._arm_timer()
        return True

    def taken_over(self) -> frozenset[int]:
        return frozenset(self._taken_over)

    def timeouts(self, seat: int) -> int:
        """Timeouts in a row of ``seat``."""
        return self._timeouts[seat]

    def _take_over(self, seat: int) -> None:
        if seat in self._taken_over or self._controllers[seat].automatic:
            return
        timer = self._timer
        if timer is None:
            raise ValueError("no fallback bot: the table has no turn timer policy")
        self._taken_over[seat] = self._controllers[seat]
        self._controllers[seat] = Automatic(timer.fallback(seat), timer.fallback_label)

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """The game record (engine format, version 2) with who made each decision and when."""
        rec = self._game.record()
        for rnd, (by, at) in zip(rec["rounds"], self._meta, strict=True):
            if any(x is not None for x in by):
                rnd["by"] = list(by)
            if any(x is not None for x in at):
                rnd["at"] = list(at)
        return rec

    @classmethod
    def from_record(cls, record: Mapping[str, Any], controllers: Sequence[Controller], **kwargs: Any) -> Table:
        """Rebuild a table from its record (who/when included), ready to go on."""
        from ..engine import RecordError

        game = new_game(record)
        check_seed = record.get("seed") is not None
        meta: list[tuple[list[str | None], list[int | None]]] = []
        earlier: list[Event] = []  # the events of the rounds before the last (numbered from seq 0)
        index = 0
        for number, rnd in enumerate(record["rounds"], 1):
            earlier.extend(game.events)  # before the next round resets the log
            decisions = start_recorded_round(game, rnd, number, check_seed=check_seed)
            by = rnd.get("by") or [None] * len(decisions)
            at = rnd.get("at") or [None] * len(decisions)
            if len(by) != len(decisions) or len(at) != len(decisions):
                raise RecordError(f"round {number}: 'by' and 'at' must match the decisions")
            if any(x is not None and type(x) is not str for x in by) or any(
                    x is not None and type(x) is not int for x in at):
                raise RecordError(f"round {number}: bad 'by' or 'at' entries")
            for text in decisions:
                try:
                    game.apply(parse_decision(text))
                except (DecisionSyntaxError, IllegalDecision) as exc:
                    raise RecordError(f"{text!r} is illegal: {exc}", index) from None
                index += 1
            meta.append((list(by), list(at)))
        table = cls(game, controllers, **kwargs)
        table._meta = meta
        table._events[:0] = earlier  # catch-up (events_since) reaches back to the first round
        return table

    # ------------------------------------------------------------------ internals
    def _parse(self, decision: Decision | str | int, seat: int) -> Decision | Outcome:
        if type(decision) is str:
            try:
                return parse_decision(decision)
            except DecisionSyntaxError as exc:
                return self._refuse("malformed_decision", {}, str(exc))
        if type(decision) is int:
            try:
                return self._codec.decode(decision, seat)
            except ValueError as exc:
                return self._refuse("malformed_decision", {}, str(exc))
        return decision  # type: ignore[return-value]  # checked exactly by the engine

    def _refuse(self, code: str, params: Mapping[str, Any], message: str) -> Outcome:
        return Outcome(False, self._version, refusal=Refusal(code, dict(params), message))

    def _now(self) -> int | None:
        return None if self._clock is None else int(self._clock() * 1000)

    def _capture(self) -> None:
        """Number this round's new events (they must be numbered before the next round resets the log)."""
        events = self._game.events
        if len(events) > self._round_seen:
            self._events.extend(events[self._round_seen:])
            self._round_seen = len(events)

    def _arm_timer(self) -> None:
        g = self._game
        seat = g.to_move
        if self._timer is None or seat is None or self._controllers[seat].automatic or self._clock is None:
            self._turn_started = None
        else:
            self._turn_started = self._clock()

    def _snapshot(self) -> tuple[Any, ...]:
        return (self._game.copy(), self._version, len(self._events), self._round_seen,
                [(list(by), list(at)) for by, at in self._meta], dict(self._commands), list(self._timeouts),
                self._turn_started)

    def _restore(self, saved: tuple[Any, ...]) -> None:
        (self._game, self._version, n_events, self._round_seen, self._meta, self._commands, self._timeouts,
         self._turn_started) = saved
        del self._events[n_events:]

    def _after(self, step: Step, saved: tuple[Any, ...] | None) -> None:
        self._arm_timer()
        if self.on_step is not None:
            try:
                self.on_step(step)
            except BaseException:
                if saved is not None:
                    self._restore(saved)  # what could not be saved did not happen
                raise


class BotError(RuntimeError):
    """An automatic seat failed or chose an illegal decision."""

    def __init__(self, seat: int, label: str, problem: str) -> None:
        self.seat, self.label, self.problem = seat, label, problem
        super().__init__(f"bot {label!r} at seat {seat} {problem}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (BotError, (self.seat, self.label, self.problem))


__all__ = ["RUNNER_CODES", "BotError", "Outcome", "Prompt", "Pushed", "Refusal", "Step", "Table", "TurnTimer"]
