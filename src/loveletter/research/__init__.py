"""Research tools: training (``loveletter train``), the exploitability probe (``loveletter exploit``),
post-game analysis (``loveletter analyze``), arena tournaments on Ray and the OpenSpiel game.

Sits above every other layer (it may import engine, table, bots, arena, rl, narrate, i18n, files).
Nothing here is imported by the core install: each command imports what it needs when it runs
(``train`` and ``exploit`` need the ``train`` extra, ``--ray`` the ``ray`` extra, the OpenSpiel
game the ``openspiel`` extra).
"""
