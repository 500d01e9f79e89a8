// The room page's DOM: status line, share card, board slot, game-over card and the side
// panel (players and clocks, move list with review, actions and offers, chat, spectators,
// export). It renders a model handed in by the room controller and reports clicks through
// the `on` callbacks; it never talks to the server.

import { exportUrl, limitInput } from "../common/api.js";
import { errorText, t } from "../common/i18n.js";
import { inOpening, openingStatus, renderOpeningCard } from "./opening_view.js";
import { rulePicture } from "../common/rules.js";
import { allows, clockLeft, formatClock } from "./state.js";
import { el, tEl } from "../common/ui.js";
import { resultExtras } from "./result_extras.js";

const COLOURS = { go: ["color.black", "color.white"], cells: ["color.x", "color.o"], drop: ["color.red", "color.yellow"] };
export const LOW_TIME_MS = 20000;

export function colourName(style, seat) {
  return t(COLOURS[style][seat - 1]);
}

/** Name shown for a seat: the player's name, the AI's level, or the colour. */
export function seatName(state, style, seat) {
  const player = state.seats[String(seat)];
  if (!player) return t("room.empty_seat");
  if (player.kind === "ai") return t("room.ai", { n: player.level ?? "?" });
  return player.name || colourName(style, seat);
}

function swatch(style, seat) {
  return el("span", { class: `swatch swatch-${style} sw${seat}`, "aria-hidden": "true" }, style === "cells" ? (seat === 1 ? "X" : "O") : "");
}

