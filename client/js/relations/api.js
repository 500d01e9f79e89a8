// HTTP calls for follow and block (docs/protocol.md §2g).

import { request } from "../common/api.js";

const enc = encodeURIComponent;

export const follow = (username) => request("POST", `/api/follow/${enc(username)}`, {});
export const unfollow = (username) => request("DELETE", `/api/follow/${enc(username)}`, {});
export const block = (username) => request("POST", `/api/block/${enc(username)}`, {});
export const unblock = (username) => request("DELETE", `/api/block/${enc(username)}`, {});
/** { following: [{ username, online, playing }] } */
export const following = () => request("GET", "/api/following");
/** { players: [{ username, online, playing }] }: the accounts online now. */
export const onlinePlayers = () => request("GET", "/api/online/players");
/** { username, online, playing, following, blocking } */
export const relation = (username) => request("GET", `/api/players/${enc(username)}/relation`);
