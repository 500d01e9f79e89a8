// Entry point: the top bar (display name, account, language, connection state) and the
// router that mounts the home page (/), a room (/r/{id}), a game review (/g/{id}), an archived
// game's replay (/g/{id}/replay), a profile (/@/{username}), the leaderboard (/leaderboard/{variant}),
// the analysis board (/analysis), the notifications (/notifications), a challenge
// (/challenge/{id}), the friends page (/following), the moderators' page (/mod), the puzzles
// (/puzzles, /puzzles/{id}, /puzzles/daily), the tournaments (/tournaments) or a tournament
// (/tournament/{id}); and the
// player's own socket (/ws/me) with
// the bell, the prompts of challenges to this player and a tournament's pairings, on every page.

import { mountAccount } from "./common/account.js";
import { onWhoAmI } from "./common/account_api.js";
import { limitInput, loadName, saveName } from "./common/api.js";
import { svgEl } from "./common/board_svg.js";
import { applyStatic, lang, onLangChange, setLang, t } from "./common/i18n.js";
import { mountBell } from "./notifications/bell.js";
import { feed } from "./notifications/feed.js";
import { mountChallengePrompts } from "./challenges/prompt.js";
import { followPairings } from "./tournaments/follow.js";
import { navigate, setRenderer } from "./common/router.js";
import { tEl } from "./common/ui.js";
import { isMuted, onMuteChange, setMuted } from "./common/sound.js";

const main = document.getElementById("app");
let unmount = null;

/** Mounts a page that writes its words once; a language change draws it again from its URL
 * (the home page and a room follow the language themselves). */
function redrawnInLanguage(mount) {
  const unmountPage = mount();
  const stop = onLangChange(() => setTimeout(route)); // after every listener has heard it
  return () => {
    stop();
    unmountPage();
  };
}

/** Which page a path shows: its module, fetched the first time it is opened (the top bar,
 * account, bell and prompts are about 26 modules, a page 10 to 20 more: loading every page's
 * code on a first visit fetched and parsed twice what a phone needs), and how to mount it. */
function pageOf(path) {
  const room = /^\/r\/([A-Za-z0-9_-]{1,64})\/?$/.exec(path);
  const review = /^\/g\/([A-Za-z0-9_-]{1,80})\/?$/.exec(path);
  const replay = /^\/g\/([A-Za-z0-9_-]{1,80})\/replay\/?$/.exec(path);
  const profile = /^\/@\/([A-Za-z0-9_-]{1,40})\/?$/.exec(path);
  const board = /^\/leaderboard(?:\/([A-Za-z0-9_-]{1,80}))?\/?$/.exec(path);
  const challenge = /^\/challenge\/([A-Za-z0-9_-]{1,40})\/?$/.exec(path);
  const puzzle = /^\/puzzles(?:\/([A-Za-z0-9_-]{1,40}))?\/?$/.exec(path);
  const tournament = /^\/tournament\/([A-Za-z0-9_-]{1,16})\/?$/.exec(path);
  if (room) return [import("./room/room.js"), (m) => m.mountRoom(main, room[1])];
  if (review) return [import("./analysis/review.js"), (m) => redrawnInLanguage(() => m.mountReview(main, review[1]))];
  if (replay) return [import("./replay/replay.js"), (m) => redrawnInLanguage(() => m.mountReplay(main, replay[1]))];
  if (profile) return [import("./players/profile.js"), (m) => redrawnInLanguage(() => m.mountProfile(main, profile[1]))];
  if (board) return [import("./players/leaderboard.js"), (m) => redrawnInLanguage(() => m.mountLeaderboard(main, board[1]))];
  if (/^\/analysis\/?$/.test(path)) return [import("./analysis/analysis_board.js"), (m) => redrawnInLanguage(() => m.mountAnalysisBoard(main))];
  if (/^\/notifications\/?$/.test(path)) return [import("./notifications/page.js"), (m) => m.mountNotifications(main)];
  if (challenge) return [import("./challenges/page.js"), (m) => m.mountChallenge(main, challenge[1])];
  if (/^\/following\/?$/.test(path)) return [import("./relations/following.js"), (m) => m.mountFollowing(main)];
  if (/^\/mod\/?$/.test(path)) return [import("./moderation/page.js"), (m) => m.mountModeration(main)];
  if (puzzle) return [import("./puzzles/page.js"), (m) => m.mountPuzzles(main, puzzle[1] || null)];
  if (/^\/tournaments\/?$/.test(path)) return [import("./tournaments/list.js"), (m) => m.mountTournaments(main)];
  if (tournament) return [import("./tournaments/page.js"), (m) => m.mountTournament(main, tournament[1])];
  return [import("./home/home.js"), (m) => m.mountHome(main)];
}

let routed = 0; // counts routes: a page whose code arrives after a newer route is not mounted

