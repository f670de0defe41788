/** A shop route's OpenAPI schema: its tag, summary and description with the rest of `schema`. */
export function routeDoc<S extends object>(tag: string, summary: string, description: string, schema: S) {
  return { schema: { tags: [tag], summary, description, ...schema } };
}
