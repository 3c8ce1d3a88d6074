import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.0-2.2 A and AA rules, plus the best practices that concern structure (landmarks, headings). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The serious and critical axe violations on the page, one line each ("rule: target | target").
 * label-content-name-mismatch (WCAG 2.5.3) is experimental in axe and off by default; it is turned on.
 */
export async function seriousAxeViolations(
  page: Page,
  configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder,
): Promise<string[]> {
  const builder = configure(
    new AxeBuilder({ page })
      .withTags(TAGS)
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } }),
  );
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(' | ')} (${(violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)})`,
    );
}

export interface TapTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element (a, button, [role=button], [role=switch], input, [tabindex]) smaller than
 * `min` x `min` CSS pixels. The one exception is WCAG 2.5.8's inline exception: a link or button
 * inside a sentence of running text (its parent holds text of its own besides the target), whose
 * size the line height decides. Disabled and hidden elements (a checkbox's visually hidden input,
 * whose label is the target) are not targets.
 */
export async function smallTapTargets(page: Page, min = 44): Promise<TapTarget[]> {
  return page.evaluate((minSize) => {
    const selector = 'a, button, [role="button"], [role="switch"], input, [tabindex]:not([tabindex="-1"])';
    const describe = (element: Element) => {
      const testId = element.getAttribute('data-testid');
      const label =
        element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ');
      const cls = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : cls ? `.${cls}` : ''} "${label.slice(0, 30)}"`;
    };
    const inRunningText = (element: Element) => {
      const parent = element.parentElement;
      if (!parent || getComputedStyle(element).display !== 'inline') return false;
      return Array.from(parent.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
    };
    const small: { what: string; width: number; height: number }[] = [];
    for (const element of Array.from(document.querySelectorAll(selector))) {
      if ((element as HTMLButtonElement).disabled) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      // Outside the viewport horizontally: an off-screen drawer, not a target.
      if (box.right <= 0 || box.left >= window.innerWidth) continue;
      if (box.width >= minSize - 0.5 && box.height >= minSize - 0.5) continue;
      if (inRunningText(element)) continue;
      small.push({ what: describe(element), width: Math.round(box.width), height: Math.round(box.height) });
    }
    return small;
  }, min);
}
