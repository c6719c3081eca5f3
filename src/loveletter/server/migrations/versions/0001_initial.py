"""The first schema: identities, tables, steps (the records), participants, chat.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "identities",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.BigInteger, nullable=False),
        sa.Column("creator", sa.String(32), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("invite", sa.String(64), nullable=False),
        sa.Column("visibility", sa.String(16), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("taken_over", sa.JSON, nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
        sa.Column("finished_at", sa.BigInteger, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
    )
    op.create_index("ix_tables_creator", "tables", ["creator"])
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "steps",
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
    op.create_table(
        "participants",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("identity", sa.String(32), nullable=False),
        sa.Column("finished_at", sa.BigInteger, nullable=True),
        sa.Column("tokens", sa.Integer, nullable=True),
        sa.Column("won", sa.Boolean, nullable=True),
        sa.Column("mu", sa.Float, nullable=True),
        sa.Column("sigma", sa.Float, nullable=True),
    )
    op.create_index("ix_participants_identity", "participants", ["identity"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("identity", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id"])


def downgrade() -> None:
    for name in ("chat", "participants", "steps", "tables", "identities"):
        op.drop_table(name)
