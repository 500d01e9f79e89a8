// The room controller: glues the connection (server events), the pure room state, the
// board component and the room view. Moves, offers and chat go out through the
// connection; everything the server sends comes back as state and is re-rendered.

import {
  ApiError, createRoom, joinRoom, loadName, loadToken, onlineCount, saveName, saveToken,
} from "../common/api.js";
import { ChatModel, chatterKey } from "./chat.js";
import { RoomConnection } from "./connection.js";
import { Board } from "../common/board.js";
import { boardStyle } from "../common/board_svg.js";
import { errorText, onLangChange, t } from "../common/i18n.js";
import { cellToStr, replay, strToCell } from "../common/notation.js";
import { choiceNotice } from "./opening_view.js";
import { RoomView } from "./room_view.js";
import { LOW_TIME_MS } from "./players_view.js";
import { colourName, onNamesChange, playerName } from "../common/players.js";
import { noticeText } from "./chat_view.js";
import { myRooms, onWhoAmI, resumeSeat, whoAmI } from "../common/account_api.js";
import { playSound } from "../common/sound.js";
import { applyEvent, clockLeft } from "./state.js";
import { navigate } from "../common/router.js";
import { toast } from "../common/ui.js";

const CLOCK_TICK_MS = 200;
const SEARCH_PATIENCE_MS = 15000; // quick play alone this long: offer the computer or the lobby
const ONLINE_REFRESH_MS = 5000;
// What was declined, said to the one who asked ("alice declined your draw offer.").
const DECLINES = {
  draw_declined: "room.offer.declined.draw",
  takeback_declined: "room.offer.declined.takeback",
  rematch_declined: "room.offer.declined.rematch",
};

