/**
 * For the front cache's tests (front-cache.ts): a response as a client sees it, to compare a
 * replay with the app's own answer. Written apart from the module's own list of the headers Node
 * writes per response, so that a mistake there is not copied into what checks it.
 */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive']);

/** Status, the headers but those Node writes for each response, and the bytes. */
export async function seen(res: Response): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_RESPONSE.has(name)));
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
}
