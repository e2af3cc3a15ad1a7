import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/production';
import { readmeTierTable, tierCounts, tierTable } from '../support/tier-table';
import { filesOfTier } from '../support/tiers';

/**
 * tests/README.md's table of tiers is generated (tests/support/tier-table.ts): a test file added,
 * moved or removed without `npm run test:readme` fails here, so the README never gives stale counts.
 */
describe("the README's tier table", () => {
  it('counts the files each vitest project runs, and each file is in exactly one tier', () => {
    const counts = tierCounts(repoRoot);
    expect(counts.unit).toBeGreaterThan(50);
    expect(filesOfTier(repoRoot, 'architecture')).toContain('tests/architecture/tier-counts.unit.test.ts');
    expect(filesOfTier(repoRoot, 'unit')).not.toContain('tests/architecture/tier-counts.unit.test.ts');
    const all = (['unit', 'architecture', 'int', 'int-alone', 'e2e', 'faults'] as const).flatMap((tier) => filesOfTier(repoRoot, tier));
    expect(all.length).toBe(new Set(all).size);
  });

  it('is the table the tree makes (run npm run test:readme after adding or moving a test file)', () => {
    expect(readmeTierTable(repoRoot)).toBe(tierTable(repoRoot));
  });
});
