import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import '../../../src/styles/tokens.css';
import '../../../src/styles/base.css';
import '../../../src/styles/components.css';
import type { TreeRole } from '../../../src/domain/roles.ts';
import { ExportDialog } from '../../../src/screens/tree/gedcom/ExportDialog.tsx';
import { runExportWorker, type ExportRunner } from '../../../src/screens/tree/gedcom/runExport.ts';
import { TreeContext } from '../../../src/screens/tree/treeContext.ts';
import { openSession, treeContext } from './fixtures.ts';

/**
 * Issue 19 item 3: an owner or editor exports everyone whole, living people included, and may
 * leave them out; a viewer's file keeps them "Private". The file is written by the real worker.
 */
async function exportAs(role: TreeRole, leaveOut: boolean | null): Promise<string> {
  const { session } = await openSession(undefined, { role });
  const files: string[] = [];
  const run: ExportRunner = async (input, onProgress) => {
    const out = await runExportWorker(input, onProgress);
    files.push(out.text);
    return out;
  };
  let closed = false;
  const screen = await render(
    <TreeContext.Provider value={treeContext(session)}>
      <ExportDialog selected={null} run={run} onClose={() => (closed = true)} />
    </TreeContext.Provider>,
  );
  const dialog = page.getByRole('dialog', { name: 'Export GEDCOM' });
  const box = dialog.getByRole('checkbox', { name: 'Leave out living people' });
  if (leaveOut === null) await expect.element(dialog.getByText('Living people go into the file as "Private", as you see them.')).toBeVisible();
  else {
    await expect.element(box).not.toBeChecked();
    if (leaveOut) await box.click();
  }
  expect(box.query() === null).toBe(leaveOut === null);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect.poll(() => closed).toBe(true);
  await screen.unmount();
  return files[0]!;
}

const names = (text: string) => [...text.matchAll(/^1 NAME (.*)$/gm)].map((m) => m[1]);

describe('Export GEDCOM and the living', () => {
  it.each(['owner', 'editor'] as const)('an %s exports living relatives whole by default', async (role) => {
    const text = await exportAs(role, false);
    expect(names(text)).toEqual(expect.arrayContaining(['William /King/', 'Byron /King/', 'Charles /Babbage/']));
    expect(names(text)).not.toContain('Private');
  });

  it('an owner who leaves living people out gets them as "Private", their own card whole', async () => {
    const text = await exportAs('owner', true);
    expect(names(text)).toContain('Private');
    expect(names(text)).not.toContain('William /King/');
    expect(names(text)).toContain('ada /lovelace/');
  });

  it('a viewer has no choice: living people go out "Private"', async () => {
    const text = await exportAs('viewer', null);
    expect(names(text)).not.toContain('William /King/');
    expect(names(text)).toContain('Private');
  });
});
