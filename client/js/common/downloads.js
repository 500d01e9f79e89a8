// "Download" for a game: its record as SGF (Go-style editors, Renlib), PSQ (Piskvork and the
// Gomocup tools) and text (docs/protocol.md, export), wherever a game can be exported: the
// room, the replay and the review. Gravity games (Connect Four) have only the text format.

import { t } from "./i18n.js";
import { el } from "./ui.js";

const FORMATS = [
  { format: "sgf", ext: "sgf", key: "download.sgf" },
  { format: "psq", ext: "psq", key: "download.psq" },
  { format: "text", ext: "txt", key: "download.text" },
];

/** A small menu of download links: `href(format)` is a record's URL in that format, `name` the
 * file name without its extension, `board` the game's board (gravity games: text only). */
export function downloadMenu({ href, name, board, id = "downloads" }) {
  const offered = board && board.gravity ? FORMATS.filter((f) => f.format === "text") : FORMATS;
  const links = offered.map(({ format, ext, key }) => el("a", {
    href: href(format), download: `${name}.${ext}`, "data-format": format, class: "download-link",
  }, t(key)));
  return el("details", { class: "downloads", id },
    el("summary", { class: "btn small" }, t("download.title")),
    el("div", { class: "download-list" }, links));
}
