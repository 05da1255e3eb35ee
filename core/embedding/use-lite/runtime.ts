// What a runtime of the model is given and gives back, kept apart from model.ts: model.ts loads
// native.ts and tfjs.ts (dynamically), and they need these types, so declaring them in model.ts
// made a cycle of three files (test/layering.test.ts counts type-only and dynamic imports).
export interface ModelFiles {
  manifest: {
    modelTopology: object;
    weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string }[] }[];
  };
  /** The weight shards, concatenated in the manifest's order. */
  weights: Buffer;
}

/** One model call: rows of piece ids in, one raw (not yet normalised) 512-wide vector a row out. */
export type RunCall = (pieces: readonly number[][]) => Promise<Float32Array[]>;

/** A runtime with the model loaded: its calls, and the release of what it holds (see worker.ts on why). */
export interface LoadedRuntime {
  run: RunCall;
  release(): Promise<void>;
}
