// Translation: every visible string goes through t(); server error codes go through
// errorText(), so players never see a raw code. The dictionaries live in lang/*.js; the
// chosen language is remembered in localStorage.

import * as en from "./lang/en.js";
import * as vi from "./lang/vi.js";

const STORAGE_KEY = "caro-arena:lang";
const DICTS = { en, vi };
const listeners = new Set();

function initialLang() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && DICTS[stored]) return stored;
  return (navigator.language || "").toLowerCase().startsWith("vi") ? "vi" : "en";
}

let current = initialLang();

export function lang() {
  return current;
}

export function setLang(next) {
  if (!DICTS[next] || next === current) return;
  current = next;
  localStorage.setItem(STORAGE_KEY, next);
  document.documentElement.lang = next;
  applyStatic(document);
  for (const fn of listeners) fn(next);
}

/** Calls `fn` after every language change; returns a function that stops it. */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Translated string for `key` with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  const text = DICTS[current].strings[key] ?? en.strings[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? String(params[name]) : `{${name}}`));
}

/** A date (epoch milliseconds) as the page's language writes it: "Nov 26, 2026", "26 thg 11, 2026". */
export function formatDate(ms, options = { dateStyle: "medium" }) {
  return new Intl.DateTimeFormat(current, options).format(new Date(ms));
}

/** A number as the page's language writes it ("72.7", "72,7"), at most `digits` decimals. */
export function formatNumber(value, digits = 1) {
  return new Intl.NumberFormat(current, { maximumFractionDigits: digits }).format(value);
}

/** Words for a server error code; unknown codes get a generic sentence, never the code. */
export function errorText(code) {
  return DICTS[current].errors[code] ?? t("error.generic");
}

/** Fills every [data-i18n] element under `root`, and [data-i18n-placeholder] / -label / -alt. */
export function applyStatic(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-alt]")) el.alt = t(el.dataset.i18nAlt);
}

document.documentElement.lang = current;
