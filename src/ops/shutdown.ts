// Bounded shutdown steps.

/**
 * Runs a graceful stop; if it has not finished within `graceMs`, runs
 * `force` (cut what is left) and waits for the stop to complete.
 */
export async function stopWithin(graceMs: number, stop: () => Promise<unknown>, force: () => void): Promise<void> {
  const stopped = stop();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  try {
    if ((await Promise.race([stopped, late])) === 'late') force();
    await stopped;
  } finally {
    clearTimeout(timer);
  }
}
