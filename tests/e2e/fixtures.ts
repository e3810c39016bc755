import { test as base, expect, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/app.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Signs a member in through the landing page's form, on any page (any browser context). */
export async function signInOn(page: Page, member: Pick<Member, 'email' | 'password'>): Promise<void> {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password').fill(member.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
}

let counter = 0;
/** A unique address per call, so tests sharing a worker's server never collide. */
export function uniqueEmail(prefix = 'member') {
  counter += 1;
  return `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

interface WorkerFixtures {
  server: Server & { dataDir: string };
}
interface TestFixtures {
  /** Creates an account through the real invitation API and returns its credentials. */
  createMember: (overrides?: Partial<Member>) => Promise<Member>;
  signIn: (page: Page, member: Member) => Promise<void>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'kinfolk-e2e-'));
      const server = await startServer({
        dataDir,
        port: 0,
        host: '127.0.0.1',
        serveStatic: true,
        log: false,
        rateLimits: {
          signIn: { max: 1000, timeWindowMs: 60_000 },
          signInAccount: { max: 1000, timeWindowMs: 60_000 },
          signInAccountAnywhere: { max: 1000, timeWindowMs: 60_000 },
          passwordReset: { max: 1000, timeWindowMs: 60_000 },
          invitationLookup: { max: 1000, timeWindowMs: 60_000 },
          invitationCreate: { max: 1000, timeWindowMs: 60_000 },
        },
      });
      await use(Object.assign(server, { dataDir }));
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  createMember: async ({ server }, use) => {
    await use(async (overrides = {}) => {
      const member: Member = {
        email: uniqueEmail(),
        password: 'correct horse battery',
        firstName: 'Ada',
        lastName: 'Lovelace',
        ...overrides,
      };
      const token = await server.createInvitation({ email: member.email });
      const res = await fetch(`${server.url}/api/invitations/${token}/accept`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ ...member, gender: 'Female' }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return member;
    });
  },
  signIn: async ({}, use) => {
    await use(signInOn);
  },
});

export { expect };
