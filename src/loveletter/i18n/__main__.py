"""``python -m loveletter.i18n [--check]``: compile the .po catalogs to .mo (or check they are current)."""

from .catalog import main

raise SystemExit(main())
