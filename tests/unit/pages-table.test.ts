import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_BASE, PAGES } from '../../contract/pages.table';

const root = path.join(import.meta.dirname, '..', '..');
const router = fs.readFileSync(path.join(root, 'src', 'app', 'router.tsx'), 'utf8');

describe('the page table the router and the opening page share', () => {
  it.each(PAGES.map((entry) => [entry.path, entry]))('%s: its file exports its component by name', (_, entry) => {
    const source = fs.readFileSync(path.join(root, entry.module), 'utf8');
    expect(source).toMatch(new RegExp(`export (function|const) ${entry.component}\\b`));
  });

  it('lists each address once, account pages under the account base only', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    for (const entry of PAGES) expect(entry.path.startsWith(`${ACCOUNT_BASE}/`), entry.path).toBe(entry.access === 'account');
  });

  it('is the router’s only list of lazy pages: it declares no page import of its own but the not-found view', () => {
    expect([...router.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1])).toEqual(['../components/not-found-view']);
    expect(router).toContain('PAGES.filter');
  });
});
