import fs from 'node:fs';

/**
 * CPU seconds (user and system) a process has used so far, from /proc/<pid>/stat (Linux); null
 * where there is no such file. Fields 14 and 15 after the command name, in clock ticks of 1/100 s.
 */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