/** Renders the room `roomId` into `main`; returns a function that tears it down. */
export function mountRoom(main, roomId) {
  // Without a seat token the page only watches until the visitor chooses to take a free seat.
  const conn = new RoomConnection(roomId, { name: loadName(), watch: !loadToken(roomId) });
  let joinChoiceMade = Boolean(loadToken(roomId));
  const connBadge = document.getElementById("conn");
  let state = null;
  let mySeat = null;
  let presence = null;
  let aiWarming = false; // the server's AI is still getting ready (its first start compiles it)
  let review = null;
  let board = null;
  let boardSpec = null;
  let clockOffset = 0;
  let awaitingMove = null;
  let unscored = null; // the last row the rule did not count: { ply, move, why, cells, seat }
  const chat = new ChatModel(roomId);
  let spectatorChat = false; // a player opens the spectators' chat; spectators always see it
  const notices = [];
  let tapHintShown = false;
  const search = { since: Date.now(), online: null, patient: true, polled: 0 };
  let lowTimeWarned = null; // the game number whose low-time warning was played
  let leaving = null; // { cid, choice } while the search is being cancelled
  let loggedIn = false; // an account names this visitor: no name to type when joining
  let namesVersion = 0; // bumped when names may read differently (level names, language)

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
    share: () => shareLink(),
    search: (choice) => leaveSearch(choice),
    join: (name) => takeSeat(name),
    choose: (choice) => {
      if (!conn.send("opening_choice", { choice })) toast(errorText("network"), "error");
    },
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

  /** The uncounted row made by move number `ply`, when that move is still on the board. */
  function unscoredAt(ply) {
    return unscored && unscored.ply === ply && state.moves[ply - 1] === unscored.move ? unscored : null;
  }

  function renderBoard(animate) {
    const shown = review === null ? state.moves : state.moves.slice(0, review);
    const { cells, played } = replay(state.board, shown);
    const live = review === null;
    const uncounted = unscoredAt(shown.length);
    const forbidden = live && state.status === "playing" ? state.forbidden || [] : [];
    board.setPosition({
      cells,
      lastMove: played.length ? played[played.length - 1] : -1,
      winLine: live && state.status === "finished" ? winningLine() : [],
      voidLine: uncounted ? uncounted.cells : [],
      forbidden: forbidden.map((m) => strToCell(state.board, m, cells)).filter((c) => c >= 0),
      animate: animate && live,
    });
    // The seat to act places a stone unless the opening asks it for a choice (server's `phase`).
    const myTurn = live && state.status === "playing" && mySeat === state.turn && conn.ready && !awaitingMove
      && state.phase !== "choose";
    // The stone's colour follows the move count (in an opening, the actor places both colours).
    board.setInteractive(Boolean(myTurn), 1 + (state.moves.length % 2));
  }

  /** This player's `claim_at` in a server message (the state or presence), or null. */
  const claimIn = (msg) => (mySeat && msg && msg.claim_at && msg.claim_at[mySeat]) || null;

  /**
   * The opponent of a seated player has closed the game while it goes on: { name, claimAt }
   * (claimAt: server time the win may be claimed as the presence message says, null when the
   * server says it may not: a running clock decides).
   */
  function opponentAway() {
    if (!mySeat || !presence || state.status !== "playing" || presence.players[3 - mySeat]) return null;
    return { name: playerName(state.seats[String(3 - mySeat)]), claimAt: claimIn(presence) };
  }

  /**
   * The win may be claimed: the server's instants (the state's, for an opponent past the move
   * deadline, and the presence message's, for one who left) are compared with its clock.
   */
  function canClaim() {
    const dues = [claimIn(state), claimIn(presence)].filter((due) => due !== null);
    return dues.length > 0 && serverNow() >= Math.min(...dues);
  }

  function render(animate) {
    if (!state) return;
    ensureBoard();
    renderBoard(animate);
    const model = {
      state, style: style(), mySeat, presence, review, now: serverNow(), notices, chat,
      spectatorChat: !mySeat || spectatorChat,
      unscored: review === null ? unscoredAt(state.moves.length) : null, search, away: opponentAway(),
      joinOffer: joinOffer(), defaultName: loadName(), loggedIn, namesVersion,
      canClaim: canClaim(), ready: conn.ready, connText: conn.ready ? null : connBadge.textContent,
      aiWarming,
    };
    view.render(model);
    const [statusText, tone] = view.statusText(model);
    // In a background tab the title says it is your turn.
    const hint = document.hidden && tone === "you" ? "● " : "";
    document.title = `${hint}${statusText} — Caro Arena`;
  }

  /** A line in the chat log from the room itself, translated when shown (`params` may hold
   *  seats: players are named when the line is shown). */
  function notice(key, params = {}) {
    notices.push({ ts: serverNow(), key, params });
  }

  function onEvent(event) {
    const before = state;
    state = applyEvent(state, event);
    if (event.cid && event.cid === awaitingMove) awaitingMove = null;
    if (leaving && event.cid === leaving.cid) goAfterSearch(leaving.choice);
    if (event.type === "rematch") {
      review = null;
      if (JSON.stringify(before.seats) !== JSON.stringify(state.seats)) notice("room.swapped");
    } else if (event.type === "opening_choice") {
      const [key, params] = choiceNotice(event, (seat) => state.seats[String(seat)]);
      notice(key, params);
    } else if (event.type === "seat_taken" && event.player) {
      notice("room.joined", { name: event.player });
    } else if (DECLINES[event.type] && event.seat !== mySeat) {
      const declined = { key: DECLINES[event.type], params: { name: state.seats[String(event.seat)] } };
      notice(declined.key, declined.params);
      toast(noticeText(declined));
    } else if (event.type === "takeback") {
      notice("room.offer.takeback.done");
      if (review !== null) review = Math.min(review, state.moves.length);
    }
    if (event.type === "move" && event.unscored) {
      const { cols } = state.board;
      unscored = {
        ply: event.ply, move: event.move, why: event.unscored.why, seat: event.seat,
        cells: event.unscored.cells.map(([col, row]) => row * cols + col),
      };
      notice(`room.unscored.${unscored.why}`, { name: state.seats[String(event.seat)], k: state.board.k });
    }
    soundFor(event);
    if (event.type === "move") {
      view.announce(t("room.played", { name: playerName(state.seats[String(event.seat)]), move: event.move }));
    }
    render(event.type === "move" && before.moves.length < state.moves.length);
  }

  /** The sound of an event: your turn, a move, someone joined, a win, a loss, an ending. */
  function soundFor(event) {
    if (event.type === "move") {
      playSound(mySeat && event.seat !== mySeat && state.status === "playing" ? "turn" : "move");
    } else if (event.type === "seat_taken" && event.seat !== mySeat) {
      playSound("join");
    } else if (event.type === "game_over") {
      const { winner } = event.result;
      playSound(!mySeat || !winner ? "end" : winner === mySeat ? "win" : "loss");
    }
  }

  /** One warning a game when your own clock runs low. */
  function checkLowTime() {
    if (!mySeat || !state.clock || state.status !== "playing" || state.clock.running !== mySeat) return;
    const key = `${state.game_no}`;
    if (lowTimeWarned === key || clockLeft(state.clock, mySeat, serverNow()) >= LOW_TIME_MS) return;
    lowTimeWarned = key;
    playSound("lowtime");
  }

  function setBadge(status, retryIn) {
    connBadge.hidden = false;
    connBadge.dataset.state = status;
    const key = { online: "conn.online", connecting: "conn.connecting", reconnecting: "conn.reconnecting", offline: "conn.offline" }[status];
    connBadge.textContent = t(key, { s: Math.max(1, Math.round(retryIn / 1000)) });
  }

  /** The free seat offered to a visitor who opened the link (the server's `open_seat`), or null. */
  function joinOffer() {
    if (joinChoiceMade || mySeat) return null;
    return state.open_seat || null;
  }

  /**
   * Takes the free seat under `name` (remembered for next time; an account's username names
   * it instead), or, with null, just watches.
   */
  async function takeSeat(name) {
    joinChoiceMade = true;
    render(false);
    if (name === null) return;
    const clean = loggedIn ? loadName() : saveName(name);
    document.getElementById("display-name").value = clean;
    conn.name = clean;
    try {
      const answer = await joinRoom(roomId, clean || undefined);
      saveToken(roomId, answer.token);
      conn.takeSeat();
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    }
  }

  /**
   * Stops looking for an opponent (the room leaves the lobby and quick play), then goes home,
   * to the lobby, or into a game against the computer.
   */
  function leaveSearch(choice) {
    const cid = conn.send("unlist");
    if (cid) leaving = { cid, choice };
    else goAfterSearch(choice);
  }

  /** Once the server has unlisted the room (or the connection is down). */
  async function goAfterSearch(choice) {
    leaving = null;
    if (choice === "cancel") return navigate("/");
    if (choice === "lobby") return navigate("/#lobby");
    try {
      const answer = await createRoom({ variant: state.variant, opponent: "ai", name: loadName() || undefined });
      saveToken(answer.room_id, answer.token);
      navigate(`/r/${answer.room_id}`);
    } catch (err) {
      toast(errorText(err.code || "internal_error"), "error");
    }
  }

  /** While searching: the online count every few seconds, and patience running out. */
  function tickSearch() {
    if (state.status !== "waiting" || !state.public || !mySeat) return;
    const now = Date.now();
    if (search.patient && now - search.since >= SEARCH_PATIENCE_MS) {
      search.patient = false;
      render(false);
    }
    if (now - search.polled < ONLINE_REFRESH_MS) return;
    search.polled = now;
    onlineCount().then((n) => {
      search.online = n;
      render(false);
    }, () => {});
  }

  /** The system share sheet; cancelling it is not an error. */
  async function shareLink() {
    try {
      await navigator.share({ title: "Caro Arena", text: t("room.share.text"), url: view.shareInput.value });
    } catch (err) {
      if (err && err.name !== "AbortError") copyLink();
    }
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
    aiWarming = msg.ai === "warming";
  });
  conn.addEventListener("ai_status", (e) => {
    aiWarming = e.detail.msg.ai === "warming";
    render(false);
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
  conn.addEventListener("seat", (e) => {
    // The server moved this socket to another seat (a rematch swaps them), just before the
    // event that did it: the page takes the seat it is told, it knows no swap rule.
    mySeat = e.detail.msg.seat;
  });
  conn.addEventListener("presence", (e) => {
    const before = presence;
    presence = e.detail.msg;
    const opp = mySeat && String(3 - mySeat);
    const seat = opp && state && state.seats[opp];
    if (before && seat && seat.kind === "human" && state.status === "playing" && before.players[opp] !== presence.players[opp]) {
      // "back" only after a "left": the opponent's first arrival is "joined" already.
      const params = { name: seat };
      if (!presence.players[opp]) notice("room.opp.left", params);
      else if (notices.some((n) => n.key === "room.opp.left")) notice("room.opp.back", params);
    }
    render(false);
  });
  conn.addEventListener("servererror", (e) => {
    if (e.detail.code === "room_not_found") return; // the socket closes next; "fatal" shows it
    if (e.detail.cid && e.detail.cid === awaitingMove) awaitingMove = null;
    if (leaving && e.detail.cid === leaving.cid) {
      // seat_taken: the opponent came just in time, so stay for the game.
      if (e.detail.code === "seat_taken") leaving = null;
      else goAfterSearch(leaving.choice);
      render(false);
      return;
    }
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
    tickSearch();
    checkLowTime();
    if ((state.clock || state.move_deadline) && state.status === "playing") view.tickClocks({ state, mySeat, now: serverNow() });
    view.tickAway(serverNow());
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
  /**
   * Left/Right step through the moves, Home/End go to the start and back to live, as on
   * lichess; not while typing, and not on the board, whose arrows move its cursor.
   */
  function onKey(e) {
    if (!state || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable], .board")) return;
    const total = state.moves.length;
    const current = review === null ? total : review;
    const wanted = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total }[e.key];
    if (wanted === undefined) return;
    e.preventDefault();
    const ply = Math.max(0, Math.min(total, wanted));
    review = ply >= total ? null : ply;
    render(false);
  }

  const stopNames = onNamesChange(() => {
    namesVersion += 1;
    render(false);
  });
  const account = (who) => {
    loggedIn = Boolean(who && who.username);
    render(false);
  };
  const stopWho = onWhoAmI(account);
  whoAmI().then(account);
  const onVisibility = () => render(false);
  document.addEventListener("visibilitychange", onVisibility);
  document.addEventListener("keydown", onKey);
  conn.start();
  // My seat by identity, without a token on this device (a rated pool's pairing, an accepted
  // challenge, a daily game's "your turn" followed from another device): the server gives
  // this device a token for it, and the page sits down; anyone else just watches (asked only
  // when my rooms list this one: a visitor without a seat gets no refusal).
  if (!loadToken(roomId)) {
    myRooms().then(({ rooms }) => (rooms.some((r) => r.room_id === roomId) ? resumeSeat(roomId) : null))
      .then((answer) => {
        if (!answer || loadToken(roomId)) return;
        saveToken(roomId, answer.token);
        joinChoiceMade = true;
        conn.takeSeat();
      }, () => {});
  }

  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    document.removeEventListener("keydown", onKey);
    main.removeAttribute("aria-busy");
    clearInterval(ticker);
    stopLang();
    stopNames();
    stopWho();
    conn.close();
    connBadge.hidden = true;
  };
}
