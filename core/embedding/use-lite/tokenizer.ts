// The SentencePiece (unigram) tokenizer of Universal Sentence Encoder lite: the
// segmentation of highest total log-probability over the model's vocabulary
// (Viterbi), with "▁" marking word starts. Linear in the text's length times the
// longest piece. Gives the same ids as the reference tokenizer the weights ship
// for (@energetic-ai/embeddings), checked in test/core/embedding/use-lite.test.ts.

const WORD_START = '\u2581';
/** Ids 0-5 are reserved (<unk>, <s>, </s>, extra tokens); 0 is the unknown piece. */
const RESERVED = 6;
const UNKNOWN = 0;

export interface Tokenizer {
  encode(text: string): number[];
}

export function createTokenizer(vocabulary: readonly (readonly [string, number])[]): Tokenizer {
  const pieces = new Map<string, { score: number; id: number }>();
  let longest = 1;
  for (let i = RESERVED; i < vocabulary.length; i++) {
    const [piece, score] = vocabulary[i]!;
    pieces.set(piece, { score, id: i });
    longest = Math.max(longest, [...piece].length);
  }
  return {
    encode(text) {
      const normalized = text.normalize('NFKC');
      if (!normalized) return [];
      const symbols = [...(WORD_START + normalized.replace(/ /g, WORD_START))];
      const n = symbols.length;
      // As the reference: 0 means "not reached yet" (every real score is negative), and of equal scores
      // the later start wins; a position no piece starts at is one unknown character of score 0.
      const best = new Float64Array(n + 1);
      const from = new Int32Array(n + 1);
      const id = new Int32Array(n + 1);
      for (let i = 0; i < n; i++) {
        let piece = '';
        let matched = false;
        for (let j = i; j < n && j < i + longest; j++) {
          piece += symbols[j];
          const p = pieces.get(piece);
          if (!p) continue;
          matched = true;
          const score = p.score + best[i]!;
          if (best[j + 1] === 0 || score >= best[j + 1]!) {
            best[j + 1] = score;
            from[j + 1] = i;
            id[j + 1] = p.id;
          }
        }
        if (!matched && (best[i + 1] === 0 || best[i]! >= best[i + 1]!)) {
          best[i + 1] = best[i]!;
          from[i + 1] = i;
          id[i + 1] = UNKNOWN;
        }
      }
      const out: number[] = [];
      for (let end = n; end > 0; end = from[end]!) out.push(id[end]!);
      out.reverse();
      // Runs of unknown characters are one unknown piece.
      return out.filter((x, k) => !(x === UNKNOWN && out[k - 1] === UNKNOWN));
    },
  };
}
