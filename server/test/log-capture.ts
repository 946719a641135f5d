/** One line of the server's log as pino writes it: `level` 30 is info, 40 warn, 50 error. */
export interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

export const logLevels = { info: 30, warn: 40, error: 50 } as const;

/** A log destination that keeps every line it is given, so that a test can read what the server logged. */
export function captureLog() {
  const lines: LogLine[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) },
  };
}
