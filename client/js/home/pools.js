// "Rated pools" on the home page: for the chosen game, one button per clock with how many
// players wait in its pool (docs/protocol.md §2j); a logged-in player clicks one to be paired
// by rating, and sees the search (waiting time, the ratings accepted now, how many others wait)
// with Cancel until the game starts. Quick play with "rated" ticked searches here too.

import { onWhoAmI, whoAmI } from "../common/account_api.js";
import { errorText, t } from "../common/i18n.js";
import { el, replaceChanged, tEl, toast } from "../common/ui.js";
import { variantTitle } from "../common/variant_title.js";
import { clockText } from "../common/time_control.js";
import { poolList } from "../pool/api.js";
import { PoolSearch } from "../pool/search.js";

const TICK_MS = 1000;

/** "0:42" */
function waited(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The card; `game()` is the game chosen on the page. Returns { section, refresh, render,
 * search(poolId), stop, has(poolId) }: refresh asks the counts again, render redraws (a
 * language change, another game), search starts one, stop ends the card's timers and any
 * search, has says whether a pool exists.
 */
export function poolsCard(game) {
  const search = new PoolSearch();
  let pools = [];
  let since = 0; // when the search began, by this page's clock
  let ticker = null;
  const buttons = el("div", { class: "pool-buttons", id: "pool-buttons" });
  const status = el("div", { class: "pool-search", id: "pool-search", hidden: true, role: "status" });
  const note = el("p", { class: "muted pool-note", id: "pool-note" });
  const section = el("section", { class: "card pools", id: "pools" },
    tEl("h2", "pool.title"), note, buttons, status);

  const start = async (poolId) => {
    const who = await whoAmI();
    if (!who.username) {
      toast(errorText("not_logged_in"), "error");
      return;
    }
    since = Date.now();
    await search.start(poolId);
  };

  const renderButtons = () => {
    const shown = pools.filter((pool) => pool.variant === game());
    replaceChanged(buttons, ...shown.map((pool) => el("button", {
      class: `btn pool-button${search.pool === pool.id ? " primary" : ""}`, type: "button",
      "data-pool": pool.id, disabled: search.active,
      onclick: () => start(pool.id),
    }, el("span", { class: "pool-clock" }, clockText(pool.clock)),
    el("span", { class: "pool-waiting" }, t("pool.waiting", { n: pool.waiting })))));
    whoAmI().then((who) => {
      note.textContent = t(who.username ? "pool.hint" : "pool.login", { game: variantTitle(game()) });
    });
  };

  // The search's lines change every second; its Cancel button stays the same element, so a
  // click on it is never lost to a redraw.
  const searchText = el("span", { class: "search-text" });
  const windowText = el("p", { class: "muted", id: "pool-window" });
  status.append(
    el("div", { class: "search-head" },
      el("span", { class: "spinner", "aria-hidden": "true" }),
      searchText,
      tEl("button", "room.search.cancel", { class: "btn small", type: "button", id: "pool-cancel", onclick: () => search.cancel() })),
    windowText);
  const renderSearch = () => {
    const current = search.status;
    status.hidden = !search.active || !current;
    if (status.hidden) return;
    const clock = (pools.find((pool) => pool.id === search.pool) || {}).clock;
    searchText.textContent = t("pool.searching", { clock: clockText(clock), time: waited(Date.now() - since) });
    windowText.textContent = t("pool.window", { low: current.rating - current.window, high: current.rating + current.window, n: current.others });
  };

  const render = () => {
    renderButtons();
    renderSearch();
  };

  search.addEventListener("change", render);
  search.addEventListener("end", (event) => {
    clearInterval(ticker);
    ticker = null;
    const { reason, code } = event.detail;
    if (reason === "error") toast(errorText(code), "error");
    render();
  });
  search.addEventListener("change", () => {
    if (!ticker) ticker = setInterval(renderSearch, TICK_MS);
  });

  const refresh = async () => {
    try {
      pools = (await poolList()).pools;
    } catch {
      return;
    }
    renderButtons();
  };

  const unwatch = onWhoAmI(renderButtons); // logged in or out: the note says what to do

  const stop = () => {
    clearInterval(ticker);
    unwatch();
    search.cancel();
  };

  const has = (poolId) => pools.some((pool) => pool.id === poolId);
  return { section, refresh, render, search: start, stop, has };
}
