// Facts from ordinary speech, without a language model. The grammar (sentence
// boundaries, part-of-speech tags, lemmas) comes from wink-nlp with its
// English web model: chosen over compromise because it tags about fifty
// times faster (≈0.2 ms against ≈10 ms a message here), which keeps ingestion
// above 100 messages/s, and it ships its model as an npm package (no
// download at run time). The rules on top, each named where it applies:
//   - a question or a phatic sentence (greetings, thanks, reactions,
//     fillers: nothing said beyond people's names and social words) is no fact;
//   - a sentence splits into clauses where a conjunction or a comma is
//     followed by a new subject and its verb;
//   - first person is the speaker, second person the addressee (the previous
//     turn's speaker), he/she/him/her the last other person named;
//   - each informative clause becomes one fact whose text names its subject,
//     from the subject to the clause's first noun phrase after the verb.
import winkNLP, { type ItemSentence, type ItemToken } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { ExtractedEntity, ExtractedFact } from './extractor.ts';

const nlp = winkNLP(model);
const its = nlp.its;

interface Token {
  text: string;
  space: string;
  pos: string;
  lemma: string;
}

/** Social words: a sentence made only of these, names and function words says nothing to remember. */
const PHATIC = new Set(
  (
    'hey hi hello bye goodbye thanks thank thx congrats congratulations wow cool great awesome nice amazing ' +
    'sure yeah yes yep yup no nope ok okay lol haha hah oh ah aw aww omg wow glad good fun love lovely sweet ' +
    'welcome care take bet right totally absolutely definitely exactly indeed really so too well see talk chat ' +
    'catch soon later luck day morning night evening everything anything something stuff thing things way ' +
    'hear heard sound sounds look looks seem seems mean means know think guess hope wish feel ya man dude buddy friend'
  ).split(' '),
);

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'NUM', 'ADJ', 'ADV']);
const NOMINAL = new Set(['NOUN', 'PROPN', 'NUM']);
const SUBJECT_PRONOUNS: Record<string, 'speaker' | 'addressee' | 'other'> = {
  i: 'speaker',
  we: 'speaker',
  you: 'addressee',
  he: 'other',
  she: 'other',
};

export interface SpeechContext {
  speaker: string;
  /** Who the speaker is talking to: the previous turn's speaker; null when unknown. */
  addressee: string | null;
  /** The last person named before this message (for he/she), other than speaker and addressee. */
  lastPerson: string | null;
}

function tokensOf(sentence: ItemSentence): Token[] {
  const out: Token[] = [];
  sentence.tokens().each((t: ItemToken) => {
    out.push({
      text: t.out(),
      space: t.out(its.precedingSpaces),
      pos: t.out(its.pos),
      lemma: String(t.out(its.lemma as never)).toLowerCase(),
    });
  });
  return out;
}

const isName = (t: Token, people: readonly string[]) =>
  people.some((p) => p && p.toLowerCase().split(/\s+/).includes(t.text.toLowerCase()));

/**
 * Phatic: no word beyond social words, names and function words. A name
 * counts only beside a verb ("Hey Mel!" is a greeting, "Mel moved to Boston" is not).
 */
export function isPhatic(tokens: readonly Token[], people: readonly string[]): boolean {
  const said = (t: Token) =>
    !PHATIC.has(t.lemma) && !PHATIC.has(t.text.toLowerCase()) && !isName(t, people) && /[\p{L}\p{N}]/u.test(t.text);
  const hasVerb = tokens.some((t) => t.pos === 'VERB' || t.pos === 'AUX');
  // A word with a digit (a size, a code, a date) is always content.
  return !tokens.some((t) => /\d/.test(t.text) || ((t.pos === 'PROPN' ? hasVerb : CONTENT_POS.has(t.pos)) && said(t)));
}

/** Time words are not things: "went to a support group yesterday" is about the group. */
const TIME_NOUNS = new Set(
  'yesterday today tomorrow tonight week weekend weekends month months year years morning evening night afternoon day days weeks ago'.split(
    ' ',
  ),
);

/** A question: ends with "?" (the speaker asks, states nothing). */
const isQuestion = (tokens: readonly Token[]) => tokens.some((t) => t.text === '?');

