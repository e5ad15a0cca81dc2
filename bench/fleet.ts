import { randomUUID } from 'node:crypto';
import { coreModules } from '../core-modules/index.js';
import { formatCredential, newPublicId } from '../core-modules/screens/credentials/device-secrets.js';
import { randomToken, sha256 } from '../kernel/secrets.js';
import type { ScreensDeps } from '../core-modules/screens/screens-deps.js';
import { optionalPlugins } from '../plugins/index.js';
import { bootKernel, type BenchKernel } from './support.js';

/** The whole server as `npm start` runs it (web role, silent). */
export const bootServer = (env?: Record<string, string>): Promise<BenchKernel> => bootKernel([...coreModules, ...optionalPlugins], { env });

export interface EnrolledScreen {
  screenId: string;
  credential: string;
}

/** Screens and credentials straight through the module's repositories: pairing thousands of players over HTTP would take minutes. */
export async function enrollFleet(server: BenchKernel, count: number): Promise<EnrolledScreen[]> {
  const deps = server.kernel.containerOf('screens').cradle as ScreensDeps;
  const fleet: EnrolledScreen[] = [];
  await deps.db.transaction(async (trx) => {
    for (let i = 0; i < count; i++) {
      const screenId = await deps.screensRepository.insert(
        { name: `Bench screen ${i}`, player_installation_id: randomUUID(), platform: 'linux', paired_at: new Date() },
        trx,
      );
      const publicId = newPublicId();
      const secret = randomToken(32);
      await deps.credentialsRepository.insert({ screen_id: screenId, public_id: publicId, secret_hash: sha256(secret) }, trx);
      fleet.push({ screenId, credential: formatCredential(publicId, secret) });
    }
  });
  return fleet;
}

export interface OwnerSession {
  cookie: string;
  csrfToken: string;
}

/** Sets the installation up over HTTP and returns the owner's session, for console requests. */
export async function signInOwner(server: BenchKernel): Promise<OwnerSession> {
  const res = await fetch(`${server.url}/api/v1/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organizationName: 'Bench', ownerName: 'Bench Owner', username: 'bench', password: 'a long bench password' }),
  });
  const cookie = /signage_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  const body = (await res.json()) as { data?: { csrfToken?: string } };
  if (res.status !== 201 || !cookie || !body.data?.csrfToken) throw new Error(`setting up the owner failed: ${res.status} ${JSON.stringify(body)}`);
  return { cookie, csrfToken: body.data.csrfToken };
}

/** Console calls as the owner (signed in over HTTP, unless given the session): answers the response's `data`, throws on any status from 300. */
export async function ownerApi(server: BenchKernel, session?: OwnerSession): Promise<(method: string, path: string, body?: unknown) => Promise<any>> {
  const owner = session ?? (await signInOwner(server));
  const headers = { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrfToken };
  return async (method, path, body) => {
    const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 600)}`);
    return text ? JSON.parse(text).data : undefined;
  };
}
