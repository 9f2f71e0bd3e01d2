"""The live tables: the manager of every table (`manager`), one table in memory
(`live_table`), seats (`seating`), bot seats (`seat_bots`), take-backs, clocks as pure
arithmetic and the timekeeper that enforces them. Nothing here knows of HTTP."""
