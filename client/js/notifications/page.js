// The notifications page (/notifications): every kept notification, newest first, older ones
// a page at a time; opening it marks them read.

import { errorText, t } from "../common/i18n.js";
import { el, tEl } from "../common/ui.js";
import { notificationsPage } from "./api.js";
import { feed } from "./feed.js";
import { notificationRow } from "./list.js";

export function mountNotifications(main) {
  document.title = `${t("notif.title")} · Caro Arena`;
  const list = el("ul", { class: "notif-list", id: "notif-page-list" });
  const more = tEl("button", "games.more", { type: "button", class: "btn small", hidden: true });
  const page = el("section", { class: "card notif-page", id: "notifications" }, tEl("h1", "notif.title"), list, more);
  main.appendChild(page);
  let next = null;
  const add = (answer) => {
    for (const item of answer.items) list.appendChild(notificationRow(item));
    if (!list.children.length) list.appendChild(tEl("li", "notif.none", { class: "muted" }));
    next = answer.next;
    more.hidden = next === null;
  };
  const load = () => notificationsPage().then((answer) => {
    list.replaceChildren();
    add(answer);
    feed.markAllRead(true).catch(() => {});
  }).catch((err) => list.replaceChildren(el("li", { class: "muted" }, errorText(err.code))));
  more.addEventListener("click", async () => {
    more.disabled = true;
    add(await notificationsPage(next).catch(() => ({ items: [], next })));
    more.disabled = false;
  });
  const onItem = () => load();
  // The socket's snapshot may have been taken before this page's mark and arrive after it,
  // counting as unread what the page has just shown: while the page is open, nothing stays
  // unread.
  const onChange = () => {
    if (feed.unread) feed.markAllRead().catch(() => {});
  };
  feed.addEventListener("item", onItem);
  feed.addEventListener("change", onChange);
  load();
  return () => {
    feed.removeEventListener("item", onItem);
    feed.removeEventListener("change", onChange);
  };
}
