// No "Did you mean …" in production: a suggestion lists the schema's names (fields, enum values,
// input fields, arguments) to a caller probing without introspection. graphql-js adds them to
// validation errors (Apollo's hideSchemaDetailsFromClientErrors covers those) and to errors
// about variable values, coerced at execution, which nothing else covers: so every error going
// out, over HTTP and over the socket, loses its suggestion here.

/** graphql-js's didYouMean() appends " Did you mean …?" as the message's last sentence. */
const SUGGESTION = ' Did you mean ';

export function withoutSuggestions(message: string): string {
  const at = message.indexOf(SUGGESTION);
  return at < 0 ? message : message.slice(0, at);
}
