// The agents domain for one platform: the store, usage, the desktop bridge and the run engine.
// Built once per platform, when the subgraph starts, because the bridge's connections and the
// runs in flight live in the process that serves the sockets (the gateway's).
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

/** Builds the agents' collaborators once, when the subgraph starts (index.ts onStart), and closes them with the platform. */
export function createAgentServices(platform: Platform): AgentServices {
  const { config } = platform;
  const store = createAgentStore(platform.db);
  const usage = createUsage(config, store);
  const bridge = createBridge({
    toolTimeoutMs: config.agentToolTimeoutMs,
    desktopWaitMs: config.agentDesktopWaitMs,
    heartbeatTimeoutMs: config.agentHeartbeatTimeoutMs,
  });
  const runs = createRunEngine({ platform, store, usage, bridge, log: platform.log.child({ module: 'agents' }) });
  platform.onClose(async () => {
    await runs.close();
    bridge.close();
  });
  return { store, usage, bridge, runs };
}
