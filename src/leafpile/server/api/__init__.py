"""The wire contract: request checks (`checks`), what each audience is shown
(`snapshots`), how a refusal is answered (`refusals`: code -> HTTP status), the rulebook
answer and the OpenAPI description of it all."""
