// The bell of the top bar: the unread count on it, and a panel of the newest notifications
// that opens below it (opening it marks them read, as lichess does), with a link to the page.

import { onLangChange, t } from "../common/i18n.js";
import { svgEl } from "../common/board_svg.js";
import { el, tEl } from "../common/ui.js";
import { feed } from "./feed.js";
import { notificationRow } from "./list.js";

const SHOWN = 8;

function bellIcon(button) {
  const svg = svgEl("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" }, button);
  svgEl("path", { d: "M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z", fill: "currentColor" }, svg);
  svgEl("path", { d: "M10 20a2 2 0 0 0 4 0", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }, svg);
}

/** Mounts the bell into `slot` (an element of the top bar). */
export function mountBell(slot) {
  const button = el("button", { type: "button", class: "icon-btn bell", id: "bell", "aria-expanded": "false", "aria-haspopup": "true" });
  bellIcon(button);
  const badge = el("span", { class: "bell-count", id: "bell-count", hidden: true });
  button.appendChild(badge);
  const list = el("ul", { class: "notif-list" });
  const panel = el("div", { class: "bell-panel card", id: "bell-panel", hidden: true },
    tEl("h2", "notif.title"), list,
    el("a", { href: "/notifications", "data-link": true, id: "bell-all", class: "bell-all" }, t("notif.all")));
  slot.replaceChildren(button, panel);

  const renderList = () => {
    const items = feed.list().slice(0, SHOWN);
    list.replaceChildren(...(items.length ? items.map(notificationRow) : [tEl("li", "notif.none", { class: "muted" })]));
  };
  const render = () => {
    badge.hidden = !feed.unread;
    badge.textContent = feed.unread > 99 ? "99+" : String(feed.unread);
    const label = feed.unread ? t("notif.bell.unread", { n: feed.unread }) : t("notif.title");
    button.setAttribute("aria-label", label);
    button.title = label;
    panel.querySelector("#bell-all").textContent = t("notif.all");
    if (!panel.hidden) renderList();
  };
  const close = () => {
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
  };
  button.addEventListener("click", () => {
    if (!panel.hidden) {
      close();
      return;
    }
    renderList();
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    feed.markAllRead().catch(() => {});
  });
  document.addEventListener("click", (e) => {
    if (!panel.hidden && !slot.contains(e.target)) close();
    else if (e.target.closest("#bell-panel a")) close();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !panel.hidden) {
      close();
      button.focus();
    }
  });
  feed.addEventListener("change", render);
  onLangChange(render);
  render();
}
