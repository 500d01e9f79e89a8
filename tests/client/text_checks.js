// The text checks of tests/client/test_every_page.py, evaluated in the page: "null",
// "undefined", raw variant ids (`rawIds`, regular expressions) and, on the Vietnamese side,
// the English phrases of `english`. Returns { problems, text } (text: what a person reads).
([rawIds, english, lang]) => {
  const problems = [];
  const options = [...document.querySelectorAll('select')].filter((s) => s.offsetParent)
    .flatMap((s) => [...s.options].map((o) => o.textContent));
  const text = [document.body.innerText, ...options].join('\n');
  for (const word of ['null', 'undefined', 'NaN', 'Invalid Date']) {
    if (new RegExp(`(^|[^\\w-])${word}($|[^\\w-])`).test(text)) problems.push(`shows "${word}"`);
  }
  if (text.includes('[object Object]')) problems.push('shows "[object Object]"');
  // A name left out: a word that joins a name ("vs", "gặp", "đấu", "by", "của") with nothing
  // after it in its element.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.data.trim();
    // "Giải đấu" (a tournament) ends with "đấu" but joins nothing.
    if (!/(^|\s)(vs|gặp|đấu|by|của)$/.test(words) || /giải đấu$/i.test(words)
        || !node.parentElement.offsetParent) continue;
    let next = node.nextSibling;
    while (next && !next.textContent.trim()) next = next.nextSibling;
    if (!next) problems.push(`a name is missing after "${words}"`);
  }
  for (const id of rawIds) {
    if (new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text)) problems.push(`shows the raw id "${id}"`);
  }
  if (lang === 'vi') {
    for (const phrase of english) if (text.includes(phrase)) problems.push(`English left: "${phrase}"`);
  }
  return { problems, text };
}
