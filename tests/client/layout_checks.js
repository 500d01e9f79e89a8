// The layout checks of tests/client/layout.py, evaluated in the page: `groups` are
// [outer selector, inner selector] pairs whose inner boxes must not overlap.
(groups) => {
  const problems = [];
  const shown = (e) => {
    const r = e.getBoundingClientRect();
    const s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const label = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')} "${e.textContent.trim().slice(0, 30)}"`;
  for (const [outer, inner] of groups) {
    for (const box of document.querySelectorAll(outer)) {
      if (!shown(box)) continue;
      const parts = [...box.querySelectorAll(inner)].filter(shown);
      for (let i = 0; i < parts.length; i += 1) {
        for (let j = i + 1; j < parts.length; j += 1) {
          if (parts[i].contains(parts[j]) || parts[j].contains(parts[i])) continue;
          const a = parts[i].getBoundingClientRect();
          const b = parts[j].getBoundingClientRect();
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 1) problems.push(`overlap: ${label(parts[i])} and ${label(parts[j])}`);
        }
      }
    }
  }
  // The lines a piece of text is laid out on.
  const lines = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  };
  for (const name of document.querySelectorAll('.player-name, .pname')) {
    if (!shown(name)) continue;
    if (name.scrollWidth > name.clientWidth + 1) problems.push(`cut off: ${label(name)}`);
    const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const match of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`word broken: "${match[0]}" in ${label(name)}`);
      }
    }
  }
  // A range of `node`'s text, from character `start` to `end` of its textContent.
  const textRange = (node, start, end) => {
    const range = document.createRange();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    let seen = 0;
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const next = seen + text.data.length;
      if (start >= seen && start <= next) range.setStart(text, start - seen);
      if (end >= seen && end <= next) { range.setEnd(text, end - seen); break; }
      seen = next;
    }
    return range;
  };
  const onLines = (range) => new Set([...range.getClientRects()].filter((r) => r.width > 0)
    .map((r) => Math.round(r.top))).size;
  // A " · " line (a room's game, a listed game's details, a game's header): each part after the first is never
  // cut in two ("26 Nov" / "2026"), and a game's size stays beside its name ("Gomoku · 15×15").
  for (const line of document.querySelectorAll('.room-game, .lobby-meta, .head-meta')) {
    if (!shown(line)) continue;
    const text = line.textContent.replace(/\u00a0/g, ' ');
    let at = text.indexOf(' · ');
    while (at >= 0) {
      const start = at + 3;
      const next = text.indexOf(' · ', start);
      const end = next >= 0 ? next : text.length;
      if (onLines(textRange(line, start, end)) > 1) problems.push(`cut in two: "${text.slice(start, end)}" in ${label(line)}`);
      at = next;
    }
  }
  for (const rule of document.querySelectorAll('#room-game-rule')) {
    const text = rule.textContent.replace(/\u00a0/g, ' ');
    const dot = text.lastIndexOf(' · ');
    if (!shown(rule) || dot < 0) continue;
    const from = text.lastIndexOf(' ', dot - 1) + 1;
    if (onLines(textRange(rule, from, text.length)) > 1) problems.push(`size apart from its game: "${text}"`);
  }
  // A drop-down shows its chosen option whole ("Cờ caro (luật Việt Nam)", not "Cờ caro (luật Việt Na").
  const canvas = document.createElement('canvas').getContext('2d');
  for (const select of document.querySelectorAll('select')) {
    const chosen = select.selectedOptions[0];
    if (!shown(select) || !chosen) continue;
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;  // the arrow
    if (canvas.measureText(chosen.textContent.trim()).width > room + 1) problems.push(`cut off: ${label(select)} shows "${chosen.textContent.trim()}" in part`);
  }
  // The top bar's words stay on one line ("Log in" must not wrap; the bell holds no words, only
  // its count in a badge of its own) and the brand is read.
  for (const item of document.querySelectorAll('.topbar button:not(#bell), .topbar a, .topbar .name-field > span')) {
    if (shown(item) && item.textContent.trim() && lines(item) > 1) problems.push(`wraps: ${label(item)}`);
  }
  const brand = document.querySelector('.brand');
  if (brand && (brand.getBoundingClientRect().width < 60 || parseFloat(getComputedStyle(brand).fontSize) < 10
      || brand.scrollWidth > brand.clientWidth + 1)) {
    problems.push('the brand name is not shown whole');
  }
  const nameBox = document.querySelector('#display-name');
  if (nameBox && shown(nameBox) && nameBox.getBoundingClientRect().width < 120) {
    problems.push(`the name box is ${Math.round(nameBox.getBoundingClientRect().width)} px wide`);
  }
  return problems;
}
