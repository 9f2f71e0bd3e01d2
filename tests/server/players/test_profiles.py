"""Profiles: a name and a browser's secret, an optional argon2 password to sign in elsewhere;
names unique case-insensitively; hostile names and passwords refused and bounded; sign-ins
limited; only hashes stored."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from leafpile.server.errors import Refusal
from leafpile.server.players import profiles
from leafpile.server.players.profiles import Profiles
from leafpile.server.store.db import Database
from leafpile.server.store.schema import profile_keys
from leafpile.server.store.schema import profiles as profile_rows
from tests.server.helpers import HTTP
from tests.server.live import run_async


def new_profile(server, name: str, password: str | None = None):
    body = {"name": name} if password is None else {"name": name, "password": password}
    return HTTP.post(server.base + "/api/profiles", json=body)


def me(server, secret: str):
    return HTTP.get(server.base + "/api/profiles/me", headers={"authorization": f"Bearer {secret}"})


def login(server, name: object, password: object):
    return HTTP.post(server.base + "/api/profiles/login", json={"name": name, "password": password})


def test_a_profile_is_a_name_and_a_secret_the_browser_keeps(server):
    r = new_profile(server, "  Ana   Lis ")
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["name"] == "Ana Lis" and made["has_password"] is False
    assert len(made["secret"]) >= 40
    assert me(server, made["secret"]).json() == {"name": "Ana Lis", "has_password": False}
    assert me(server, made["secret"] + "x").json()["code"] == "bad_profile"
    assert me(server, made["secret"] + "x").status_code == 403
    assert HTTP.get(server.base + "/api/profiles/me").status_code == 401


def test_names_are_unique_whatever_their_case_or_compatibility_form(server):
    assert new_profile(server, "Ana").status_code == 201
    for same in ("ana", "ANA", "\uff21\uff4e\uff41", " ana "):  # fullwidth letters
        r = new_profile(server, same)
        assert r.status_code == 409 and r.json()["code"] == "name_taken", same
    assert new_profile(server, "Anna").status_code == 201


def test_signing_in_with_the_password_gives_another_browser_its_own_secret(server):
    first = new_profile(server, "Bo", "correct horse").json()
    assert first["has_password"] is True
    r = login(server, "bo", "correct horse")
    assert r.status_code == 200, r.text
    second = r.json()
    assert second["name"] == "Bo" and second["secret"] != first["secret"]
    assert me(server, first["secret"]).status_code == 200  # both browsers stay signed in
    assert me(server, second["secret"]).status_code == 200


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(server):
    new_profile(server, "Cy", "a good password")
    new_profile(server, "Dee")  # no password: cannot sign in elsewhere
    answers = [
        login(server, "Cy", "a bad password"),
        login(server, "Nobody", "a good password"),
        login(server, "Dee", "a good password"),
    ]
    assert {(r.status_code, r.json()["code"], r.json()["message"]) for r in answers} == {
        (403, "bad_login", "wrong name or password")
    }


def test_a_password_can_be_set_later_with_the_secret(server):
    made = new_profile(server, "Eve").json()
    url = server.base + "/api/profiles/password"
    auth = {"authorization": f"Bearer {made['secret']}"}
    assert HTTP.post(url, json={"password": "short"}, headers=auth).status_code == 422
    assert HTTP.post(url, json={"password": "long enough"}).status_code == 401
    r = HTTP.post(url, json={"password": "long enough"}, headers=auth)
    assert r.status_code == 200 and r.json()["has_password"] is True
    assert login(server, "Eve", "long enough").status_code == 200


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"name": ""}, 422, "bad_name"),
        ({"name": "x" * 41}, 422, "bad_name"),
        ({"name": "Ana\u202egnp.exe"}, 422, "bad_name"),  # a direction override
        ({"name": "\u3164\u200b"}, 422, "bad_name"),  # shows nothing
        ({"name": 7}, 422, "bad_name"),
        ({"name": "Bot:hard"}, 422, "bad_name"),  # kept for the bot levels
        ({"name": "Fay", "password": "seven77"}, 422, "bad_password"),
        ({"name": "Fay", "password": "p" * 129}, 422, "bad_password"),
        ({"name": "Fay", "password": ["a list"]}, 422, "bad_password"),
        (["Fay"], 400, "bad_request"),
    ],
)
def test_hostile_names_and_passwords_are_refused_and_nothing_is_stored(lite, body, status, code):
    r = HTTP.post(lite.base + "/api/profiles", json=body)
    assert (r.status_code, r.json()["code"]) == (status, code), r.text
    with lite.manager.db.engine.connect() as conn:
        assert conn.execute(select(profile_rows)).all() == []


def test_hostile_sign_ins_are_refused_before_any_hashing(lite, monkeypatch):
    new_profile(lite, "Gus", "a fine password")
    kept = lite.app.state.ctx.profiles
    hashed = []
    original = kept._argon

    async def counted(fn, *args):
        hashed.append(fn)
        return await original(fn, *args)

    monkeypatch.setattr(kept, "_argon", counted)
    for name, password in [("Gus", "p" * 100_00), ("G" * 5000, "a fine password"), (1, 2)]:
        r = login(lite, name, password)
        assert r.status_code in (400, 403, 413), r.text
    assert hashed == []  # no hashing of a huge password (nor of a huge name)
    assert login(lite, "Gus", "a wrong password").status_code == 403 and hashed  # counted
    body = b'{"name": "Gus", "password": "' + b"p" * 20_000 + b'"}'
    assert HTTP.post(lite.base + "/api/profiles/login", content=body).status_code == 413


def test_only_hashes_are_stored(lite):
    made = new_profile(lite, "Hal", "my secret words").json()
    with lite.manager.db.engine.connect() as conn:
        stored = repr(conn.execute(select(profile_rows)).all())
        stored += repr(conn.execute(select(profile_keys)).all())
    assert made["secret"] not in stored and "my secret words" not in stored
    assert "$argon2id$" in stored


def test_sign_in_attempts_are_limited_per_address(lite):
    new_profile(lite, "Ida", "the right one")
    codes = [login(lite, "Ida", f"wrong {i} guess").status_code for i in range(11)]
    assert codes[:10] == [403] * 10 and codes[10] == 429
    assert login(lite, "Ida", "the right one").status_code == 429  # even the right one, now


def test_failed_sign_ins_are_limited_per_name_whatever_the_address(tmp_path, monkeypatch):
    monkeypatch.setattr(profiles, "FAILURES_PER_NAME", (1 / 3600, 3.0))
    db = Database(f"sqlite:///{tmp_path / 'p.db'}")
    db.migrate()

    async def go() -> list[str]:
        store = Profiles(db)
        await store.create({"name": "Jo", "password": "the right one"}, "10.0.0.1")
        out = []
        for i in range(5):  # a new address each time: the name's own limit holds
            try:
                await store.login({"name": "jo", "password": "wrong guess"}, f"10.0.1.{i}")
            except Refusal as e:
                out.append(e.code)
        return out

    assert run_async(go()) == ["bad_login", "bad_login", "bad_login", "flooding", "flooding"]
    db.close()


def test_guesses_from_elsewhere_do_not_lock_the_owners_browser_out(tmp_path, monkeypatch):
    """About 27 failed guesses used to refuse the owner's right password (429)."""
    monkeypatch.setattr(profiles, "FAILURES_PER_NAME", (1 / 3600, 3.0))
    db = Database(f"sqlite:///{tmp_path / 'p.db'}")
    db.migrate()

    async def go() -> tuple[str, str]:
        store = Profiles(db)
        _, secret = await store.create({"name": "Jo", "password": "the right one"}, "10.0.0.1")
        for i in range(5):
            with pytest.raises(Refusal):
                await store.login({"name": "jo", "password": "wrong guess"}, f"10.0.1.{i}")
        right = {"name": "Jo", "password": "the right one"}
        try:
            await store.login(right, "10.0.0.1")
            without = "signed in"
        except Refusal as e:
            without = e.code
        profile, _ = await store.login(right, "10.0.0.1", secret)  # the owner's browser
        return without, profile.name

    assert run_async(go()) == ("flooding", "Jo")
    db.close()
