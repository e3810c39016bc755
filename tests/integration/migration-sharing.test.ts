import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../server/db/migrations.ts';
import { openPglite } from '../../server/db/database.ts';
import { startTestServer } from './helpers.ts';

/**
 * Migration 6 ('sharing') on a fixture of the old shape (schema version 5): members who joined by
 * invitation become editors and owners stay owners; invitation tokens are replaced by their
 * SHA-256 with an id, so the links already sent keep working; pending ones get 14 days, the
 * first-account link none.
 */
describe('migration 6: sharing', () => {
  it('turns members into editors, hashes invitation tokens and keeps the links working', { timeout: 180_000 }, async () => {
    const db = await openPglite('memory://');
    try {
      await migrate(db, MIGRATIONS.filter((m) => m.version <= 5));
      const pending = 'a'.repeat(32);
      const used = 'b'.repeat(32);
      const first = 'c'.repeat(32);
      await db.exec(`
        INSERT INTO users (uid, email, password_hash, display_name) VALUES
          ('uOwner', 'owner@example.com', 'x', 'Olive Owner'), ('uMember', 'member@example.com', 'x', 'Mo Member');
        INSERT INTO profiles (id, owner_uid, data) VALUES
          ('uOwner', 'uOwner', '{"id":"uOwner","firstName":"Olive","lastName":"Owner"}');
        INSERT INTO graphs (id, owner_uid) VALUES ('uOwner', 'uOwner');
        INSERT INTO graph_members (graph_id, uid, role) VALUES ('uOwner', 'uOwner', 'owner'), ('uOwner', 'uMember', 'member');
        INSERT INTO invitations (token, email, node_id, inviter_uid, graph_uid) VALUES ('${pending}', 'kid@example.com', 'n1002', 'uOwner', 'uOwner');
        INSERT INTO invitations (token, email, node_id, inviter_uid, graph_uid, status, accepted_by) VALUES ('${used}', 'member@example.com', 'n1003', 'uOwner', 'uOwner', 'accepted', 'uMember');
        INSERT INTO invitations (token, email, first_account, status) VALUES ('${first}', '', true, 'accepted');
      `);

      expect(await migrate(db, MIGRATIONS.filter((m) => m.version <= 6))).toEqual([6]);
      expect(await db.query('SELECT uid, role FROM graph_members ORDER BY uid')).toEqual([
        { uid: 'uMember', role: 'editor' },
        { uid: 'uOwner', role: 'owner' },
      ]);
      await expect(db.query(`INSERT INTO graph_members (graph_id, uid, role) VALUES ('uOwner', 'uOwner', 'member')`)).rejects.toThrow();
      const rows = await db.query<{ id: string; token_hash: string; status: string; expires_at: Date | null; role: string }>(
        'SELECT id, token_hash, status, expires_at, role FROM invitations ORDER BY status DESC, token_hash',
      );
      const sha = (t: string) => createHash('sha256').update(t).digest('hex');
      expect(rows.map((r) => r.token_hash).sort()).toEqual([sha(pending), sha(used), sha(first)].sort());
      expect(JSON.stringify(rows)).not.toContain(pending);
      for (const r of rows) expect(r.id).toMatch(/^[0-9a-f]{24}$/);
      const byHash = new Map(rows.map((r) => [r.token_hash, r]));
      expect(byHash.get(sha(pending))).toMatchObject({ status: 'pending', role: 'editor' });
      const left = (Date.parse(String(byHash.get(sha(pending))!.expires_at)) - Date.now()) / 86_400_000;
      expect(left).toBeGreaterThan(13.9);
      expect(left).toBeLessThanOrEqual(14);
      expect(byHash.get(sha(first))!.expires_at).toBeNull();
      expect(await db.query(`SELECT name FROM graphs`)).toEqual([{ name: '' }]);
      expect(await db.query(`SELECT viewer_visibility, last_graph_id FROM users ORDER BY uid`)).toEqual([
        { viewer_visibility: 'name', last_graph_id: null },
        { viewer_visibility: 'name', last_graph_id: null },
      ]);

      // The link sent before the upgrade still opens, with the new answer.
      const server = await startTestServer(db);
      try {
        const res = await server.client().get(`/api/invitations/${pending}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body).toMatchObject({ email: 'kid@example.com', inviterName: 'Olive Owner', treeName: 'Owner family tree', role: 'editor' });
        expect((await server.client().get(`/api/invitations/${used}`)).body.error.code).toBe('auth/invitation-used');
      } finally {
        await server.close();
      }
    } finally {
      await db.close();
    }
  });
});
