"""``python -m loveletter.i18n [--check]``: extract the message ids, update every catalog, compile them."""

from .catalog import main

raise SystemExit(main())
