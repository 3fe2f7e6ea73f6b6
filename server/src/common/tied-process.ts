import { ChildProcess, spawn } from 'node:child_process';

/**
 * A program the server runs beside itself (the embedded database, the mail catcher), tied to the
 * server's life. Its stdin stays a pipe from this process, and the program stops when that pipe
 * closes (tools/ferretdb and tools/mailpit are built to): whenever this process ends, even
 * killed with SIGKILL, the pipe closes and no orphan is left behind.
 */
export interface TiedProcess {
  readonly child: ChildProcess;
  /** Its last lines of output, for error messages. */
  recentOutput(): string;
  /** Why it ended, with its last output, once it has; undefined while it runs. */
  ended(): Error | undefined;
  /** Closes its stdin and sends SIGTERM; SIGKILL if it is still there 5 s later. */
  stop(): Promise<void>;
}

const KEPT_CHUNKS = 50;

export function startTiedProcess(
  name: string,
  binary: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): TiedProcess {
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
  const output: string[] = [];
  const keep = (chunk: string) => {
    output.push(chunk);
    if (output.length > KEPT_CHUNKS) output.shift();
  };
  // Read both streams, so that a program writing more than a pipe holds never blocks.
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  // Writing to the stdin of a program that has ended must not end this process.
  child.stdin?.on('error', () => {});

  let end: Error | undefined;
  child.once('error', (error) => {
    end ??= new Error(`${name} could not be started: ${error.message}`, { cause: error });
  });
  child.once('exit', (code, signal) => {
    end ??= new Error(`${name} exited with ${signal ?? `code ${code}`}: ${output.join('')}`);
  });

  return {
    child,
    recentOutput: () => output.join(''),
    ended: () => end,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.stdin?.end();
    child.kill('SIGTERM');
  });
}
