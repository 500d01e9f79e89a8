// The report dialog of a profile: why (cheating, insults, spam, something else) and what
// happened, sent to the moderators.

import { errorLine, onSubmit, openDialog } from "../common/dialog.js";
import { t } from "../common/i18n.js";
import { el, tEl, toast } from "../common/ui.js";
import { report } from "./api.js";

const REASONS = ["cheat", "abuse", "spam", "other"];
const TEXT_MAX = 500;

export function openReportDialog(username) {
  const reason = el("select", { name: "reason", id: "report-reason" },
    REASONS.map((r) => el("option", { value: r }, t(`report.reason.${r}`))));
  const text = el("textarea", { name: "text", id: "report-text", maxlength: TEXT_MAX, rows: 4 });
  const error = errorLine();
  const send = tEl("button", "report.send", { type: "submit", class: "btn primary", id: "report-send" });
  const close = tEl("button", "challenge.close", { type: "button", class: "btn" });
  const form = el("form", { method: "dialog", class: "modal-form" },
    el("h2", {}, t("report.title", { name: username })),
    el("label", { class: "dialog-field" }, tEl("span", "report.reason"), reason),
    el("label", { class: "dialog-field" }, tEl("span", "report.text"), text),
    error, el("div", { class: "dialog-buttons" }, close, send));
  const dialog = openDialog("report-dialog", form, close);
  onSubmit(form, send, error, async () => {
    await report({ username, reason: reason.value, text: text.value });
    dialog.close();
    toast(t("report.sent"));
  });
}
