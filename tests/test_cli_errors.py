"""Every command-line error: one line on stderr, exit status 2, naming the option or file at fault."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from tui_driver import ROOT

MODEL = "examples/models/ppo_classic2_mix.npz"
POLICY = "loveletter.rl.policy_bot:PolicyBot"


def _run(*args: str, env: dict[str, str] | None = None, code: str | None = None,
         cwd=ROOT) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "loveletter.cli", *args]
    full = {**os.environ, **(env or {})}
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=120, stdin=subprocess.DEVNULL,
                          env=full)


def _one_line(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    err = result.stderr.strip()
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    assert err.startswith("loveletter: error: ")
    for needle in needles:
        assert needle in err, (needle, err)
    return err


@pytest.fixture()
def home(tmp_path):
    return {"HOME": str(tmp_path)}


@pytest.mark.parametrize("args,needles", [
    (["play", "--players", "x"], ["--players", "invalid int value"]),
    (["play", "--nosuch"], ["--nosuch"]),
    (["nosuch"], ["invalid choice"]),
    (["arena"], ["--bots"]),
    (["arena", "--bots", "random,random", "--matches", "many"], ["--matches"]),
    (["play", "--players", "0"], ["--players 0", "2 to 4 players"]),
    (["play", "--players", "9", "--edition", "premium"], ["--players 9", "premium", "2 to 8"]),
    (["play", "--edition", "chess"], ["--edition", "chess"]),
    (["play", "--bots", "ismcts:iters=abc"], ["ismcts:iters=abc", "iters=abc", "whole number"]),
    (["play", "--bots", "ismcts:guesses=0"], ["guesses=0", ">= 1"]),
    (["play", "--bots", "ismcts:ms=nan"], ["ms=nan"]),
    (["play", "--bots", "ismcts:ms=0"], ["ms=0", "> 0"]),
    (["play", "--bots", "heuristic:noise=inf"], ["noise=inf"]),
    (["play", "--bots", "heuristic:speed=2"], ["speed"]),
    (["play", "--bots", POLICY], ["path=FILE"]),
    (["play", "--bots", f"{POLICY}:path=nosuch.npz"], ["nosuch.npz", "no such model file"]),
    (["play", "--edition", "2019", "--bots", f"{POLICY}:path={MODEL}"], [MODEL, "classic with 2 players",
                                                                           "not 2019 with 2"]),
    (["play", "--players", "3", "--bots", f"{POLICY}:path={MODEL}"], ["not classic with 3"]),
    (["arena", "--bots", f"{POLICY}:path={MODEL},random", "--edition", "2019"], ["not 2019 with 2"]),
    (["play", "--seats", "heuristic,random"], ["--seats", "no 'human' seat"]),
    (["play", "--seats", "human,human", "--bots", "random"], ["--seats", "--bots"]),
    (["play", "--bots", "human,random"], ["--bots", "--seats"]),
    (["play", "--seat", "3"], ["--seat", "0-1"]),
    (["play", "--lang", "xx"], ["--lang", "xx"]),
    (["replay", "pyproject.toml"], ["pyproject.toml"]),
    (["replay", "/nonexistent/game.json"], ["/nonexistent/game.json"]),
    (["record", "check", "src/loveletter/i18n/locales/fr/LC_MESSAGES/loveletter.mo"], ["loveletter.mo", "not a text"]),
    (["play", "--resume", "/nonexistent/game.json"], ["/nonexistent/game.json"]),
    (["arena", "--bots", "random", "--players", "0"], ["--players 0", "2 to 4 players"]),
    (["arena", "--bots", "random"], ["--bots names 1 bot:", "2 to 4 players"]),
    (["bench", "--players", "0"], ["2-4 players", "not 0"]),
])
def test_one_line_and_status_2(args, needles, home):
    _one_line(_run(*args, env=home), *needles)


def test_a_pt_model_without_torch_gives_the_install_hint(tmp_path, home):
    model = tmp_path / "model.pt"
    model.write_bytes(b"not really a model")
    block = "import sys; sys.modules['torch'] = None; from loveletter.cli import main; sys.exit(main(sys.argv[1:]))"
    err = _one_line(_run("play", "--bots", f"{POLICY}:path={model}", env=home, code=block), "model.pt")
    assert "pip install 'loveletter[train]'" in err


def test_without_the_rl_extra_the_policy_bot_gives_the_install_hint(home):
    block = "import sys; sys.modules['numpy'] = None; from loveletter.cli import main; sys.exit(main(sys.argv[1:]))"
    err = _one_line(_run("play", "--bots", f"{POLICY}:path={MODEL}", env=home, code=block), "numpy")
    assert "pip install 'loveletter[rl]'" in err


def test_a_file_that_is_no_model_is_refused(tmp_path, home):
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"PK\x03\x04 broken")
    _one_line(_run("play", "--bots", f"{POLICY}:path={bad}", env=home), "bad.npz", "not a policy model")


def test_resume_refuses_new_game_settings(tmp_path, home):
    save = tmp_path / "g.json"
    assert _run("play", "--save", str(save), "--seed", "1", env=home).returncode == 0  # stdin closed: saved, quits
    _one_line(_run("play", "--resume", str(save), "--edition", "premium", env=home), "--edition", "--resume")
    _one_line(_run("play", "--resume", str(save), "--seats", "human,human", env=home), "--seats")


def test_resume_alone_without_a_saved_game(home):
    _one_line(_run("play", "--resume", env=home), "no saved game", ".loveletter/last-game.json")


def test_a_new_game_never_silently_overwrites_an_unfinished_one(tmp_path, home):
    save = tmp_path / "g.json"
    assert _run("play", "--save", str(save), "--seed", "1", env=home).returncode == 0
    before = save.read_text(encoding="utf-8")
    assert json.loads(before)["seed"] == 1
    _one_line(_run("play", "--save", str(save), "--seed", "2", env=home), str(save), "unfinished", "--overwrite")
    assert save.read_text(encoding="utf-8") == before
    assert _run("play", "--save", str(save), "--seed", "2", "--overwrite", env=home).returncode == 0
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == 2
    _one_line(_run("play", "--save", "pyproject.toml", env=home), "pyproject.toml")  # not a save: not overwritten
