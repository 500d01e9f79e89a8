// Modal dialogs (the challenge and report forms): a native <dialog>, gone once closed, and a
// form whose refusal is shown inside it.

import { ApiError } from "./api.js";
import { errorText } from "./i18n.js";
import { el } from "./ui.js";

/** Opens `form` in a modal dialog `id`; `closeButton` closes it. */
export function openDialog(id, form, closeButton) {
  const dialog = el("dialog", { class: "card modal", id }, form);
  document.body.appendChild(dialog);
  dialog.addEventListener("close", () => dialog.remove());
  closeButton.addEventListener("click", () => dialog.close());
  dialog.showModal();
  return dialog;
}

/** Submitting `form` runs `send()` with `button` disabled; a refusal shows in `error`. */
export function onSubmit(form, button, error, send) {
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    button.disabled = true;
    try {
      await send();
    } catch (err) {
      error.textContent = errorText(err instanceof ApiError ? err.code : "internal_error");
      error.hidden = false;
      button.disabled = false;
    }
  });
}

/** The paragraph a dialog shows its refusal in. */
export function errorLine() {
  return el("p", { class: "dialog-error", role: "alert", hidden: true });
}