async function route() {
  const turn = ++routed;
  if (unmount) unmount();
  unmount = null;
  main.replaceChildren();
  document.title = "Caro Arena";
  const [loading, mount] = pageOf(location.pathname);
  let page;
  try {
    page = await loading;
  } catch {
    if (turn === routed) main.replaceChildren(tEl("p", "app.load_failed", { className: "muted" }));
    return;
  }
  if (turn !== routed) return;
  unmount = mount(page);
  const target = location.hash && document.getElementById(location.hash.slice(1));
  if (target) keepInView(target);
  else window.scrollTo(0, 0);
}

const SETTLE_MS = 3000; // how long a page's cards may keep arriving after its first draw

/** Scroll to the URL's #target and keep it in view while the page's cards arrive (the home
 * page's puzzle, games and pools load after the first draw and push the lobby down), until
 * the reader scrolls or SETTLE_MS have passed. */
function keepInView(target) {
  target.scrollIntoView();
  const observer = new ResizeObserver(() => target.scrollIntoView());
  observer.observe(main);
  const events = ["wheel", "touchstart", "keydown", "mousedown"];
  const stop = () => {
    observer.disconnect();
    for (const name of events) window.removeEventListener(name, stop);
  };
  for (const name of events) window.addEventListener(name, stop, { passive: true });
  setTimeout(stop, SETTLE_MS);
}

/** The sound switch: a speaker, crossed out when muted; the choice is remembered. */
function setupMute() {
  const button = document.getElementById("mute");
  const svg = svgEl("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" }, button);
  svgEl("path", { d: "M4 9h4l5-4v14l-5-4H4z", fill: "currentColor" }, svg);
  const waves = svgEl("path", { d: "M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12", fill: "none", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }, svg);
  const cross = svgEl("path", { d: "M16 9l6 6M22 9l-6 6", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }, svg);
  const show = () => {
    const muted = isMuted();
    button.setAttribute("aria-pressed", String(muted));
    button.setAttribute("aria-label", t(muted ? "sound.off" : "sound.on"));
    button.title = t(muted ? "sound.off" : "sound.on");
    waves.style.display = muted ? "none" : "";
    cross.style.display = muted ? "" : "none";
  };
  button.addEventListener("click", () => setMuted(!isMuted()));
  onMuteChange(show);
  onLangChange(show);
  show();
}

/**
 * The top bar's menu: on a narrow screen the name, account and language fold behind one
 * button (a header that fits a phone); it closes on a choice of page, outside or Escape.
 */
function setupMenu() {
  const button = document.getElementById("menu-btn");
  const menu = document.getElementById("topbar-menu");
  const svg = svgEl("svg", { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" }, button);
  svgEl("path", { d: "M4 7h16M4 12h16M4 17h16", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }, svg);
  const setOpen = (open) => {
    menu.classList.toggle("open", open);
    button.setAttribute("aria-expanded", String(open));
  };
  button.addEventListener("click", () => setOpen(!menu.classList.contains("open")));
  // On the press, not the click: a button in the menu may re-render (and leave the page)
  // before its click reaches the document.
  document.addEventListener("pointerdown", (e) => {
    if (!e.target.closest("#topbar-menu, #menu-btn")) setOpen(false);
  });
  menu.addEventListener("click", (e) => {
    if (e.target.closest("a[data-link]")) setOpen(false);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && menu.classList.contains("open")) {
      setOpen(false);
      button.focus();
    }
  });
  window.addEventListener("popstate", () => setOpen(false));
  // Logging in or out is done with the menu: it closes (the account corner shows the result).
  let account;
  onWhoAmI((who) => {
    const now = (who && who.username) || null;
    if (account !== undefined && now !== account) setOpen(false);
    account = now;
  });
}

function setupTopbar() {
  const nameInput = document.getElementById("display-name");
  // An account's username names its player: no name to type while logged in.
  onWhoAmI((who) => {
    document.getElementById("name-field").hidden = Boolean(who && who.username);
  });
  limitInput(nameInput, "name");
  nameInput.value = loadName();
  nameInput.addEventListener("change", () => {
    nameInput.value = saveName(nameInput.value);
  });
  const select = document.getElementById("lang-select");
  select.value = lang();
  select.addEventListener("change", () => setLang(select.value));
  onLangChange(() => {
    select.value = lang();
  });
  document.addEventListener("click", (e) => {
    const link = e.target.closest("a[data-link]");
    if (!link || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(link.getAttribute("href"));
  });
  window.addEventListener("popstate", route);
  mountAccount(document.getElementById("account-slot"));
  mountBell(document.getElementById("bell-slot"));
  applyStatic(document);
}

setRenderer(route);
setupTopbar();
setupMute();
setupMenu();
route();
mountChallengePrompts();
followPairings();
feed.start();
