import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { playerRefreshRef } from '../player/player.api.js';
import type { DemoStateRepository } from './demo-state.repository.js';
import type { DemoService } from './demo.service.js';

export const demoUses = { playerRefresh: playerRefreshRef };

export interface DemoBaseDeps extends KernelDeps, UsedDeps<typeof demoUses> {
  demoStateRepository: DemoStateRepository;
}

export interface DemoDeps extends DemoBaseDeps {
  demoService: DemoService;
}
