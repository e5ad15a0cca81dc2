// The codehost account the catalog is read with: a token from the environment, or one an Owner
// got through the OAuth device flow. The token and the device codes are sealed at rest and never
// leave the server.
import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../../kernel/secret-box.js';
import { type CodehostClient, CodehostError } from './codehost-client.js';
import type { CodehostConfig } from './player-releases-config.js';
import { authEnvironmentManaged, signInExpired, signInFailed, signInFlowInvalid, signInUnavailable } from './release-errors.js';
import type { ReleasesRepository } from './releases.repository.js';

export interface CodehostAuthStatus {
  /** Whether an Owner can sign in from the console (CODEHOST_CLIENT_ID is set). */
  available: boolean;
  connected: boolean;
  source: 'anonymous' | 'device' | 'environment';
  login?: string;
  canDisconnect: boolean;
}

export interface DeviceFlowStart {
  flowId: string;
  userCode: string;
  verificationUri: string;
  expiresAt: string;
  pollIntervalSeconds: number;
}

export interface DeviceFlowPoll {
  status: 'pending' | 'connected' | 'denied';
  login?: string;
  retryAfterSeconds?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN_CONTEXT = 'player-releases codehost token';
const flowContext = (id: string) => `player-releases sign-in ${id}`;

export class CodehostSignIn {
  constructor(private readonly d: { config: CodehostConfig; codehostClient: CodehostClient; releasesRepository: ReleasesRepository; secretBox: SecretBox }) {}

  async status(): Promise<CodehostAuthStatus> {
    const available = Boolean(this.d.config.clientId);
    if (this.d.config.environmentToken) return { available, connected: true, source: 'environment', canDisconnect: false };
    const state = await this.d.releasesRepository.codehostState();
    if (state?.token_sealed) return { available, connected: true, source: 'device', ...(state.login ? { login: state.login } : {}), canDisconnect: true };
    return { available, connected: false, source: 'anonymous', canDisconnect: false };
  }

  /** The token requests to the codehost carry, if any. */
  async token(): Promise<string | undefined> {
    if (this.d.config.environmentToken) return this.d.config.environmentToken;
    const sealed = (await this.d.releasesRepository.codehostState())?.token_sealed;
    return sealed ? this.d.secretBox.open(sealed, TOKEN_CONTEXT) : undefined;
  }

  async start(): Promise<DeviceFlowStart> {
    const clientId = this.clientId();
    const auth = await this.codehost(() => this.d.codehostClient.startDeviceFlow(clientId));
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + auth.expiresInSeconds * 1000);
    await this.d.releasesRepository.deleteStaleFlows();
    await this.d.releasesRepository.insertFlow({
      id,
      device_code_sealed: this.d.secretBox.seal(auth.deviceCode, flowContext(id)),
      interval_seconds: auth.intervalSeconds,
      expires_at: expiresAt,
    });
    return {
      flowId: id,
      userCode: auth.userCode,
      verificationUri: auth.verificationUri,
      expiresAt: expiresAt.toISOString(),
      pollIntervalSeconds: auth.intervalSeconds,
    };
  }

  async poll(flowId: string): Promise<DeviceFlowPoll> {
    const clientId = this.clientId();
    const flow = UUID.test(flowId) ? await this.d.releasesRepository.flow(flowId) : undefined;
    if (!flow) throw signInFlowInvalid();
    if (flow.expires_at.getTime() <= Date.now()) throw signInExpired();
    const deviceCode = this.d.secretBox.open(flow.device_code_sealed, flowContext(flow.id));
    const answer = await this.codehost(() => this.d.codehostClient.pollDeviceFlow(clientId, deviceCode));
    switch (answer.status) {
      case 'pending':
        // The codehost asks for 5 s more between polls after `slow_down`.
        return { status: 'pending', retryAfterSeconds: flow.interval_seconds + (answer.slowDown ? 5 : 0) };
      case 'expired':
        await this.d.releasesRepository.deleteFlow(flow.id);
        throw signInExpired();
      case 'denied':
        await this.d.releasesRepository.deleteFlow(flow.id);
        return { status: 'denied' };
      case 'connected': {
        const login = await this.codehost(() => this.d.codehostClient.login(answer.accessToken));
        await this.d.releasesRepository.saveCodehostState({ token_sealed: this.d.secretBox.seal(answer.accessToken, TOKEN_CONTEXT), login });
        await this.d.releasesRepository.deleteFlow(flow.id);
        return { status: 'connected', login };
      }
    }
  }

  async disconnect(): Promise<void> {
    if (this.d.config.environmentToken) throw authEnvironmentManaged();
    await this.d.releasesRepository.saveCodehostState({ token_sealed: null, login: null });
  }

  /** Re-seals the stored token under the current key (a key rotation); answers 1 if it did. */
  async resealToken(): Promise<number> {
    const sealed = (await this.d.releasesRepository.codehostState())?.token_sealed;
    if (!sealed || this.d.secretBox.isCurrent(sealed)) return 0;
    await this.d.releasesRepository.saveCodehostState({ token_sealed: this.d.secretBox.reseal(sealed, TOKEN_CONTEXT) });
    return 1;
  }

  private clientId(): string {
    if (!this.d.config.clientId) throw signInUnavailable();
    return this.d.config.clientId;
  }

  private async codehost<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw err instanceof CodehostError ? signInFailed(err.message) : err;
    }
  }
}
