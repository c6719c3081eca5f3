"""A trained policy as a bot: ``loveletter.rl.policy_bot:PolicyBot:path=model.pt``.

The bot encodes its view with the environment's :class:`~loveletter.rl.encoding.Encoder`, runs
the policy network, and picks the best legal action (or samples one with ``sample=true``). The
forward pass is plain numpy, so a model saved as ``.npz`` needs no PyTorch; a ``.pt`` file (as
the first training example wrote) is read with ``torch.load`` when PyTorch is installed.

Model format (both files hold the same items): ``edition`` and ``players`` (what the model was
trained for), and layers ``w0, b0, w1, b1, ...`` of a multilayer perceptron, ``x @ w + b`` with a
tanh between layers and none after the last one, whose output is one logit per action index.
Optionally ``features`` (the observation's feature set, ``facts`` when absent: see
:mod:`loveletter.rl.encoding`) and ``vw0, vb0, ...``: a value network of the same form with one
output, the expected round outcome for the observing seat (+1 a win, -1/(n-1) a loss), used by
policy-guided search.
"""

from __future__ import annotations

import pickle
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..bots import Bot
from ..bots.base import BotOptionError, check_options
from ..engine import Decision, View
from .actions import action_space
from .encoding import FEATURES, Encoder, check_features, obs_size


