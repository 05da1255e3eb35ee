// The client as one object: it owns the settings, the sign-in session, detection, adapters,
// the bridge link, the chat relay, updates, first-launch setup and the quit/update
// confirmation, and tells the UI (ui/server.ts) every change as one snapshot. Lifecycle:
// one instance per user (lifecycle/single-instance.ts); the client link starts by itself
// AUTO_START_MS after sign-in (and at launch when already signed in); Stop/Start/Restart are
// the header pill's menu; quitting closes only program sessions this client started.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Program } from '@structural-platform/tool-schema';
import type { Adapter } from './adapters/adapter.ts';
import { isStateful, laneReports, selectAdapters } from './adapters/select.ts';
import { Session } from './auth/session.ts';
import { SignInError, startSignIn, type SignInAttempt } from './auth/sign-in.ts';
import { openTokenStore, type Keychain } from './auth/token-store.ts';
import { BridgeClient, type ClientState } from './bridge/client.ts';
import { Chat, type ChatSettings } from './chat/chat.ts';
import { checkFolder, readFormattingStandards } from './settings/folders.ts';
import { StandinFrameAdapter } from './adapters/standin/adapter.ts';
import { detectAll, type DetectionHost, type ProgramDetection } from './detection/detect.ts';
import { windowsHost } from './detection/windows-host.ts';
import { Confirmations, type Question } from './lifecycle/confirm.ts';
import { acquireInstance, type InstanceLock } from './lifecycle/single-instance.ts';
import { Logger } from './logs/logger.ts';
import type { AppPaths } from './paths.ts';
import { PlatformApi } from './platform/api.ts';
import { findPythons, PythonDownloadUnavailable } from './python/find.ts';
import type { Settings } from './settings/schema.ts';
import { SettingsError, SettingsStore, type SettingsPatch } from './settings/store.ts';
import { FirstLaunchSetup, setupDone, type SetupProgress } from './setup/first-launch.ts';
import { Updater, type Installer, type UpdateStatus } from './updates/updater.ts';
import { Approvals } from './safety/approvals.ts';
import { AuditLog } from './safety/audit.ts';
import { BackupStore } from './safety/backups.ts';
import { ToolGuard } from './safety/guard.ts';

export const AUTO_START_MS = 1_500;

export interface AppOptions {
  platformUrl: string;
  paths: AppPaths;
  version: string;
  machineName?: string;
  platform?: NodeJS.Platform;
  detectionHost?: DetectionHost;
  /** null: no keychain (the owner-only file); undefined: the system keychain if it answers. */
  keychain?: Keychain | null;
  /** Opens a page in the user's browser (the sign-in page). */
  openBrowser: (url: string) => void;
  autoStartMs?: number;
  heartbeatMs?: number;
  backoffMs?: number;
  confirmTimeoutMs?: number;
  /** How long a destructive step waits for the engineer's approval before it is declined. */
  approvalTimeoutMs?: number;
  signInWindowMs?: number;
  installer?: Installer;
  /** On Windows, let the stand-in answer SAP2000/ETABS where they are not installed (DESKTOP_STANDIN=1). */
  standIn?: boolean;
}

export interface SignInState {
  state: 'idle' | 'waiting' | 'expired' | 'failed';
  message: string | null;
}

export interface WorkingFolder {
  mode: 'chat' | 'project';
  /** The conversation whose sandbox "This chat only" uses (null before its first message). */
  conversationId: string | null;
}

/** A machine with no Windows registry and no Program Files: nothing is detected. */
const emptyHost: DetectionHost = {
  env: () => undefined,
  listDir: async () => [],
  isFile: async () => false,
  registry: { subkeys: async () => [], values: async () => null, defaultValue: async () => undefined },
};

