// A process-level health check, for a container whose program has no health signal of its own
// (the delivery worker): exits 0 while a process runs the given script and is neither stopped nor
// a zombie. It proves the process is there, not that it delivers: see docs/deploy.md.
// `node scripts/process-alive.mjs services/api/dist/worker.js` (Linux: reads /proc).
import { readFileSync, readdirSync } from 'node:fs';

/** Whether some other process has `script` as one of its arguments and is running or sleeping. */
function processAlive(script, proc = '/proc') {
  return readdirSync(proc).some((pid) => {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) return false;
    try {
      const argv = readFileSync(`${proc}/${pid}/cmdline`, 'utf8').split('\0');
      if (!argv.includes(script)) return false;
      // /proc/<pid>/stat: "pid (name) state …"; Z zombie, T/t stopped, X dead.
      const state = /^\d+ \(.*\) (\S)/s.exec(readFileSync(`${proc}/${pid}/stat`, 'utf8'))?.[1];
      return state !== undefined && !'ZTtX'.includes(state);
    } catch {
      return false; // the process ended while being read
    }
  });
}

const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/process-alive.mjs <script path as started>');
  process.exit(2);
}
process.exit(processAlive(script) ? 0 : 1);
