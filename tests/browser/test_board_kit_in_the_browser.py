"""The renderers' board kit (/static/board.js) in a real page: one svg() behaviour, the
nearest spot within reach, arrow keys stepping to the neighbouring spot on the board's
geometry (not the next one in a list), tap-then-confirm, and an animation hook that does
nothing when the reader asked for less motion."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

KIT_CHECKS = """async () => {
  const k = await import("/static/board.js");
  const out = {};
  const node = k.svg("g", { a: 1, b: null, c: false, d: undefined, e: 0 },
    "x", 3, null, false, "", [k.svg("rect"), [k.svg("circle")]]);
  out.attrs = [...node.attributes].map((a) => `${a.name}=${a.value}`);
  out.children = [...node.childNodes].map((c) => c.nodeName);
  out.ns = node.namespaceURI;
  // a row of three spots and one below the middle one, listed out of order
  const spots = [{ x: 2, y: 0, n: "right" }, { x: 1, y: 1, n: "below" },
    { x: 0, y: 0, n: "left" }, { x: 1, y: 0, n: "middle" }];
  const name = (s) => (s ? s.n : null);
  const middle = spots[3];
  out.steps = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp"].map((key) =>
    name(k.step(spots, middle, k.arrow({ key }))));
  out.edge = name(k.step(spots, spots[0], [1, 0]));
  out.notArrow = k.arrow({ key: "Enter" });
  out.near = name(k.nearest(spots, { x: 1.9, y: 0.2 }));
  out.far = name(k.nearest(spots, { x: 9, y: 9 }, { reach: 1 }));
  const pair = [{ x: 12, y: 0, n: "a" }, { x: 0, y: 20, n: "b" }];
  out.plain = name(k.nearest(pair, { x: 0, y: 0 }));
  out.scaled = name(k.nearest(pair, { x: 0, y: 0 }, { scale: { x: 10, y: 30 } }));
  const mouse = k.pointer();
  const touch = k.pointer();
  touch.saw({ pointerType: "touch" });
  out.confirms = [mouse.confirms(null, "a"), touch.confirms(null, "a"),
    touch.confirms("b", "a"), touch.confirms("a", "a")];
  const moving = k.svg("g");
  document.body.append(moving);
  out.reduced = k.reducedMotion();
  await k.animate(moving, { x: 0, y: 0 }, { x: 5, y: 5 }, { ms: 200 });
  out.animations = moving.getAnimations ? moving.getAnimations().length : 0;
  return out;
}"""


def test_the_board_kit_behaves_as_documented(browser, live):
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live.base + "/")
    out = page.evaluate(KIT_CHECKS)
    assert out["attrs"] == ["a=1", "e=0"]
    assert out["children"] == ["#text", "#text", "rect", "circle"]
    assert out["ns"] == "http://www.w3.org/2000/svg"
    assert out["steps"] == ["right", "left", "below", None]
    assert out["edge"] is None and out["notArrow"] is None
    assert out["near"] == "right" and out["far"] is None
    assert out["plain"] == "a" and out["scaled"] == "b"  # 1.2 cards across, 0.67 down
    assert out["confirms"] == [True, False, False, True]
    assert out["reduced"] is True and out["animations"] == 0
    assert errors == []
    context.close()
