// The room controller: glues the connection (server events), the pure room state, the
// board component and the room view. Moves, offers and chat go out through the
// connection; everything the server sends comes back as state and is re-rendered.

import { loadName } from "./api.js";
import { ChatModel, chatterKey } from "./chat.js";
import { RoomConnection } from "./connection.js";
import { Board } from "./board.js";
import { boardStyle } from "./board_svg.js";
import { errorText, onLangChange, t } from "./i18n.js";
import { cellToStr, replay, strToCell } from "./notation.js";
import { RoomView, colourName, seatName } from "./room_view.js";
import { applyEvent } from "./state.js";
import { toast } from "./ui.js";

const CLOCK_TICK_MS = 200;
const DECLINES = { draw_declined: 1, takeback_declined: 1, rematch_declined: 1 };

/** Renders the room `roomId` into `main`; returns a function that tears it down. */
export function mountRoom(main, roomId) {
  const conn = new RoomConnection(roomId, { name: loadName() });
  const connBadge = document.getElementById("conn");
  let state = null;
  let mySeat = null;
  let presence = null;
  let review = null;
  let board = null;
  let boardSpec = null;
  let clockOffset = 0;
  let claimAfter = 60000;
  let awaitingMove = null;
  const chat = new ChatModel(roomId);
  let spectatorChat = false; // a player opens the spectators' chat; spectators always see it
  const notices = [];
  let tapHintShown = false;

  const serverNow = () => Date.now() + clockOffset;
  const style = () => boardStyle(state.board);

  const view = new RoomView(main, roomId, {
    command: (type) => {
      if (!conn.send(type)) toast(errorText("network"), "error");
    },
    chat: (text) => Boolean(conn.send("chat", { text })),
    toggleSpectatorChat: () => {
      spectatorChat = !spectatorChat;
      conn.send("spectator_chat", { open: spectatorChat });
      render(false);
    },
    mute: (line) => {
      chat.toggleMute(chatterKey(line));
      render(false);
    },
    review: (ply) => {
      review = ply;
      render(false);
    },
    copy: () => copyLink(),
    rerender: () => render(false),
  });
  main.setAttribute("aria-busy", "true");
  view.status.textContent = t("room.loading");

  function describeCell(name, content) {
    if (content === "forbidden") return `${name}, ${t("cell.forbidden")}`;
    return `${name}, ${content ? colourName(style(), content) : t("cell.empty")}`;
  }

  function ensureBoard() {
    if (boardSpec === state.variant && board) return;
    if (board) board.destroy();
    board = new Board(view.boardHost, state.board, { describe: describeCell, label: t("board.label") });
    boardSpec = state.variant;
    board.addEventListener("move", (e) => playMove(e.detail.cell));
    board.addEventListener("forbidden", () => toast(errorText("forbidden_move"), "error"));
    board.addEventListener("preview", () => {
      if (!tapHintShown) toast(t("board.tap_again"));
      tapHintShown = true;
    });
  }

  function playMove(cell) {
    const move = cellToStr(state.board, cell);
    const cid = conn.send("move", { move });
    if (!cid) {
      toast(errorText("network"), "error");
      return;
    }
    awaitingMove = cid;
    board.setInteractive(false);
  }

  /** The winning cells as the server names them (`result.cells`: [column, row] from the
   *  bottom-left); the page never works a line out itself. */
  function winningLine() {
    const result = state.result;
    if (!result || !result.cells) return [];
    const { cols } = state.board;
    return result.cells.map(([col, row]) => row * cols + col);
  }

  function renderBoard(animate) {
    const shown = review === null ? state.moves : state.moves.slice(0, review);
    const { cells, played } = replay(state.board, shown);
    const live = review === null;
    const forbidden = live && state.status === "playing" ? state.forbidden || [] : [];
    board.setPosition({
      cells,
      lastMove: played.length ? played[played.length - 1] : -1,
      winLine: live && state.status === "finished" ? winningLine() : [],
      forbidden: forbidden.map((m) => strToCell(state.board, m, cells)).filter((c) => c >= 0),
      animate: animate && live,
    });
    const myTurn = live && state.status === "playing" && mySeat === state.turn && conn.ready && !awaitingMove;
    board.setInteractive(Boolean(myTurn), state.turn);
  }

  function canClaim() {
    if (!mySeat || state.status !== "playing" || state.clock) return false;
    if (state.turn !== mySeat && state.move_deadline && serverNow() >= state.move_deadline) return true;
    if (!presence) return false;
    const opp = String(3 - mySeat);
    const seat = state.seats[opp];
    const since = presence.away_since && presence.away_since[opp];
    return Boolean(seat && seat.kind === "human" && !presence.players[opp] && since && serverNow() - since >= claimAfter);
  }

  function render(animate) {
    if (!state) return;
    ensureBoard();
    renderBoard(animate);
    const model = {
      state, style: style(), mySeat, presence, review, now: serverNow(), notices, chat,
      spectatorChat: !mySeat || spectatorChat,
      canClaim: canClaim(), ready: conn.ready, connText: conn.ready ? null : connBadge.textContent,
    };
    view.render(model);
    const [statusText] = view.statusText(model);
    document.title = `${statusText} — Caro Arena`;
  }

  /** A line in the chat log from the room itself, translated when shown. */
  function notice(key, params = {}) {
    notices.push({ ts: serverNow(), key, params });
  }

  function onEvent(event) {
    const before = state;
    state = applyEvent(state, event);
    if (event.cid && event.cid === awaitingMove) awaitingMove = null;
    if (event.type === "rematch") {
      if (mySeat) mySeat = 3 - mySeat;
      review = null;
      notice("room.swapped");
    } else if (event.type === "seat_taken" && event.player) {
      notice("room.joined", { name: seatName(state, style(), event.seat) });
    } else if (DECLINES[event.type] && event.seat !== mySeat) {
      const params = { name: seatName(state, style(), event.seat) };
      notice("room.offer.declined", params);
      toast(t("room.offer.declined", params));
    } else if (event.type === "takeback") {
      notice("room.offer.takeback.done");
      if (review !== null) review = Math.min(review, state.moves.length);
    }
    if (event.type === "move") {
      view.announce(t("room.played", { name: seatName(state, style(), event.seat), move: event.move }));
    }
    render(event.type === "move" && before.moves.length < state.moves.length);
  }

  function setBadge(status, retryIn) {
    connBadge.hidden = false;
    connBadge.dataset.state = status;
    const key = { online: "conn.online", connecting: "conn.connecting", reconnecting: "conn.reconnecting", offline: "conn.offline" }[status];
    connBadge.textContent = t(key, { s: Math.max(1, Math.round(retryIn / 1000)) });
  }

  async function copyLink() {
    const link = view.shareInput.value;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      view.shareInput.select();
      document.execCommand("copy");
    }
    view.copied();
  }

  conn.addEventListener("status", (e) => {
    setBadge(e.detail.state, e.detail.retryIn);
    if (e.detail.state !== "online") awaitingMove = null;
    render(false);
  });
  conn.addEventListener("welcome", (e) => {
    const { msg } = e.detail;
    mySeat = msg.seat;
    if (mySeat && spectatorChat) conn.send("spectator_chat", { open: true }); // a new socket
    clockOffset = msg.now - Date.now();
    claimAfter = msg.claim_after_ms ?? claimAfter;
  });
  conn.addEventListener("snapshot", (e) => {
    state = e.detail.state;
    main.removeAttribute("aria-busy");
    if (review !== null && review > state.moves.length) review = null;
    render(false);
  });
  conn.addEventListener("event", (e) => onEvent(e.detail.event));
  conn.addEventListener("chat", (e) => {
    const { msg } = e.detail;
    if (msg.type === "chat_history") chat.history(msg);
    else if (!chat.add(msg)) return;
    if (state) render(false);
  });
  conn.addEventListener("presence", (e) => {
    presence = e.detail.msg;
    render(false);
  });
  conn.addEventListener("servererror", (e) => {
    if (e.detail.code === "room_not_found") return; // the socket closes next; "fatal" shows it
    if (e.detail.cid && e.detail.cid === awaitingMove) awaitingMove = null;
    toast(errorText(e.detail.code), "error");
    render(false);
  });
  conn.addEventListener("fatal", () => {
    main.removeAttribute("aria-busy");
    connBadge.hidden = true;
    view.showNotFound();
  });

  let claimShown = false;
  const ticker = setInterval(() => {
    if (!state) return;
    if ((state.clock || state.move_deadline) && state.status === "playing") view.tickClocks({ state, style: style(), mySeat, now: serverNow() });
    if (canClaim() !== claimShown) {
      claimShown = !claimShown;
      render(false);
    }
  }, CLOCK_TICK_MS);
  const stopLang = onLangChange(() => {
    if (board) board.setDescribe(describeCell, t("board.label"));
    if (conn.status) setBadge(conn.status, 0);
    render(false);
  });
  conn.start();

  return () => {
    main.removeAttribute("aria-busy");
    clearInterval(ticker);
    stopLang();
    conn.close();
    connBadge.hidden = true;
  };
}
