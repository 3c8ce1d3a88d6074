/**
 * Scrolls whatever scrolls `element` (the nearest ancestor that scrolls, else the page) back to its top: a list
 * read afresh in a new order reads from its first row.
 */
export function scrollToTopOf(element: HTMLElement): void {
  for (let node = element.parentElement; node; node = node.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(node).overflowY) && node.scrollHeight > node.clientHeight) {
      node.scrollTo({ top: 0 });
      return;
    }
  }
  window.scrollTo({ top: 0 });
}
