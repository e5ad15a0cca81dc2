import type { KernelDeps } from '../../kernel/kernel.js';
import type { DemoStateRepository } from './demo-state.repository.js';
import type { DemoService } from './demo.service.js';

export interface DemoBaseDeps extends KernelDeps {
  demoStateRepository: DemoStateRepository;
}

export interface DemoDeps extends DemoBaseDeps {
  demoService: DemoService;
}