def load_model(path: str | Path) -> dict[str, Any]:
    """Read a policy file (``.npz`` or ``.pt``) into ``{"edition", "players", "layers"}``.

    :class:`BotOptionError` (one line naming the file) for a missing or unreadable file, a ``.pt``
    file without PyTorch, or a file that is not a policy model.
    """
    path = Path(path)
    if not path.is_file():
        raise BotOptionError(f"path={path}: no such model file")
    try:
        return _read_model(path)
    except BotOptionError:
        raise
    except (OSError, ValueError, KeyError, EOFError, RuntimeError, zipfile.BadZipFile, pickle.UnpicklingError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BotOptionError(f"path={path}: not a policy model ({reason})") from None


def _read_model(path: Path) -> dict[str, Any]:
    if path.suffix == ".npz":
        with np.load(path, allow_pickle=False) as data:
            raw = {k: data[k] for k in data.files}
    else:
        try:
            import torch
        except ImportError:
            raise BotOptionError(f"path={path}: reading a {path.suffix or 'non-.npz'} model needs PyTorch: install "
                                 "the train extra (pip install 'loveletter[train]'), or use the model saved as "
                                 ".npz") from None

        raw = torch.load(path, map_location="cpu", weights_only=True)
        raw = {k: (v.numpy() if hasattr(v, "numpy") else v) for k, v in raw.items()}
    layers = []
    i = 0
    while f"w{i}" in raw:
        layers.append((np.asarray(raw[f"w{i}"], dtype=np.float32), np.asarray(raw[f"b{i}"], dtype=np.float32)))
        i += 1
    if not layers:
        raise ValueError("no layers w0/b0 found")
    if "edition" not in raw or "players" not in raw:
        raise ValueError("no edition or players saved with it")
    value = []
    i = 0
    while f"vw{i}" in raw:
        value.append((np.asarray(raw[f"vw{i}"], dtype=np.float32), np.asarray(raw[f"vb{i}"], dtype=np.float32)))
        i += 1
    features = check_features(str(raw["features"]) if "features" in raw else "facts")
    return {"edition": str(raw["edition"]), "players": int(raw["players"]), "layers": layers, "value": value,
            "features": features}


def widen_model(model: dict[str, Any], features: str) -> dict[str, Any]:
    """``model`` with the observation ``features``; the same model when it already has them.

    A model grows along :data:`~loveletter.rl.encoding.FEATURES` (``facts`` to ``belief`` to
    ``history``: each appends blocks to the one before): the first layer of the policy and of the
    value network gets zero weights for the new inputs, so the widened model plays exactly as the
    original until training gives them a weight. :class:`ValueError` for any other change (a
    network cannot drop inputs it was trained on).
    """
    features = check_features(features)
    if features == model["features"]:
        return model
    if FEATURES.index(features) < FEATURES.index(model["features"]):
        raise ValueError(f"a {model['features']} model cannot be changed to {features} features")
    size = obs_size(model["edition"], model["players"], features)

    def grow(layers: list[tuple[np.ndarray, np.ndarray]]) -> list[tuple[np.ndarray, np.ndarray]]:
        if not layers:
            return layers
        (w, b), *rest = layers
        if w.shape[0] > size:
            raise ValueError(f"the model has {w.shape[0]} inputs, more than the {size} of {features}")
        return [(np.vstack([w, np.zeros((size - w.shape[0], w.shape[1]), w.dtype)]), b), *rest]

    return {**model, "layers": grow(model["layers"]), "value": grow(model.get("value") or []),
            "features": features}


@lru_cache(maxsize=8)
def _load_cached(path: str, mtime: int) -> dict[str, Any]:
    return load_model(path)  # bots are built once per game: read each file once


def save_npz(path: str | Path, edition: str, players: int, layers: list[tuple[np.ndarray, np.ndarray]],
             value: list[tuple[np.ndarray, np.ndarray]] | None = None, features: str = "facts") -> None:
    """Write a policy (and optionally its value network) in the numpy format."""
    arrays: dict[str, Any] = {"edition": np.array(edition), "players": np.array(players)}
    if features != "facts":  # files of the default feature set stay as they were
        arrays["features"] = np.array(features)
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"], arrays[f"b{i}"] = w, b
    for i, (w, b) in enumerate(value or ()):
        arrays[f"vw{i}"], arrays[f"vb{i}"] = w, b
    np.savez(path, **arrays)


def seat_for(view: View, edition: str, players: int) -> int:
    """The seat a model decides for in ``view``; a ValueError for another game's view or a spectator's."""
    if (view.edition, view.players) != (edition, players):
        raise ValueError(f"model is for {edition}/{players}, not {view.edition}/{view.players}")
    if view.seat is None:
        raise ValueError("a model decides for a seat: this view is a spectator's")
    return view.seat


def logits(layers: list[tuple[np.ndarray, np.ndarray]], x: np.ndarray) -> np.ndarray:
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.tanh(x)
    return x


def divergence(start: list[tuple[np.ndarray, np.ndarray]], other: list[tuple[np.ndarray, np.ndarray]],
               x: np.ndarray, mask: np.ndarray) -> tuple[float, float]:
    """How far policy ``other`` is from ``start`` over positions ``x`` (one per row) whose legal
    actions are ``mask``: the mean KL(start || other) of their distributions over the legal actions,
    and the share of positions where their likeliest actions agree."""

    def probs(layers: list[tuple[np.ndarray, np.ndarray]]) -> np.ndarray:
        z = np.where(mask, logits(layers, x), -np.inf)
        e = np.exp(z - z.max(axis=1, keepdims=True))
        return np.asarray(e / e.sum(axis=1, keepdims=True))

    p, q = probs(start), probs(other)
    kl = np.where(mask, p * (np.log(p + 1e-12) - np.log(q + 1e-12)), 0.0).sum(axis=1)
    return float(kl.mean()), float((p.argmax(axis=1) == q.argmax(axis=1)).mean())


class PolicyBot(Bot):
    """Plays a trained policy network (see the module docstring for the file format)."""

    name = "policy"

    def __init__(self, seed: int | None = None, path: str | None = None, sample: bool = False, **options: Any):
        check_options(options, set())
        if path is None or path == "":
            raise BotOptionError("the policy bot needs path=FILE (a model saved as .npz, or .pt with PyTorch)")
        if not isinstance(sample, bool):
            raise BotOptionError(f"sample={sample}: want true or false")
        super().__init__(seed=seed, path=path, sample=sample)
        if not Path(str(path)).is_file():
            raise BotOptionError(f"path={path}: no such model file")
        model = _load_cached(str(Path(str(path)).resolve()), Path(str(path)).stat().st_mtime_ns)
        self.edition, self.players, self.layers = model["edition"], model["players"], model["layers"]
        self.encoder = Encoder(self.edition, self.players, model["features"])
        self.actions = action_space(self.edition, self.players)
        self.sample = sample
        if self.layers[0][0].shape[0] != self.encoder.size or self.layers[-1][0].shape[1] != self.actions.size:
            raise BotOptionError(f"path={path}: layer shapes do not fit {self.edition}/{self.players}")
        self.path = path

    def check_table(self, edition: str, players: int) -> None:
        """A model plays only the edition and player count it was trained for."""
        if (edition, players) != (self.edition, self.players):
            raise BotOptionError(f"the model {self.path} was trained for {self.edition} with {self.players} players, "
                                 f"not {edition} with {players}")

    def choose(self, view: View) -> Decision:
        seat = seat_for(view, self.edition, self.players)
        if len(view.legal) == 1:
            return view.legal[0]
        idx = self.actions.legal_indices(view.legal, seat)
        out = logits(self.layers, self.encoder.encode(view))[idx]
        if self.sample:
            p = np.exp(out - out.max())
            k = self.rng.choices(range(len(idx)), weights=(p / p.sum()).tolist())[0]
        else:
            k = int(np.argmax(out))
        return view.legal[k]
