"""Alembic migrations of the server's database (``render_as_batch`` for SQLite)."""
