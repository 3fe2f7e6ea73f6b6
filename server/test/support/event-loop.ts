import { readFileSync } from 'node:fs';
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

/** Linux's count of this thread's CPU time (the main thread's id is the process's), in µs. */
function linuxThreadMicros(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // After the command name in parentheses: fields 14 and 15 are utime and stime, in ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
/** USER_HZ: Linux counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

/**
 * This thread's CPU time in µs, so that the engine's helper threads (garbage collection,
 * the file thread pool) do not count: Node 22.19 and 24 tell it; before, Linux does (to 10 ms),
 * and elsewhere the whole process's is all there is.
 */
const cpuMicros = (): number => {
  const thread = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.();
  if (thread) return thread.user + thread.system;
  const linux = linuxThreadMicros();
  if (linux !== undefined) return linux;
  const { user, system } = process.cpuUsage();
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
