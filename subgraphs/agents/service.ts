// The agents domain for one platform: the store, usage, the desktop bridge and the run engine.
// One per platform, because the bridge's connections and the runs in flight live in the
// process that serves the sockets (the gateway's).
import type { Platform } from '../../core/platform.ts';
import { createBridge, type Bridge } from './bridge.ts';
import { createRunEngine, type RunEngine } from './runs.ts';
import { createAgentStore, type AgentStore } from './store.ts';
import { createUsage, type Usage } from './usage.ts';

export interface AgentServices {
  store: AgentStore;
  usage: Usage;
  bridge: Bridge;
  runs: RunEngine;
}

const cache = new WeakMap<Platform, AgentServices>();

export function agentServices(platform: Platform): AgentServices {
  let services = cache.get(platform);
  if (!services) {
    const { config } = platform;
    const store = createAgentStore(platform.db);
    const usage = createUsage(config, store);
    const bridge = createBridge({ toolTimeoutMs: config.agentToolTimeoutMs, desktopWaitMs: config.agentDesktopWaitMs, heartbeatTimeoutMs: config.agentHeartbeatTimeoutMs });
    const runs = createRunEngine({ platform, store, usage, bridge, log: platform.log.child({ module: 'agents' }) });
    services = { store, usage, bridge, runs };
    cache.set(platform, services);
  }
  return services;
}

export async function closeAgentServices(platform: Platform): Promise<void> {
  const services = cache.get(platform);
  if (!services) return;
  await services.runs.close();
  services.bridge.close();
  cache.delete(platform);
}
