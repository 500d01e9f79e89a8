// HTTP calls for tournaments (docs/tournaments.md, "HTTP").

import { request } from "../common/api.js";

const enc = encodeURIComponent;

/** { id, url } */
export const createTournament = (body) => request("POST", "/api/tournaments", body);
/** { upcoming, running, recent }: summaries. */
export const tournamentList = () => request("GET", "/api/tournaments");
/** The whole tournament: head, standings, pairings, me. */
export const tournamentOf = (id) => request("GET", `/api/tournaments/${enc(id)}`);
export const joinTournament = (id, password) =>
  request("POST", `/api/tournaments/${enc(id)}/join`, password ? { password } : {});
export const leaveTournament = (id) => request("POST", `/api/tournaments/${enc(id)}/leave`, {});
