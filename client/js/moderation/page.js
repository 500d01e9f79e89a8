// The moderators' page (/mod): the open reports, oldest first, each with the reported
// account's state and the measures: mark handled, mute or unmute, close the account; and the
// reports handled last.

import { ApiError } from "../common/api.js";
import { errorText, t } from "../common/i18n.js";
import { playerTag } from "../common/players.js";
import { el, tEl, toast } from "../common/ui.js";
import { ago } from "../notifications/describe.js";
import { closeAccount, markHandled, mute, reports } from "./api.js";

function action(key, run, after, { danger = false, confirmKey = null } = {}) {
  const button = tEl("button", key, { type: "button", class: `btn small${danger ? " danger" : ""}` });
  button.addEventListener("click", async () => {
    if (confirmKey && !window.confirm(t(confirmKey))) return;
    button.disabled = true;
    try {
      await run();
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    }
    after();
  });
  return button;
}

function reportItem(report, reload) {
  const target = report.target;
  const state = [target.muted ? t("mod.muted") : null, target.closed ? t("mod.closed") : null].filter(Boolean);
  return el("li", { class: "lobby-item report", "data-report": report.id },
    el("div", { class: "report-body" },
      el("p", { class: "report-head" }, playerTag({ kind: "human", username: target.username }),
        " · ", t(`report.reason.${report.reason}`), state.length ? ` · ${state.join(", ")}` : ""),
      report.text ? el("p", { class: "report-text" }, report.text) : null,
      el("p", { class: "muted report-meta" }, t("mod.by", { name: report.reporter, when: ago(report.created_at) }),
        report.room_id ? el("a", { href: `/r/${encodeURIComponent(report.room_id)}`, "data-link": true }, ` · ${t("mod.game")}`) : null)),
    report.handled_at ? tEl("span", "mod.handled", { class: "muted" }) : el("div", { class: "person-actions" },
      action("mod.handle", () => markHandled(report.id), reload),
      action(target.muted ? "mod.unmute" : "mod.mute", () => mute(target.username, !target.muted), reload),
      target.closed ? null : action("mod.close", () => closeAccount(target.username), reload,
        { danger: true, confirmKey: "mod.close.confirm" })));
}

export function mountModeration(main) {
  document.title = `${t("mod.title")} · Caro Arena`;
  const open = el("ul", { class: "lobby-list", id: "reports-open" });
  const handled = el("ul", { class: "lobby-list", id: "reports-handled" });
  const page = el("div", { class: "friends", id: "moderation" },
    el("section", { class: "card" }, tEl("h1", "mod.title"), open),
    el("section", { class: "card" }, tEl("h2", "mod.handled.title"), handled));
  main.appendChild(page);
  const fill = (list, items) => list.replaceChildren(...(items.length
    ? items.map((r) => reportItem(r, load)) : [tEl("li", "mod.none", { class: "muted" })]));
  const load = () => Promise.all([reports(false), reports(true)]).then(([a, b]) => {
    fill(open, a.reports);
    fill(handled, b.reports);
  }).catch((err) => page.replaceChildren(el("p", { class: "card", id: "moderation-error" },
    errorText(err instanceof ApiError ? err.code : "internal_error"))));
  load();
  return () => {};
}
