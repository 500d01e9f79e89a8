// Notifications as a list: one row each (unread ones marked), a link where it leads.

import { el } from "../common/ui.js";
import { ago, describe } from "./describe.js";

export function notificationRow(item) {
  const { text, href } = describe(item);
  const body = el("span", { class: "notif-text" }, text);
  return el("li", { class: `notif${item.read ? "" : " unread"}`, "data-kind": item.kind, "data-id": item.id ?? "" },
    href ? el("a", { href, "data-link": true }, body) : body,
    el("time", { class: "notif-when muted", datetime: new Date(item.created_at).toISOString() }, ago(item.created_at)));
}
