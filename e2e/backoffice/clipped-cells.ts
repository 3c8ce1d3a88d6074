import { expect, type Page } from '@playwright/test';

/** The cells and scrollers of the table carrying the test id that do not show their text whole. */
export async function clippedCells(page: Page, testId: string): Promise<string[]> {
  const table = page.getByTestId(testId);
  await expect(table.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  return table.evaluate((root) => {
    const problems: string[] = [];
    const label = (element: Element) => (element.textContent ?? '').trim().slice(0, 40);
    for (const scroller of Array.from(root.querySelectorAll('.ant-table-content, .ant-table-body'))) {
      if (scroller.scrollWidth > scroller.clientWidth + 1) {
        problems.push(`table scrolls sideways: ${scroller.scrollWidth} px in ${scroller.clientWidth} px`);
      }
    }
    for (const cell of Array.from(root.querySelectorAll('th, td'))) {
      if (!label(cell)) continue;
      const boxes = [cell, ...Array.from(cell.querySelectorAll('*'))];
      for (const box of boxes) {
        const style = getComputedStyle(box);
        const truncates =
          style.textOverflow === 'ellipsis' || box.classList.contains('ant-typography-ellipsis');
        const hidden = style.overflowX !== 'visible';
        if ((truncates || hidden) && box.scrollWidth > box.clientWidth + 1) {
          problems.push(`"${label(box)}" cut off: ${box.scrollWidth} px in ${box.clientWidth} px`);
          break;
        }
      }
      if (cell.scrollWidth > cell.clientWidth + 1) {
        problems.push(
          `"${label(cell)}" wider than its cell: ${cell.scrollWidth} px in ${cell.clientWidth} px`,
        );
      }
    }
    return [...new Set(problems)];
  });
}
