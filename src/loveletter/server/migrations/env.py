"""Alembic environment: the server passes its connection in ``config.attributes["connection"]``.

Run by :func:`loveletter.server.store.sql.upgrade` at start; SQLite gets ``render_as_batch``.
"""

from __future__ import annotations

from alembic import context

from loveletter.server.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the alembic command line: use sqlalchemy.url from the config
    import sqlalchemy as sa

    url = context.config.get_main_option("sqlalchemy.url")
    if url is None:
        raise SystemExit("alembic: set sqlalchemy.url in alembic.ini (or use loveletter serve, which migrates itself)")
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()
else:
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()
