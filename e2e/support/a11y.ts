import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** WCAG 2.0-2.2 A and AA rules, plus the best practices that concern structure (landmarks, headings). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** label-content-name-mismatch (WCAG 2.5.3) is experimental in axe and off by default; it is turned on. */
const AXE_RULES = { 'label-content-name-mismatch': { enabled: true } };

/** The axe-core that @axe-core/playwright itself injects, so both ways of scanning run the same rules. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve(
    'axe-core/axe.min.js',
  ),
  'utf8',
);

/** AxeBuilder with these tags and rules. Its options() replaces what withTags() would set: both go in there. */
export const axeBuilder = (page: Page): AxeBuilder =>
  new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: AXE_TAGS }, rules: AXE_RULES });

export interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

declare global {
  interface Window {
    axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> };
  }
}

/**
 * axe's violations on the page, `include` limiting the scan to what a selector matches. AxeBuilder injects axe's
 * source (1.3 MB) into every frame and opens a blank page to merge the frames' results at each scan, 0.5 to 1.3 s
 * a screen on a CI machine; the apps draw no frames, so axe (its minified build, the same version) is injected
 * once per document and run in it (0.05 to 0.3 s). A page that does hold a frame is scanned by AxeBuilder, frames
 * and all.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  if (page.frames().length > 1) {
    const builder = axeBuilder(page);
    return (await (include ? builder.include(include) : builder).analyze()).violations;
  }
  if (!(await page.evaluate(() => typeof window.axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ include, tags, rules }) =>
      (
        await window.axe!.run(include ? { include: [include] } : document, {
          runOnly: { type: 'tag', values: tags },
          rules,
          resultTypes: ['violations'],
        })
      ).violations,
    { include, tags: AXE_TAGS, rules: AXE_RULES },
  );
}

/** A violation on one line: "rule (impact): target | target (what axe says is wrong)". */
export function violationLine(violation: Violation): string {
  return `${violation.id} (${violation.impact}): ${violation.nodes
    .map((node) => node.target.join(' '))
    .join(' | ')} (${(violation.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)})`;
}

export const isSerious = (violation: Violation): boolean =>
  violation.impact === 'serious' || violation.impact === 'critical';

/** The serious and critical axe violations on the page (or in `include`), one line each (violationLine). */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  return (await axeViolations(page, include)).filter(isSerious).map(violationLine);
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
