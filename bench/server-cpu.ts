/**
 * The server's own CPU time during a run, read from Linux's /proc (every thread of the process: the event
 * loop, the garbage collector's helpers, libuv's pool): how much work an answer costs the server, whatever the
 * load generator beside it on the same cores managed to send. A row's requests per second move with that
 * generator's share of the machine from run to run; its CPU per answer does not (decision 019).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** The process's user and system CPU time so far, in ms; undefined where /proc cannot tell (not Linux, gone). */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count the fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    // Fields 14 (utime) and 15 (stime) of proc(5), the 12th and 13th after the name.
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
  } catch {
    return undefined;
  }
}
