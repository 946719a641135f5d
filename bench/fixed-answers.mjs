// Reads the answers a baseline server gives, {"<path>": {"body": "<base64>", "headers": {...}}}, from
// standard input: the exact bytes and headers the shop sent for each path.

/** @returns {Promise<Map<string, { body: Buffer, headers: Record<string, string> }>>} */
export async function readFixedAnswers() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  /** @type {unknown} */
  const parsed = JSON.parse(input);
  const answers = /** @type {Record<string, { body: string, headers: Record<string, string> }>} */ (parsed);
  return new Map(Object.entries(answers).map(([path, { body, headers }]) => [path, { body: Buffer.from(body, 'base64'), headers }]));
}