/** Clause boundaries: a conjunction, comma, dash or semicolon followed by a subject (pronoun, name, noun phrase) and then its verb. */
function clauses(tokens: readonly Token[]): Token[][] {
  const out: Token[][] = [];
  let start = 0;
  for (let i = 1; i < tokens.length - 2; i++) {
    const t = tokens[i]!;
    const boundary = t.pos === 'CCONJ' || t.pos === 'SCONJ' || (t.pos === 'PUNCT' && /^[,;–—-]$/.test(t.text));
    if (!boundary) continue;
    let j = i + 1;
    while (
      j < tokens.length &&
      (tokens[j]!.pos === 'CCONJ' || tokens[j]!.pos === 'ADV' || tokens[j]!.pos === 'DET' || tokens[j]!.pos === 'ADJ')
    )
      j++;
    if (
      j >= tokens.length ||
      !(tokens[j]!.pos === 'PRON' || NOMINAL.has(tokens[j]!.pos) || CONTRACTED.test(tokens[j]!.text))
    )
      continue;
    let k = j + 1;
    while (k < tokens.length && NOMINAL.has(tokens[k]!.pos)) k++;
    const verbNext = k < tokens.length && (tokens[k]!.pos === 'VERB' || tokens[k]!.pos === 'AUX');
    if (verbNext || CONTRACTED.test(tokens[j]!.text)) {
      out.push(tokens.slice(start, i));
      start = i;
    }
  }
  out.push(tokens.slice(start));
  return out.filter((c) => c.some((t) => /[\p{L}\p{N}]/u.test(t.text)));
}

