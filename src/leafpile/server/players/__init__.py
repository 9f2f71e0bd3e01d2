"""Players across tables: profiles, rated games and leaderboards (`ratings`), the
Glicko-2 maths (`glicko2`) and their rows (`player_store`)."""
