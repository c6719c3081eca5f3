"""Alembic environment: the server passes its connection in ``config.attributes["connection"]``.

Run by :func:`loveletter.server.store.sql.upgrade` at start; SQLite gets ``render_as_batch``.
"""

from __future__ import annotations

from alembic import context

from loveletter.server.store.schema import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the alembic command line: use sqlalchemy.url from the config
    import sqlalchemy as sa

    engine = sa.create_engine(context.config.get_main_option("sqlalchemy.url"))
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