export class DesktopApp extends EventEmitter<{ changed: []; quit: [] }> {
  readonly o: Required<Omit<AppOptions, 'keychain' | 'installer' | 'detectionHost' | 'approvalTimeoutMs' | 'standIn'>> &
    Pick<AppOptions, 'keychain' | 'installer' | 'detectionHost' | 'approvalTimeoutMs' | 'standIn'>;
  log!: Logger;
  settingsStore!: SettingsStore;
  settings!: Settings;
  session!: Session;
  api!: PlatformApi;
  bridge!: BridgeClient;
  chat!: Chat;
  updater!: Updater;
  confirmations!: Confirmations;
  /** The engineer's approvals of destructive steps (the change preview), and the audit log of program calls. */
  approvals!: Approvals;
  audit!: AuditLog;
  setup!: FirstLaunchSetup;
  machineId = '';
  detections: ProgramDetection[] = [];
  /** True while the warm start's detection runs (the settings show "Looking for…"). */
  detecting = false;
  adapters = new Map<Program, Adapter>();
  pythons: string[] = [];
  signIn: SignInState = { state: 'idle', message: null };
  workingFolder: WorkingFolder = { mode: 'chat', conversationId: null };
  tokenStoreKind: 'keychain' | 'file' = 'file';
  private attempt: SignInAttempt | null = null;
  private lock: InstanceLock | null = null;
  private autoStart: NodeJS.Timeout | null = null;
  private updateTimer: NodeJS.Timeout | null = null;
  private pendingDetection: (() => void) | null = null;

  constructor(options: AppOptions) {
    super();
    this.o = {
      machineName: hostname(),
      platform: process.platform,
      autoStartMs: AUTO_START_MS,
      heartbeatMs: 20_000,
      backoffMs: 1_000,
      confirmTimeoutMs: 10_000,
      signInWindowMs: 5 * 60_000,
      ...options,
    };
  }

  private changed = () => this.emit('changed');

  /** Starts the app; `{ running }` when another instance of this user already runs (nothing was started). */
  async start(): Promise<{ running: { pid: number; url: string | null } } | null> {
    const { paths } = this.o;
    await mkdir(paths.data, { recursive: true, mode: 0o700 });
    const acquired = await acquireInstance(paths.data);
    if ('running' in acquired) return acquired;
    this.lock = acquired.lock;
    this.log = new Logger({ dir: paths.logs });
    this.log.info('starting', { version: this.o.version, platform: this.o.platform });
    this.settingsStore = new SettingsStore(paths.config, (m) => this.log.warn(m));
    this.settings = await this.settingsStore.load();
    this.machineId = await this.loadMachineId();
    const store = openTokenStore(paths.data, this.o.keychain === undefined ? undefined : this.o.keychain);
    this.tokenStoreKind = store.kind;
    this.session = new Session(store, this.o.platformUrl);
    this.api = new PlatformApi(this.session);
    this.confirmations = new Confirmations(this.o.confirmTimeoutMs);
    this.confirmations.on('changed', this.changed);
    this.updater = new Updater({
      platformUrl: this.o.platformUrl,
      currentVersion: this.o.version,
      dir: join(paths.data, 'updates'),
      installer: this.o.installer,
    });
    this.updater.on('status', this.changed);
    this.chat = new Chat(this.api);
    this.approvals = new Approvals(this.o.approvalTimeoutMs);
    this.approvals.on('changed', this.changed);
    this.audit = new AuditLog(join(paths.data, 'audit'));
    const guard = new ToolGuard({
      adapters: () => this.adapters,
      workingDirectory: (p) => this.workingDirectory(p)(),
      backups: new BackupStore(),
      approvals: this.approvals,
      audit: this.audit,
      log: this.log,
    });
    this.bridge = new BridgeClient({
      run: (call) => guard.run(call),
      api: this.api,
      machineId: this.machineId,
      machineName: this.o.machineName,
      clientVersion: this.o.version,
      adapters: () => this.adapters,
      lanes: () => laneReports(this.o.platform, this.detections, this.adapters),
      log: this.log,
      heartbeatMs: this.o.heartbeatMs,
      backoffMs: this.o.backoffMs,
    });
    this.bridge.on('state', this.changed);
    this.bridge.on('lanes', this.changed);
    this.session.on('tokens', () => void this.bridge.reconnect());
    this.session.on('signedOut', (reason) => {
      this.log.info('signed out', { reason });
      void this.bridge.stop();
      this.chat.close();
      this.changed();
    });
    this.setup = new FirstLaunchSetup(paths, [
      {
        id: 'settings',
        label: 'Writing the settings file',
        run: async () => void (await this.settingsStore.update({})),
      },
      { id: 'detection', label: 'Finding SAP2000, ETABS and Mathcad Prime', run: () => this.refreshDetection() },
      { id: 'python', label: 'Looking for Python', run: async () => void (this.pythons = await findPythons()) },
    ]);
    this.setup.on('progress', this.changed);
    await this.session.load();
    if (await setupDone(paths)) {
      // After the UI listens (uiReady): on Windows detection starts reg.exe processes, and
      // starting a process blocks the event loop for its whole CreateProcess (about 0.2 s each
      // under Wine on a busy machine: 3 s of the warm start went there). The client link starts
      // after detection, so the platform never hears lanes that detection has not read yet.
      this.detecting = true;
      this.pendingDetection = () => void this.detectAtStart();
    } else {
      // In the background: the UI shows the setup screen meanwhile. A failure is retried at the next start.
      void this.setup
        .run()
        .then((ok) =>
          ok ? this.afterSetup() : this.log.error('first-launch setup failed', { error: this.setup.progress.error }),
        );
    }
    return null;
  }

