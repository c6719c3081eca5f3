"""The research subcommands of ``loveletter``: ``train``, ``exploit``, ``analyze``.

``cli.py`` calls :func:`add_commands` with its subparsers; each command imports its heavy
dependencies (numpy, torch) only when it runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


class ResearchError(ValueError):
    """A user error (printed as one line by the main command, exit status 2)."""


def _options(text: str | None) -> dict[str, Any]:
    from ..cli import _options as parse

    return parse(text)


def _need(module: str, extra: str) -> None:
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise ResearchError(f"this command needs {module}: pip install 'loveletter[{extra}]'")


def cmd_train(args: argparse.Namespace) -> int:
    _need("torch", "train")
    if args.expert is not None:
        from .expert import DataError, expert_iteration

        if not args.init:
            raise ResearchError("--expert needs --init MODEL.npz (with a value network): the teacher's network")
        try:
            res = expert_iteration(args.init, args.out, teacher_budget=args.teacher,
                                   opponents=[s for s in args.opponents.split(",") if s], games=args.expert,
                                   seed=args.seed, workers=args.workers, ray=args.ray, threads=args.threads,
                                   progress=not args.quiet, features=args.features, extra_data=args.data,
                                   epochs=args.epochs)
        except DataError as e:
            raise ResearchError(str(e)) from None
        print(json.dumps(res))
        return 0
    from .train import TrainConfig, train

    cfg = TrainConfig(edition=args.edition, players=args.players,
                      opponents=[s for s in args.opponents.split(",") if s], minutes=args.minutes, out=args.out,
                      init=args.init, envs=args.envs, steps=args.steps, hidden=args.hidden, lr=args.lr,
                      entropy=args.entropy, threads=args.threads, seed=args.seed, snapshot=args.snapshot,
                      checkpoint_every=args.checkpoint_every, max_rounds=args.rounds,
                      episode=args.episode, features=args.features, anchor=args.anchor)
    train(cfg, resume=args.resume, progress=not args.quiet)
    return 0


def cmd_exploit(args: argparse.Namespace) -> int:
    _need("torch", "train")
    from .exploit import format_probe, probe

    result = probe(args.bot, edition=args.edition, players=args.players, rounds=args.rounds, minutes=args.minutes,
                   matches=args.matches, out=args.out, init=args.init, seed=args.seed, workers=args.workers,
                   resume=args.resume, progress=not args.json and not args.quiet)
    print(json.dumps(result) if args.json else format_probe(result))
    return 0


def cmd_analyze(args: argparse.Namespace) -> int:
    from .analyze import analyze_file, format_report

    result = analyze_file(args.record, args.seat, rollouts=args.rollouts, policy=args.policy, seed=args.seed,
                          progress=not args.json and sys.stderr.isatty() and not args.quiet,
                          threshold=args.threshold)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(format_report(result, lang=args.lang))
    return 0


def add_commands(sub: Any, editions: list[str]) -> None:
    """Add ``train``, ``exploit`` and ``analyze`` to the ``loveletter`` subparsers."""
    t = sub.add_parser("train", help="train a policy/value network by PPO (needs the train extra)")
    t.add_argument("--edition", default="classic", choices=editions)
    t.add_argument("--players", type=int, default=2)
    t.add_argument("--opponents", default="heuristic",
                   help="bot specs spread over the environments; 'self' is the agent's own frozen copy")
    t.add_argument("--minutes", type=float, default=10.0, help="training time budget (total, across resumes)")
    t.add_argument("--rounds", type=int, help="stop after this many training rounds instead")
    t.add_argument("--out", default="model.npz", help="the model (.npz); OUT.ckpt, OUT.png, OUT.json beside it")
    t.add_argument("--init", help="start from this .npz model")
    t.add_argument("--resume", action="store_true", help="continue from OUT.ckpt")
    t.add_argument("--envs", type=int, default=32)
    t.add_argument("--steps", type=int, default=64)
    t.add_argument("--hidden", type=int, default=128)
    t.add_argument("--lr", type=float, default=3e-4)
    t.add_argument("--entropy", type=float, default=0.01)
    t.add_argument("--threads", type=int, default=1)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--snapshot", type=int, default=25, help="updates between refreshes of the 'self' opponent")
    t.add_argument("--checkpoint-every", type=int, default=20)
    t.add_argument("--episode", choices=("game", "round"), default="game",
                   help="game (default): whole games, so the policy sees every score; round: each episode is "
                        "a new game's first round")
    t.add_argument("--features", choices=("facts", "belief", "history"),
                   help="the observation: facts (the default for a new network), belief (adds each other "
                        "seat's card probabilities) or history (belief, and the order of each other seat's "
                        "latest discards); an --init network keeps its own unless this asks for a later "
                        "set, which widens it (zero weights for the new inputs)")
    t.add_argument("--anchor", type=float, default=0.0, metavar="COEF",
                   help="PPO from --init: add COEF times the KL divergence from the --init policy to the loss, "
                        "so fine-tuning keeps what the network knew where changing it gains little")
    t.add_argument("--quiet", action="store_true")
    t.add_argument("--expert", type=int, metavar="GAMES",
                   help="expert iteration instead of PPO: GAMES games of policy-guided ISMCTS (the --init "
                        "network) label decisions, the policy is trained on them; 0 with --data trains on "
                        "kept decisions only")
    t.add_argument("--teacher", default="iters=200:lam=1",
                   help="the teacher: a search budget for policy-guided ISMCTS with the --init network "
                        "(default iters=200:lam=1), or any bot spec (e.g. ismcts:iters=100)")
    t.add_argument("--data", action="append", metavar="FILE",
                   help="--expert: also train on the decisions an earlier iteration kept (its OUT.data.npz); "
                        "repeat for several")
    t.add_argument("--epochs", type=int, default=8, help="--expert: passes over the decisions (default 8)")
    t.add_argument("--workers", type=int, default=1, help="--expert: processes for the teacher's games")
    t.add_argument("--ray", nargs="?", const="local", metavar="ADDRESS", help="--expert: play them on Ray")
    t.set_defaults(func=cmd_train)

    e = sub.add_parser("exploit", help="exploitability probe: train a best response to a frozen bot")
    e.add_argument("--bot", required=True, help="the bot spec to exploit")
    e.add_argument("--edition", default="classic", choices=editions)
    e.add_argument("--players", type=int, default=2)
    e.add_argument("--rounds", type=int, default=100_000, help="training budget in rounds (default 100000)")
    e.add_argument("--minutes", type=float, help="a time budget instead of --rounds")
    e.add_argument("--matches", type=int, default=200, help="evaluation matches (x players full games)")
    e.add_argument("--init", help="start the best response from this .npz model")
    e.add_argument("--out", help="where to keep the best response (default: a file in the current folder)")
    e.add_argument("--resume", action="store_true")
    e.add_argument("--seed", type=int, default=0)
    e.add_argument("--workers", type=int, default=1, help="processes for the evaluation games")
    e.add_argument("--json", action="store_true")
    e.add_argument("--quiet", action="store_true")
    e.set_defaults(func=cmd_exploit)

    a = sub.add_parser("analyze", help="post-game analysis of one seat's decisions in a recorded game")
    a.add_argument("record", help="a game record (loveletter-record JSON)")
    a.add_argument("--seat", type=int, required=True)
    a.add_argument("--rollouts", type=int, default=200, help="playouts per legal decision (default 200)")
    a.add_argument("--policy", default="heuristic", help="the bot every seat plays after the decision")
    a.add_argument("--threshold", type=float, default=0.05,
                   help="a mistake: the best choice is this much likelier to win, beyond the intervals")
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--lang", help="en, es, fr, nl or zh (default: from the locale)")
    a.add_argument("--json", action="store_true")
    a.add_argument("--quiet", action="store_true")
    a.set_defaults(func=cmd_analyze)
