// The room page's DOM: status line, share card, board slot, game-over card and the side
// panel (players and clocks, move list with review, actions and offers, chat, spectators,
// export). It renders a model handed in by the room controller and reports clicks through
// the `on` callbacks; it never talks to the server.

import { exportUrl, limitInput } from "../common/api.js";
import { downloadMenu } from "../common/downloads.js";
import { errorText, t } from "../common/i18n.js";
import { inOpening, openingStatus, renderOpeningCard } from "./opening_view.js";
import { playerName } from "../common/players.js";
import { chatLines } from "./chat_view.js";
import { renderPlayers, tickPlayers } from "./players_view.js";
import { resultWords } from "./result_text.js";
import { rulePicture } from "../common/rules.js";
import { allows } from "./state.js";
import { el, replaceChanged, tEl } from "../common/ui.js";
import { resultExtras } from "./result_extras.js";
import { isSearching, renderGameLine, renderJoinPrompt, renderSearch } from "./arrival_view.js";

/** The player in `seat`, named by the one rule (client/js/common/players.js). */
function nameOf(state, seat) {
  return playerName(state.seats[String(seat)]);
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
    this.gameLine = el("p", { class: "room-game", id: "room-game" });
    this.opening = el("section", { class: "card opening", id: "opening", hidden: true });
    this.gameOver = el("section", { class: "card gameover", id: "gameover", hidden: true, role: "alert" });
    this.playerBox = el("div", { class: "player-box" });
    this.players = el("section", { class: "card players", id: "players" }, this.gameLine, this.playerBox);
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
    this.downloads = el("span", { class: "room-downloads" }); // the game's records (render)
    this.analyseLink = el("a", { class: "btn small", id: "analyse", href: `/g/${roomId}`, "data-link": true, "data-i18n": "room.analyse", hidden: true }, t("room.analyse"));
    const panel = el("aside", { class: "panel" },
      this.players,
      this.gameOver,
      el("section", { class: "card moves-card" },
        el("div", { class: "moves-head" }, tEl("h2", "room.moves"), this.downloads), this.moveList, this.reviewNav),
      this.actions,
      this.rules,
      el("section", { class: "card chat-card" },
        el("div", { class: "chat-head" }, tEl("h2", "room.chat"), this.spectatorToggle), this.chatLog, chatForm),
      el("div", { class: "foot-row" }, this.spectators, this.analyseLink));
    this.root = el("div", { class: "room" },
      el("div", { class: "board-col" }, this.status, this.joinPrompt, this.search, this.share, this.opening, this.boardHost),
      panel, this.announcer);
    main.appendChild(this.root);
  }

  /**
   * Re-draws everything from `m` = { state, style, mySeat, presence, review, now, notices,
   * chat, spectatorChat, canClaim, ready, connText, unscored, search, away, joinOffer,
   * defaultName, loggedIn } (connText: the connection problem to show, or null; search:
   * { online, patient } while looking for an opponent; loggedIn: the visitor has an account,
   * which names them).
   */
  render(m) {
    renderGameLine(this.gameLine, m, this.rules);
    this.renderStatus(m);
    this.share.hidden = !allows(m.state, m.mySeat, "cancel"); // the host of a room still waiting
    renderSearch(this.search, m, this.on.search);
    renderJoinPrompt(this.joinPrompt, m, this.on.join);
    renderPlayers(this.playerBox, m, () => this.on.command("berserk"));
    renderOpeningCard(this.opening, { ...m, actorName: nameOf(m.state, m.state.turn) }, this.on.choose);
    this.renderMoves(m);
    this.renderActions(m);
    this.renderGameOver(m);
    this.renderChat(m);
    this.renderRules(m);
    this.spectators.textContent = t("room.spectators", { n: m.presence ? m.presence.spectators : 0 });
    this.analyseLink.hidden = m.state.status !== "finished";
    this.renderDownloads(m.state);
  }

  /** The download menu of the room's current game (made again when a rematch starts). */
  renderDownloads(state) {
    if (this.downloads.dataset.game === String(state.game_no)) return;
    this.downloads.dataset.game = String(state.game_no);
    this.downloads.replaceChildren(downloadMenu({
      href: (format) => exportUrl(this.roomId, state.game_no, format),
      name: `caro-arena-${this.roomId}-${state.game_no}`, board: state.board,
    }));
  }

  statusText(m) {
    const { state, mySeat } = m;
    if (m.connText) return [m.connText, "conn"];
    if (m.review !== null) return [t("room.review", { n: m.review, total: state.moves.length }), "review"];
    if (state.status === "waiting") return [t(isSearching(m) ? "room.searching" : "room.waiting"), "wait"];
    if (state.status === "finished") return [resultWords(state, mySeat).line, "over"];
    const turnSeat = state.seats[String(state.turn)];
    if (m.aiWarming && turnSeat && turnSeat.kind === "ai") return [t("room.turn.ai_warming"), "ai"];
    if (inOpening(state)) return openingStatus(state, mySeat, nameOf(state, state.turn));
    if (state.turn === mySeat) return [t("room.turn.you"), "you"];
    if (turnSeat && turnSeat.kind === "ai") return [t("room.turn.ai"), "ai"];
    return [t("room.turn.them", { name: nameOf(state, state.turn) }), "them"];
  }

  /** Why the row just made did not win (a caro five blocked at both ends), or null. */
  unscoredText({ state, unscored }) {
    if (!unscored) return null;
    return t(`room.unscored.${unscored.why}`, { name: nameOf(state, unscored.seat), k: state.board.k });
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

  /** Updates only the clock faces and the idle countdown (called several times a second);
   *  `m` = { state, mySeat, now }. */
  tickClocks(m) {
    tickPlayers(this.playerBox, m);
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
    const { state, mySeat, ready } = m;
    const seated = Boolean(mySeat);
    this.actions.hidden = !seated || state.status === "finished";
    if (this.actions.hidden) return;
    const opp = 3 - mySeat;
    const oppName = nameOf(state, opp);
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
    replaceChanged(this.actions, ...items);
  }

  renderGameOver(m) {
    const { state, mySeat, ready } = m;
    this.gameOver.hidden = state.status !== "finished" || !state.result;
    if (this.gameOver.hidden) return;
    const words = resultWords(state, mySeat);
    const items = [
      el("p", { class: "gameover-title", id: "result-title" }, words.outcome),
      el("p", { class: "gameover-reason", id: "result-reason" }, `${words.event}.`),
      resultExtras(state, mySeat),
    ];
    const opp = mySeat && 3 - mySeat;
    if (mySeat && state.rematch_offer === opp) {
      items.push(this.offerRow("room.offer.rematch.in", nameOf(state, opp), "rematch_accept", "rematch_decline"));
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
        ? el("a", { class: "btn small", href: `/g/${encodeURIComponent(state.game_id || this.roomId)}`, "data-link": true, id: "review-game" }, t("room.over.review"))
        : null));
    replaceChanged(this.gameOver, ...items);
  }

  /** "How to win" for this room's game: the rule in words and pictures. */
  renderRules({ state }) {
    const key = `${document.documentElement.lang}|${state.variant}`;
    if (this.rulesKey === key) return;
    this.rulesKey = key;
    this.rules.replaceChildren(el("summary", {}, t("room.rules")), rulePicture(state.board));
  }

  renderChat(m) {
    const { notices, chat, spectatorChat, mySeat } = m;
    this.spectatorToggle.hidden = !mySeat;
    this.spectatorToggle.textContent = t("room.chat.spectators");
    this.spectatorToggle.setAttribute("aria-pressed", String(spectatorChat));
    const shown = chat.visible(spectatorChat);
    const last = shown.length ? shown[shown.length - 1] : null;
    const key = `${document.documentElement.lang}|${shown.length}|${last ? `${last.channel}${last.n}` : ""}|${notices.length}|${chat.muted.size}|${spectatorChat}|${m.namesVersion}`;
    if (this.chatKey === key) return;
    this.chatKey = key;
    const atBottom = this.chatLog.scrollHeight - this.chatLog.scrollTop - this.chatLog.clientHeight < 30;
    this.chatLog.replaceChildren(...chatLines(m, {
      mute: (line) => this.on.mute(line),
      unmuteAll: () => {
        for (const k of [...chat.muted]) chat.toggleMute(k);
        this.on.rerender();
      },
    }));
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
