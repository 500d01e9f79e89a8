// HTTP calls for notifications (docs/protocol.md §2e).

import { request as call } from "../common/api.js";

/** { unread, items, next }: the newest notifications, below id `before` when given. */
export const notificationsPage = (before = null) =>
  call("GET", before === null ? "/api/notifications" : `/api/notifications?before=${before}`);

/** Marks `ids` read (all when null); { unread }. */
export const markRead = (ids = null) => call("POST", "/api/notifications/read", ids ? { ids } : {});
