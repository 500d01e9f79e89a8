// HTTP calls for reports and moderation (docs/protocol.md §2h).

import { request } from "../common/api.js";

const enc = encodeURIComponent;

/** { id } */
export const report = (body) => request("POST", "/api/report", body);
/** { reports: [...] }: open ones (oldest first), or handled ones. */
export const reports = (handled = false) => request("GET", `/api/mod/reports?handled=${handled ? 1 : 0}`);
export const markHandled = (id) => request("POST", `/api/mod/reports/${id}/handle`, {});
export const mute = (username, muted) => request("POST", `/api/mod/players/${enc(username)}/mute`, { muted });
export const closeAccount = (username) => request("POST", `/api/mod/players/${enc(username)}/close`, {});
