// The account corner of the top bar: "Log in" / "Register" for an anonymous player (a small
// form that opens below), the username (a link to the profile) and "Log out" once logged in.
// Registering asks for the password twice and states the rules; what is wrong is said under
// the form in the page's language (the server's refusal by its code, errorText).

import { ApiError, inputLimits, limitInput } from "./api.js";
import { login, logout, onWhoAmI, register, whoAmI } from "./account_api.js";
import { errorText, onLangChange, t } from "./i18n.js";
import { el, replaceChanged, tEl } from "./ui.js";

// Until GET /api/limits answers (limitInput then sets the fields' own bounds).
const DEFAULT_LIMITS = { username: [3, 20], password: [8, 200] };

/** A hint under a field, its numbers from the server's limits once they are known. */
function ruleHint(key, what, id) {
  const hint = el("small", { class: "muted field-rule", id });
  const show = (least, most) => {
    hint.textContent = t(key, { least, most });
  };
  show(...DEFAULT_LIMITS[what]);
  inputLimits().then((limits) => show(...limits[what]), () => {});
  return hint;
}

function bounds(input, what) {
  return input.minLength > 0 ? [input.minLength, input.maxLength] : DEFAULT_LIMITS[what];
}

/** What is wrong with a registration before it is sent (the server checks again), or null. */
function registrationProblem(username, password, repeated) {
  const [least, most] = bounds(username, "username");
  if (!new RegExp(`^[A-Za-z0-9_-]{${least},${most}}$`).test(username.value.trim())) return errorText("bad_username");
  const [shortest, longest] = bounds(password, "password");
  if (password.value.length < shortest || password.value.length > longest) return errorText("bad_password");
  if (password.value !== repeated.value) return t("account.mismatch");
  return null;
}

function accountForm(mode, onDone) {
  const registering = mode === "register";
  const username = limitInput(el("input", { name: "username", id: "account-username", autocomplete: "username", required: true }), "username");
  const password = limitInput(el("input", {
    name: "password", id: "account-password", type: "password", required: true,
    autocomplete: registering ? "new-password" : "current-password",
  }), "password");
  const repeated = el("input", { name: "password2", id: "account-password2", type: "password", required: true, autocomplete: "new-password" });
  const problem = el("p", { class: "form-error", id: "account-error", role: "alert", hidden: true });
  const submit = tEl("button", registering ? "account.register" : "account.login",
    { type: "submit", class: "btn primary small", id: "account-submit" });
  const say = (text) => {
    problem.textContent = text || "";
    problem.hidden = !text;
  };
  // The browser's own bubbles speak the browser's language, not the page's: the form checks
  // itself and says what is wrong in the page's language.
  const form = el("form", { class: "account-form card", id: "account-form", "data-mode": mode, novalidate: true },
    el("label", {}, tEl("span", "account.username"), username,
      registering ? ruleHint("account.username.rule", "username", "account-username-rule") : null),
    el("label", {}, tEl("span", "account.password"), password,
      registering ? ruleHint("account.password.rule", "password", "account-password-rule") : null),
    registering ? el("label", {}, tEl("span", "account.password2"), repeated) : null,
    problem,
    submit);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const name = username.value.trim();
    const wrong = registering ? registrationProblem(username, password, repeated)
      : (!name || !password.value ? t("account.missing") : null);
    say(wrong);
    if (wrong) return;
    submit.disabled = true;
    try {
      await (registering ? register : login)(name, password.value);
      await whoAmI(true);
      onDone();
    } catch (err) {
      say(errorText(err instanceof ApiError ? err.code : "internal_error"));
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
    replaceChanged(slot, ...items);
  };
  onWhoAmI(render);
  onLangChange(() => whoAmI().then(render));
  whoAmI().then(render);
}

/** "+12" / "−8" for a rating change. */
