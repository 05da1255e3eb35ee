// Agent runs: the loop that calls the model, executes the tool calls it asks for and calls it
// again until it answers. The engine is a module of named functions over one state (runs/):
// input.ts (a message checked, the standards in the system message), state.ts (events, statuses,
// writes), drive.ts (a run's steps), tool-call.ts (one tool call), commands.ts (the user's
// actions). Rules (each applied in runs/ where named):
// - One run works a conversation at a time. A message sent meanwhile steers it (appended to the
//   history before the next model call; a paused run resumes) or waits in its queue and is
//   answered by a new run once it is done (the user's "Enter while working" setting).
// - A step is one model answer that asks for tools (its calls run as a batch). When a run has
//   taken stepLimit steps since it started or was last resumed, it pauses before the next model
//   call; resumeRun gives it another stepLimit steps.
// - Credits are checked before every model call: a run past the account's limit stops
//   interrupted with OUT_OF_CREDITS.
// - Working statuses live in memory: the database records a run's status when it settles
//   (paused, done, interrupted) and with each step's one write, since a working run is read from
//   memory (latestRun, runEvents) and a restart interrupts it whatever it was doing. A step
//   writes its messages (the call and its results) together once its calls are done, and the
//   run keeps the history it sends the model rather than reading it again each step.
// - A tool call the model gets wrong (unknown tool, arguments the shared schema refuses) is
//   answered to the model as that tool's INVALID_ARGUMENTS error, not sent to the desktop.
//   The platform's own tools (Platform.tools, run by platform-tools.ts) run here, as the run's account; their priced
//   work is added to the run's cost, and credits are checked before each. A
//   DESKTOP_TIMEOUT is the step's tool result (the model decides what to do); no desktop
//   within AGENT_DESKTOP_WAIT_MS interrupts the run with DESKTOP_UNAVAILABLE.
// - A run that stops early ends interrupted with reasonCode and reason (MODEL_ERROR,
//   DESKTOP_UNAVAILABLE, OUT_OF_CREDITS, RUN_INTERRUPTED); retryRun takes back what it wrote and
//   runs the turn again from the same user messages.
// - cancelRun stops a run at its next safe point and ends it `stopped`: a model call is abandoned
//   (it changes nothing); a tool call already on the desktop is left to complete and its result
//   is kept, and the step's calls not yet sent are never sent (each answered CANCELLED in the
//   history, which chat-completions needs complete). So the program sees at most the one call it
//   had when the user pressed Stop. A paused run stops at once.
// - The user's design standard and formatting standards (SendMessageInput.instructions) follow
//   the agent's own instructions in the system message of every model call of the conversation.
import {
  cancelRun,
  closeRuns,
  latestRun,
  renameConversation,
  resumeRun,
  retryRun,
  runEvents,
  sendMessage,
} from './runs/commands.ts';
import { engineState, type RunEngineDeps } from './runs/state.ts';
import type { Principal } from '../../core/auth/keys.ts';
import type { SendMessageInput } from './runs/input.ts';

export type { RunEvent } from './runs/state.ts';

export function createRunEngine(deps: RunEngineDeps) {
  const s = engineState(deps);
  return {
    sendMessage: (principal: Principal, input: SendMessageInput) => sendMessage(s, principal, input),
    resumeRun: (principal: Principal, conversationId: string) => resumeRun(s, principal, conversationId),
    retryRun: (principal: Principal, conversationId: string) => retryRun(s, principal, conversationId),
    cancelRun: (principal: Principal, conversationId: string) => cancelRun(s, principal, conversationId),
    renameConversation: (principal: Principal, conversationId: string, title: string) =>
      renameConversation(s, principal, conversationId, title),
    latestRun: (conversationId: string) => latestRun(s, conversationId),
    events: (principal: Principal, conversationId: string) => runEvents(s, principal, conversationId),
    close: () => closeRuns(s),
  };
}

export type RunEngine = ReturnType<typeof createRunEngine>;
