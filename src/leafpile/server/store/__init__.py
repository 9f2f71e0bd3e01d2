"""Persistence: the database (`db`: the action log, snapshots, announcements between
processes), its schema and Alembic migrations, group commit, and one module per kind of
change stored in one transaction (`*_store`)."""
