/**
 * The events of a `text/event-stream` body, each 'data: {json}' line parsed, in order. Other lines
 * (comments, event names, blank separators) are passed over. The reader is released when the
 * caller stops early.
 */
export async function* eventStreamData(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (line: string) => {
    const trimmed = line.replace(/\r$/, '');
    if (!trimmed.startsWith('data:')) return undefined;
    const payload = trimmed.slice(5).trimStart();
    return payload ? (JSON.parse(payload) as unknown) : undefined;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      const lines = buffer.split('\n');
      buffer = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        const event = parse(line);
        if (event !== undefined) yield event;
      }
      if (done) return;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