  /** The UI server listens: the warm start's detection, put off until now, runs. */
  uiReady(): void {
    const run = this.pendingDetection;
    this.pendingDetection = null;
    run?.();
  }

  private async detectAtStart(): Promise<void> {
    try {
      await Promise.all([this.refreshDetection(), findPythons().then((found) => void (this.pythons = found))]);
    } catch (err) {
      this.log.error('program detection failed', { error: String(err) });
    }
    this.detecting = false;
    this.afterSetup();
  }

  /** Called by the UI server once it listens: a second start finds this address. */
  publishUrl(url: string): Promise<void> {
    return this.lock!.publish(url);
  }

  private afterSetup(): void {
    if (this.session.signedIn) this.scheduleAutoStart();
    void this.updater.check();
    this.updateTimer = setInterval(() => void this.updater.check(), 6 * 3600_000);
    this.updateTimer.unref();
    this.changed();
  }

  private async loadMachineId(): Promise<string> {
    const file = join(this.o.paths.data, 'machine.json');
    try {
      const id = JSON.parse(await readFile(file, 'utf8')).machineId;
      if (typeof id === 'string' && /^[A-Za-z0-9._-]{1,128}$/.test(id)) return id;
    } catch {
      // First start, or an unreadable file: a new id.
    }
    const id = randomUUID();
    await writeFile(file, JSON.stringify({ machineId: id }) + '\n', { mode: 0o600 });
    return id;
  }

  private workingDirectory(program: Program): () => string {
    return () => {
      const project = this.settings.programs[program].working_directory;
      if (this.workingFolder.mode === 'project' && project) return project;
      return join(this.o.paths.data, 'workspaces', this.workingFolder.conversationId ?? 'new-chat');
    };
  }

  /** Detects the programs again (Settings → a program's tab → Refresh) and rebuilds the adapters. */
  async refreshDetection(): Promise<void> {
    const host = this.o.detectionHost ?? (this.o.platform === 'win32' ? windowsHost() : emptyHost);
    const picked = Object.fromEntries(
      (['sap2000', 'etabs', 'mathcad'] as Program[]).map((p) => [p, this.settings.programs[p].selected_installation]),
    );
    this.detections = await detectAll(host, picked);
    const old = this.adapters;
    this.adapters = selectAdapters({
      platform: this.o.platform,
      detections: this.detections,
      workingDirectory: (p) => this.workingDirectory(p),
      log: this.log,
      standIn: this.o.standIn,
    });
    // Adapters with a session keep it: a refresh must not drop the user's open model.
    for (const [program, adapter] of old) {
      if (adapter.hasOwnSession() && this.adapters.get(program)?.constructor === adapter.constructor)
        this.adapters.set(program, adapter);
      else if (this.adapters.get(program) !== adapter) await adapter.close();
    }
    // A COM adapter's lane follows its program (started, closed by the user, busy): the platform hears it with the next beat.
    for (const adapter of this.adapters.values())
      if (isStateful(adapter) && old.get(adapter.program) !== adapter)
        adapter.onStateChange(() => this.bridge?.lanesChanged());
    for (const program of ['sap2000', 'etabs', 'mathcad'] as Program[]) {
      const dir = this.workingDirectory(program)();
      await mkdir(dir, { recursive: true }).catch(() => undefined);
    }
    this.emit('changed');
  }