/** Scrolls `box` (positioned, so offsets are its own) but not the page to show `child`. */
function scrollWithin(box, child) {
  const top = child.offsetTop;
  if (top < box.scrollTop) box.scrollTop = top;
  else if (top + child.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + child.offsetHeight - box.clientHeight;
}

/** "0:45": whole seconds left, rounded up. */
function countdown(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Is this the seated player of a public room waiting for anyone to come (it may unlist it)? */
function isSearching({ state, mySeat }) {
  return allows(state, mySeat, "unlist");
}

export class RoomView {
  /**
   * `on`: { command(type), chat(text), toggleSpectatorChat(), mute(line), review(ply|null),
   * copy(), share(), rerender(), search(choice), join(name|null), choose(choice) } (choose:
   * an opening's colour choice, "black", "white" or "place_two"; join: take the free seat
   * under `name`, or null: just watch; search: stop looking, then "cancel" (home), "ai" or
   * "lobby"; command("cancel"): close the waiting room)
   */
  constructor(main, roomId, on) {
    this.roomId = roomId;
    this.on = on;
    this.confirmingResign = false;
    this.status = el("div", { class: "status-bar", id: "status", role: "status", "aria-live": "polite" });
    this.shareInput = el("input", { readonly: true, id: "share-link", value: `${location.origin}/r/${roomId}`, "aria-label": t("room.share"), "data-i18n-label": "room.share" });
    this.copyBtn = el("button", { class: "btn primary", type: "button", id: "copy-link", "data-i18n": "room.copy", onclick: () => on.copy() }, t("room.copy"));
    // The phone's own share sheet (Zalo, Messenger, ...) where the browser has one.
    const nativeShare = typeof navigator.share === "function"
      ? el("button", { class: "btn primary", type: "button", id: "share-native", "data-i18n": "room.share.native", onclick: () => on.share() }, t("room.share.native"))
      : null;
    if (nativeShare) this.copyBtn.classList.remove("primary");
    const qr = el("img", {
      class: "qr", id: "share-qr", src: `/api/rooms/${encodeURIComponent(roomId)}/qr.svg`, width: 132, height: 132,
      alt: t("room.share.qr"), "data-i18n-alt": "room.share.qr",
    });
    this.share = el("section", { class: "card share", id: "share", hidden: true },
      el("div", { class: "share-main" },
        tEl("h2", "room.share"), tEl("p", "room.share.hint", { class: "muted" }),
        el("div", { class: "share-row" }, this.shareInput, nativeShare, this.copyBtn),
        el("button", { class: "btn small", type: "button", id: "cancel-room", "data-i18n": "room.cancel", onclick: () => on.command("cancel") }, t("room.cancel"))),
      el("figure", { class: "share-qr" }, qr, tEl("figcaption", "room.share.scan")));
    this.search = el("section", { class: "card search", id: "search", hidden: true });
    this.joinPrompt = el("section", { class: "card join-prompt", id: "join-prompt", hidden: true });
    this.boardHost = el("div", { class: "board-wrap" });
    this.opening = el("section", { class: "card opening", id: "opening", hidden: true });
    this.gameOver = el("section", { class: "card gameover", id: "gameover", hidden: true, role: "alert" });
    this.players = el("section", { class: "card players", id: "players" });
    this.moveList = el("div", { class: "move-list", id: "move-list", role: "list" });
    this.reviewNav = el("div", { class: "review-nav" });
    this.actions = el("section", { class: "card actions", id: "actions" });
    this.rules = el("details", { class: "card rules", id: "room-rules" });
    this.chatLog = el("ul", { class: "chat-log", id: "chat-log", "aria-live": "polite" });
    this.chatInput = limitInput(el("input", { id: "chat-input", autocomplete: "off", placeholder: t("room.chat.placeholder"), "data-i18n-placeholder": "room.chat.placeholder", "aria-label": t("room.chat"), "data-i18n-label": "room.chat" }), "chat");
    const chatForm = el("form", { class: "chat-form", id: "chat-form" }, this.chatInput,
      el("button", { class: "btn small", type: "submit", "data-i18n": "room.chat.send" }, t("room.chat.send")));
    chatForm.addEventListener("submit", (e) => {
      e.preventDefault();
      const text = this.chatInput.value.trim();
      if (text && on.chat(text)) this.chatInput.value = "";
    });
    this.spectatorToggle = el("button", { class: "btn small", type: "button", id: "spectator-chat", "aria-pressed": "false", onclick: () => on.toggleSpectatorChat() }, t("room.chat.spectators"));
    this.spectators = el("span", { id: "spectators" });
    this.announcer = el("div", { class: "visually-hidden", "aria-live": "assertive", id: "announcer" });
    this.exportLink = el("a", { class: "btn small", id: "export", "data-i18n": "room.export" }, t("room.export"));
    this.analyseLink = el("a", { class: "btn small", id: "analyse", href: `/g/${roomId}`, "data-link": true, "data-i18n": "room.analyse", hidden: true }, t("room.analyse"));
    const panel = el("aside", { class: "panel" },
      this.players,
      this.gameOver,
      el("section", { class: "card moves-card" },
        el("div", { class: "moves-head" }, tEl("h2", "room.moves")), this.moveList, this.reviewNav),
      this.actions,
      this.rules,
      el("section", { class: "card chat-card" },
        el("div", { class: "chat-head" }, tEl("h2", "room.chat"), this.spectatorToggle), this.chatLog, chatForm),
      el("div", { class: "foot-row" }, this.spectators, this.analyseLink, this.exportLink));
    this.root = el("div", { class: "room" },
      el("div", { class: "board-col" }, this.status, this.joinPrompt, this.search, this.share, this.opening, this.boardHost),
      panel, this.announcer);
    main.appendChild(this.root);
  }

  /**
   * Re-draws everything from `m` = { state, style, mySeat, presence, review, now, notices,
   * chat, spectatorChat, canClaim, ready, connText, unscored, search, away, joinOffer,
   * defaultName } (connText: the connection problem to show, or null; search: { online,
   * patient } while looking for an opponent).
   */
  render(m) {
    this.renderStatus(m);
    this.share.hidden = !allows(m.state, m.mySeat, "cancel"); // the host of a room still waiting
    this.renderSearch(m);
    this.renderJoinPrompt(m);
    this.renderPlayers(m);
    renderOpeningCard(this.opening, { ...m, actorName: seatName(m.state, m.style, m.state.turn) }, this.on.choose);
    this.renderMoves(m);
    this.renderActions(m);
    this.renderGameOver(m);
    this.renderChat(m);
    this.renderRules(m);
    this.spectators.textContent = t("room.spectators", { n: m.presence ? m.presence.spectators : 0 });
    this.exportLink.href = exportUrl(this.roomId, m.state.game_no);
    this.analyseLink.hidden = m.state.status !== "finished";
    this.exportLink.setAttribute("download", `caro-arena-${this.roomId}-${m.state.game_no}.txt`);
  }

  statusText(m) {
    const { state, style, mySeat } = m;
    if (m.connText) return [m.connText, "conn"];
    if (m.review !== null) return [t("room.review", { n: m.review, total: state.moves.length }), "review"];
    if (state.status === "waiting") return [t(isSearching(m) ? "room.searching" : "room.waiting"), "wait"];
    if (state.status === "finished") return [`${this.resultTitle(m)} · ${this.resultReason(m)}`, "over"];
    const turnSeat = state.seats[String(state.turn)];
    if (m.aiWarming && turnSeat && turnSeat.kind === "ai") return [t("room.turn.ai_warming"), "ai"];
    if (inOpening(state)) return openingStatus(state, mySeat, seatName(state, style, state.turn));
    if (state.turn === mySeat) return [t("room.turn.you"), "you"];
    if (turnSeat && turnSeat.kind === "ai") return [t("room.turn.ai"), "ai"];
    return [t("room.turn.them", { name: seatName(state, style, state.turn) }), "them"];
  }

  /** Why the row just made did not win (a caro five blocked at both ends), or null. */
  unscoredText({ state, style, unscored }) {
    if (!unscored) return null;
    return t(`room.unscored.${unscored.why}`, { name: seatName(state, style, unscored.seat), k: state.board.k });
  }

  /**
   * The line about an opponent who left: the clock decides, the win may be claimed, or a
   * countdown to the claim (its figures are updated by tickAway, out of the live region).
   */
  awayNote(m) {
    const { away, now } = m;
    if (!away || m.connText) return null;
    this.awayClaimAt = away.claimAt;
    if (away.claimAt === null) return el("span", {}, t("room.away.clock", { name: away.name }));
    if (now >= away.claimAt) return el("span", {}, t("room.away.claim", { name: away.name }));
    const [before, after] = t("room.away.wait", { name: away.name, time: "\u0000" }).split("\u0000");
    this.awayCountdown = el("span", { class: "countdown", "aria-live": "off" }, countdown(away.claimAt - now));
    return el("span", {}, before, this.awayCountdown, after);
  }

  /**
   * Someone who opened the link of a room with a free seat: their name (prefilled with the
   * last one used) and a choice, take the seat or watch (`m.joinOffer`: the free seat or null).
   */
  renderJoinPrompt(m) {
    const seat = m.joinOffer;
    this.joinPrompt.hidden = !seat;
    if (!seat) return;
    const key = `${document.documentElement.lang}|${seat}|${m.style}`;
    if (this.joinKey === key) return;
    this.joinKey = key;
    const nameInput = limitInput(el("input", {
      id: "join-name", autocomplete: "nickname", value: m.defaultName,
      placeholder: t("name.label"), "aria-label": t("name.label"),
    }), "name");
    const form = el("form", { class: "join-form" },
      el("label", { class: "join-name" }, el("span", {}, t("name.label")), nameInput),
      el("div", { class: "offer-buttons" },
        el("button", { class: "btn primary", type: "submit", id: "join-seat" }, t("room.join.as", { colour: colourName(m.style, seat) })),
        el("button", { class: "btn", type: "button", id: "join-watch", onclick: () => this.on.join(null) }, t("room.join.watch"))));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.on.join(nameInput.value);
    });
    this.joinPrompt.replaceChildren(
      el("h2", {}, t("room.join.title", { name: seatName(m.state, m.style, 3 - seat) })), form);
  }

  /** Updates the countdown to the claim (called several times a second). */
  tickAway(now) {
    if (this.awayCountdown && this.awayCountdown.isConnected) {
      this.awayCountdown.textContent = countdown(this.awayClaimAt - now);
    }
  }

  renderStatus(m) {
    const [text, tone] = this.statusText(m);
    const note = m.connText ? null : this.unscoredText(m);
    const away = m.away && !m.connText ? `${m.away.name}|${m.away.claimAt !== null && m.now >= m.away.claimAt}|${m.away.claimAt}` : "";
    // Live regions speak on every change: touch them only when the words change.
    const key = `${tone}|${text}|${note}|${away}`;
    if (this.statusKey === key) return;
    this.statusKey = key;
    this.status.dataset.tone = tone;
    this.status.classList.toggle("thinking", tone === "ai");
    this.status.replaceChildren(el("span", {}, text));
    if (note) this.status.appendChild(el("span", { class: "status-note", id: "status-note" }, note));
    const awayNote = this.awayNote(m);
    if (awayNote) this.status.appendChild(el("span", { class: "status-note away", id: "status-away" }, awayNote));
    if (m.review !== null) {
      this.status.appendChild(el("button", { class: "btn small", type: "button", onclick: () => this.on.review(null) }, t("room.live")));
    }
  }

  resultTitle({ state, style, mySeat }) {
    const { winner, reason } = state.result;
    if (reason === "cancelled") return t("room.over.cancelled");
    if (reason === "abandoned" && winner === null) return t("room.over.abandoned");
    if (winner === null || winner === undefined) return t("room.over.draw");
    if (mySeat) return winner === mySeat ? t("room.over.you_win") : t("room.over.you_lose");
    return t("room.over.win", { name: seatName(state, style, winner) });
  }

  resultReason({ state, style }) {
    const { winner, reason } = state.result;
    const loser = winner ? 3 - winner : null;
    const k = state.result.line && state.result.line.length ? state.result.line.length : state.board.k;
    const params = { k, name: loser ? seatName(state, style, loser) : "" };
    return t(reason === "abandoned" && !winner ? "reason.abandoned_nobody" : `reason.${reason}`, params);
  }

  renderPlayers(m) {
    const { state, style, mySeat, presence, now } = m;
    const rows = [1, 2].map((seat) => {
      const player = state.seats[String(seat)];
      const connected = seat === mySeat ? m.ready : presence && presence.players[String(seat)];
      const online = player && (player.kind === "ai" || connected);
      const left = clockLeft(state.clock, seat, now);
      const running = state.status === "playing" && state.clock && state.clock.running === seat;
      // The colour once: an unnamed player is already called by it.
      const name = seatName(state, style, seat);
      const rest = [name === colourName(style, seat) ? null : colourName(style, seat), seat === mySeat ? t("room.you") : null]
        .filter(Boolean).join(" · ");
      const presenceWord = online ? t("room.online") : t("room.offline");
      const meta = el("span", { class: "pmeta" },
        el("span", { class: `dot${online ? " on" : ""}`, title: presenceWord }),
        el("span", {},
          player ? el("span", { class: "pstate" }, rest ? `${presenceWord} · ` : presenceWord) : null,
          rest));
      return el("div", {
        class: `player${state.status === "playing" && state.turn === seat ? " to-move" : ""}`,
        "data-seat": seat,
      },
      swatch(style, seat),
      el("div", {}, el("div", { class: "pname" }, name), meta),
      left === null ? el("span") : el("span", {
        class: `clock${running ? " running" : ""}${left < LOW_TIME_MS ? " low" : ""}`, "data-clock": seat,
      }, formatClock(left)));
    });
    // The server's clock says when neither side's time runs yet (it starts after each first move).
    if (state.clock && state.status === "playing" && state.clock.running === null) {
      rows.push(el("p", { class: "muted clock-note", id: "clock-note" }, t("room.clock.first")));
    }
    const deadline = this.deadlineText(m);
    if (deadline) rows.push(el("p", { class: "deadline", id: "move-deadline" }, deadline));
    if (!mySeat) rows.push(el("p", { class: "muted spectating" }, t("room.spectating")));
    this.players.replaceChildren(...rows);
  }

  /**
   * While a public room waits for anyone (quick play, or listed in the lobby): how many people
   * are online, Cancel, and after a while (`m.search.patient` false) the computer or the lobby.
   */
  renderSearch(m) {
    this.search.hidden = !isSearching(m);
    if (this.search.hidden) return;
    const { online, patient } = m.search;
    const key = `${document.documentElement.lang}|${online}|${patient}`;
    if (this.searchKey === key) return;
    this.searchKey = key;
    const button = (id, textKey, type, primary = false) => el("button", {
      class: `btn small${primary ? " primary" : ""}`, type: "button", id, onclick: () => this.on.search(type),
    }, t(textKey));
    this.search.replaceChildren(
      el("div", { class: "search-head" },
        el("span", { class: "spinner", "aria-hidden": "true" }),
        el("span", { class: "search-text" }, t("room.search.hint")),
        button("search-cancel", "room.search.cancel", "cancel")),
      el("p", { class: "muted", id: "online-count" }, online === null ? "" : t("room.search.online", { n: online })),
      patient ? null : el("div", { class: "search-offer", id: "search-offer" },
        el("span", {}, t("room.search.nobody")),
        el("span", { class: "offer-buttons" },
          button("search-ai", "room.search.ai", "ai", true),
          button("search-lobby", "room.search.lobby", "lobby"))));
  }

  /** "Minh must move within 4:59" in a game without a clock (docs/protocol.md §1). */
  deadlineText({ state, style, mySeat, now }) {
    if (state.status !== "playing" || !state.move_deadline) return null;
    const time = formatClock(state.move_deadline - now);
    if (state.turn === mySeat) return t("room.deadline.you", { time });
    return t("room.deadline.them", { name: seatName(state, style, state.turn), time });
  }

  /** Updates only the clock faces and the move deadline (called several times a second);
   *  `m` = { state, style, mySeat, now }. */
  tickClocks(m) {
    for (const face of this.players.querySelectorAll("[data-clock]")) {
      const left = clockLeft(m.state.clock, Number(face.dataset.clock), m.now);
      face.textContent = formatClock(left);
      face.classList.toggle("low", left < LOW_TIME_MS);
    }
    const deadline = this.players.querySelector("#move-deadline");
    if (deadline) deadline.textContent = this.deadlineText(m) || "";
  }

  renderMoves({ state, review }) {
    const moves = state.moves;
    const current = review === null ? moves.length : review;
    if (!moves.length) {
      this.moveList.replaceChildren(el("div", { class: "empty" }, t("room.moves.none")));
    } else {
      const items = [];
      moves.forEach((move, i) => {
        if (i % 2 === 0) items.push(el("span", { class: "mno" }, `${i / 2 + 1}.`));
        items.push(el("button", {
          type: "button", class: "mv", "data-ply": i + 1, "aria-current": i + 1 === current ? "true" : "false",
          onclick: () => this.on.review(i + 1 === moves.length ? null : i + 1),
        }, move));
      });
      this.moveList.replaceChildren(...items);
      const active = this.moveList.querySelector("[aria-current=true]");
      if (active && review === null) this.moveList.scrollTop = this.moveList.scrollHeight;
      else if (active) scrollWithin(this.moveList, active); // never the page: it hid the status

    }
    const nav = (label, symbol, ply, disabled) => el("button", {
      class: "btn small", type: "button", "aria-label": t(label), title: t(label), disabled,
      onclick: () => this.on.review(ply >= moves.length ? null : Math.max(0, ply)),
    }, symbol);
    this.reviewNav.replaceChildren(
      nav("room.first", "«", 0, current === 0),
      nav("room.prev", "‹", current - 1, current === 0),
      nav("room.next", "›", current + 1, current >= moves.length),
      nav("room.last", "»", moves.length, current >= moves.length));
    // Back to live beside the list too: on a phone the status line is a screen away.
    if (review !== null) {
      this.reviewNav.appendChild(el("button", {
        class: "btn small primary live", type: "button", id: "back-live", onclick: () => this.on.review(null),
      }, t("room.live")));
    }
  }

  offerRow(textKey, name, acceptType, declineType) {
    return el("div", { class: "offer", role: "alert" },
      el("span", {}, t(textKey, { name })),
      el("span", { class: "offer-buttons" },
        el("button", { class: "btn small primary", type: "button", onclick: () => this.on.command(acceptType) }, t("room.accept")),
        el("button", { class: "btn small", type: "button", onclick: () => this.on.command(declineType) }, t("room.decline"))));
  }

  renderActions(m) {
    const { state, style, mySeat, ready } = m;
    const seated = Boolean(mySeat);
    this.actions.hidden = !seated || state.status === "finished";
    if (this.actions.hidden) return;
    const opp = 3 - mySeat;
    const oppName = seatName(state, style, opp);
    const items = [];
    if (this.confirmingResign) {
      items.push(el("div", { class: "offer" }, el("span", {}, t("room.resign.confirm")),
        el("span", { class: "offer-buttons" },
          el("button", { class: "btn small danger", type: "button", id: "resign-yes", onclick: () => { this.confirmingResign = false; this.on.command("resign"); } }, t("room.yes")),
          el("button", { class: "btn small", type: "button", onclick: () => { this.confirmingResign = false; this.on.rerender(); } }, t("room.resign.no")))));
    }
    // Each button is enabled while the server's `allowed` lists its command for this seat.
    const off = (command) => !ready || !allows(state, mySeat, command);
    items.push(
      el("button", { class: "btn danger", type: "button", id: "resign", disabled: off("resign"), onclick: () => { this.confirmingResign = true; this.on.rerender(); } }, t("room.resign")),
      el("button", { class: "btn", type: "button", id: "offer-draw", disabled: off("draw_offer"), onclick: () => this.on.command("draw_offer") }, t("room.draw")),
      el("button", { class: "btn", type: "button", id: "takeback", disabled: off("takeback_request"), onclick: () => this.on.command("takeback_request") }, t("room.takeback")));
    if (m.canClaim) items.push(el("button", { class: "btn primary", type: "button", id: "claim", onclick: () => this.on.command("claim_win") }, t("room.claim")));
    if (state.draw_offer === opp) items.push(this.offerRow("room.offer.draw.in", oppName, "draw_accept", "draw_decline"));
    if (state.draw_offer === mySeat) items.push(el("div", { class: "offer" }, t("room.offer.draw.out")));
    if (state.takeback_request === opp) items.push(this.offerRow("room.offer.takeback.in", oppName, "takeback_accept", "takeback_decline"));
    if (state.takeback_request === mySeat) items.push(el("div", { class: "offer" }, t("room.offer.takeback.out")));
    this.actions.replaceChildren(...items);
  }

  renderGameOver(m) {
    const { state, style, mySeat, ready } = m;
    this.gameOver.hidden = state.status !== "finished" || !state.result;
    if (this.gameOver.hidden) return;
    const items = [
      el("p", { class: "gameover-title", id: "result-title" }, this.resultTitle(m)),
      el("p", { class: "gameover-reason", id: "result-reason" }, this.resultReason(m)),
      resultExtras(state, mySeat),
    ];
    const opp = mySeat && 3 - mySeat;
    if (mySeat && state.rematch_offer === opp) {
      items.push(this.offerRow("room.offer.rematch.in", seatName(state, style, opp), "rematch_accept", "rematch_decline"));
    } else if (mySeat && state.rematch_offer === mySeat) {
      items.push(el("div", { class: "offer" }, t("room.offer.rematch.out")));
    } else if (allows(state, mySeat, "rematch_offer")) { // not in a room cancelled before anyone came
      items.push(el("button", { class: "btn primary", type: "button", id: "rematch", disabled: !ready, onclick: () => this.on.command("rematch_offer") }, t("room.rematch")));
    }
    // What next: another game, the lobby, or the moves again from the first one.
    items.push(el("div", { class: "gameover-next" },
      el("a", { class: "btn small", href: "/", "data-link": true, id: "new-game-link" }, t("room.over.new")),
      el("a", { class: "btn small", href: "/#lobby", "data-link": true, id: "lobby-link" }, t("room.over.lobby")),
      state.moves.length
        ? el("a", { class: "btn small", href: `/g/${this.roomId}`, "data-link": true, id: "review-game" }, t("room.over.review"))
        : null));
    this.gameOver.replaceChildren(...items);
  }

  /** "How to win" for this room's game: the rule in words and pictures. */
  renderRules({ state }) {
    const key = `${document.documentElement.lang}|${state.variant}`;
    if (this.rulesKey === key) return;
    this.rulesKey = key;
    this.rules.replaceChildren(el("summary", {}, t("room.rules")), rulePicture(state.board));
  }

  renderChat({ style, notices, chat, spectatorChat, mySeat }) {
    this.spectatorToggle.hidden = !mySeat;
    this.spectatorToggle.textContent = t("room.chat.spectators");
    this.spectatorToggle.setAttribute("aria-pressed", String(spectatorChat));
    const shown = chat.visible(spectatorChat);
    const last = shown.length ? shown[shown.length - 1] : null;
    const key = `${document.documentElement.lang}|${shown.length}|${last ? `${last.channel}${last.n}` : ""}|${notices.length}|${chat.muted.size}|${spectatorChat}`;
    if (this.chatKey === key) return;
    this.chatKey = key;
    const lines = shown.map((c) => {
      const who = c.from.name || (c.from.seat ? colourName(style, c.from.seat) : t("room.spectator"));
      const own = c.channel === "players" && c.from.seat === mySeat;
      const mute = own ? [] : [el("button", { class: "mute", type: "button", title: t("room.chat.mute", { name: who }), "aria-label": t("room.chat.mute", { name: who }), onclick: () => this.on.mute(c) }, "🔇")];
      return { ts: c.ts, node: el("li", { class: c.channel === "spectators" ? "spec" : "" },
        el("span", { class: "who" }, who), el("span", { class: "text" }, c.text), ...mute) };
    });
    for (const n of notices) lines.push({ ts: n.ts, node: el("li", { class: "sys" }, t(n.key, n.params)) });
    if (chat.muted.size) {
      lines.push({ ts: Infinity, node: el("li", { class: "sys" }, el("button", { class: "link", type: "button", id: "unmute-all", onclick: () => { for (const k of [...chat.muted]) chat.toggleMute(k); this.on.rerender(); } }, t("room.chat.unmute_all", { n: chat.muted.size }))) });
    }
    lines.sort((a, b) => a.ts - b.ts);
    const atBottom = this.chatLog.scrollHeight - this.chatLog.scrollTop - this.chatLog.clientHeight < 30;
    this.chatLog.replaceChildren(...lines.map((l) => l.node));
    if (atBottom) this.chatLog.scrollTop = this.chatLog.scrollHeight;
  }

  /** Tells screen readers about a move (the board itself is silent). */
  announce(text) {
    this.announcer.textContent = text;
  }

  copied() {
    this.copyBtn.textContent = t("room.copied");
    setTimeout(() => { this.copyBtn.textContent = t("room.copy"); }, 1800);
  }

  showNotFound() {
    this.root.replaceChildren(el("section", { class: "card", id: "not-found" },
      tEl("h2", "room.not_found.title"), el("p", { class: "muted" }, errorText("room_not_found")),
      el("a", { class: "btn primary", href: "/", "data-link": true }, t("room.home"))));
  }
}
