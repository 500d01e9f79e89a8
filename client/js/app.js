// Entry point: the top bar (display name, language, connection state) and the router
// that mounts the home page (/), a room (/r/{id}), a game review (/g/{id}) or the analysis
// board (/analysis).

import { loadName, saveName } from "./api.js";
import { applyStatic, lang, onLangChange, setLang } from "./i18n.js";
import { mountAnalysisBoard } from "./analysis_board.js";
import { mountHome } from "./home.js";
import { mountReview } from "./review.js";
import { mountRoom } from "./room.js";
import { navigate, setRenderer } from "./router.js";

const main = document.getElementById("app");
let unmount = null;

function route() {
  if (unmount) unmount();
  unmount = null;
  main.replaceChildren();
  document.title = "Caro Arena";
  const m = /^\/r\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  const g = /^\/g\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  if (m) unmount = mountRoom(main, m[1]);
  else if (g) unmount = mountReview(main, g[1]);
  else if (/^\/analysis\/?$/.test(location.pathname)) unmount = mountAnalysisBoard(main);
  else unmount = mountHome(main);
  window.scrollTo(0, 0);
}

function setupTopbar() {
  const nameInput = document.getElementById("display-name");
  nameInput.maxLength = 20;
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
  applyStatic(document);
}

setRenderer(route);
setupTopbar();
route();