/** The tagger sometimes keeps a contraction in one token ("I'm"): its pronoun and the verb it carries. */
const CONTRACTED = /^(i|you|he|she|we)['’](m|re|ve|ll|d|s)$/i;
const CARRIED: Record<string, string> = { m: 'is', re: 'is', ve: 'has', ll: 'will', d: 'would', s: 'is' };
const pronounOf = (t: Token): string => (CONTRACTED.exec(t.text)?.[1] ?? t.text).toLowerCase();

const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** The clause with first and second person (and he/she) written as the people they stand for. */
function resolvePeople(tokens: readonly Token[], ctx: SpeechContext): string {
  let text = '';
  // After "I" or "you" became a name, its verb agrees with a third person until another noun comes.
  let personal = false;
  for (const [i, t] of tokens.entries()) {
    const w = t.text.toLowerCase();
    const next = tokens[i + 1]?.text.toLowerCase();
    let r = t.text;
    const contracted = CONTRACTED.exec(t.text);
    if (contracted) {
      const who = contracted[1]!.toLowerCase();
      const name =
        who === 'i'
          ? ctx.speaker
          : who === 'you'
            ? ctx.addressee
            : who === 'he' || who === 'she'
              ? ctx.lastPerson
              : null;
      text += (i === 0 ? '' : t.space) + (name ? `${name} ${CARRIED[contracted[2]!.toLowerCase()]}` : t.text);
      continue;
    }
    if (NOMINAL.has(t.pos) && t.pos !== 'PROPN') personal = false;
    if (w === 'i') {
      r = ctx.speaker;
      personal = true;
    } else if (w === 'me' || w === 'myself') r = ctx.speaker;
    else if (w === 'my' || w === 'mine') r = possessive(ctx.speaker);
    else if (ctx.addressee && (w === 'you' || w === 'yourself') && t.pos === 'PRON') {
      r = ctx.addressee;
      personal = w === 'you';
    } else if (ctx.addressee && (w === 'your' || w === 'yours')) r = possessive(ctx.addressee);
    else if (ctx.lastPerson && (w === 'he' || w === 'she' || (w === 'him' && t.pos === 'PRON'))) r = ctx.lastPerson;
    else if ((personal && t.pos === 'AUX') || (personal && w === 'have' && next !== 'to')) {
      const agree: Record<string, string> = {
        "'m": ' is',
        '’m': ' is',
        am: 'is',
        are: 'is',
        "'re": ' is',
        '’re': ' is',
        were: 'was',
        have: 'has',
        "'ve": ' has',
        '’ve': ' has',
        do: 'does',
      };
      if (w in agree) r = agree[w]!;
      if (w !== 'have' && w !== "'ve" && w !== '’ve') personal = false;
    }
    text += (i === 0 ? '' : t.space) + r;
  }
  return text
    .replace(/^[\s,;:–—-]*(?:and|but|so|or|because|while)?[\s,]*/i, '')
    .replace(/(?<![\s,;:–—-])[\s,;:–—-]+$/, '')
    .trim();
}

/** The first noun phrase in tokens[from..]: determiners dropped, adjectives, numbers and nouns kept. */
function nounPhrase(tokens: readonly Token[], from: number): string | null {
  for (let i = from; i < tokens.length; i++) {
    const nominal = (t: Token) => NOMINAL.has(t.pos) && !TIME_NOUNS.has(t.text.toLowerCase());
    if (!nominal(tokens[i]!)) continue;
    let a = i;
    while (a > from && (tokens[a - 1]!.pos === 'ADJ' || nominal(tokens[a - 1]!))) a--;
    let b = i;
    while (b + 1 < tokens.length && nominal(tokens[b + 1]!)) b++;
    const phrase = tokens
      .slice(a, b + 1)
      .map((t, k) => (k === 0 ? '' : t.space) + t.text)
      .join('')
      .trim();
    if (phrase.length >= 2) return phrase;
    i = b;
  }
  return null;
}

export interface SpeechFacts {
  entities: ExtractedEntity[];
  facts: ExtractedFact[];
  /** The last other person this message named (for he/she in the next messages). */
  lastPerson: string | null;
}

/** False for a question or a phatic sentence: it states nothing to remember. */
export function informative(sentence: string, people: readonly string[]): boolean {
  let any = false;
  nlp
    .readDoc(sentence)
    .sentences()
    .each((s: ItemSentence) => {
      const tokens = tokensOf(s);
      if (!isQuestion(tokens) && !isPhatic(tokens, people)) any = true;
    });
  return any;
}

/** Facts from one message of ordinary speech (see the rules at the top of the module). */
export function speechFacts(content: string, ctx: SpeechContext): SpeechFacts {
  const people = [ctx.speaker, ctx.addressee ?? ''];
  const entities: ExtractedEntity[] = [];
  const facts: ExtractedFact[] = [];
  let lastPerson = ctx.lastPerson;
  nlp
    .readDoc(content)
    .sentences()
    .each((s: ItemSentence) => {
      const tokens = tokensOf(s);
      const names = tokens.filter((t) => t.pos === 'PROPN' && /^\p{Lu}/u.test(t.text) && !isName(t, people));
      if (isQuestion(tokens) || isPhatic(tokens, people)) {
        if (names.length) lastPerson = names.at(-1)!.text;
        return;
      }
      for (const clause of clauses(tokens)) {
        if (isPhatic(clause, people)) continue;
        const here = { ...ctx, lastPerson };
        const verb = clause.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
        const before = verb < 0 ? clause : clause.slice(0, verb);
        // The subject: a person pronoun, else a name or noun phrase before the verb, else the speaker (fragments).
        const pronoun = before.find(
          (t) => (t.pos === 'PRON' || CONTRACTED.test(t.text)) && pronounOf(t) in SUBJECT_PRONOUNS,
        );
        const who = pronoun ? SUBJECT_PRONOUNS[pronounOf(pronoun)]! : null;
        let subject: ExtractedEntity | null =
          who === 'speaker'
            ? { name: ctx.speaker, kind: 'speaker' }
            : who === 'addressee' && ctx.addressee
              ? { name: ctx.addressee, kind: 'speaker' }
              : who === 'other' && lastPerson
                ? { name: lastPerson, kind: 'person' }
                : null;
        if (!subject) {
          const phrase = nounPhrase(before, 0);
          subject = phrase
            ? { name: phrase, kind: before.some((t) => t.pos === 'PROPN') ? 'name' : 'topic' }
            : { name: ctx.speaker, kind: 'speaker' };
        }
        const objectName = nounPhrase(clause, verb < 0 ? before.length : verb + 1);
        let object: ExtractedEntity | null =
          objectName && objectName.toLowerCase() !== subject.name.toLowerCase()
            ? { name: objectName, kind: /\p{Lu}/u.test(objectName[0]!) ? 'name' : 'topic' }
            : null;
        // A statement with nothing after its verb links its subject to the one it was said to (or by).
        if (!object) {
          const other = subject.name === ctx.speaker ? ctx.addressee : ctx.speaker;
          if (!other) continue;
          object = { name: other, kind: 'speaker' };
        }
        let text = resolvePeople(clause, here);
        if (!new RegExp(`\\b${subject.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(text))
          text = `${ctx.speaker}: ${text}`;
        const lemma = verb >= 0 ? clause[verb]!.lemma : '';
        entities.push(subject, object);
        facts.push({
          source: subject.name,
          target: object.name,
          relation: /^[a-z]+$/.test(lemma) && lemma !== 'be' ? lemma.toUpperCase() : 'SAID',
          fact: text,
          replaces: null,
          ends: null,
        });
      }
      if (names.length) lastPerson = names.at(-1)!.text;
    });
  return { entities, facts, lastPerson };
}
