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
  for (const id of rawIds) {
    if (new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text)) problems.push(`shows the raw id "${id}"`);
  }
  if (lang === 'vi') {
    for (const phrase of english) if (text.includes(phrase)) problems.push(`English left: "${phrase}"`);
  }
  return { problems, text };
}
