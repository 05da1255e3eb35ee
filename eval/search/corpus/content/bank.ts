/**
 * What a topic bank holds. Filler clauses are composed from these so every
 * section reads on topic without hand-writing hundreds of clauses; the banks
 * are shared between codes of one material, with symbols and vocabulary
 * filled in per family through the slots below.
 *
 * Slots: {m} a member from `members`, {v} a value from `values`, {ref} a
 * cross-reference to an earlier clause of the same chapter, and the family
 * words {spec} {Spec} {designer} {clause} {fc} {fy} {db}.
 */
export interface TopicBank {
  headings: string[];
  sentences: string[];
  members: string[];
  values: string[];
}
