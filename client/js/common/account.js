// The account corner of the top bar: "Log in" / "Register" for an anonymous player (a small
// form that opens below), the username (a link to the profile) and "Log out" once logged in.

import { ApiError, limitInput } from "./api.js";
import { login, logout, onWhoAmI, register, whoAmI } from "./account_api.js";
import { errorText, onLangChange } from "./i18n.js";
import { el, tEl, toast } from "./ui.js";

function accountForm(mode, onDone) {
  const username = limitInput(el("input", { name: "username", id: "account-username", autocomplete: "username", required: true }), "username");
  const password = limitInput(el("input", {
    name: "password", id: "account-password", type: "password", required: true,
    autocomplete: mode === "register" ? "new-password" : "current-password",
  }), "password");
  const submit = tEl("button", mode === "register" ? "account.register" : "account.login",
    { type: "submit", class: "btn primary small", id: "account-submit" });
  const form = el("form", { class: "account-form card", id: "account-form", "data-mode": mode },
    el("label", {}, tEl("span", "account.username"), username),
    el("label", {}, tEl("span", "account.password"), password),
    submit);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    submit.disabled = true;
    try {
      await (mode === "register" ? register : login)(username.value.trim(), password.value);
      await whoAmI(true);
      onDone();
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
      submit.disabled = false;
    }
  });
  return form;
}

/** Mounts the account corner into `slot` (an element of the top bar). */
export function mountAccount(slot) {
  let open = null;
  // The open form is kept across renders (the identity answers at load and after any change
  // re-render the corner): a form rebuilt while the player types loses what was typed.
  let form = null;
  const render = (who) => {
    const close = () => {
      open = null;
      whoAmI().then(render);
    };
    const items = [];
    if (who && who.username) {
      items.push(el("a", { href: `/@/${encodeURIComponent(who.username)}`, "data-link": true, id: "account-name", class: "account-name" }, who.username));
      const out = tEl("button", "account.logout", { type: "button", class: "btn small", id: "logout-btn" });
      out.addEventListener("click", async () => {
        await logout().catch(() => null);
        await whoAmI(true);
      });
      items.push(out);
    } else {
      for (const mode of ["login", "register"]) {
        const button = tEl("button", `account.${mode}`, { type: "button", class: "btn small", id: `${mode}-btn` });
        button.addEventListener("click", () => {
          open = open === mode ? null : mode;
          render(who);
        });
        items.push(button);
      }
      if (open) {
        if (!form || form.dataset.mode !== open) form = accountForm(open, close);
        items.push(form);
      } else {
        form = null;
      }
    }
    slot.replaceChildren(...items);
  };
  onWhoAmI(render);
  onLangChange(() => whoAmI().then(render));
  whoAmI().then(render);
}

/** "+12" / "−8" for a rating change. */
