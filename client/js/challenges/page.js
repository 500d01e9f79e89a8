// The challenge's page (/challenge/{id}). The challenger waits here: the link to send (a
// challenge by link) or "waiting for minh", and Cancel; when the answer comes (the player's
// own socket), an accepted challenge takes them into the room, a declined one says why. The
// challenged player, or anyone holding the link of an open challenge, sees the game on offer
// with Accept and, challenged by name, Decline with a reason.

import { ApiError, inputLimits, loadName } from "../common/api.js";
import { errorText, t } from "../common/i18n.js";
import { el, tEl, toast } from "../common/ui.js";
import { feed } from "../notifications/feed.js";
import {
  acceptAndPlay, cancelChallenge, challengeOf, declineChallenge, joinAcceptedChallenge,
} from "./api.js";
import { challengerName, reasonText, sideText, termsText } from "./describe.js";

/** A select of the reasons to decline (GET /api/limits) and its Decline button. */
export function declineControls(id, onDone) {
  const reason = el("select", { class: "decline-reason", "aria-label": t("challenge.reason.label") });
  inputLimits().then((limits) => reason.replaceChildren(...limits.challenge.reasons.map(
    (r) => el("option", { value: r }, reasonText(r)))), () => {});
  const button = tEl("button", "challenge.decline", { type: "button", class: "btn decline-btn" });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      onDone(await declineChallenge(id, reason.value || "generic"));
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
      button.disabled = false;
    }
  });
  return el("span", { class: "decline" }, reason, button);
}

/** The Accept button: accepts and goes to the room (`onDone` first). */
export function acceptButton(id, onDone = () => {}) {
  const button = tEl("button", "challenge.accept", { type: "button", class: "btn primary accept-btn" });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await acceptAndPlay(id, loadName());
      onDone();
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
      button.disabled = false;
    }
  });
  return button;
}

function statusLine(challenge) {
  if (challenge.status === "declined") return t("challenge.status.declined", { reason: reasonText(challenge.reason) });
  return t(`challenge.status.${challenge.status}`);
}

export function mountChallenge(main, id) {
  const card = el("section", { class: "card challenge-page", id: "challenge" }, tEl("p", "replay.loading", { class: "muted" }));
  main.appendChild(card);
  let shown = null;
  let going = false;

  const goPlay = (roomId) => {
    if (going) return;
    going = true;
    joinAcceptedChallenge(roomId).catch((err) => {
      going = false;
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    });
  };

  // Reads of the challenge are numbered: a read's answer is drawn only if nothing was drawn
  // since it was sent (a live change, a cancel's or a decline's own answer, a later read). A
  // cancel seen live had stayed "waiting" when the read sent as the socket opened answered
  // after it.
  let drawn = 0;

  const render = (challenge) => {
    drawn += 1;
    shown = challenge;
    document.title = `${t("challenge.page")} · Caro Arena`;
    const open = challenge.status === "open";
    const heading = challenge.you === "challenger"
      ? (challenge.to ? t("challenge.waiting.for", { name: challenge.to.username }) : t("challenge.waiting.link"))
      : t("challenge.from", { name: challengerName(challenge) });
    const parts = [el("h1", { id: "challenge-heading" }, heading),
      el("p", { class: "challenge-terms", id: "challenge-terms" }, termsText(challenge)),
      el("p", { class: "muted" }, sideText(challenge)),
      el("p", { class: `challenge-status status-${challenge.status}`, id: "challenge-status" }, statusLine(challenge))];
    if (open && challenge.you === "challenger") {
      if (!challenge.to) {
        const link = el("input", { type: "text", readonly: true, id: "challenge-link", value: location.origin + challenge.url });
        const copy = tEl("button", "room.copy", { type: "button", class: "btn" });
        copy.addEventListener("click", () => navigator.clipboard.writeText(link.value).then(() => toast(t("room.copied")), () => link.select()));
        parts.push(el("div", { class: "share-row" }, link, copy));
      }
      const cancel = tEl("button", "challenge.cancel", { type: "button", class: "btn danger", id: "challenge-cancel" });
      cancel.addEventListener("click", async () => {
        cancel.disabled = true;
        render(await cancelChallenge(id).catch((err) => {
          toast(errorText(err.code), "error");
          return challenge;
        }));
      });
      parts.push(el("div", { class: "challenge-actions" }, cancel));
    } else if (open && challenge.you !== "challenger" && (!challenge.to || challenge.you === "challenged")) {
      parts.push(el("div", { class: "challenge-actions" }, acceptButton(id),
        challenge.to ? declineControls(id, render) : null));
    } else if (open) {
      parts.push(tEl("p", "challenge.not_yours", { class: "muted" }));
    } else if (challenge.status === "accepted" && challenge.room_id) {
      const play = tEl("button", "challenge.to_game", { type: "button", class: "btn primary", id: "challenge-to-game" });
      play.addEventListener("click", () => goPlay(challenge.room_id));
      parts.push(el("div", { class: "challenge-actions" }, play));
    }
    card.replaceChildren(...parts);
  };

  const load = () => {
    const asked = ++drawn;
    return challengeOf(id).then((challenge) => {
      if (asked !== drawn) return;
      render(challenge);
      if (challenge.status === "accepted" && challenge.you === "challenger" && challenge.room_id) goPlay(challenge.room_id);
    }).catch((err) => {
      if (asked === drawn) {
        card.replaceChildren(el("p", { id: "challenge-error" },
          errorText(err instanceof ApiError ? err.code : "internal_error")));
      }
    });
  };

  // The answer arrives on the player's own socket; after a reconnect, read it again.
  const onItem = (e) => {
    const { item } = e.detail;
    const about = item.data && item.data.challenge;
    if (!about || about.id !== id) return;
    if (item.kind === "challenge_accepted" && shown && shown.you === "challenger") goPlay(item.data.room_id);
    else render({ ...shown, ...about });
  };
  const onOpen = () => load();
  feed.addEventListener("item", onItem);
  feed.addEventListener("open", onOpen);
  load();
  const expiry = setInterval(() => {
    if (shown && shown.status === "open" && Date.now() >= shown.expires_at) render({ ...shown, status: "expired" });
  }, 1000);
  return () => {
    clearInterval(expiry);
    feed.removeEventListener("item", onItem);
    feed.removeEventListener("open", onOpen);
  };
}
