// HTTP calls for notifications (docs/protocol.md §2e).

import { ApiError } from "../common/api.js";

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new ApiError("network", String(err));
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError((data && data.error) || "internal_error", data && data.message, response.status);
  }
  return data;
}

/** { unread, items, next }: the newest notifications, below id `before` when given. */
export const notificationsPage = (before = null) =>
  call("GET", before === null ? "/api/notifications" : `/api/notifications?before=${before}`);

/** Marks `ids` read (all when null); { unread }. */
export const markRead = (ids = null) => call("POST", "/api/notifications/read", ids ? { ids } : {});
