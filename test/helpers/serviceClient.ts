/** The private key the first start of a service prints. */
export function printedPrivateKey(output: string): string {
  const key = /private key:\s+(\S+)/.exec(output)?.[1];
  if (!key) throw new Error(`no private key in the output:\n${output}`);
  return key;
}

/** A small fetch client of a running service with one key. */
export function serviceClient(url: string, key: string) {
  return {
    async send(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { "api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
    },
  };
}

export type ServiceClient = ReturnType<typeof serviceClient>;

/** A thread body of `count` messages whose ids are derived from the thread's. */
export function threadWithMessages(externalId: string, count: number, content = (i: number) => `message ${i} of ${externalId}`) {
  return {
    externalId,
    externalUser: { externalId: `user-of-${externalId}` },
    messages: Array.from({ length: count }, (_, i) => ({ externalId: `${externalId}-m${i}`, role: i % 2 ? "assistant" : "user", content: content(i) })),
  };
}
