// What the user reads when something goes wrong: words, no error codes or field paths. The
// platform's own message stays one click away ("Details").

const BY_CODE = {
  OFFLINE: 'The platform cannot be reached right now. The app keeps trying; your work is kept.',
  UNAUTHORIZED: 'Your sign-in has ended. Sign in again to continue.',
  OUT_OF_CREDITS: 'Your usage limit for this period is reached.',
  AGENT_LOCKED: 'This conversation keeps the agent it started with. Start a new chat to use another agent.',
  RUN_STATE_CONFLICT: 'The agent is not in a state that allows this any more. The view has been refreshed.',
  CONVERSATION_NOT_FOUND: 'That conversation no longer exists.',
  NOT_FOUND: 'That item no longer exists.',
  RATE_LIMITED: 'Too many requests in a short time. Wait a moment and try again.',
  AGENT_MODEL_NOT_CONFIGURED: 'The platform has no AI model set up for agents. Ask your administrator.',
  NOT_READY: 'No update is ready to install yet.',
  NOT_AVAILABLE_OFFLINE:
    'Downloading a fresh Python environment is not available in this version. Pick an installed Python instead.',
  NOTHING_TO_EXPORT: 'This conversation has no model or results to export yet.',
  INTERNAL_ERROR:
    'Something went wrong inside the app. The log folder (Settings → Software) has the details for support.',
};

/** Why a run stopped early, by its reasonCode: the real cause, not the model's fault unless it was. */
const RUN_REASONS = {
  MODEL_ERROR: 'The AI model service did not answer properly, so the agent stopped.',
  DESKTOP_UNAVAILABLE:
    'This app was not connected to the platform, so the agent could not reach the program on this computer.',
  OUT_OF_CREDITS: 'Your usage limit for this period was reached during the run.',
  RUN_INTERRUPTED: 'The platform restarted during the run.',
  STOPPED_BY_USER: 'You stopped the run.',
};

/** A failed request in words; `details` keeps the technical message for the Details toggle. */
export function inWords(err) {
  const words = BY_CODE[err?.code];
  if (words) return { text: words, details: err?.message ?? null };
  // Settings and folder checks already answer in words.
  if (err?.code === 'UNPROCESSABLE' || err?.code === 'FOLDER') return { text: err.message, details: null };
  return { text: 'The request could not be completed. Try again in a moment.', details: err?.message ?? null };
}

export const runReason = (code, reason) => ({
  text: RUN_REASONS[code] ?? 'The run stopped early.',
  details: reason ?? code ?? null,
});

/** A tool's error in words, for its card. */
const TOOL_ERRORS = {
  INVALID_ARGUMENTS: 'The agent asked for something the program cannot take',
  NO_MODEL: 'No model was open',
  NOT_FOUND: 'It refers to something the model does not have',
  UNSTABLE_STRUCTURE: 'The structure is unstable (a mechanism): it needs more supports or fewer releases',
  NOT_ANALYSED: 'The model has not been analysed since it last changed',
  UNSUPPORTED_FILE: 'That kind of file cannot be opened here',
  PROGRAM_NOT_AVAILABLE: 'The program is not available on this computer',
  PROGRAM_ERROR: 'The program reported an error',
  TOO_LARGE: 'The job is too large for the time or memory it may use',
  DESKTOP_TIMEOUT: 'The program did not answer in time',
  CANCELLED: 'Not run: you stopped the run',
  DECLINED: 'Not run: you declined this change, and the model was left as it was',
};
export const toolError = (code) => TOOL_ERRORS[code] ?? 'It failed';
