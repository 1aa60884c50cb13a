/* global document, window, Element, HTMLAnchorElement */
// Left and right arrows follow the page's rel="prev" / rel="next" links (results and bets): an
// enhancement of those links for a page that ships no Remix script (docs/decisions/022).
document.addEventListener("keydown", (e) => {
  const target = e.target instanceof Element ? e.target : null;
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || target?.closest("input, select, textarea, [contenteditable]")) return;
  const rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
  const link = rel ? document.querySelector(`a[rel="${rel}"][href]`) : null;
  if (link instanceof HTMLAnchorElement) {
    e.preventDefault();
    window.location.assign(link.href);
  }
});
