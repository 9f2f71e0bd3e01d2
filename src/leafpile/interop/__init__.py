"""Bridges to the research ecosystems: OpenSpiel (`leafpile.interop.openspiel`) and PettingZoo
(`leafpile.interop.pettingzoo`).

Both adapters sit on the public Game protocol only (`leafpile.games.get_game`, `legal_actions`,
`player_view`, `determinize`, `to_dict`), so every registered game is available through them
with no per-game code. They need the optional extra: `pip install leafpile[research]`. The
shared pieces that need neither library (action ids, view strings and tensors) are in
`leafpile.interop.common`.
"""
