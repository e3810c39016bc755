const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * Turns pino's JSON lines into short human ones for the console:
 * `12:00:01 info  GET /api/session 200 3ms`.
 */
export function humanLogStream(out: { write(s: string): unknown } = process.stdout) {
  return {
    write(line: string) {
      let entry: { level?: number; time?: number; msg?: string; err?: { stack?: string; message?: string } };
      try {
        entry = JSON.parse(line);
      } catch {
        out.write(line);
        return;
      }
      const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
      const level = (LEVELS[entry.level ?? 30] ?? 'info').padEnd(5);
      const err = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
      out.write(`${time} ${level} ${entry.msg ?? ''}${err}\n`);
    },
  };
}
