"""The CLI runs in the test process: the language and the seat names a command sets must not
follow into the next test (a French `play` or `rules` would turn a later render French)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from leafpile import i18n


@pytest.fixture(autouse=True)
def _reader_reset() -> Iterator[None]:
    yield
    i18n.use(i18n.DEFAULT)
    i18n.use_seat_names(())
