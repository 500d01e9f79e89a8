// The display name of a variant spec, shared by every page that lists games.
import { t } from "./i18n.js";
import { parseVariant } from "./notation.js";

/** Display name of a variant spec, e.g. "Caro (Vietnamese rule)" or "Custom 19×19, 5 in a row". */
export function variantTitle(spec) {
  const key = `game.${spec}`;
  if (t(key) !== key) return t(key);
  const v = parseVariant(spec);
  return v ? t("game.custom", { rows: v.rows, cols: v.cols, k: v.k }) : spec;
}
