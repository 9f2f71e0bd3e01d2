"""After the game: the bot's review of a finished table, replays, and "explore from
here" (a private analysis table from one of its positions)."""
