"""The transports: HTTP handlers (pages, tables, players, analysis), the WebSocket
connection and the flooding guards. They only carry messages: the request checks, snapshots
and refusal answers are the `api` room's, the games the `tables` room's."""
