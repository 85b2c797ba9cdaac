import axe from 'axe-core';

/**
 * Runs axe-core on a rendered container and returns the serious and critical
 * violations as readable lines (empty when the markup passes).
 * jsdom cannot compute colours, so colour contrast is checked by the e2e runs.
 */
export async function seriousA11yViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