  async startSignIn(): Promise<void> {
    this.attempt?.cancel();
    this.signIn = { state: 'waiting', message: null };
    this.changed();
    const attempt = await startSignIn(this.o.platformUrl, { windowMs: this.o.signInWindowMs });
    this.attempt = attempt;
    this.o.openBrowser(attempt.authorizeUrl);
    attempt.tokens.then(
      async (tokens) => {
        if (this.attempt !== attempt) return;
        this.attempt = null;
        await this.session.adopt(tokens);
        this.signIn = { state: 'idle', message: null };
        this.log.info('signed in');
        this.scheduleAutoStart();
        this.changed();
      },
      (err: SignInError) => {
        if (this.attempt !== attempt) return;
        this.attempt = null;
        this.signIn =
          err.code === 'expired'
            ? { state: 'expired', message: err.message }
            : err.code === 'cancelled'
              ? { state: 'idle', message: null }
              : { state: 'failed', message: err.message };
        this.changed();
      },
    );
  }

  cancelSignIn(): void {
    this.attempt?.cancel();
  }

  private scheduleAutoStart(): void {
    if (this.autoStart) clearTimeout(this.autoStart);
    this.autoStart = setTimeout(() => {
      this.autoStart = null;
      if (this.session.signedIn && this.bridge.state === 'stopped') this.bridge.start();
    }, this.o.autoStartMs);
    this.autoStart.unref();
  }

  async logout(): Promise<void> {
    if (this.autoStart) clearTimeout(this.autoStart);
    await this.bridge.stop();
    this.chat.close();
    await this.session.logout();
    this.workingFolder = { mode: 'chat', conversationId: null };
    this.changed();
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    await this.checkFolders(patch);
    this.settings = await this.settingsStore.update(patch);
    if ((patch as { programs?: unknown }).programs) await this.refreshDetection();
    this.changed();
    return this.settings;
  }

  /** A folder the user sets must exist and (a working directory) take files: refused in words otherwise. */
  private async checkFolders(patch: SettingsPatch): Promise<void> {
    const p = patch as {
      agents?: { formatting_standards_folder?: string | null };
      programs?: Record<string, { working_directory?: string | null }>;
    };
    const folders: [string, string | null | undefined, boolean][] = [
      ['agents.formatting_standards_folder', p.agents?.formatting_standards_folder, false],
    ];
    for (const [program, tab] of Object.entries(p.programs ?? {}))
      folders.push([`programs.${program}.working_directory`, tab?.working_directory, true]);
    for (const [field, value, writable] of folders) {
      if (typeof value !== 'string') continue;
      const checked = await checkFolder(value, { writable });
      if (!checked.ok) throw new SettingsError(field, checked.reason);
    }
  }

  /** What sendMessage carries from the settings: step limit, Enter while working, the design standard and formatting standards. */
  async chatSettings(): Promise<ChatSettings> {
    const folder = this.settings.agents.formatting_standards_folder;
    const formatting = folder ? await readFormattingStandards(folder).catch(() => null) : null;
    return {
      stepLimit: this.settings.agents.step_limit,
      whileWorking: this.settings.agents.enter_while_working,
      instructions: {
        designStandard: this.settings.general.design_standard,
        formattingStandards: formatting?.text || null,
      },
    };
  }

  /** The folder the programs work in now: the chat's sandbox or the shared project folder. */
  currentWorkingFolder(): string {
    return this.workingDirectory('sap2000')();
  }

  /** Reset Configuration: preferences, working directories and environment paths; the sign-in stays. */
  async resetConfiguration(): Promise<Settings> {
    this.settings = await this.settingsStore.resetConfiguration();
    this.workingFolder = { ...this.workingFolder, mode: 'chat' };
    await this.refreshDetection();
    this.log.info('configuration reset');
    this.changed();
    return this.settings;
  }

