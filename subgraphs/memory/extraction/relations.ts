// The verb patterns that name a fact's relationship, and which relationships
// are functional (one target at a time, so a new target retires the old fact).

export interface RelationPattern {
  relation: string;
  re: RegExp;
}

export const RELATION_PATTERNS: RelationPattern[] = [
  { relation: 'WORKS_AT', re: /\b(?:works?|working|worked|employed)\s+(?:at|for|with)\b|\bjoined\b/i },
  {
    relation: 'IS_DESIGNED_TO',
    re: /\b(?:is|are|was|were|be|being|been)?\s*(?:designed|checked|detailed|sized|analy[sz]ed|governed)\s+(?:to|per|under|using|by|for)\b/i,
  },
  {
    relation: 'LOCATED_AT',
    re: /\b(?:is|are)\s+located\s+(?:at|in|on)\b|\blocated\s+(?:at|in|on)\b|\bmoved\s+to\b|\brelocated\s+to\b|\bsits?\s+(?:at|on)\b/i,
  },
  {
    relation: 'MANAGES',
    re: /\b(?:manages?|managing|leads?|leading|is\s+the\s+(?:lead|manager|project\s+manager|engineer\s+of\s+record|EOR)\s+(?:on|for|of))\b/i,
  },
  {
    relation: 'REPLACED_BY',
    re: /\breplaced\s+(?:by|with)\b|\bswapped\s+(?:for|with|to)\b|\bswitched\s+(?:to|from)\b|\b(?:changed|upsized|downsized|revised|increased|reduced|bumped|upgraded|dropped|grew|grows?|raised|lowered|moved)\b[^.;]{0,40}?\b(?:to|from)\b|\binstead\s+of\b/i,
  },
  {
    relation: 'USES',
    re: /\b(?:uses?|using|used|specif(?:y|ies|ied)|selected|picked|chose|choosing|went\s+with|going\s+with|settled\s+on|is\s+(?:a|an)|are)\b/i,
  },
  {
    relation: 'SUPPORTS',
    re: /\b(?:supports?|supporting|carr(?:y|ies|ying)|frames?\s+into|bears?\s+on|sits?\s+on|spans?)\b/i,
  },
  { relation: 'REQUIRES', re: /\b(?:requires?|required|needs?|needed|calls?\s+for)\b/i },
  {
    relation: 'REVIEWS',
    re: /\b(?:reviews?|reviewed|reviewing|checks?|checking|approved|approves|stamps?|stamped)\b/i,
  },
  { relation: 'SENT', re: /\b(?:sent|send|sends|issued|issues|submitted|shared|emailed)\b/i },
  { relation: 'HAS_VALUE', re: /\b(?:is|was|are|were|of|=|equals|at)\b/i },
];

/** A relationship that holds for one target at a time: a new target makes the old fact history. */
export const FUNCTIONAL = new Set(['WORKS_AT', 'IS_DESIGNED_TO', 'LOCATED_AT', 'MANAGES']);

/** Words that say a fact ends, with nothing to replace it. */
export const ENDING_CUES =
  /\b(?:no\s+longer|not\s+anymore|any\s*more|stopped|quit|left|removed|eliminated|deleted|cancel(?:l)?ed|abandoned)\b/i;

/** Words that say a value changed (so the old value's facts are history). */
export const CHANGE_CUES =
  /\b(?:replaced|swapped|switched|changed|upsized|downsized|revised|increased|reduced|bumped|upgraded|dropped|grew|grows?|raised|lowered|moved|instead|now|updated|no\s+longer)\b/i;
