// A player's profile in this browser: a name and the secret the server gave it (kept here in
// localStorage; the server keeps only its hash). It carries the player's rating and games
// between tables; a password (optional) lets them sign in from another browser.
import { api, el, setName, toast } from "/static/api.js";
import { t } from "/static/i18n.js";

const KEY = "leafpile.profile";

/** {name, secret, has_password} or null. */
export function getProfile() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "null");
    return p && typeof p.secret === "string" && typeof p.name === "string" ? p : null;
  } catch {
    return null;
  }
}

function keep(profile) {
  localStorage.setItem(KEY, JSON.stringify(profile));
  setName(profile.name);
}

export function playerLink(name, text = name) {
  return el("a", { class: "player-link", href: `/player/${encodeURIComponent(name)}` }, text);
}

/** Check the kept profile with the server (it may be gone); returns it or null. */
export async function checkProfile() {
  const p = getProfile();
  if (!p) return null;
  try {
    const me = await api("/api/profiles/me", { token: p.secret });
    const fresh = { ...p, name: me.name, has_password: me.has_password };
    keep(fresh);
    return fresh;
  } catch (e) {
    if (e.status === 403) localStorage.removeItem(KEY); // nobody's secret any more
    return e.status === 403 ? null : p;
  }
}

/** The lobby's profile panel in `box`; `changed(profile)` after signing in or out. */
export function renderProfilePanel(box, nameInput, changed) {
  const profile = getProfile();
  if (profile) {
    const password = el("input", {
      id: "new-password",
      type: "password",
      minlength: 8,
      maxlength: 128,
      autocomplete: "new-password",
      placeholder: t("password (8 characters or more)"),
      "aria-label": t("Password"),
    });
    box.replaceChildren(
      el(
        "p",
        { id: "signed-in" },
        t("Signed in as") + " ",
        el("strong", {}, playerLink(profile.name)),
        " ",
        el(
          "button",
          {
            id: "sign-out",
            onclick: () => {
              if (
                !profile.has_password &&
                !confirm(
                  t(
                    "This profile has no password: once signed out, it cannot be signed in again. Sign out?",
                  ),
                )
              )
                return;
              localStorage.removeItem(KEY);
              changed(null);
            },
          },
          t("Sign out"),
        ),
      ),
      profile.has_password
        ? el(
            "p",
            { class: "muted" },
            t("You can sign in from another browser with your name and password."),
          )
        : el(
            "form",
            {
              class: "row",
              id: "password-form",
              onsubmit: async (event) => {
                event.preventDefault();
                try {
                  await api("/api/profiles/password", {
                    method: "POST",
                    token: profile.secret,
                    body: { password: password.value },
                  });
                  keep({ ...profile, has_password: true });
                  toast(t("Password saved."), "info");
                  changed(getProfile());
                } catch (e) {
                  toast(e.message);
                }
              },
            },
            el("span", { class: "muted" }, t("Add a password to sign in from another browser:")),
            password,
            el("button", { type: "submit" }, t("Save")),
          ),
    );
    nameInput.value = profile.name;
    nameInput.readOnly = true;
    return;
  }
  nameInput.readOnly = false;
  const password = el("input", {
    id: "password",
    type: "password",
    maxlength: 128,
    autocomplete: "current-password",
    placeholder: t("password (optional)"),
    "aria-label": t("Password"),
  });
  // the error stays beside the form until the next try; while one runs, both buttons wait
  const error = el("p", { id: "profile-error", class: "profile-error", role: "alert" });
  const create = el("button", { id: "create-profile" }, t("Create profile"));
  const signIn = el("button", { id: "sign-in" }, t("Sign in"));
  const send = async (path, button, busy) => {
    error.textContent = "";
    const name = nameInput.value.trim();
    if (!name) {
      error.textContent = t("Enter your name first.");
      nameInput.focus();
      return;
    }
    const body = { name };
    if (password.value) body.password = password.value;
    const label = button.textContent;
    create.disabled = signIn.disabled = true;
    button.textContent = busy;
    box.setAttribute("aria-busy", "true");
    try {
      const res = await api(path, { method: "POST", body });
      keep({ name: res.name, secret: res.secret, has_password: res.has_password });
      changed(getProfile());
    } catch (e) {
      error.textContent = e.message;
    } finally {
      create.disabled = signIn.disabled = false;
      button.textContent = label;
      box.removeAttribute("aria-busy");
    }
  };
  create.addEventListener("click", () => send("/api/profiles", create, t("Creating profile…")));
  signIn.addEventListener("click", () => send("/api/profiles/login", signIn, t("Signing in…")));
  box.replaceChildren(
    el(
      "p",
      { class: "muted" },
      t(
        "A profile keeps your name, rating and games between tables. A password lets you sign in from another browser.",
      ),
    ),
    el("div", { class: "row" }, password, create, signIn),
    error,
  );
}