  setWorkingFolder(folder: Partial<WorkingFolder>): void {
    this.workingFolder = { ...this.workingFolder, ...folder };
    for (const p of ['sap2000', 'etabs', 'mathcad'] as Program[])
      void mkdir(this.workingDirectory(p)(), { recursive: true }).catch(() => undefined);
    this.changed();
  }

  downloadPython(): never {
    throw new PythonDownloadUnavailable();
  }

  /** Programs whose session this client started and quitting or updating would close. */
  ownSessions(): Program[] {
    return [...this.adapters.values()].filter((a) => a.hasOwnSession()).map((a) => a.program);
  }

  /** Asks first when it would close a program session; true when the action may go ahead. */
  private async mayClose(action: Question['action']): Promise<boolean> {
    const programs = this.ownSessions();
    if (!programs.length) return true;
    return this.confirmations.ask(action, programs);
  }

  /** Update now: confirmation, then the verified package goes to the installer and the app quits. */
  async updateNow(): Promise<boolean> {
    if (!this.updater.packageFile) await this.updater.install(); // throws NOT_READY
    if (!(await this.mayClose('update'))) return false;
    await this.updater.install();
    await this.shutdown();
    return true;
  }

  /**
   * Quit: asks first when an agent is still working (quitting stops it: a run left going would
   * send its calls to nobody, or to this app's next start) or a program session would close;
   * false when the user declined. Unanswered, the app stops the runs and quits.
   */
  async quit(): Promise<boolean> {
    const runs = this.session.signedIn ? await this.chat.working().catch(() => []) : [];
    const programs = this.ownSessions();
    if (runs.length || programs.length) {
      if (
        !(await this.confirmations.ask(
          'quit',
          programs,
          runs.map((r) => r.title || 'Untitled conversation'),
        ))
      )
        return false;
    }
    for (const r of runs)
      await this.chat
        .cancel(r.id)
        .catch((err) =>
          this.log.warn('could not stop a run at quit', { conversation: r.id, message: (err as Error).message }),
        );
    await this.shutdown();
    return true;
  }

  /** Ends everything this app started (no confirmation: the OS is ending the process, or the user confirmed). */
  async shutdown(): Promise<void> {
    if (this.autoStart) clearTimeout(this.autoStart);
    if (this.updateTimer) clearInterval(this.updateTimer);
    this.attempt?.cancel();
    this.approvals?.close();
    await this.bridge?.stop();
    this.chat?.close();
    this.session?.close();
    for (const adapter of this.adapters.values()) await adapter.close();
    await this.lock?.release();
    this.log?.info('stopped');
    this.emit('quit');
  }

  snapshot() {
    return {
      version: this.o.version,
      platformUrl: this.o.platformUrl,
      machine: { id: this.machineId, name: this.o.machineName },
      signedIn: this.session.signedIn,
      signIn: this.signIn,
      tokenStore: this.tokenStoreKind,
      setup: this.setup.progress satisfies SetupProgress,
      client: {
        state: this.bridge.state satisfies ClientState,
        detail: this.bridge.detail,
        technical: this.bridge.technical,
        retryAt: this.bridge.retryAt?.toISOString() ?? null,
      },
      // "stand-in": answered by the stand-in solver here, not the program itself.
      lanes: this.bridge
        .lanes()
        .map((l) => ({ ...l, standIn: this.adapters.get(l.program) instanceof StandinFrameAdapter })),
      workingFolderPath: this.currentWorkingFolder(),
      detecting: this.detecting,
      detections: this.detections.map((d) => ({
        program: d.program,
        installations: d.installations.map((i) => ({
          version: i.version,
          folder: i.folder,
          usable: i.exeExists,
          comRegistered: i.comRegistered,
        })),
        selected: d.selected?.folder ?? null,
        needsPicker: d.needsPicker,
        adapter: this.adapters.get(d.program)?.label ?? null,
      })),
      pythons: this.pythons,
      settings: this.settings,
      workingFolder: this.workingFolder,
      update: this.updater.status satisfies UpdateStatus,
      confirm: this.confirmations.current,
      approvals: this.approvals.current,
      logs: this.log.dir,
    };
  }
}
