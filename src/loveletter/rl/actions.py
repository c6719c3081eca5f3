"""The RL action space is the engine's action codec (:mod:`loveletter.engine.codec`).

``ActionSpace`` / ``action_space`` are kept under the names loveletter_v0 has used since its first
version: ``index(decision, seat)``, ``decision(index, seat)``, ``label(index)``,
``legal_indices(decisions, seat)``.
"""

from __future__ import annotations

from ..engine.codec import Codec as ActionSpace
from ..engine.codec import RelKey
from ..engine.codec import codec as action_space

__all__ = ["ActionSpace", "RelKey", "action_space"]
