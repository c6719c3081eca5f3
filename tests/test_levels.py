"""Named levels: built-in specs that build, ordered as calibrated."""

from __future__ import annotations

import pytest

from loveletter.bots import make_bot
from loveletter.bots.levels import LEVELS, spec_for


def test_levels_are_builtin_specs_in_order() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    for level in LEVELS:
        spec = spec_for(level)
        assert "." not in spec.split(":")[0], "a level names a built-in bot, never a module path"
        make_bot(spec, seed=1)
    with pytest.raises(ValueError):
        spec_for("grandmaster")
