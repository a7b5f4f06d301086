/**
 * A response body pulled from an async generator of text: the next chunk is produced only when the client has
 * taken the previous one, so a slow reader holds back the database reads instead of filling memory.
 * A failure after the status line has gone out can only abort the body; `onError` records it.
 */
export function textStream(chunks: AsyncGenerator<string>, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { value, done } = await chunks.next();
          if (done) return controller.close();
          if (value.length > 0) return controller.enqueue(encoder.encode(value));
        }
      } catch (error) {
        onError(error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
