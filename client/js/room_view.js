// The room page's DOM: status line, share card, board slot, game-over card and the side
// panel (players and clocks, move list with review, actions and offers, chat, spectators,
// export). It renders a model handed in by the room controller and reports clicks through
// the `on` callbacks; it never talks to the server.

import { exportUrl } from "./api.js";
import { errorText, t } from "./i18n.js";
import { clockLeft, formatClock } from "./state.js";
import { el, tEl } from "./ui.js";
import { resultExtras } from "./result_extras.js";

const COLOURS = { go: ["color.black", "color.white"], cells: ["color.x", "color.o"], drop: ["color.red", "color.yellow"] };
const LOW_TIME_MS = 20000;

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

export class RoomView {
  /** `on`: { command(type), chat(text), toggleSpectatorChat(), mute(line), review(ply|null),
   *  copy(), rerender() } */
  constructor(main, roomId, on) {
    this.roomId = roomId;
    this.on = on;
    this.confirmingResign = false;
    this.status = el("div", { class: "status-bar", id: "status", role: "status", "aria-live": "polite" });
    this.shareInput = el("input", { readonly: true, id: "share-link", value: `${location.origin}/r/${roomId}`, "aria-label": t("room.share"), "data-i18n-label": "room.share" });
    this.copyBtn = el("button", { class: "btn primary", type: "button", id: "copy-link", "data-i18n": "room.copy", onclick: () => on.copy() }, t("room.copy"));
    this.share = el("section", { class: "card share", id: "share", hidden: true },
      tEl("h2", "room.share"), tEl("p", "room.share.hint", { class: "muted" }),
      el("div", { class: "share-row" }, this.shareInput, this.copyBtn),
      el("button", { class: "btn small", type: "button", id: "cancel-room", "data-i18n": "room.cancel", onclick: () => on.command("cancel") }, t("room.cancel")));
    this.boardHost = el("div", { class: "board-wrap" });
    this.gameOver = el("section", { class: "card gameover", id: "gameover", hidden: true, role: "alert" });
    this.players = el("section", { class: "card players", id: "players" });
    this.moveList = el("div", { class: "move-list", id: "move-list", role: "list" });
    this.reviewNav = el("div", { class: "review-nav" });
    this.actions = el("section", { class: "card actions", id: "actions" });
    this.chatLog = el("ul", { class: "chat-log", id: "chat-log", "aria-live": "polite" });
    this.chatInput = el("input", { id: "chat-input", maxlength: 300, autocomplete: "off", placeholder: t("room.chat.placeholder"), "data-i18n-placeholder": "room.chat.placeholder", "aria-label": t("room.chat"), "data-i18n-label": "room.chat" });
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
      el("section", { class: "card chat-card" },
        el("div", { class: "chat-head" }, tEl("h2", "room.chat"), this.spectatorToggle), this.chatLog, chatForm),
      el("div", { class: "foot-row" }, this.spectators, this.analyseLink, this.exportLink));
    this.root = el("div", { class: "room" },
      el("div", { class: "board-col" }, this.status, this.share, this.boardHost),
      panel, this.announcer);
    main.appendChild(this.root);
  }

  /**
   * Re-draws everything from `m` = { state, style, mySeat, presence, review, now, notices,
   * canClaim, ready, connText } (connText: the connection problem to show, or null).
   */
  render(m) {
    this.renderStatus(m);
    this.share.hidden = !(m.state.status === "waiting" && m.state.mode === "human" && m.mySeat);
    this.renderPlayers(m);
    this.renderMoves(m);
    this.renderActions(m);
    this.renderGameOver(m);
    this.renderChat(m);
    this.spectators.textContent = t("room.spectators", { n: m.presence ? m.presence.spectators : 0 });
    this.exportLink.href = exportUrl(this.roomId, m.state.game_no);
    this.analyseLink.hidden = m.state.status !== "finished";
    this.exportLink.setAttribute("download", `caro-arena-${this.roomId}-${m.state.game_no}.txt`);
  }

  statusText(m) {
    const { state, style, mySeat } = m;
    if (m.connText) return [m.connText, "conn"];
    if (m.review !== null) return [t("room.review", { n: m.review, total: state.moves.length }), "review"];
    if (state.status === "waiting") return [t("room.waiting"), "wait"];
    if (state.status === "finished") return [`${this.resultTitle(m)} · ${this.resultReason(m)}`, "over"];
    const turnSeat = state.seats[String(state.turn)];
    if (state.turn === mySeat) return [t("room.turn.you"), "you"];
    if (turnSeat && turnSeat.kind === "ai") return [t("room.turn.ai"), "ai"];
    return [t("room.turn.them", { name: seatName(state, style, state.turn) }), "them"];
  }

  renderStatus(m) {
    const [text, tone] = this.statusText(m);
    // Live regions speak on every change: touch them only when the words change.
    const key = `${tone}|${text}`;
    if (this.statusKey === key) return;
    this.statusKey = key;
    this.status.dataset.tone = tone;
    this.status.classList.toggle("thinking", tone === "ai");
    this.status.replaceChildren(el("span", {}, text));
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
      const meta = el("span", { class: "pmeta" },
        el("span", { class: `dot${online ? " on" : ""}`, title: online ? t("room.online") : t("room.offline") }),
        player ? el("span", { class: "pstate" }, `${online ? t("room.online") : t("room.offline")} ·`) : "",
        colourName(style, seat),
        seat === mySeat ? ` · ${t("room.you")}` : "");
      return el("div", {
        class: `player${state.status === "playing" && state.turn === seat ? " to-move" : ""}`,
        "data-seat": seat,
      },
      swatch(style, seat),
      el("div", {}, el("div", { class: "pname" }, seatName(state, style, seat)), meta),
      left === null ? el("span") : el("span", {
        class: `clock${running ? " running" : ""}${left < LOW_TIME_MS ? " low" : ""}`, "data-clock": seat,
      }, formatClock(left)));
    });
    const deadline = this.deadlineText(m);
    if (deadline) rows.push(el("p", { class: "deadline", id: "move-deadline" }, deadline));
    if (!mySeat) rows.push(el("p", { class: "muted spectating" }, t("room.spectating")));
    this.players.replaceChildren(...rows);
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
      else if (active) active.scrollIntoView({ block: "nearest" });
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
    const playing = state.status === "playing";
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
    const myMoves = state.moves.filter((_, i) => (i % 2) + 1 === mySeat).length;
    items.push(
      el("button", { class: "btn danger", type: "button", id: "resign", disabled: !playing || !ready, onclick: () => { this.confirmingResign = true; this.on.rerender(); } }, t("room.resign")),
      el("button", { class: "btn", type: "button", id: "offer-draw", disabled: !playing || !ready || state.draw_offer === mySeat, onclick: () => this.on.command("draw_offer") }, t("room.draw")),
      el("button", { class: "btn", type: "button", id: "takeback", disabled: !playing || !ready || !myMoves || state.takeback_request === mySeat, onclick: () => this.on.command("takeback_request") }, t("room.takeback")));
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
    if (mySeat && state.result.reason !== "cancelled") {
      const opp = 3 - mySeat;
      if (state.rematch_offer === opp) {
        items.push(this.offerRow("room.offer.rematch.in", seatName(state, style, opp), "rematch_accept", "rematch_decline"));
      } else if (state.rematch_offer === mySeat) {
        items.push(el("div", { class: "offer" }, t("room.offer.rematch.out")));
      } else {
        items.push(el("button", { class: "btn primary", type: "button", id: "rematch", disabled: !ready, onclick: () => this.on.command("rematch_offer") }, t("room.rematch")));
      }
    }
    this.gameOver.replaceChildren(...items);
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
