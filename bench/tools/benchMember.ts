/** The password of every member the benches make. */
export const BENCH_PASSWORD = 'bench password 1';

/**
 * Accepts an invitation the way the sign-up page does and answers the new member's uid and
 * session cookie (`name=value; …`, for a `Cookie` header), for benches that talk to a server.
 */
export async function benchMember(serverUrl: string, token: string, email: string): Promise<{ uid: string; cookie: string }> {
  const accepted = await fetch(`${serverUrl}/api/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: serverUrl },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Member', gender: 'Female', email, password: BENCH_PASSWORD }),
  });
  if (!accepted.ok) throw new Error(`accept failed: ${accepted.status} ${await accepted.text()}`);
  const { user } = (await accepted.json()) as { user: { uid: string } };
  return { uid: user.uid, cookie: accepted.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}
