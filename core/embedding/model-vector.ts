// A vector with the tag of the model that made it. Stores filter every vector
// read on the tag (a query's vector meets only stored vectors of its model).
export interface ModelVector {
  model: string;
  vector: Float32Array;
}

/** Tags are written into SQL identifiers' companions and partial-index predicates: a closed alphabet. */
export function checkModelTag(model: string): string {
  if (!/^[A-Za-z0-9:._/-]{0,100}$/.test(model))
    throw new Error(`embedding model tag ${JSON.stringify(model)} has characters outside [A-Za-z0-9:._/-]`);
  return model;
}
