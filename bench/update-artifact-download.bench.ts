import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { releaseForm, releaseSigner, signedRelease, type ReleaseSigner } from '../test/support/player-release-fixtures.js';
import { assertSameAnswer, compare, MIB, startBaseline, type Load, type Target } from './file-download.js';
import { bootServer, enrollFleet, ownerApi, signInOwner, type OwnerSession } from './fleet.js';
import type { BenchResult, Benchmark, BenchKernel } from './support.js';

const SCREENS = 200;
const FILE_BYTES = 16 * MIB;

/** The fleet's aggregate throughput must keep at least this share of what bare node:http + fs manages. */
const TARGET_RATIO = 0.8;

// Every screen of a deployment downloading at once: one connection per screen, each its own credential.
const LOAD: Load = { connections: SCREENS, warmupSeconds: 3, seconds: 12, rounds: 2 };

/** A signed Linux release of `bytes` random bytes, uploaded as an owner does (verified and cached at once). */
async function uploadedRelease(server: BenchKernel, owner: OwnerSession, signer: ReleaseSigner, bytes: number) {
  const release = signedRelease(signer, { platform: 'linux', versionCode: 900, artifact: bytes });
  const res = await fetch(`${server.url}/api/v1/player-releases/upload`, {
    method: 'POST',
    headers: { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken },
    body: releaseForm(release.files),
  });
  const body = (await res.json()) as { data?: { id: string } };
  if (res.status !== 201 || !body.data) throw new Error(`uploading the release answered ${res.status}: ${JSON.stringify(body).slice(0, 600)}`);
  return { id: body.data.id, fileName: release.files[0]!.name };
}

async function run(): Promise<BenchResult> {
  const signer = releaseSigner();
  // The whole server as `npm start` runs it, so every plugin's middleware is on the measured path.
  const server = await bootServer({ UPDATE_MANIFEST_PUBLIC_KEY: signer.publicKey });
  try {
    const owner = await signInOwner(server);
    const release = await uploadedRelease(server, owner, signer, FILE_BYTES);
    const fleet = await enrollFleet(server, SCREENS);
    const api = await ownerApi(server, owner);
    await api('POST', '/update-deployments', { releaseId: release.id, name: 'Bench rollout', mode: 'download_only', screenIds: fleet.map((s) => s.screenId) });
    // The file the release cache holds on the local disk: the baseline serves that very file.
    const path = join(server.dataDir, 'media', 'player-releases', release.id, release.fileName);
    if (!existsSync(path)) throw new Error(`the release's artifact is not at ${path}`);
    const baseline = await startBaseline(path, FILE_BYTES);
    try {
      const targets: Target[] = [
        { label: 'node:http artifact', url: baseline.url, headers: {}, bytesPerRequest: FILE_BYTES },
        {
          label: `player update artifact (${SCREENS} screens)`,
          url: `${server.url}/api/v1/player/updates/${release.id}/artifact`,
          headers: {},
          connectionHeaders: fleet.map((s) => ({ authorization: `Bearer ${s.credential}` })),
          bytesPerRequest: FILE_BYTES,
        },
      ];
      await assertSameAnswer(targets);
      const { measurements, mibPerSecond } = await compare(targets, LOAD);
      const ratio = mibPerSecond[1]! / mibPerSecond[0]!;
      return {
        setup:
          `${SCREENS} enrolled screens of one running deployment each download the ${FILE_BYTES / MIB} MiB release artifact at once ` +
          `(GET /api/v1/player/updates/{releaseId}/artifact, one connection per screen with its device credential), against node:http + ` +
          `fs.createReadStream of the same stored file over as many connections; ${LOAD.warmupSeconds} s warm-up, then ${LOAD.seconds} s measured ` +
          `each in ${LOAD.rounds} alternating rounds`,
        measurements,
        checks: [{ name: 'player/baseline aggregate artifact throughput', value: ratio, target: TARGET_RATIO, pass: ratio >= TARGET_RATIO }],
      };
    } finally {
      await baseline.stop();
    }
  } finally {
    await server.stop();
  }
}

export const updateArtifactDownloadBenchmark: Benchmark = { name: 'update-artifact-download', run };
