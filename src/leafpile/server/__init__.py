"""The web platform: lobby, live tables with seat bots, persistence and replays.

`create_app(db_url)` builds the ASGI application; `serve()` runs it (`leafpile serve`).
"""

from leafpile.server.app import create_app, serve
from leafpile.server.http.guards import RateLimit

__all__ = ["RateLimit", "create_app", "serve"]
