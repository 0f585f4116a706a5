// How deeply free-form JSON may nest (issue 10): a notice's `data` and any
// other JSON a client stores as it is. Hado never looks inside, and the
// receivers that get it in webhooks should not have to parse 10,000 levels.

/** Levels of objects and arrays allowed in free-form JSON (`{}` is 1). */
export const MAX_FREE_JSON_DEPTH = 32;

/** The levels of arrays and objects in a JSON value (0 for a scalar), counted without recursion. */
export function nestingDepth(root: unknown): number {
  let max = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    max = Math.max(max, depth + 1);
    for (const v of Array.isArray(value) ? value : Object.values(value)) stack.push({ value: v, depth: depth + 1 });
  }
  return max;
}
