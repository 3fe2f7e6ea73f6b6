import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface EventLoopReport<T> {
  result: T;
  /** The most CPU time (of this process) between two turns of the event loop, in ms. */
  heldMs: number;
  /** CPU time (of this process) spent while `work` ran, in ms. */
  cpuMs: number;
  /** The longest wait of a timer (perf_hooks), in ms: `heldMs` plus whatever the machine adds. */
  maxDelayMs: number;
}

/** Node 22.19 and 24 tell this thread's CPU time alone; earlier ones, the whole process's. */
const cpuMicros = (): number => {
  const { user, system } =
    (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ??
    process.cpuUsage();
  return user + system;
};

/**
 * How long the event loop was held while `work` ran, in CPU time: a timer ticks on every turn
 * of the loop, and the CPU time spent between two ticks is what one turn held it. CPU time,
 * not wall time, so that a machine busy with other work (which delays every timer, idle or
 * not) does not count against the code under test, while a stretch of synchronous work does.
 */
export async function eventLoopDuring<T>(work: () => Promise<T>): Promise<EventLoopReport<T>> {
  const delays = monitorEventLoopDelay({ resolution: 10 });
  let heldMicros = 0;
  const firstCpu = cpuMicros();
  let lastCpu = firstCpu;
  let ticking = true;
  const tick = () => {
    const cpu = cpuMicros();
    heldMicros = Math.max(heldMicros, cpu - lastCpu);
    lastCpu = cpu;
    if (ticking) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  delays.enable();
  try {
    const result = await work();
    tick();
    return {
      result,
      heldMs: heldMicros / 1000,
      cpuMs: (lastCpu - firstCpu) / 1000,
      maxDelayMs: delays.max / 1e6,
    };
  } finally {
    ticking = false;
    delays.disable();
  }
}
