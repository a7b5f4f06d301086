/**
 * The live conversation's microphone capture (components/candidate/live-audio.ts): collects the input's 128-sample
 * render quanta into frames of `frameSamples` (20 ms at the context's rate) and posts each as a Float32Array
 * (transferred, not copied). Served from the page's own origin: the page's CSP allows no other script source.
 */
class LiveCaptureProcessor extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.size = Math.max(128, (options && options.processorOptions && options.processorOptions.frameSamples) || 960);
    this.buffer = new Float32Array(this.size);
    this.filled = 0;
  }

  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (!channel) return true;
    let at = 0;
    while (at < channel.length) {
      const n = Math.min(channel.length - at, this.size - this.filled);
      this.buffer.set(channel.subarray(at, at + n), this.filled);
      this.filled += n;
      at += n;
      if (this.filled === this.size) {
        this.port.postMessage(this.buffer, [this.buffer.buffer]);
        this.buffer = new Float32Array(this.size);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('live-capture', LiveCaptureProcessor);
