// The emulated phone of the first-visit benchmarks (first-visit.mjs,
// first-paint-trace.mjs): the network profiles, the device and the CPU slowdown.

/** Network profiles as the DevTools protocol takes them: latency in ms, throughput in bytes/s. */
export const NETWORKS = {
  'slow-4g': { latency: 150, downloadThroughput: (1440 * 1000) / 8, uploadThroughput: (675 * 1000) / 8 },
  '3g': { latency: 300, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 },
};

/** A Pixel 8-sized phone: 390×844 CSS pixels at density 3, mobile, touch. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
};

/** How much slower than this machine's the phone's CPU is (`Emulation.setCPUThrottlingRate`). */
export const CPU_SLOWDOWN = 4;
