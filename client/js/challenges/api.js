// HTTP calls for challenges (docs/protocol.md §2f), and taking one's seat in the room of an
// accepted challenge: the acceptor from the accept answer, the challenger by resuming their
// seat (it is theirs by identity) on this device.

import { request, saveToken } from "../common/api.js";
import { resumeSeat } from "../common/account_api.js";
import { navigate } from "../common/router.js";

const enc = encodeURIComponent;

/** { id, url, challenge } */
export const createChallenge = (body) => request("POST", "/api/challenges", body);
export const challengeOf = (id) => request("GET", `/api/challenges/${enc(id)}`);
/** { incoming, outgoing }: my open challenges. */
export const myChallenges = () => request("GET", "/api/challenges");
export const declineChallenge = (id, reason) =>
  request("POST", `/api/challenges/${enc(id)}/decline`, { reason });
export const cancelChallenge = (id) => request("POST", `/api/challenges/${enc(id)}/cancel`, {});

/** Accepts the challenge `id` and goes to its room, seated. */
export async function acceptAndPlay(id, name) {
  const seat = await request("POST", `/api/challenges/${enc(id)}/accept`, name ? { name } : {});
  saveToken(seat.room_id, seat.token);
  navigate(seat.url);
}

/** The challenger goes to the room of their accepted challenge, with a token for this device. */
export async function joinAcceptedChallenge(roomId) {
  saveToken(roomId, (await resumeSeat(roomId)).token);
  navigate(`/r/${enc(roomId)}`);
}
