"""The lobby's words fit their boxes in every language at both sizes: the French privacy menu
("Tout le monde : visible dans le…") and the Russian password placeholder ("пароль
(необязательно") were cut off, the text wider than the element that shows it."""

from __future__ import annotations

import os

import pytest

from tests.patience import HANG_MS


def _look(page, name: str, **options: object) -> None:
    """A screenshot to look at, written only where LEAFPILE_LOOK names a folder."""
    folder = os.environ.get("LEAFPILE_LOOK")
    if folder:
        page.screenshot(path=os.path.join(folder, name), **options)


SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

#: How much of an element's text its box cuts off (0: it all shows). A select shows its chosen
#: option; an empty input shows its placeholder, measured in the input's own font and padding.
CUT = """(el) => {
  const style = getComputedStyle(el);
  const text = el.tagName === "SELECT" ? el.options[el.selectedIndex].text : el.placeholder;
  const probe = document.createElement("span");
  probe.style.font = style.font;
  probe.style.whiteSpace = "pre";
  probe.style.position = "absolute";
  probe.textContent = text;
  document.body.append(probe);
  const wide = probe.getBoundingClientRect().width;
  probe.remove();
  const pad = ["paddingLeft", "paddingRight", "borderLeftWidth", "borderRightWidth"]
    .reduce((sum, k) => sum + parseFloat(style[k]), 0);
  const arrow = el.tagName === "SELECT" ? 18 : 0; // the menu's arrow takes its own room
  return Math.max(0, Math.ceil(wide + pad + arrow - el.getBoundingClientRect().width));
}"""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_the_privacy_menu_and_password_box_show_their_whole_text(browser, live, lang, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang)
    page = context.new_page()
    page.goto(live.base + "/")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'", timeout=HANG_MS)
    page.wait_for_selector("#password")
    page.wait_for_selector("#seat1")
    cut = {}
    for value in ("public", "private"):
        page.select_option("#visibility", value)
        cut[f"#visibility={value}"] = page.eval_on_selector("#visibility", CUT)
    cut["#password"] = page.eval_on_selector("#password", CUT)
    _look(page, f"lobby-{lang}-{size}.png", full_page=True)
    context.close()
    assert cut == {k: 0 for k in cut}, cut
