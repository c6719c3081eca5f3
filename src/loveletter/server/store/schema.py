"""The tables of the server's database (SQLAlchemy Core); the migrations create exactly these.

The record is the truth: ``steps`` holds every round start (its deck) and every decision of every
table, in version order, with who made it and the client command id that asked for it.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

identities = sa.Table(
    "identities", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False, server_default="0"),
)

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("creator", sa.String(32), nullable=False, index=True),
    sa.Column("settings", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("invite", sa.String(64), nullable=False),
    sa.Column("visibility", sa.String(16), nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("taken_over", sa.JSON, nullable=False),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
    sa.Column("finished_at", sa.BigInteger, nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
)

steps = sa.Table(
    "steps", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("at", sa.BigInteger, nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("decision", sa.String(80), nullable=True),
    sa.Column("by", sa.String(80), nullable=True),
    sa.Column("identity", sa.String(32), nullable=True),
    sa.Column("command", sa.String(64), nullable=True),
    sa.Column("deck", sa.JSON, nullable=True),
    sa.Column("first_player", sa.Integer, nullable=True),
    sa.Column("first_given", sa.Boolean, nullable=True),
    sa.Column("shuffled", sa.Boolean, nullable=True),
    sa.UniqueConstraint("table_id", "identity", "command", name="uq_steps_command"),
)

participants = sa.Table(
    "participants", metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("identity", sa.String(32), nullable=False, index=True),
    sa.Column("finished_at", sa.BigInteger, nullable=True),
    sa.Column("tokens", sa.Integer, nullable=True),
    sa.Column("won", sa.Boolean, nullable=True),
    sa.Column("mu", sa.Float, nullable=True),
    sa.Column("sigma", sa.Float, nullable=True),
)

chat = sa.Table(
    "chat", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), nullable=False, index=True),
    sa.Column("at", sa.BigInteger, nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("identity", sa.String(32), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("text", sa.String(400), nullable=False),
)

__all__ = ["chat", "identities", "metadata", "participants", "steps", "tables"]
