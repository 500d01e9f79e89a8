// Challenges to this player, on every page: a prompt per open challenge with Accept and
// Decline (with a reason), from GET /api/challenges when the player's socket opens and live
// as they come (`challenge`; `challenge_cancelled` takes one down). Live news about one's own
// challenges and friends also shows here as a short toast, unless the page shows it already.
// What the socket said of a challenge is newer than a list read before it: a read leaves alone
// the challenges changed live (or answered here) since it was sent.

import { t } from "../common/i18n.js";
import { el, toast } from "../common/ui.js";
import { feed } from "../notifications/feed.js";
import { describe } from "../notifications/describe.js";
import { myChallenges } from "./api.js";
import { challengerName, sideText, termsText } from "./describe.js";
import { acceptButton, declineControls } from "./page.js";

const TOASTED = new Set(["challenge_accepted", "challenge_declined", "friend_online", "game_ended"]);

function onItsPage(challengeId) {
  return location.pathname === `/challenge/${challengeId}`;
}

export function mountChallengePrompts() {
  const area = el("div", { class: "challenge-prompts", id: "challenge-prompts" });
  document.body.appendChild(area);
  const prompts = new Map(); // challenge id -> { challenge, node }
  let changes = 0;
  const changedAt = new Map(); // challenge id -> the number of the last live change to it
  const changed = (id) => changedAt.set(id, ++changes);

  const remove = (id) => {
    const prompt = prompts.get(id);
    if (prompt) prompt.node.remove();
    prompts.delete(id);
  };
  const answered = (id) => {
    changed(id);
    remove(id);
  };
  const add = (challenge) => {
    if (challenge.status !== "open" || prompts.has(challenge.id) || Date.now() >= challenge.expires_at) return;
    const node = el("div", { class: "card challenge-prompt", role: "alertdialog", "data-challenge": challenge.id,
      "aria-label": t("challenge.from", { name: challengerName(challenge) }) },
    el("p", { class: "prompt-title" }, t("challenge.from", { name: challengerName(challenge) })),
    el("p", { class: "prompt-terms" }, termsText(challenge)),
    el("p", { class: "muted prompt-side" }, sideText(challenge)),
    el("div", { class: "challenge-actions" }, acceptButton(challenge.id, () => answered(challenge.id)),
      declineControls(challenge.id, () => answered(challenge.id))));
    prompts.set(challenge.id, { challenge, node });
    node.hidden = onItsPage(challenge.id);
    area.appendChild(node);
  };
  const refresh = () => {
    const sentAt = changes;
    const unchangedSince = (id) => (changedAt.get(id) || 0) <= sentAt;
    myChallenges().then(({ incoming }) => {
      const open = new Set(incoming.map((c) => c.id));
      for (const id of [...prompts.keys()]) if (!open.has(id) && unchangedSince(id)) remove(id);
      incoming.filter((c) => unchangedSince(c.id)).forEach(add);
    }, () => {});
  };

  feed.addEventListener("item", (e) => {
    const { item } = e.detail;
    const challenge = item.data && item.data.challenge;
    if (item.kind === "challenge") {
      changed(challenge.id);
      add(challenge);
    } else if (item.kind === "challenge_cancelled") answered(challenge.id);
    if (TOASTED.has(item.kind) && !(challenge && onItsPage(challenge.id))) toast(describe(item).text);
  });
  feed.addEventListener("open", refresh);
  // A prompt hides on its challenge's own page (which offers the same), and goes when the
  // challenge expires or the page navigates into a room.
  const tidy = () => {
    for (const [id, prompt] of prompts) {
      if (Date.now() >= prompt.challenge.expires_at) remove(id);
      else prompt.node.hidden = onItsPage(id);
    }
  };
  setInterval(tidy, 1000);
  window.addEventListener("popstate", tidy);
  return { tidy };
}
