// Small DOM helpers shared by the pages. Text always goes in through textContent, so
// anything a user typed is shown as text, never parsed as HTML.

import { t } from "./i18n.js";

/**
 * el("button", { class: "btn", onclick: fn, "aria-label": "…" }, "text", childNode, …)
 * Attributes starting with "on" become listeners; strings become text nodes.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** A text as innerHTML writes it. */
function textHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\u00a0/g, "&nbsp;");
}

/**
 * Sets `parent`'s children to `nodes` (elements or strings; nulls skipped) unless they read
 * exactly as the ones it has. A panel re-drawn on every server event or poll otherwise swaps
 * its buttons for identical new ones, and a press and release that straddle the swap land on
 * two different buttons: the browser then clicks neither, and the player's click is lost. An
 * element kept across renders (an open form) is not even moved, so it keeps the focus and
 * what is typed.
 */
export function replaceChanged(parent, ...nodes) {
  const shown = nodes.filter((node) => node !== null && node !== undefined && node !== false);
  const html = shown.map((node) => (typeof node === "string" ? textHtml(node) : node.outerHTML)).join("");
  if (html !== parent.innerHTML) parent.replaceChildren(...shown);
}

/**
 * The parts of a " · " line after its first ("26 Nov 2026", "+12", "No clock"), each kept
 * whole: the dot stays with what comes before it and the line breaks only after a dot, so a
 * narrow screen never cuts a date or a game's size in two.
 */
export function dottedParts(parts) {
  return parts.flatMap((part) => [el("span", { class: "nowrap" }, " ·"), " ", el("span", { class: "nowrap" }, part)]);
}

/** A " · " line of terms ("No clock · Casual"), every one of them kept whole. */
export function dottedLine([first, ...rest]) {
  return [el("span", { class: "nowrap" }, first), ...dottedParts(rest)];
}

let toastArea = null;

/** A short message at the bottom of the screen; `kind` "error" paints it red. */
export function toast(text, kind = "info") {
  if (!toastArea) {
    toastArea = el("div", { class: "toast-area", role: "status", "aria-live": "polite" });
    document.body.appendChild(toastArea);
  }
  const item = el("div", { class: `toast ${kind}` }, text);
  toastArea.appendChild(item);
  setTimeout(() => item.remove(), kind === "error" ? 5000 : 3000);
}

/** An element whose text is the translation of `key`, kept up to date on language change. */
export function tEl(tag, key, attrs = {}) {
  const node = el(tag, { ...attrs, "data-i18n": key });
  node.textContent = t(key);
  return node;
}

/**
 * The translation of `key` as nodes, with `{placeholders}` filled by elements (a player's tag)
 * or strings from `params`: for sentences with a link or an icon inside.
 */
export function tNodes(key, params = {}) {
  const marked = t(key, Object.fromEntries(Object.keys(params).map((name) => [name, `\u0000${name}\u0000`])));
  return marked.split("\u0000").map((part, i) => (i % 2 ? params[part] : part)).filter((part) => part !== "");
}
