// The game log's place on the table page. Beside the board on a wide screen; on a phone (one
// column, where the side panels come after everything the game draws) right under the turn
// bar, folded to its newest line, with a button that shows the whole log. The log's lines are
// drawn by table.js; this module only moves and folds their panel.
import { t } from "/static/i18n.js";

const PHONE = "(max-width: 760px)";

export function placeLog({ panel, log, toggle, board, side }) {
  const phone = window.matchMedia(PHONE);
  let folded = true;

  function show() {
    const small = phone.matches;
    panel.classList.toggle("folded", small && folded);
    toggle.hidden = !small;
    toggle.setAttribute("aria-expanded", String(!folded));
    toggle.textContent = folded ? t("Show the whole log") : t("Fold the log");
    if (small) {
      const bar = board.querySelector(".turn-bar");
      if (bar && bar.nextElementSibling !== panel) bar.after(panel);
    } else if (panel.parentElement !== side) side.append(panel);
    log.scrollTop = log.scrollHeight;
  }
  toggle.addEventListener("click", () => {
    folded = !folded;
    show();
  });
  phone.addEventListener("change", show);
  show();
}
